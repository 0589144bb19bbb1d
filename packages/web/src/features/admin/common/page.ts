/** A server page of spec conventions: `{records, total, current, size}`. */
export interface Page<T> { records: T[]; total: number; current: number; size: number }

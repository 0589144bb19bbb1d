import type { Envelope } from '@verdict/shared';

export const ok = <T>(data: T, msg = 'success'): Envelope<T> => ({ status: 200, msg, data });
export const page = <T>(records: T[], total: number, current: number, size: number) => ({ records, total, current, size });

/** `ok(data)` as JSON text, around data already written as JSON text (answers joined from kept parts). */
export const okJson = (dataJson: string) => `{"status":200,"msg":"success","data":${dataJson}}`;
/** `page(...)` as JSON text, around records already written as a JSON array. */
export const pageJson = (recordsJson: string, total: number, current: number, size: number) =>
  `{"records":${recordsJson},"total":${total},"current":${current},"size":${size}}`;

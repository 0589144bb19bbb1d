import type { Envelope } from '@verdict/shared';

export const ok = <T>(data: T, msg = 'success'): Envelope<T> => ({ status: 200, msg, data });
export const page = <T>(records: T[], total: number, current: number, size: number) => ({ records, total, current, size });

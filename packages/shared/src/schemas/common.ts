import { z } from 'zod';

/** Query numbers arrive as strings; coerce and bound them. */
export const pageQuery = z.object({
  currentPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(10),
});
export type PageQuery = z.infer<typeof pageQuery>;

export interface Page<T> { records: T[]; total: number; current: number; size: number }

export interface Envelope<T> { status: number; msg: string; data: T }

/** Booleans in query strings: "true"/"false"/"1"/"0". */
export const queryBool = z.preprocess((v) => (v === 'true' || v === '1' || v === true ? true : v === 'false' || v === '0' || v === false ? false : v), z.boolean());
export const optionalQueryBool = queryBool.optional();
export const idParam = z.coerce.number().int().positive().max(2 ** 31 - 1);

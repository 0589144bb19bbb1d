import { z } from 'zod';

/** Query numbers arrive as strings; coerce and bound them. */
export const pageQuery = z.object({
  currentPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(10),
});
export type PageQuery = z.infer<typeof pageQuery>;

export interface Page<T> { records: T[]; total: number; current: number; size: number }

export interface Envelope<T> { status: number; msg: string; data: T }

/*
 * Answers. Every route's `data` has a schema here, beside its request schema (one file per
 * domain), named after HOJ's VO where HOJ has one. Objects are strict (`vo`): the test suites
 * check every answer against its schema, and a field the schema does not name is drift too.
 */

/** A response object: strict, so a field sent but not declared fails the suites' response check. */
export const vo = <S extends z.ZodRawShape>(shape: S) => z.strictObject(shape);
/** HOJ's page answer (MyBatis-Plus IPage, the four fields its client reads). */
export const pageOf = <T extends z.ZodType>(item: T) =>
  vo({ records: z.array(item), total: z.number().int(), current: z.number().int(), size: z.number().int() });
/** The envelope every JSON answer has: `{status, msg, data}`. */
export const envelopeOf = <T extends z.ZodType>(data: T) => vo({ status: z.number().int(), msg: z.string(), data });
/** `data` of a call that answers only success (HOJ's `CommonResult.successResponse()`). */
export const noData = z.null();
/** A date-time as sent: an ISO 8601 string (HOJ's `Date` fields, serialised by Jackson). */
export const dateTime = z.string().describe('ISO 8601 date-time');

/** Booleans in query strings: "true"/"false"/"1"/"0". */
export const queryBool = z.preprocess((v) => (v === 'true' || v === '1' || v === true ? true : v === 'false' || v === '0' || v === false ? false : v), z.boolean());
export const optionalQueryBool = queryBool.optional();
export const idParam = z.coerce.number().int().positive().max(2 ** 31 - 1);

import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/index.js';
import { badRequest } from '../../http/errors.js';

/**
 * Submit idempotency (issue 16, migration 0019). A client may send `Idempotency-Key` with a
 * submit; a retry of that submit (its answer was lost, the server process died after committing)
 * then gets the first submission back instead of a second one. HOJ's client sends no key and
 * nothing changes for it.
 *
 * The key is claimed in the submitting transaction, right after the submission row is written
 * (one statement fewer than claiming first and tying the id after), so two submits racing with
 * one key agree on one submission: PostgreSQL makes the second wait on the first's uncommitted
 * key row and then sees the conflict, and the second rolls its submission back; SQLite runs the
 * two transactions one after the other.
 */
export interface SubmitIdempotencyTable {
  uid: number;
  idem_key: string;
  /** The submission the key made (0 in rows of an older version, before the id was known). */
  submit_id: number;
  created_at: number;
}

declare module '../../db/schema.js' {
  interface Database { submit_idempotency: SubmitIdempotencyTable }
}

/** A key answers its first submission for this long; then it may make a new one. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
export const IDEMPOTENCY_KEY_MAX = 100;
/** Visible ASCII, no spaces: UUIDs, ULIDs, hex, base64url all fit. */
const KEY_RE = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`);

/** The request's key: null without the header; a present but unusable one is refused (400). */
export function idempotencyKeyOf(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  if (typeof header !== 'string' || !KEY_RE.test(header)) throw badRequest('idempotencyKeyInvalid', { n: IDEMPOTENCY_KEY_MAX });
  return header;
}

/** The submission an earlier submit of `uid` with this key made, while the key is fresh. */
export async function keyedSubmission(db: Db, uid: number, key: string, t: number): Promise<number | null> {
  const row = await db.selectFrom('submit_idempotency').select(['submit_id', 'created_at'])
    .where('uid', '=', uid).where('idem_key', '=', key).executeTakeFirst();
  if (!row || row.submit_id === 0 || row.created_at <= t - IDEMPOTENCY_TTL_MS) return null;
  return row.submit_id;
}

/**
 * Claims the key for the submission just written in the submitting transaction. True: this
 * submit owns it (a new key, or one older than the TTL). False: another submit with the key has
 * committed; the caller rolls its submission back and answers that one.
 */
export async function claimKey(trx: Db, uid: number, key: string, t: number, submitId: number): Promise<boolean> {
  const row = await trx.insertInto('submit_idempotency').values({ uid, idem_key: key, submit_id: submitId, created_at: t })
    .onConflict((oc) => oc.columns(['uid', 'idem_key']).doUpdateSet({ submit_id: submitId, created_at: t })
      .where('submit_idempotency.created_at', '<=', t - IDEMPOTENCY_TTL_MS))
    .returning('uid').executeTakeFirst();
  return !!row;
}

/** Now and then drops keys past the TTL, so the table holds about a day of keyed submits. */
export async function sweepKeys(db: Db, t: number) {
  if (Math.random() >= 1 / 200) return;
  await db.deleteFrom('submit_idempotency').where('created_at', '<=', t - IDEMPOTENCY_TTL_MS).execute();
}

/**
 * PostgreSQL, one-statement submit (submission/write-at-once.ts): claims the key for a submission
 * id drawn here from the submission sequence, under the same rule as claimKey. Yields that id as
 * `id`, or no row when another submit holds the key.
 */
export function claimKeyForNewId(uid: number, key: string, t: number): RawBuilder<{ id: number }> {
  return sql<{ id: number }>`INSERT INTO submit_idempotency (uid, idem_key, submit_id, created_at)
    VALUES (${uid}, ${key}, nextval(pg_get_serial_sequence('submission', 'id')), ${t})
    ON CONFLICT (uid, idem_key) DO UPDATE SET submit_id = EXCLUDED.submit_id, created_at = EXCLUDED.created_at
      WHERE submit_idempotency.created_at <= ${t - IDEMPOTENCY_TTL_MS}
    RETURNING submit_id AS id`;
}

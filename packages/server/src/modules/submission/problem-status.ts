import { JudgeStatus } from '@verdict/shared';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/index.js';
import { inIds } from '../../db/dialect.js';

/** user_problem_status (migration 0018): a user's standing on one problem in one scope. */
export interface UserProblemStatusTable {
  uid: number;
  pid: number;
  cid: number;
  gid: number;
  /** The user's latest submission there (its status is the mark unless one was accepted). */
  last_id: number;
  ac: number;
  best_score: number | null;
}

declare module '../../db/schema.js' {
  interface Database { user_problem_status: UserProblemStatusTable }
}

type Key = { uid: number; pid: number; cid: number; gid: number };

/** A new submission is the latest: written in the submitting transaction. */
export async function noteSubmitted(trx: Db, k: Key, submitId: number) {
  await trx.insertInto('user_problem_status').values({ ...k, last_id: submitId, ac: 0, best_score: null })
    .onConflict((oc) => oc.columns(['uid', 'pid', 'cid', 'gid']).doUpdateSet({
      last_id: sql`CASE WHEN user_problem_status.last_id > ${submitId} THEN user_problem_status.last_id ELSE ${submitId} END`,
    }))
    .execute();
}

/** noteSubmitted for the rows of the CTE `from` (PostgreSQL, submission/write-at-once.ts). */
export const noteSubmittedFrom = (from: string): RawBuilder<never> => sql<never>`INSERT INTO user_problem_status (uid, pid, cid, gid, last_id, ac, best_score)
  SELECT uid, pid, cid, gid, id, 0, NULL FROM ${sql.table(from)}
  ON CONFLICT (uid, pid, cid, gid) DO UPDATE SET
    last_id = CASE WHEN user_problem_status.last_id > EXCLUDED.last_id THEN user_problem_status.last_id ELSE EXCLUDED.last_id END`;

/**
 * Recomputed from the user's submissions on the problem in that scope (a few rows, indexed): in
 * the transaction of every verdict, manual judge, cancel and rejudge reset. On PostgreSQL the row
 * is locked first, so two verdicts of one user's problem committing at once cannot each write a
 * result computed without the other's (the read after the lock sees what was committed).
 */
export async function refreshProblemStatus(trx: Db, key: Omit<Key, 'gid'> & { gid?: number }, lock = false) {
  if (key.gid === undefined) {
    // Scope without its group (older callers): every group row of the user's problem there.
    const gids = new Set((await trx.selectFrom('submission').select('gid').distinct()
      .where('uid', '=', key.uid).where('pid', '=', key.pid).where('cid', '=', key.cid).execute()).map((r) => r.gid));
    for (const r of await trx.selectFrom('user_problem_status').select('gid').where('uid', '=', key.uid).where('pid', '=', key.pid).where('cid', '=', key.cid).execute()) gids.add(r.gid);
    for (const gid of gids) await refreshProblemStatus(trx, { ...key, gid }, lock);
    return;
  }
  const k: Key = { ...key, gid: key.gid };
  if (lock) {
    await trx.insertInto('user_problem_status').values({ ...k, last_id: 0, ac: 0, best_score: null })
      .onConflict((oc) => oc.columns(['uid', 'pid', 'cid', 'gid']).doNothing()).execute();
    await trx.selectFrom('user_problem_status').select('uid').where('uid', '=', k.uid).where('pid', '=', k.pid)
      .where('cid', '=', k.cid).where('gid', '=', k.gid).forUpdate().execute();
  }
  const row = await trx.selectFrom('submission')
    .select((eb) => [
      eb.fn.max('id').as('last_id'),
      eb.fn.max(eb.case().when('status', '=', JudgeStatus.ACCEPTED).then(1).else(0).end()).as('ac'),
      eb.fn.max('score').as('best_score'),
    ])
    .where('uid', '=', k.uid).where('pid', '=', k.pid).where('cid', '=', k.cid).where('gid', '=', k.gid)
    .executeTakeFirst();
  if (!row || row.last_id == null) {
    await trx.deleteFrom('user_problem_status').where('uid', '=', k.uid).where('pid', '=', k.pid).where('cid', '=', k.cid).where('gid', '=', k.gid).execute();
    return;
  }
  const v = { last_id: Number(row.last_id), ac: Number(row.ac ?? 0), best_score: row.best_score == null ? null : Number(row.best_score) };
  await trx.insertInto('user_problem_status').values({ ...k, ...v })
    .onConflict((oc) => oc.columns(['uid', 'pid', 'cid', 'gid']).doUpdateSet(v)).execute();
}

/**
 * Standing rows of a user on some problems: one keyed read, joined to the latest submission for
 * its status. Without a group, rows of every group of the scope are returned (the caller merges).
 */
export function readProblemStatuses(db: Db, uid: number, pids: number[], cid: number, gid?: number) {
  let q = db.selectFrom('user_problem_status as ups').innerJoin('submission as s', 's.id', 'ups.last_id')
    .select(['ups.pid', 'ups.ac', 'ups.best_score', 'ups.last_id', 's.status'])
    .where(inIds(db, 'ups.pid', pids))
    .where('ups.uid', '=', uid).where('ups.cid', '=', cid);
  if (gid) q = q.where('ups.gid', '=', gid);
  return q.execute();
}

import type { Insertable } from 'kysely';
import { ProblemAuth } from '@verdict/shared';
import type { Db } from '../../db/index.js';
import type { ContestProblemTable } from './tables.js';

/** The pid of the contest's problem holding this display ID, if any. */
export async function pidOfDisplayId(db: Db, cid: number, displayId: string): Promise<number | undefined> {
  const row = await db.selectFrom('contest_problem').select('pid').where('cid', '=', cid).where('display_id', '=', displayId).executeTakeFirst();
  return row?.pid;
}

/** What adding a problem to a contest checks of it. */
export function problemToAdd(db: Db, pid: number) {
  return db.selectFrom('problem').select(['id', 'title', 'auth', 'author_uid']).where('id', '=', pid).executeTakeFirst();
}

/** The contest's row of a problem. */
export function findContestProblem(db: Db, cid: number, pid: number) {
  return db.selectFrom('contest_problem').selectAll().where('cid', '=', cid).where('pid', '=', pid).executeTakeFirst();
}

export function findContestProblemById(db: Db, id: number) {
  return db.selectFrom('contest_problem').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Adds a problem's row to a contest (call contestsChanged after). */
export async function insertContestProblem(db: Db, row: Insertable<ContestProblemTable>) {
  await db.insertInto('contest_problem').values(row).execute();
}

export interface ContestProblemFields { display_id: string; display_title: string; color: string | null }

/**
 * Writes a contest problem row and, when its display ID moves, the display ID its contest
 * submissions carry, in one transaction.
 */
export async function saveContestProblemRow(db: Db, cp: { id: number; cid: number; pid: number; display_id: string }, set: ContestProblemFields) {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('contest_problem').set(set).where('id', '=', cp.id).execute();
    if (set.display_id !== cp.display_id) {
      await trx.updateTable('submission').set({ display_pid: set.display_id }).where('cid', '=', cp.cid).where('pid', '=', cp.pid).execute();
    }
  });
}

/** Takes a problem out of a contest; false when the contest does not hold it. */
export async function deleteContestProblem(db: Db, cid: number, pid: number): Promise<boolean> {
  const res = await db.deleteFrom('contest_problem').where('cid', '=', cid).where('pid', '=', pid).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** The problem's id when it is contest-only (auth 3) and no contest holds it any more, else null. */
export async function orphanedContestOnlyProblem(db: Db, pid: number): Promise<number | null> {
  const p = await db.selectFrom('problem').select(['id', 'auth']).where('id', '=', pid).executeTakeFirst();
  const elsewhere = await db.selectFrom('contest_problem').select('id').where('pid', '=', pid).executeTakeFirst();
  return p?.auth === ProblemAuth.CONTEST && !elsewhere ? p.id : null;
}

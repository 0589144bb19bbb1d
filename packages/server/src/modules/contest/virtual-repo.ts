import type { Generated, Selectable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import { stampedCache, type Stamps } from '../../http/stamps.js';

/** Migration 0030_virtual_contest: a user's virtual run of an ended contest. */
export interface ContestVirtualTable {
  id: Generated<number>;
  cid: number;
  uid: number;
  start_time: number;
  end_time: number;
  gmt_create: number;
}

declare module '../../db/schema.js' {
  interface Database {
    contest_virtual: ContestVirtualTable;
  }
}

/**
 * submission.is_virtual (migration 0030): 1 on a submission made during a virtual run, never counted
 * in the real contest (rank, statistics, first blood, awards, ratings, plagiarism). Kept out of
 * SubmissionRow (its readers select it explicitly): queries that read it go through this view.
 */
export const withVirtualMark = (db: Db) => db.withTables<{ submission: { is_virtual: number } }>();

export type VirtualRunRow = Selectable<ContestVirtualTable>;

export const findVirtualRun = (db: Db, cid: number, uid: number): Promise<VirtualRunRow | undefined> =>
  db.selectFrom('contest_virtual').selectAll().where('cid', '=', cid).where('uid', '=', uid).executeTakeFirst();

const keptRuns = stampedCache<string, VirtualRunRow | undefined>('contest', 20_000);

/**
 * A user's run of a contest from this process's cache, for the virtual scoreboard (read by every
 * refresh of every runner): a run never changes once started, and a change made to one behind the
 * site's back must bump the contest stamp (http/stamps.ts). No run is not kept: a run just started
 * is seen by the next request.
 */
export const keptVirtualRun = (ctx: AppContext, cid: number, uid: number, stamps: Promise<Stamps>) =>
  keptRuns(ctx, `${cid}:${uid}`, () => findVirtualRun(ctx.db, cid, uid), stamps);

/** A new run; false when the user already has one (the unique index decides between concurrent starts). */
export async function insertVirtualRun(db: Db, v: Omit<VirtualRunRow, 'id'>): Promise<boolean> {
  try {
    await db.insertInto('contest_virtual').values(v).execute();
    return true;
  } catch {
    return false;
  }
}

/** Whether the user took part in the real contest: a submission of theirs inside its window (virtual ones are all after it). */
export async function submittedInContest(db: Db, cid: number, uid: number, start: number, end: number): Promise<boolean> {
  return !!(await withVirtualMark(db).selectFrom('submission').select('id').where('cid', '=', cid).where('uid', '=', uid).where('is_virtual', '=', 0)
    .where('submit_time', '>=', start).where('submit_time', '<', end).limit(1).executeTakeFirst());
}

/** Every run of a contest. */
export const virtualRunsOf = (db: Db, cid: number) => db.selectFrom('contest_virtual').selectAll().where('cid', '=', cid).execute();

/** The virtual submissions of a contest, in submit order (the virtual rank's cells). */
export const virtualSubmissionsOf = (db: Db, cid: number) => withVirtualMark(db).selectFrom('submission')
  .select(['id', 'uid', 'pid', 'status', 'score', 'time', 'submit_time'])
  .where('cid', '=', cid).where('is_virtual', '=', 1)
  .where('pid', 'in', db.selectFrom('contest_problem').select('pid').where('cid', '=', cid))
  .orderBy('submit_time').orderBy('id').execute();

/** The rank rows' user facts. */
export const rankUsersOf = (db: Db, uids: number[]) => uids.length
  ? db.selectFrom('user').select(['id', 'username', 'nickname', 'realname', 'school', 'avatar', 'gender', 'role']).where('id', 'in', uids).execute()
  : Promise.resolve([]);

/** A user's runs with their contests (visible ones), latest first. */
export const userVirtualRuns = (db: Db, uid: number) => db.selectFrom('contest_virtual').innerJoin('contest', 'contest.id', 'contest_virtual.cid')
  .select(['contest_virtual.id', 'contest_virtual.cid', 'contest_virtual.uid', 'contest_virtual.start_time', 'contest_virtual.end_time',
    'contest.title', 'contest.type', 'contest.visible'])
  .where('contest_virtual.uid', '=', uid).where('contest.visible', '=', 1)
  .orderBy('contest_virtual.start_time', 'desc').execute();

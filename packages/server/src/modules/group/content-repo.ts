import { ProblemAuth } from '@verdict/shared';
import type { Db } from '../../db/index.js';
import { now } from '../../lib/time.js';
import { participantCounts } from '../contest/repo.js';
import { purgeDiscussions, tellAuthor } from '../discussion/service.js';
import type { DiscussionRow } from '../discussion/tables.js';
import { acCounts, problemCounts } from '../training/repo.js';

/** Queries of the group's trainings, contests and discussions (routes-training.ts, routes-contest.ts, routes-discussion.ts). */

/** A problem by its display ID (problem_id), with its group (0: public). */
export async function problemByDisplayId(db: Db, problemId: string) {
  return db.selectFrom('problem').select(['id', 'problem_id', 'title', 'gid']).where('problem_id', '=', problemId).executeTakeFirst();
}

// ---- trainings ------------------------------------------------------------------------------

/** A page of the group's trainings by rank (visibleOnly: status 1), with their categories, problem counts and the user's ACs. */
export async function groupTrainingRows(db: Db, gid: number, currentPage: number, limit: number, visibleOnly: boolean, uid: number) {
  let base = db.selectFrom('training').where('gid', '=', gid);
  if (visibleOnly) base = base.where('status', '=', 1);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base.selectAll().orderBy('rank', 'asc').orderBy('id', 'asc').limit(limit).offset((currentPage - 1) * limit).execute();
  const tids = rows.map((r) => r.id);
  const cats = new Map((await db.selectFrom('training_category').selectAll().where('id', 'in', [0, ...rows.map((r) => r.category_id)]).execute()).map((c) => [c.id, c]));
  const [counts, acs] = await Promise.all([problemCounts(db, tids), acCounts(db, uid, tids)]);
  return { rows, n: Number(n), cats, counts, acs };
}

// ---- discussions ----------------------------------------------------------------------------

export async function discussionCategoryExists(db: Db, id: number): Promise<boolean> {
  return !!(await db.selectFrom('discussion_category').select('id').where('id', '=', id).executeTakeFirst());
}

/** The author's edit of a group discussion (with the admin's columns when the author is a group admin). */
export async function updateGroupDiscussion(db: Db, id: number, cols: {
  title?: string; description?: string; content?: string; category_id?: number; pid?: string | null; top_priority?: number; status?: number;
}) {
  await db.updateTable('discussion').set({ ...cols, gmt_modified: now() }).where('id', '=', id).execute();
}

/** Deletes a group discussion with its comments; the author hears of it when someone else deleted it. */
export async function removeGroupDiscussion(db: Db, d: DiscussionRow, byUid: number) {
  await db.transaction().execute(async (trx) => {
    await purgeDiscussions(trx, [d.id]);
    if (d.uid !== byUid) await tellAuthor(trx, d, 'deleted', byUid);
  });
}

// ---- contests -------------------------------------------------------------------------------

/** A page of the group's contests, the latest start first (visibleOnly: visible ones), with their participant counts. */
export async function groupContestRows(db: Db, gid: number, currentPage: number, limit: number, visibleOnly: boolean) {
  let base = db.selectFrom('contest').where('gid', '=', gid);
  if (visibleOnly) base = base.where('visible', '=', 1);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base.selectAll().orderBy('start_time', 'desc').orderBy('id', 'desc').limit(limit).offset((currentPage - 1) * limit).execute();
  const counts = await participantCounts(db, rows.map((r) => r.id));
  return { rows, counts, n: Number(n) };
}

/** The group's problems made for this contest (auth 3), which go with it. */
export async function contestOnlyGroupProblems(db: Db, c: { id: number; gid: number }): Promise<number[]> {
  const rows = await db.selectFrom('contest_problem').innerJoin('problem', 'problem.id', 'contest_problem.pid')
    .select('problem.id').where('contest_problem.cid', '=', c.id).where('problem.auth', '=', ProblemAuth.CONTEST).where('problem.gid', '=', c.gid).execute();
  return rows.map((r) => r.id);
}

/** Whether any contest still holds the problem. */
export async function inAnyContest(db: Db, pid: number): Promise<boolean> {
  return !!(await db.selectFrom('contest_problem').select('id').where('pid', '=', pid).executeTakeFirst());
}

/** What adding a public problem to a group contest checks of it. */
export async function problemToAddToGroupContest(db: Db, pid: number) {
  return db.selectFrom('problem').select(['id', 'title', 'auth', 'gid']).where('id', '=', pid).executeTakeFirst();
}

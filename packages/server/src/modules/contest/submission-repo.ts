import { JudgeStatus } from '@verdict/shared';
import type { Db } from '../../db/index.js';
import type { ContestRow } from './tables.js';

export interface ContestSubmissionFilter {
  /** Only this user's submissions (onlyMine). */
  uid?: number;
  username?: string;
  status?: number;
  pid?: number;
  /** submit_time >= from */
  from?: number;
  /** submit_time < before */
  before?: number;
  /** From this time on, only the viewer's own rows (the sealed window). */
  sealed?: { from: number; viewerUid: number };
}

/** contest-submissions: the contest's submissions, newest first, with their contest rows: one page and the total. */
export async function readSubmissionPage(db: Db, cid: number, f: ContestSubmissionFilter, currentPage: number, limit: number) {
  let base = db.selectFrom('submission').where('submission.cid', '=', cid);
  if (f.uid !== undefined) base = base.where('submission.uid', '=', f.uid);
  if (f.username !== undefined) base = base.where('submission.username', '=', f.username);
  if (f.status !== undefined) base = base.where('submission.status', '=', f.status);
  if (f.pid !== undefined) base = base.where('submission.pid', '=', f.pid);
  if (f.from !== undefined) base = base.where('submission.submit_time', '>=', f.from);
  if (f.before !== undefined) base = base.where('submission.submit_time', '<', f.before);
  if (f.sealed) {
    const { from: sealAt, viewerUid } = f.sealed;
    base = base.where((eb) => eb.or([eb('submission.submit_time', '<', sealAt), eb('submission.uid', '=', viewerUid)]));
  }
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .leftJoin('contest_problem', (j) => j.onRef('contest_problem.cid', '=', 'submission.cid').onRef('contest_problem.pid', '=', 'submission.pid'))
    .select(['submission.id', 'submission.pid', 'submission.display_pid', 'submission.uid', 'submission.username', 'submission.status',
      'submission.score', 'submission.time', 'submission.memory', 'submission.length', 'submission.language', 'submission.submit_time',
      'submission.cid', 'submission.judger', 'submission.is_manual', 'contest_problem.display_title', 'contest_problem.display_id'])
    .orderBy('submission.id', 'desc').limit(limit).offset((currentPage - 1) * limit).execute();
  return { rows, total: Number(n) };
}

/** The scroll board's reveals: submissions from the seal to the end, in time order. */
export function sealedSubmissions(db: Db, cid: number, sealAt: number, endTime: number) {
  return db.selectFrom('submission')
    .select(['id', 'uid', 'pid', 'status', 'submit_time'])
    .where('cid', '=', cid).where('submit_time', '>=', sealAt).where('submit_time', '<', endTime)
    .orderBy('submit_time').orderBy('id').execute();
}

/**
 * Accepted submissions inside the contest window with their authors and display IDs, newest
 * first; `excludeAdmin` leaves out the contest's creator and the super admins.
 */
export async function acceptedContestCodes(db: Db, c: ContestRow, excludeAdmin: boolean) {
  let q = db.selectFrom('submission').innerJoin('user', 'user.id', 'submission.uid')
    .innerJoin('contest_problem', (j) => j.onRef('contest_problem.cid', '=', 'submission.cid').onRef('contest_problem.pid', '=', 'submission.pid'))
    .select(['submission.id', 'submission.uid', 'user.username', 'contest_problem.display_id as display_pid', 'submission.language', 'submission.code', 'user.role'])
    .where('submission.cid', '=', c.id).where('submission.status', '=', JudgeStatus.ACCEPTED)
    .where('submission.submit_time', '>=', c.start_time).where('submission.submit_time', '<', c.end_time);
  if (excludeAdmin) q = q.where('submission.uid', '!=', c.uid).where('user.role', '!=', 1000);
  return q.orderBy('submission.id', 'desc').execute();
}

import type { Selectable } from 'kysely';
import { JudgeStatus, type PlagiarismScope, type PlagiarismVerdict } from '@verdict/shared';
import type { Db } from '../../db/index.js';
import type { PlagiarismDecisionTable, PlagiarismJobTable, PlagiarismPairTable } from '../../db/schema.js';
import { now } from '../../lib/time.js';
import { isContestTester } from '../contest/access.js';
import type { ContestRow } from '../contest/tables.js';
import type { FoundPair } from './detector.js';

/** Storage of the plagiarism check (migration 0028): jobs, kept pairs, decisions. */

export type JobRow = Selectable<PlagiarismJobTable>;
export type PairRow = Selectable<PlagiarismPairTable>;
export type DecisionRow = Selectable<PlagiarismDecisionTable>;

const ACTIVE = ['queued', 'running'];
/** Not a participant's final submission in scope final: not compiled, cancelled or not judged yet. */
const NOT_FINAL = [JudgeStatus.COMPILE_ERROR, JudgeStatus.CANCELLED, JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING,
  JudgeStatus.SUBMITTING, JudgeStatus.SUBMITTED_FAILED];

export const findJobById = (db: Db, id: number): Promise<JobRow | undefined> =>
  db.selectFrom('plagiarism_job').selectAll().where('id', '=', id).executeTakeFirst();

export const findJob = (db: Db, cid: number): Promise<JobRow | undefined> =>
  db.selectFrom('plagiarism_job').selectAll().where('cid', '=', cid).executeTakeFirst();

/**
 * Queues a check of the contest, atomically: one job row per contest; a finished or failed one is
 * reset to queued, a queued or running one is left alone. Returns the row and whether this call queued it.
 */
export async function queueJob(db: Db, c: ContestRow, scope: PlagiarismScope, by: { uid: number; username: string }): Promise<{ job: JobRow; queued: boolean }> {
  const t = now();
  const fresh = {
    scope, status: 'queued', progress: 0, partial: t < c.end_time ? 1 : 0, error: null, groups: '[]', created_by: by.uid, created_by_name: by.username,
    created_at: t, started_at: null, finished_at: null, owner: null, lease_until: null, attempts: 0,
  };
  // Reset a finished check (the status condition makes the update itself the claim: two callers, one winner).
  const reset = await db.updateTable('plagiarism_job').set(fresh).where('cid', '=', c.id).where('status', 'not in', ACTIVE).executeTakeFirst();
  let queued = Number(reset.numUpdatedRows) === 1;
  if (!queued) {
    // None yet: the unique index on cid lets one insert win.
    const ins = await db.insertInto('plagiarism_job').values({ cid: c.id, ...fresh })
      .onConflict((oc) => oc.column('cid').doNothing()).executeTakeFirst();
    queued = Number(ins.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const job = await findJob(db, c.id);
  if (!job) throw new Error('plagiarism job vanished');
  return { job, queued };
}

/** Jobs a server may take: queued ones, and running ones whose lease has run out (their process died). */
export async function claimableJobIds(db: Db, t = now()): Promise<number[]> {
  const rows = await db.selectFrom('plagiarism_job').select('id')
    .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('lease_until', '<', t)])]))
    .orderBy('created_at').limit(10).execute();
  return rows.map((r) => r.id);
}

/** Takes a job for this process (one winner among servers): true when claimed. */
export async function claimJob(db: Db, id: number, owner: string, leaseMs: number): Promise<boolean> {
  const t = now();
  const r = await db.updateTable('plagiarism_job')
    .set((eb) => ({ status: 'running', owner, lease_until: t + leaseMs, started_at: t, progress: 0, error: null, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('lease_until', '<', t)])]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** At start-up: jobs left running by a process whose lease has run out go back to the queue. */
export async function requeueAbandoned(db: Db): Promise<number> {
  const r = await db.updateTable('plagiarism_job').set({ status: 'queued', owner: null, lease_until: null })
    .where('status', '=', 'running').where('lease_until', '<', now()).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** A job this process gives back (the server is stopping): queued again for whoever starts next. */
export async function releaseJob(db: Db, id: number, owner: string) {
  await db.updateTable('plagiarism_job').set({ status: 'queued', owner: null, lease_until: null })
    .where('id', '=', id).where('owner', '=', owner).where('status', '=', 'running').execute();
}

/** Progress and lease of a running job; false when this process no longer owns it. */
export async function renewJob(db: Db, id: number, owner: string, leaseMs: number, progress?: number, groups?: string): Promise<boolean> {
  const r = await db.updateTable('plagiarism_job')
    .set({ lease_until: now() + leaseMs, ...(progress !== undefined ? { progress } : {}), ...(groups !== undefined ? { groups } : {}) })
    .where('id', '=', id).where('owner', '=', owner).where('status', '=', 'running').executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function finishJob(db: Db, id: number, owner: string, o: { status: 'done' | 'failed'; groups?: string; error?: string | null }) {
  await db.updateTable('plagiarism_job')
    .set({ status: o.status, progress: o.status === 'done' ? 1 : undefined, finished_at: now(), owner: null, lease_until: null, error: o.error ?? null,
      ...(o.groups !== undefined ? { groups: o.groups } : {}) })
    .where('id', '=', id).where('owner', '=', owner).execute();
}

export const contestOfJob = (db: Db, cid: number) => db.selectFrom('contest').selectAll().where('id', '=', cid).executeTakeFirst();

/** A submission a check compares (its code read separately, see codesOf). */
export interface CheckedSubmission { id: number; uid: number; pid: number; language: string }

/**
 * Per participant and problem, the submission a check compares: the last Accepted one (scope
 * lastAccepted) or the last one (final), made in the contest's window; the contest's testers
 * (its author and super admins) are left out.
 */
export async function submissionsToCheck(db: Db, c: ContestRow, scope: PlagiarismScope): Promise<CheckedSubmission[]> {
  let q = db.selectFrom('submission').innerJoin('user', 'user.id', 'submission.uid')
    .innerJoin('contest_problem', (j) => j.onRef('contest_problem.cid', '=', 'submission.cid').onRef('contest_problem.pid', '=', 'submission.pid'))
    .select(['submission.id', 'submission.uid', 'submission.pid', 'submission.language', 'user.role'])
    .where('submission.cid', '=', c.id).where('submission.submit_time', '>=', c.start_time).where('submission.submit_time', '<', c.end_time);
  if (scope === 'lastAccepted') q = q.where('submission.status', '=', JudgeStatus.ACCEPTED);
  else q = q.where('submission.status', 'not in', NOT_FINAL);
  const rows = await q.orderBy('submission.id', 'desc').execute();
  const seen = new Set<string>();
  const out: CheckedSubmission[] = [];
  for (const r of rows) {
    if (isContestTester(c, r.uid, r.role)) continue;
    const key = `${r.uid}|${r.pid}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ id: r.id, uid: r.uid, pid: r.pid, language: r.language });
  }
  return out;
}

/** The code of submissions, by id. */
export async function codesOf(db: Db, ids: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db.selectFrom('submission').select(['id', 'code']).where('id', 'in', ids.slice(i, i + 500)).execute();
    for (const r of rows) out.set(r.id, r.code);
  }
  return out;
}

export const clearPairs = (db: Db, cid: number) => db.deleteFrom('plagiarism_pair').where('cid', '=', cid).execute();

/** Stores one group's pairs. */
export async function insertPairs(db: Db, cid: number, pid: number, family: { language: string; charTokens: boolean },
  uidOf: Map<number, number>, pairs: FoundPair[]) {
  const rows = pairs.map((p) => ({
    cid, pid, left_submit_id: p.left, right_submit_id: p.right, left_uid: uidOf.get(p.left) ?? 0, right_uid: uidOf.get(p.right) ?? 0,
    language: family.language, char_tokens: family.charTokens ? 1 : 0, similarity: p.similarity, longest: p.longestLines,
    left_covered: p.leftCovered, right_covered: p.rightCovered, fragments: JSON.stringify(p.fragments),
  }));
  for (let i = 0; i < rows.length; i += 200) {
    await db.insertInto('plagiarism_pair').values(rows.slice(i, i + 200))
      .onConflict((oc) => oc.columns(['cid', 'left_submit_id', 'right_submit_id']).doNothing()).execute();
  }
}

/** Filters of the pair list. */
export interface PairFilter { pid?: number; language?: string; min: number }

function filtered(db: Db, cid: number, f: PairFilter) {
  let q = db.selectFrom('plagiarism_pair').where('cid', '=', cid).where('similarity', '>=', f.min);
  if (f.pid !== undefined) q = q.where('pid', '=', f.pid);
  if (f.language) q = q.where('language', '=', f.language);
  return q;
}

/** The kept pairs matching the filters, most similar first (without fragments), and how many match. */
export async function pairPage(db: Db, cid: number, f: PairFilter, limit: number) {
  const [rows, n] = await Promise.all([
    filtered(db, cid, f).select(['id', 'cid', 'left_submit_id', 'right_submit_id', 'left_uid', 'right_uid', 'pid', 'language', 'char_tokens', 'similarity',
      'longest', 'left_covered', 'right_covered']).orderBy('similarity', 'desc').orderBy('id').limit(limit).execute(),
    filtered(db, cid, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(n.n) };
}

/** Links at or above the cluster threshold (for clusters): the filters' problem and language only. */
export const clusterLinks = (db: Db, cid: number, f: PairFilter) =>
  filtered(db, cid, f).select(['left_submit_id', 'right_submit_id', 'left_uid', 'right_uid', 'pid', 'language', 'similarity']).execute();

export const pairLanguages = async (db: Db, cid: number) =>
  (await db.selectFrom('plagiarism_pair').select('language').distinct().where('cid', '=', cid).orderBy('language').execute()).map((r) => r.language);

export const findPair = (db: Db, cid: number, left: number, right: number): Promise<PairRow | undefined> =>
  db.selectFrom('plagiarism_pair').selectAll().where('cid', '=', cid).where('left_submit_id', '=', left).where('right_submit_id', '=', right).executeTakeFirst();

export const decisionsOf = (db: Db, cid: number): Promise<DecisionRow[]> =>
  db.selectFrom('plagiarism_decision').selectAll().where('cid', '=', cid).execute();

export const findDecision = (db: Db, cid: number, left: number, right: number): Promise<DecisionRow | undefined> =>
  db.selectFrom('plagiarism_decision').selectAll().where('cid', '=', cid).where('left_submit_id', '=', left).where('right_submit_id', '=', right).executeTakeFirst();

/** Usernames by uid. */
export async function usernames(db: Db, uids: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const list = [...new Set(uids)];
  for (let i = 0; i < list.length; i += 500) {
    const rows = await db.selectFrom('user').select(['id', 'username']).where('id', 'in', list.slice(i, i + 500)).execute();
    for (const r of rows) out.set(r.id, r.username);
  }
  return out;
}

/** The contest's problems: display ID and title by pid. */
export async function contestProblems(db: Db, cid: number): Promise<Map<number, { displayId: string; title: string }>> {
  const rows = await db.selectFrom('contest_problem').innerJoin('problem', 'problem.id', 'contest_problem.pid')
    .select(['contest_problem.pid', 'contest_problem.display_id', 'contest_problem.display_title', 'problem.title'])
    .where('contest_problem.cid', '=', cid).execute();
  return new Map(rows.map((r) => [r.pid, { displayId: r.display_id, title: r.display_title || r.title }]));
}

/** The two submissions of a pair, as the side-by-side view shows them. */
export const pairSubmissions = (db: Db, cid: number, ids: number[]) =>
  db.selectFrom('submission').select(['id', 'uid', 'username', 'language', 'code', 'submit_time', 'status'])
    .where('cid', '=', cid).where('id', 'in', ids).execute();

/**
 * Records a decision and rewrites the contest's rank exclusions from all its decisions (a user stays
 * excluded while any "cheating" decision with exclude names them; the latest reason wins), in one
 * transaction. The caller calls contestsChanged after: gmt_modified moves, so cached rank views are rebuilt.
 */
export async function recordDecision(db: Db, pair: PairRow, d: { verdict: PlagiarismVerdict; exclude: boolean; reason: string; by: { uid: number; username: string } }) {
  await db.transaction().execute(async (trx) => {
    const row = {
      cid: pair.cid, left_submit_id: pair.left_submit_id, right_submit_id: pair.right_submit_id, left_uid: pair.left_uid, right_uid: pair.right_uid,
      verdict: d.verdict, exclude: d.exclude ? 1 : 0, reason: d.reason, decided_by: d.by.uid, decided_by_name: d.by.username, decided_at: now(),
    };
    await trx.insertInto('plagiarism_decision').values(row)
      .onConflict((oc) => oc.columns(['cid', 'left_submit_id', 'right_submit_id']).doUpdateSet({
        verdict: row.verdict, exclude: row.exclude, reason: row.reason, decided_by: row.decided_by, decided_by_name: row.decided_by_name, decided_at: row.decided_at,
      })).execute();
    const excluding = await trx.selectFrom('plagiarism_decision').select(['left_uid', 'right_uid', 'reason'])
      .where('cid', '=', pair.cid).where('verdict', '=', 'cheating').where('exclude', '=', 1).orderBy('decided_at').orderBy('id').execute();
    const reasons: Record<string, string> = {};
    for (const e of excluding) reasons[e.left_uid] = reasons[e.right_uid] = e.reason;
    const value = Object.keys(reasons).length ? JSON.stringify(reasons) : null;
    const before = await trx.selectFrom('contest').select(['rank_excluded', 'gmt_modified']).where('id', '=', pair.cid).executeTakeFirst();
    if (before && before.rank_excluded !== value) {
      await trx.updateTable('contest').set({ rank_excluded: value, gmt_modified: Math.max(now(), Number(before.gmt_modified) + 1) }).where('id', '=', pair.cid).execute();
    }
  });
}

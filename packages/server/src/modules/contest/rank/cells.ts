import { sql } from 'kysely';
import { ContestType, JudgeStatus } from '@verdict/shared';
import type { Db } from '../../../db/index.js';
import { now } from '../../../lib/time.js';
import { starAccounts } from '../repo.js';
import type { ContestRow } from '../tables.js';
import { withVirtualMark } from '../virtual-repo.js';

/**
 * One submission as a rank cell keeps it: [ms from the contest start, status, score, run time, submit id].
 * A cell is the list of one user's submissions on one problem of one contest, in submit order.
 */
export type CellSub = [rel: number, status: number, score: number | null, time: number | null, id: number];

/** How a verdict counts for the rank. */
export const Verdict = { Accepted: 0, Rejected: 1, Pending: 2, Ignored: 3 } as const;
export type Verdict = (typeof Verdict)[keyof typeof Verdict];

export function classify(status: number): Verdict {
  switch (status) {
    case JudgeStatus.ACCEPTED:
      return Verdict.Accepted;
    case JudgeStatus.WRONG_ANSWER:
    case JudgeStatus.TIME_LIMIT_EXCEEDED:
    case JudgeStatus.MEMORY_LIMIT_EXCEEDED:
    case JudgeStatus.RUNTIME_ERROR:
    case JudgeStatus.PRESENTATION_ERROR:
    case JudgeStatus.PARTIAL_ACCEPTED:
      return Verdict.Rejected;
    case JudgeStatus.PENDING:
    case JudgeStatus.COMPILING:
    case JudgeStatus.JUDGING:
    case JudgeStatus.SUBMITTING:
      return Verdict.Pending;
    default:
      // Compile errors, system errors, cancelled and failed submissions cost nothing.
      return Verdict.Ignored;
  }
}

interface SubRow { id: number; uid: number; pid: number; status: number; score: number | null; time: number | null; submit_time: number }

const toCellSub = (c: ContestRow, s: SubRow): CellSub => [s.submit_time - c.start_time, s.status, s.score, s.time, s.id];

/**
 * Bumps the contest's rank version inside the caller's transaction and returns the new value.
 * With `pid`, only while that problem is still in the contest (null otherwise, nothing bumped).
 */
async function bumpVersion(trx: Db, cid: number): Promise<number>;
async function bumpVersion(trx: Db, cid: number, pid: number): Promise<number | null>;
async function bumpVersion(trx: Db, cid: number, pid?: number): Promise<number | null> {
  let q = trx.updateTable('contest').set({ rank_ver: sql`rank_ver + 1` }).where('id', '=', cid);
  if (pid !== undefined) {
    q = q.where(({ exists, selectFrom }) => exists(selectFrom('contest_problem').select('contest_problem.id')
      .where('contest_problem.cid', '=', cid).where('contest_problem.pid', '=', pid)));
  }
  const row = await q.returning('rank_ver').executeTakeFirst();
  if (!row && pid === undefined) throw new Error(`contest ${cid} does not exist`);
  return row ? Number(row.rank_ver) : null;
}

/**
 * Recomputes one (contest, user, problem) cell from that user's submissions on the problem and
 * keeps the first-solve record of ACM contests in step. Runs inside the transaction that writes
 * the verdict (judge result, manual judge, cancel, rejudge reset), so no crash leaves a verdict
 * committed with a stale cell. Take it last in that transaction: the contest row's lock is then
 * always taken after the task, submission and status rows, in every writer.
 */
export async function recomputeCellIn(trx: Db, c: ContestRow, uid: number, pid: number): Promise<number | null> {
  // The version bump locks the contest row first, so two verdicts of one cell are applied one
  // after the other and the later one reads both (no stale cell written last). Only problems
  // still in the contest count (a removed problem leaves the rank): checked in the same statement.
  const ver = await bumpVersion(trx, c.id, pid);
  if (ver === null) return null;
  const subs = await withVirtualMark(trx).selectFrom('submission').select(['id', 'uid', 'pid', 'status', 'score', 'time', 'submit_time'])
    .where('cid', '=', c.id).where('uid', '=', uid).where('pid', '=', pid)
    // Virtual runs' submissions never count in the real contest (issue 30).
    .where('is_virtual', '=', 0)
    .orderBy('submit_time').orderBy('id').execute();
  const cell = JSON.stringify(subs.map((s) => toCellSub(c, s)));
  await trx.insertInto('contest_rank_cell').values({ cid: c.id, uid, pid, subs: cell, ver })
    .onConflict((oc) => oc.columns(['cid', 'uid', 'pid']).doUpdateSet({ subs: cell, ver })).execute();
  if (c.type === ContestType.ACM) await syncAcInfo(trx, c, uid, pid, subs);
  return ver;
}

/** recomputeCellIn in a transaction of its own (repairs, scripts). */
export async function recomputeCell(db: Db, c: ContestRow, uid: number, pid: number): Promise<void> {
  await db.transaction().execute(async (trx) => { await recomputeCellIn(trx, c, uid, pid); });
}

/** Recomputes every cell of a contest from its submissions (force update, repair). */
export async function rebuildAllCells(db: Db, c: ContestRow): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const ver = await bumpVersion(trx, c.id);
    const subs = await withVirtualMark(trx).selectFrom('submission').select(['id', 'uid', 'pid', 'status', 'score', 'time', 'submit_time'])
      .where('cid', '=', c.id).where('is_virtual', '=', 0)
      .where('pid', 'in', trx.selectFrom('contest_problem').select('pid').where('cid', '=', c.id))
      .orderBy('uid').orderBy('pid').orderBy('submit_time').orderBy('id').execute();
    await trx.deleteFrom('contest_rank_cell').where('cid', '=', c.id).execute();
    const cells: { cid: number; uid: number; pid: number; subs: string; ver: number }[] = [];
    const firstAcs: SubRow[] = [];
    let i = 0;
    while (i < subs.length) {
      let j = i;
      while (j < subs.length && subs[j].uid === subs[i].uid && subs[j].pid === subs[i].pid) j++;
      const group = subs.slice(i, j);
      cells.push({ cid: c.id, uid: subs[i].uid, pid: subs[i].pid, subs: JSON.stringify(group.map((s) => toCellSub(c, s))), ver });
      const ac = group.find((s) => s.status === JudgeStatus.ACCEPTED && s.submit_time >= c.start_time && s.submit_time < c.end_time);
      if (ac) firstAcs.push(ac);
      i = j;
    }
    for (let k = 0; k < cells.length; k += 500) await trx.insertInto('contest_rank_cell').values(cells.slice(k, k + 500)).execute();
    if (c.type === ContestType.ACM) await rebuildAcInfo(trx, c, firstAcs);
    return cells.length;
  });
}

/** AC info of a whole contest from the first solves, keeping the checked flags of unchanged rows. */
async function rebuildAcInfo(trx: Db, c: ContestRow, firstAcs: SubRow[]) {
  const roots = new Set((await trx.selectFrom('user').select('id').where('role', '=', 1000).execute()).map((r) => r.id));
  const wanted = firstAcs.filter((s) => s.uid !== c.uid && !roots.has(s.uid));
  const existing = await trx.selectFrom('contest_ac_info').select(['id', 'uid', 'pid', 'submit_id']).where('cid', '=', c.id).execute();
  const keep = new Map(existing.map((e) => [`${e.uid}|${e.pid}`, e]));
  const stale: number[] = [];
  const fresh: SubRow[] = [];
  const wantedKeys = new Set(wanted.map((s) => `${s.uid}|${s.pid}`));
  for (const e of existing) if (!wantedKeys.has(`${e.uid}|${e.pid}`)) stale.push(e.id);
  for (const s of wanted) {
    const e = keep.get(`${s.uid}|${s.pid}`);
    if (!e) fresh.push(s);
    else if (e.submit_id !== s.id) {
      await trx.updateTable('contest_ac_info').set({ submit_id: s.id, submit_time: s.submit_time }).where('id', '=', e.id).execute();
    }
  }
  for (let k = 0; k < stale.length; k += 500) await trx.deleteFrom('contest_ac_info').where('id', 'in', stale.slice(k, k + 500)).execute();
  const t = now();
  for (let k = 0; k < fresh.length; k += 500) {
    await trx.insertInto('contest_ac_info').values(fresh.slice(k, k + 500).map((s) => ({
      cid: c.id, uid: s.uid, pid: s.pid, submit_id: s.id, submit_time: s.submit_time, first_blood: 0, checked: 0, gmt_create: t,
    }))).execute();
  }
  const pids = [...new Set(wanted.map((s) => s.pid))];
  for (const pid of pids) await markFirstBlood(trx, c, pid);
}

/**
 * The AC-info (balloon) record of a user's first in-contest Accepted on a problem: created when it
 * appears, dropped when a rejudge takes it away; first-blood flags follow the earliest solve.
 */
async function syncAcInfo(trx: Db, c: ContestRow, uid: number, pid: number, subs: SubRow[]) {
  const firstAc = subs.find((s) => s.status === JudgeStatus.ACCEPTED && s.submit_time >= c.start_time && s.submit_time < c.end_time);
  const existing = await trx.selectFrom('contest_ac_info').select(['id', 'submit_id']).where('cid', '=', c.id).where('uid', '=', uid).where('pid', '=', pid).executeTakeFirst();
  // Most verdicts are not a first solve: nothing more to look up then.
  if (!firstAc && !existing) return;
  const excluded = uid === c.uid || !!(await trx.selectFrom('user').select('id').where('id', '=', uid).where('role', '=', 1000).executeTakeFirst());
  if (!firstAc || excluded) {
    if (!existing) return;
    await trx.deleteFrom('contest_ac_info').where('id', '=', existing.id).execute();
  } else if (!existing) {
    // A new solve: compared with the current first blood only (the common, cheap case).
    const second = (ms: number) => Math.floor((ms - c.start_time) / 1000);
    const isStar = starAccounts(c).map((x) => x.trim()).includes((await trx.selectFrom('user').select('username').where('id', '=', uid).executeTakeFirst())?.username ?? '');
    const current = await trx.selectFrom('contest_ac_info').select('submit_time').where('cid', '=', c.id).where('pid', '=', pid).where('first_blood', '=', 1).executeTakeFirst();
    const mine = second(firstAc.submit_time);
    const theirs = current ? second(Number(current.submit_time)) : null;
    const first = !isStar && (theirs === null || mine <= theirs);
    if (first && theirs !== null && mine < theirs) {
      await trx.updateTable('contest_ac_info').set({ first_blood: 0 }).where('cid', '=', c.id).where('pid', '=', pid).execute();
    }
    await trx.insertInto('contest_ac_info').values({
      cid: c.id, uid, pid, submit_id: firstAc.id, submit_time: firstAc.submit_time, first_blood: first ? 1 : 0, checked: 0, gmt_create: now(),
    }).execute();
    return;
  } else if (existing.submit_id !== firstAc.id) {
    await trx.updateTable('contest_ac_info').set({ submit_id: firstAc.id, submit_time: firstAc.submit_time }).where('id', '=', existing.id).execute();
  } else {
    return;
  }
  await markFirstBlood(trx, c, pid);
}

/**
 * First blood: every solve in the earliest second of the problem (simultaneous solves share it);
 * star users take part unofficially and never take it.
 */
async function markFirstBlood(trx: Db, c: ContestRow, pid: number) {
  const solves = await trx.selectFrom('contest_ac_info').innerJoin('user', 'user.id', 'contest_ac_info.uid')
    .select(['contest_ac_info.id', 'contest_ac_info.submit_time', 'contest_ac_info.first_blood', 'user.username'])
    .where('contest_ac_info.cid', '=', c.id).where('contest_ac_info.pid', '=', pid).execute();
  const stars = new Set(starAccounts(c).map((s) => s.trim()));
  const second = (ms: number) => Math.floor((ms - c.start_time) / 1000);
  const ranked = solves.filter((s) => !stars.has(s.username));
  const first = ranked.length ? Math.min(...ranked.map((s) => second(Number(s.submit_time)))) : null;
  for (const s of solves) {
    const fb = first != null && !stars.has(s.username) && second(Number(s.submit_time)) === first ? 1 : 0;
    if (fb !== s.first_blood) await trx.updateTable('contest_ac_info').set({ first_blood: fb }).where('id', '=', s.id).execute();
  }
}

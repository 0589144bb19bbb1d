import { JudgeStatus } from '@verdict/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { now } from '../../lib/time.js';
import { UNJUDGED, type JudgedRow } from '../rank/service.js';

/**
 * Training progress and rank, kept incrementally. A participant (a user who submitted inside
 * the training or registered to a private one) has one cell per training problem, computed from
 * their submissions on it outside contests: Accepted (with the fastest accepted run) when any
 * passed, otherwise the latest verdict. Their row holds the AC count and total run time the rank
 * orders by. A verdict touches only the cells of that (user, problem).
 */

interface Cell { status: number; ac: number; run_time: number | null }

/** Cells of one user on some problems, from their judged submissions outside contests. */
async function cellsOf(db: Db, uid: number, pids: number[]): Promise<Map<number, Cell>> {
  const out = new Map<number, Cell>();
  for (let i = 0; i < pids.length; i += 500) {
    const rows = await db.selectFrom('submission').select(['pid', 'status', 'time', 'id'])
      .where('uid', '=', uid).where('pid', 'in', pids.slice(i, i + 500)).where('cid', '=', 0).where('status', 'not in', UNJUDGED).execute();
    fold(rows, out, (r) => r.pid);
  }
  return out;
}

/** Cells of many users on one problem. */
async function cellsOnProblem(db: Db, tid: number, pid: number): Promise<Map<number, Cell>> {
  const rows = await db.selectFrom('submission').select(['uid', 'status', 'time', 'id'])
    .where('pid', '=', pid).where('cid', '=', 0).where('status', 'not in', UNJUDGED)
    .where('uid', 'in', (eb) => eb.selectFrom('training_participant').select('uid').where('tid', '=', tid)).execute();
  const out = new Map<number, Cell>();
  fold(rows, out, (r) => r.uid);
  return out;
}

/** Accepted (fastest run) when any passed, else the latest verdict; keyed by `key`. */
function fold<R extends { status: number; time: number | null; id: number }>(rows: R[], out: Map<number, Cell>, key: (r: R) => number) {
  rows.sort((a, b) => a.id - b.id);
  for (const r of rows) {
    const k = key(r);
    const cur = out.get(k);
    if (r.status === JudgeStatus.ACCEPTED) {
      const t = r.time ?? 0;
      if (!cur || !cur.ac) out.set(k, { status: JudgeStatus.ACCEPTED, ac: 1, run_time: t });
      else if (cur.run_time === null || t < cur.run_time) cur.run_time = t;
    } else if (!cur || !cur.ac) {
      out.set(k, { status: r.status, ac: 0, run_time: null });
    }
  }
}

/** Writes (or, with no judged submission left, deletes) one cell. */
async function writeCell(db: Db, tid: number, uid: number, pid: number, c: Cell | undefined) {
  if (!c) {
    await db.deleteFrom('training_rank_cell').where('tid', '=', tid).where('uid', '=', uid).where('pid', '=', pid).execute();
    return;
  }
  await db.insertInto('training_rank_cell').values({ tid, uid, pid, ...c })
    .onConflict((oc) => oc.columns(['tid', 'uid', 'pid']).doUpdateSet(c)).execute();
}

const sameCell = (a: Cell | undefined, b: Cell | undefined) =>
  a === b || (!!a && !!b && a.status === b.status && a.ac === b.ac && (a.run_time ?? null) === (b.run_time ?? null));
/** What a cell adds to its participant's AC count and total run time. */
const acOf = (c: Cell | undefined) => (c?.ac ? 1 : 0);
const rtOf = (c: Cell | undefined) => (c?.ac ? Number(c.run_time ?? 0) : 0);

/**
 * The training's next rank version. Taken first in every transaction that changes the training's
 * rank: the row lock it takes (PostgreSQL) orders those transactions, so versions follow commit
 * order and a server that has read version v has seen every row stamped v or less (rank.ts).
 */
async function bumpRank(db: Db, tid: number): Promise<number> {
  const r = await db.updateTable('training').set((eb) => ({ rank_ver: eb('rank_ver', '+', 1) })).where('id', '=', tid)
    .returning('rank_ver').executeTakeFirst();
  return Number(r?.rank_ver ?? 0);
}

/**
 * A participant's AC count and total run time from their cells: problems still in the training
 * and public (a problem made private keeps its cells, and counts again once public).
 */
async function refreshParticipant(db: Db, tid: number, uid: number, ver: number) {
  const t = await db.selectFrom('training_rank_cell')
    .innerJoin('training_problem', (j) => j.onRef('training_problem.tid', '=', 'training_rank_cell.tid').onRef('training_problem.pid', '=', 'training_rank_cell.pid'))
    .innerJoin('problem', (j) => j.onRef('problem.id', '=', 'training_rank_cell.pid').on('problem.auth', '=', 1))
    .select((eb) => [eb.fn.countAll<number>().as('ac'), eb.fn.sum<number>('training_rank_cell.run_time').as('rt')])
    .where('training_rank_cell.tid', '=', tid).where('training_rank_cell.uid', '=', uid).where('training_rank_cell.ac', '=', 1).executeTakeFirst();
  await db.updateTable('training_participant').set({ ac: Number(t?.ac ?? 0), total_run_time: Number(t?.rt ?? 0), gmt_modified: now(), ver })
    .where('tid', '=', tid).where('uid', '=', uid).execute();
}

/** Every participant's totals of a training at once (a problem joined or left it). */
async function refreshAllParticipants(db: Db, tid: number, ver: number) {
  await sql`UPDATE training_participant SET
      ac = (SELECT COUNT(*) FROM training_rank_cell c JOIN training_problem tp ON tp.tid = c.tid AND tp.pid = c.pid JOIN problem p ON p.id = c.pid AND p.auth = 1
            WHERE c.tid = training_participant.tid AND c.uid = training_participant.uid AND c.ac = 1),
      total_run_time = (SELECT COALESCE(SUM(c.run_time), 0) FROM training_rank_cell c JOIN training_problem tp ON tp.tid = c.tid AND tp.pid = c.pid JOIN problem p ON p.id = c.pid AND p.auth = 1
            WHERE c.tid = training_participant.tid AND c.uid = training_participant.uid AND c.ac = 1),
      gmt_modified = ${now()}, ver = ${ver}
    WHERE tid = ${tid}`.execute(db);
}

/** Makes the user a participant (registration to a private training). */
export async function ensureParticipant(db: Db, tid: number, uid: number) {
  const has = await db.selectFrom('training_participant').select('uid').where('tid', '=', tid).where('uid', '=', uid).executeTakeFirst();
  if (has) return;
  await db.transaction().execute((trx) => join(trx, tid, uid));
}

/** The user joins: every cell from what they already submitted, then their totals. Inside a transaction. */
async function join(trx: Db, tid: number, uid: number) {
  const ver = await bumpRank(trx, tid);
  const added = await trx.insertInto('training_participant').values({ tid, uid, ac: 0, total_run_time: 0, gmt_modified: now(), ver })
    .onConflict((oc) => oc.columns(['tid', 'uid']).doNothing()).returning('uid').executeTakeFirst();
  if (!added) return; // a concurrent registration made them a participant
  // What they solved before joining counts too (the progress column shows the same).
  const pids = (await trx.selectFrom('training_problem').select('pid').where('tid', '=', tid).execute()).map((r) => r.pid);
  const cells = await cellsOf(trx, uid, pids);
  for (const [pid, c] of cells) await writeCell(trx, tid, uid, pid, c);
  await refreshParticipant(trx, tid, uid, ver);
}

/**
 * A verdict (or a rejudge reset) of a submission outside contests, inside the transaction of the
 * global rank (whose version lock orders verdicts): `tid` is the training the submission was made
 * in (0 when none). Updates every training of that problem the user takes part in: one cell each,
 * and the participant's totals moved by the cell's difference (never a re-count of their other
 * problems). A verdict that leaves the cell as it was writes nothing. Few statements (each is a
 * round trip and, on PostgreSQL, a plan): the trainings with their stored cells (the submissions
 * come read by the global rank), then the writes of the changed trainings (`writeChanged`).
 */
export async function applyVerdict(trx: Db, uid: number, pid: number, tid: number, judged: JudgedRow[] | undefined, pg: boolean) {
  let storedQuery = trx.selectFrom('training_problem')
    .innerJoin('training_participant', (j) => j.onRef('training_participant.tid', '=', 'training_problem.tid').on('training_participant.uid', '=', uid))
    .leftJoin('training_rank_cell', (j) => j.onRef('training_rank_cell.tid', '=', 'training_problem.tid').on('training_rank_cell.uid', '=', uid)
      .onRef('training_rank_cell.pid', '=', 'training_problem.pid'))
    .select(['training_problem.tid', 'training_rank_cell.status', 'training_rank_cell.ac', 'training_rank_cell.run_time'])
    .where('training_problem.pid', '=', pid);
  // PostgreSQL: the trainings' rows are locked here, so the writes' single statement reads their
  // problems and cells after any admin change to them committed (SQLite has one writer anyway).
  if (pg) storedQuery = storedQuery.innerJoin('training', 'training.id', 'training_problem.tid').forUpdate('training');
  const stored = await storedQuery.execute();
  if (tid > 0 && !stored.some((r) => r.tid === tid)) {
    // A first submission inside the training: joining computes all their cells, this one included.
    const inTraining = await trx.selectFrom('training_problem').select('id').where('tid', '=', tid).where('pid', '=', pid).executeTakeFirst();
    if (inTraining) await join(trx, tid, uid);
  }
  if (!stored.length) return;
  // The submissions the global rank read in this transaction, when it did.
  const cells = judged ? new Map<number, Cell>() : await cellsOf(trx, uid, [pid]);
  if (judged) fold([...judged], cells, () => pid);
  const cell = cells.get(pid);
  const changed = stored.filter((r) => !sameCell(r.status === null ? undefined : { status: r.status, ac: Number(r.ac), run_time: r.run_time }, cell)).map((r) => r.tid);
  if (!changed.length) return;
  if (pg) await writeChangedPg(trx, changed, uid, pid, cell);
  else for (const t of changed) await writeChanged(trx, t, uid, pid, cell);
}

/**
 * The totals move by the difference from the stored cell, for a problem still in the training
 * and public (a private one keeps its cell and adds nothing until public again); the cell is
 * written only while the problem is in the training. Both read after the training's lock.
 */
const countsIn = (t: unknown, pid: number) =>
  sql<number>`(SELECT COUNT(*) FROM training_problem tp JOIN problem p ON p.id = tp.pid AND p.auth = 1 WHERE tp.tid = ${t} AND tp.pid = ${pid})`;
const oldCell = (t: unknown, uid: number, pid: number, col: string) =>
  sql<number>`COALESCE((SELECT ${sql.raw(col)} FROM training_rank_cell c WHERE c.tid = ${t} AND c.uid = ${uid} AND c.pid = ${pid}), 0)`;
const OLD_RT = 'CASE WHEN c.ac = 1 THEN COALESCE(c.run_time, 0) ELSE 0 END';

/** One changed training: its version (the lock comes first), the participant's totals, the cell. */
async function writeChanged(trx: Db, t: number, uid: number, pid: number, cell: Cell | undefined) {
  const ver = await bumpRank(trx, t);
  await sql`UPDATE training_participant SET
      ac = ac + ${countsIn(t, pid)} * (${acOf(cell)} - ${oldCell(t, uid, pid, 'c.ac')}),
      total_run_time = total_run_time + ${countsIn(t, pid)} * (${rtOf(cell)} - ${oldCell(t, uid, pid, OLD_RT)}),
      gmt_modified = ${now()}, ver = ${ver}
    WHERE tid = ${t} AND uid = ${uid}`.execute(trx);
  if (!cell) await writeCell(trx, t, uid, pid, undefined);
  else {
    await sql`INSERT INTO training_rank_cell (tid, uid, pid, status, ac, run_time)
      SELECT tid, ${uid}, pid, ${cell.status}, ${cell.ac}, ${cell.run_time} FROM training_problem WHERE tid = ${t} AND pid = ${pid}
      ON CONFLICT (tid, uid, pid) DO UPDATE SET status = excluded.status, ac = excluded.ac, run_time = excluded.run_time`.execute(trx);
  }
}

/**
 * The same writes for every changed training in one PostgreSQL statement (one round trip instead
 * of three per training): the statement's reads all see the rows as they were before it, so the
 * old cells are read before the new ones replace them, as in `writeChanged`.
 */
async function writeChangedPg(trx: Db, tids: number[], uid: number, pid: number, cell: Cell | undefined) {
  const ids = sql`${tids}::int[]`;
  const cellWrite = cell
    ? sql`INSERT INTO training_rank_cell (tid, uid, pid, status, ac, run_time)
        SELECT tid, ${uid}, pid, ${cell.status}, ${cell.ac}, ${cell.run_time} FROM training_problem WHERE tid = ANY(${ids}) AND pid = ${pid}
        ON CONFLICT (tid, uid, pid) DO UPDATE SET status = excluded.status, ac = excluded.ac, run_time = excluded.run_time`
    : sql`DELETE FROM training_rank_cell WHERE tid = ANY(${ids}) AND uid = ${uid} AND pid = ${pid}`;
  const tv = sql.ref('tv.id');
  await sql`WITH tv AS (UPDATE training SET rank_ver = rank_ver + 1 WHERE id = ANY(${ids}) RETURNING id, rank_ver),
    tp AS (UPDATE training_participant SET
        ac = training_participant.ac + ${countsIn(tv, pid)} * (${acOf(cell)}::int - ${oldCell(tv, uid, pid, 'c.ac')}),
        total_run_time = training_participant.total_run_time + ${countsIn(tv, pid)} * (${rtOf(cell)}::bigint - ${oldCell(tv, uid, pid, OLD_RT)}),
        gmt_modified = ${now()}, ver = tv.rank_ver
      FROM tv WHERE training_participant.tid = tv.id AND training_participant.uid = ${uid})
    ${cellWrite}`.execute(trx);
}

/** A problem joined a training: participants' cells on it, then their totals. */
export async function problemAdded(db: Db, tid: number, pid: number) {
  await db.transaction().execute(async (trx) => {
    const ver = await bumpRank(trx, tid);
    const cells = await cellsOnProblem(trx, tid, pid);
    for (const [uid, c] of cells) await writeCell(trx, tid, uid, pid, c);
    await refreshAllParticipants(trx, tid, ver);
  });
}

/** A problem left a training: its cells go, totals are recomputed. Pass the transaction that removed it. */
export async function problemRemoved(trx: Db, tid: number, pid: number) {
  const ver = await bumpRank(trx, tid);
  await trx.deleteFrom('training_rank_cell').where('tid', '=', tid).where('pid', '=', pid).execute();
  await refreshAllParticipants(trx, tid, ver);
}

/** A problem became public or private (or was deleted): the totals of every training holding it. */
export async function problemVisibilityChanged(db: Db, pid: number) {
  const tids = (await db.selectFrom('training_problem').select('tid').where('pid', '=', pid).execute()).map((r) => r.tid);
  for (const tid of tids) {
    await db.transaction().execute(async (trx) => refreshAllParticipants(trx, tid, await bumpRank(trx, tid)));
  }
}

/**
 * Problems got new problem IDs (an admin edit, a group's new short name): the training rank keys
 * its cells by them, so every training holding one moves to a new rank version and every server
 * re-reads its problem list at its next rank request. Called after the rename committed, one
 * training at a time (one row lock each, never several at once beside a verdict's).
 */
export async function problemIdsChanged(db: Db, pids: number[]) {
  const tids = new Set<number>();
  for (let i = 0; i < pids.length; i += 500) {
    const rows = await db.selectFrom('training_problem').select('tid').where('pid', 'in', pids.slice(i, i + 500)).execute();
    for (const r of rows) tids.add(r.tid);
  }
  for (const tid of tids) await bumpRank(db, tid);
}

import { sql } from 'kysely';
import { JudgeStatus } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';

/** Per-status submission counts of spec 01 §3 (the fields of HOJ's ProblemCountVO). */
const STATUS_FIELDS: Record<number, keyof ProblemCounts> = {
  [JudgeStatus.ACCEPTED]: 'ac', [JudgeStatus.WRONG_ANSWER]: 'wa', [JudgeStatus.TIME_LIMIT_EXCEEDED]: 'tle',
  [JudgeStatus.MEMORY_LIMIT_EXCEEDED]: 'mle', [JudgeStatus.RUNTIME_ERROR]: 're', [JudgeStatus.PRESENTATION_ERROR]: 'pe',
  [JudgeStatus.COMPILE_ERROR]: 'ce', [JudgeStatus.SYSTEM_ERROR]: 'se', [JudgeStatus.PARTIAL_ACCEPTED]: 'pa',
};
export interface ProblemCounts { total: number; ac: number; wa: number; tle: number; mle: number; re: number; pe: number; ce: number; se: number; pa: number }
export const zeroCounts = (): ProblemCounts => ({ total: 0, ac: 0, wa: 0, tle: 0, mle: 0, re: 0, pe: 0, ce: 0, se: 0, pa: 0 });

function add(c: ProblemCounts, status: number, n: number) {
  c.total += n;
  const f = STATUS_FIELDS[status];
  if (f) c[f] += n;
}

/** Per-verdict counts of a list of submission statuses. */
export function countStatuses(statuses: Iterable<number>): ProblemCounts {
  const c = zeroCounts();
  for (const status of statuses) add(c, status, 1);
  return c;
}

/** problem_sub_ver (migration 0035): moves with every verdict and rejudge reset of the problem's submissions. */
export interface ProblemSubVerTable { pid: number; ver: number }

declare module '../../db/schema.js' {
  interface Database { problem_sub_ver: ProblemSubVerTable }
}

/**
 * Moves the problem's version: a judge step (problem/index.ts) inside every transaction that
 * writes a verdict or resets one. Those transactions already wait on one another (the global
 * rank's version row, a contest's row), so this row adds no new wait.
 */
export async function bumpProblemVer(trx: Db, pid: number) {
  await trx.insertInto('problem_sub_ver').values({ pid, ver: 1 })
    .onConflict((oc) => oc.column('pid').doUpdateSet({ ver: sql`problem_sub_ver.ver + 1` })).execute();
}

interface Kept { ver: number; last: number; at: number; counts: ProblemCounts }

const perDb = new WeakMap<Db, Map<number, Kept>>();
/** What no version covers (a submission deleted by an admin tool) shows after this at the latest. */
const TTL_MS = 60_000;
const MAX_KEPT = 20_000;
/** Newer submissions than the kept counts are added one by one up to this many site-wide; past it, counted again. */
const DELTA_MAX = 5_000;

/**
 * A problem's counts (all its submissions, every scope), kept per process under the problem's
 * version and the site's newest submission id: a repeat with neither moved is two keyed reads and
 * no scan; a new submission anywhere adds only the submissions newer than the kept ones (a
 * primary-key range), and a verdict or rejudge of the problem (its version) counts it again.
 * The (pid, status) index makes that count index-only. A submission committed after a newer one
 * (PostgreSQL allots ids before commit) may be left out until its verdict moves the version.
 */
export async function statusCounts(ctx: AppContext, pids: number[]): Promise<Map<number, ProblemCounts>> {
  const out = new Map<number, ProblemCounts>(pids.map((p) => [p, zeroCounts()]));
  if (!pids.length) return out;
  let kept = perDb.get(ctx.db);
  if (!kept) perDb.set(ctx.db, (kept = new Map()));
  const [vers, top] = await Promise.all([
    ctx.db.selectFrom('problem_sub_ver').select(['pid', 'ver']).where('pid', 'in', pids).execute(),
    ctx.db.selectFrom('submission').select((eb) => eb.fn.max('id').as('last')).executeTakeFirst(),
  ]);
  const last = Number(top?.last ?? 0);
  const verOf = new Map(vers.map((r) => [r.pid, Number(r.ver)]));
  const t = Date.now();
  const full: number[] = [];
  const behind: number[] = [];
  for (const pid of pids) {
    const k = kept.get(pid);
    if (!k || k.ver !== (verOf.get(pid) ?? 0) || t - k.at > TTL_MS || k.last > last || last - k.last > DELTA_MAX) full.push(pid);
    else if (k.last < last) behind.push(pid);
  }
  if (behind.length) {
    const from = Math.min(...behind.map((pid) => kept.get(pid)!.last));
    const rows = await ctx.db.selectFrom('submission').select(['id', 'pid', 'status'])
      .where('id', '>', from).where('id', '<=', last).where('pid', 'in', behind).execute();
    const next = new Map(behind.map((pid) => [pid, { ...kept.get(pid)!, counts: { ...kept.get(pid)!.counts }, last }]));
    for (const r of rows) {
      const k = next.get(r.pid)!;
      if (r.id > kept.get(r.pid)!.last) add(k.counts, r.status, 1);
    }
    for (const [pid, k] of next) kept.set(pid, k);
  }
  if (full.length) {
    const rows = await ctx.db.selectFrom('submission').select(['pid', 'status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('pid', 'in', full).groupBy(['pid', 'status']).execute();
    // The newest id after the count: a submission added meanwhile is then left out (until its
    // verdict), never counted twice.
    const after = Number((await ctx.db.selectFrom('submission').select((eb) => eb.fn.max('id').as('last')).executeTakeFirst())?.last ?? 0);
    const fresh = new Map(full.map((pid) => [pid, zeroCounts()]));
    for (const r of rows) add(fresh.get(r.pid)!, r.status, Number(r.n));
    if (kept.size + full.length > MAX_KEPT) kept.clear();
    for (const [pid, counts] of fresh) kept.set(pid, { ver: verOf.get(pid) ?? 0, last: after, at: t, counts });
  }
  for (const pid of pids) out.set(pid, { ...kept.get(pid)!.counts });
  return out;
}

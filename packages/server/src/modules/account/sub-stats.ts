import { sql } from 'kysely';
import { JudgeStatus } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import { KeptPages } from '../../lib/kept-pages.js';
import { DAY, now } from '../../lib/time.js';

/**
 * user_sub_ver (migration 0024): moves with every verdict written. A submission added moves the
 * user's newest submission id instead, so a submit locks no per-user row: the verdict's
 * transaction takes the user's status row and then this one, and a submit of the same user taking
 * them in its own order deadlocked against it on PostgreSQL.
 */
export interface UserSubVerTable { uid: number; ver: number }

declare module '../../db/schema.js' {
  interface Database { user_sub_ver: UserSubVerTable }
}

/** Moves the user's version: in the transaction that writes a verdict. */
export async function bumpSubVer(trx: Db, uid: number) {
  await trx.insertInto('user_sub_ver').values({ uid, ver: 1 })
    .onConflict((oc) => oc.column('uid').doUpdateSet({ ver: sql`user_sub_ver.ver + 1` })).execute();
}

/** One scope's (a contest's, or 0: outside contests) submissions of a user. */
export interface ScopeCounts { total: number; accepted: number; days: Map<string, number> }

/** A user's solved problems (user_accept with the problem's fields). */
export interface AcceptRow { id: number; problem_id: string; difficulty: number; type: number; io_score: number; auth: number; gid: number; author_uid: number; cid: number }

export interface SubStats { byCid: Map<number, ScopeCounts>; accepts: AcceptRow[] }

const pad = (n: number) => String(n).padStart(2, '0');
export const localDate = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/**
 * What a profile and its heatmap need, read once per user version and day (the heatmap's year
 * moves daily) instead of on every request: a user with 30,000 submissions would otherwise cost
 * a scan of them per anonymous page view. Kept by scope, so sealed contests can be left out per
 * viewer afterwards. Problem fields (a problem made private) show after the TTL at the latest.
 */
const perDb = new WeakMap<Db, KeptPages<SubStats>>();
const STATS_TTL_MS = 30_000;

export async function subStats(ctx: AppContext, uid: number): Promise<SubStats> {
  let kept = perDb.get(ctx.db);
  if (!kept) {
    kept = new KeptPages({ maxPages: 2000, maxSize: 4_000_000, ttlMs: STATS_TTL_MS, sizeOf: (s) => s.accepts.length + [...s.byCid.values()].reduce((n, c) => n + c.days.size + 1, 0) });
    perDb.set(ctx.db, kept);
  }
  // The verdict version and the newest submission's id (idx_submission_uid) in one read.
  const row = await ctx.db.selectNoFrom((eb) => [
    eb.selectFrom('user_sub_ver').select('ver').where('uid', '=', uid).as('ver'),
    eb.selectFrom('submission').select((s) => s.fn.max('id').as('id')).where('uid', '=', uid).as('last'),
  ]).executeTakeFirst();
  const t = now();
  return kept.page(String(uid), `${row?.ver ?? 0}:${row?.last ?? 0}:${localDate(t)}`, () => readStats(ctx, uid, t));
}

async function readStats(ctx: AppContext, uid: number, t: number): Promise<SubStats> {
  const [counts, recent, accepts] = await Promise.all([
    ctx.db.selectFrom('submission')
      .select((eb) => ['cid', eb.fn.countAll<number>().as('total'), eb.fn.sum<number>(eb.case().when('status', '=', JudgeStatus.ACCEPTED).then(1).else(0).end()).as('accepted')])
      .where('uid', '=', uid).groupBy('cid').execute(),
    ctx.db.selectFrom('submission').select(['cid', 'submit_time']).where('uid', '=', uid).where('submit_time', '>=', t - 366 * DAY).execute(),
    ctx.db.selectFrom('user_accept').innerJoin('problem', 'problem.id', 'user_accept.pid')
      .select(['problem.id', 'problem.problem_id', 'problem.difficulty', 'problem.type', 'problem.io_score', 'problem.auth', 'problem.gid', 'problem.author_uid', 'user_accept.cid'])
      .where('user_accept.uid', '=', uid).execute(),
  ]);
  const byCid = new Map<number, ScopeCounts>();
  for (const c of counts) byCid.set(Number(c.cid), { total: Number(c.total), accepted: Number(c.accepted ?? 0), days: new Map() });
  for (const r of recent) {
    const scope = byCid.get(Number(r.cid));
    if (!scope) continue;
    const d = localDate(Number(r.submit_time));
    scope.days.set(d, (scope.days.get(d) ?? 0) + 1);
  }
  return { byCid, accepts: accepts.map((a) => ({ ...a, cid: Number(a.cid) })) };
}

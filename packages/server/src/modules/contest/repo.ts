import type { Insertable, Updateable } from 'kysely';
import {
  ContestStatus, contestProgress, contestStatusAt, sealChoiceOf, type AwardTier,
} from '@verdict/shared';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import { notFound } from '../../http/errors.js';
import { stampedCache, stampsOf, type Stamps } from '../../http/stamps.js';
import { now } from '../../lib/time.js';
import { containsText } from '../../lib/like.js';
import type { ContestRow, ContestTable } from './tables.js';
import { withVirtualMark } from './virtual-repo.js';

/** A contest row as a transaction (or any Db) sees it now: never cached, and without rank_ver (see below). */
export async function findContestIn(db: Db, cid: number): Promise<ContestRow | undefined> {
  const row = await db.selectFrom('contest').selectAll().where('id', '=', cid).executeTakeFirst();
  if (!row) return undefined;
  const { rank_ver: _moving, ...c } = row;
  return c;
}

/**
 * Contest rows are cached per process under the `contest` stamp (http/stamps.ts): on a contest
 * day every scoreboard refetch and every submit needs the row, and it changes only when an admin
 * edits the contest. Every write to a contest row or its problem list calls contestsChanged after
 * it commits. rank_ver is not part of ContestRow (it moves with every verdict): the rank model
 * reads it itself. Not for use inside a transaction (SQLite has one connection): findContestIn.
 */
const contestCache = stampedCache<number, ContestRow | undefined>('contest');

/** The contest's row (cached, see above); `stamps`: the request's, when the caller has them. */
export function findContest(ctx: AppContext, cid: number, stamps?: Promise<Stamps>): Promise<ContestRow | undefined> {
  return contestCache(ctx, cid, () => findContestIn(ctx.db, cid), stamps);
}

export async function getContest(ctx: AppContext, cid: number, stamps?: Promise<Stamps>): Promise<ContestRow> {
  const c = await findContest(ctx, cid, stamps);
  if (!c) throw notFound('contestNotFound');
  return c;
}

/** After any write to a contest row (but rank_ver) or to contest_problem has committed. */
export const contestsChanged = (ctx: AppContext) => stampsOf(ctx).bump('contest');

export const parseJsonList = <T>(s: string | null | undefined): T[] => {
  try {
    const v = JSON.parse(s ?? '[]');
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
};

export const starAccounts = (c: ContestRow) => parseJsonList<string>(c.star_account);
export const awardTiers = (c: ContestRow) => parseJsonList<AwardTier>(c.award_config);
export const statusOf = (c: ContestRow, t = now()) => contestStatusAt(c.start_time, c.end_time, t);

/** Participants, registered or having submitted (the "count" of spec 02). */
export async function participantCounts(db: Db, cids: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!cids.length) return out;
  // Participants: who registered (private/protected contests) or submitted (public ones need no registration).
  const people = db.selectFrom('contest_register').select(['cid', 'uid']).where('cid', 'in', cids)
    .union(withVirtualMark(db).selectFrom('submission').select(['cid', 'uid']).where('cid', 'in', cids).where('is_virtual', '=', 0));
  const rows = await db.selectFrom(people.as('p')).select((eb) => ['p.cid', eb.fn.countAll<number>().as('n')])
    .groupBy('p.cid').execute();
  for (const r of rows) out.set(r.cid, Number(r.n));
  return out;
}

/** Contest entity of spec 02 §3 as users see it (no password). */
export function toContestVo(c: ContestRow, count = 0) {
  const t = now();
  return {
    id: c.id, title: c.title, description: c.description, type: c.type, auth: c.auth,
    status: contestStatusAt(c.start_time, c.end_time, t), startTime: c.start_time, endTime: c.end_time, now: t,
    // Seconds, as HOJ's client computes its progress bar from it (startTime/endTime/now stay ms).
    duration: Math.floor(c.duration / 1000), progress: contestProgress(c.start_time, c.end_time, t), count,
    openRank: c.open_rank === 1, openPrint: c.open_print === 1, gid: c.gid || null, oiRankScoreType: c.oi_rank_score_type,
    rankShowName: c.rank_show_name, sealRank: c.seal_rank === 1, sealRankTime: c.seal_rank === 1 ? c.seal_rank_time : null,
    autoRealRank: c.auto_real_rank === 1, allowEndSubmit: c.allow_end_submit === 1, author: c.author, uid: c.uid,
    awardType: c.award_type, awardConfigList: awardTiers(c),
    rated: c.rated === 1, virtualAllowed: c.end_time <= t,
  };
}

/** Everything the admin edit form needs. */
export function toContestAdminVo(c: ContestRow, count = 0) {
  return {
    ...toContestVo(c, count),
    pwd: c.pwd ?? '',
    sealRankChoice: sealChoiceOf(c.seal_rank_time, c.start_time, c.end_time),
    openAccountLimit: c.open_account_limit === 1,
    // HOJ's tagged text, as stored (null without a rule); clients parse it with parseAccountLimitRule.
    accountLimitRule: c.account_limit_rule,
    starAccount: starAccounts(c),
    visible: c.visible === 1,
    gmtCreate: c.gmt_create,
    gmtModified: c.gmt_modified,
  };
}

/** get-contest-list's filters (status: -1 scheduled, 0 running, 1 ended at `t`). */
export interface ContestListFilter { type?: number; keyword?: string; status?: number; currentPage: number; limit: number }

/** The site's visible contests, latest start first: one page and the total. */
export async function publicContestPage(db: Db, q: ContestListFilter, t: number) {
  let base = db.selectFrom('contest').where('visible', '=', 1).where('gid', '=', 0);
  if (q.type !== undefined) base = base.where('type', '=', q.type);
  if (q.keyword) base = base.where(containsText('contest.title', q.keyword));
  if (q.status === ContestStatus.SCHEDULED) base = base.where('start_time', '>', t);
  else if (q.status === ContestStatus.RUNNING) base = base.where('start_time', '<=', t).where('end_time', '>', t);
  else if (q.status === ContestStatus.ENDED) base = base.where('end_time', '<=', t);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base.selectAll().orderBy('start_time', 'desc').orderBy('id', 'desc')
    .limit(q.limit).offset((q.currentPage - 1) * q.limit).execute();
  return { rows, total: Number(n) };
}

/** The admin list: every contest, or (ownerUid) one creator's; keyword in the title or the author; newest first. */
export async function adminContestPage(db: Db, q: { ownerUid?: number; keyword?: string; currentPage: number; limit: number }) {
  let base = db.selectFrom('contest');
  if (q.ownerUid !== undefined) base = base.where('uid', '=', q.ownerUid);
  const kw = q.keyword;
  if (kw) base = base.where((eb) => eb.or([containsText('contest.title', kw), containsText('contest.author', kw)]));
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base.selectAll().orderBy('id', 'desc').limit(q.limit).offset((q.currentPage - 1) * q.limit).execute();
  return { rows, total: Number(n) };
}

/** A new contest row; its id (call contestsChanged after). */
export async function insertContest(db: Db, values: Insertable<ContestTable>): Promise<number> {
  const row = await db.insertInto('contest').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Writes a contest's settings (call contestsChanged after). */
export async function updateContest(db: Db, cid: number, set: Updateable<ContestTable>) {
  await db.updateTable('contest').set(set).where('id', '=', cid).execute();
}

/** Deletes a contest with its problems, registrations, rank cells, balloons, prints and announcements. */
export async function deleteContestWithRecords(db: Db, cid: number) {
  await db.transaction().execute(async (trx) => {
    for (const t of ['contest_problem', 'contest_register', 'contest_rank_cell', 'contest_ac_info', 'contest_print', 'announcement'] as const) {
      await trx.deleteFrom(t).where('cid', '=', cid).execute();
    }
    await trx.deleteFrom('contest').where('id', '=', cid).execute();
  });
}

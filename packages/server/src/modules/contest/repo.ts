import {
  contestProgress, contestStatusAt, sealChoiceOf, type AwardTier,
} from '@verdict/shared';
import type { Db } from '../../db/index.js';
import { notFound } from '../../http/errors.js';
import { now } from '../../lib/time.js';
import type { ContestRow } from './tables.js';

export async function findContest(db: Db, cid: number): Promise<ContestRow | undefined> {
  return db.selectFrom('contest').selectAll().where('id', '=', cid).executeTakeFirst();
}

export async function getContest(db: Db, cid: number): Promise<ContestRow> {
  const c = await findContest(db, cid);
  if (!c) throw notFound('contestNotFound');
  return c;
}

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
    .union(db.selectFrom('submission').select(['cid', 'uid']).where('cid', 'in', cids));
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

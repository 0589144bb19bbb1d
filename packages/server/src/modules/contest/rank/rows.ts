import { AwardType, awardRowCounts, type AwardTier, type ScoreboardRecord } from '@verdict/shared';
import { plagiarismExcluded } from '../access.js';
import { awardTiers, starAccounts } from '../repo.js';
import type { ContestRow } from '../tables.js';
import type { RankUser } from './model.js';

/** What a rank view depends on besides the cells. */
export interface ViewOptions {
  /** ms from the start from which results are hidden (sealed view), or null. */
  sealFrom: number | null;
  /** Count submissions made after the end. */
  containsEnd: boolean;
}

export const viewKey = (c: ContestRow, o: ViewOptions) => `${c.type}|${c.gmt_modified}|${o.sealFrom ?? '-'}|${o.containsEnd ? 1 : 0}`;

export function showNameOf(c: ContestRow, u: RankUser): string {
  if (c.rank_show_name === 'nickname' && u.nickname) return u.nickname;
  if (c.rank_show_name === 'realname' && u.realname) return u.realname;
  return u.username;
}

/**
 * Real names and schools on a scoreboard are for the contest's admins, or for everyone when the
 * contest ranks by real name; others (anonymous visitors of the outside scoreboard, contestants,
 * their exports) get them blanked.
 */
export function personalFieldsFor(c: ContestRow, viewerIsContestAdmin: boolean): (r: ScoreboardRecord) => ScoreboardRecord {
  if (viewerIsContestAdmin || c.rank_show_name === 'realname') return (r) => r;
  return (r) => ({ ...r, realname: null, school: null });
}

export function baseRecord(c: ContestRow, u: RankUser, stars: Set<string>): ScoreboardRecord {
  const isStar = stars.has(u.username);
  return {
    uid: u.uid, username: u.username, showName: showNameOf(c, u), nickname: u.nickname, realname: u.realname, avatar: u.avatar,
    gender: u.gender, school: u.school, rank: isStar ? -1 : 0, isWinAward: false, awardName: null, awardBackground: null, awardColor: null,
    ac: 0, totalTime: 0, totalScore: 0, submissionInfo: {}, timeInfo: {}, isStar, isConcerned: false,
    ...excludedMark(c, u.uid),
  };
}

/** A user excluded for plagiarism keeps a row, unranked (-1) and marked with the reason they see (issue 31). */
function excludedMark(c: ContestRow, uid: number): Partial<ScoreboardRecord> {
  const reason = plagiarismExcluded(c).get(uid);
  return reason === undefined ? {} : { rank: -1, excludedReason: reason };
}

/** Sort key: rows excluded for plagiarism after all the others. */
export const excludedLast = (a: ScoreboardRecord, b: ScoreboardRecord) => (a.excludedReason != null ? 1 : 0) - (b.excludedReason != null ? 1 : 0);
const unranked = (r: ScoreboardRecord) => r.isStar || r.excludedReason != null;

/** Tie order inside a shared rank: by username (plain code-unit order, cheap and stable). */
export const byName = (a: ScoreboardRecord, b: ScoreboardRecord) => (a.username < b.username ? -1 : a.username > b.username ? 1 : 0);

export const starSet = (c: ContestRow) => new Set(starAccounts(c).map((s) => s.trim()));

/**
 * Numbers sorted rows: equal keys share a rank (1, 1, 3); star users are placed but unranked (-1).
 * Then hands out the award tiers by rank to rows that scored.
 */
export function assignRanks(c: ContestRow, rows: ScoreboardRecord[], sameKey: (a: ScoreboardRecord, b: ScoreboardRecord) => boolean, scored: (r: ScoreboardRecord) => boolean) {
  let position = 0;
  let prev: ScoreboardRecord | null = null;
  // Rows are kept between rebuilds: clear the previous awards first.
  for (const r of rows) {
    r.isWinAward = false;
    r.awardName = r.awardBackground = r.awardColor = null;
  }
  for (const r of rows) {
    if (unranked(r)) continue;
    position++;
    r.rank = prev && sameKey(prev, r) ? prev.rank : position;
    prev = r;
  }
  if (c.award_type === AwardType.NONE) return;
  const tiers: AwardTier[] = [...awardTiers(c)].sort((a, b) => a.priority - b.priority);
  const counts = awardRowCounts(c.award_type, tiers, position);
  let upTo = 0;
  const limits = counts.map((n) => (upTo += n));
  for (const r of rows) {
    if (unranked(r) || !scored(r)) continue;
    const tier = limits.findIndex((limit) => r.rank <= limit);
    if (tier < 0) continue;
    r.isWinAward = true;
    r.awardName = tiers[tier].name;
    r.awardBackground = tiers[tier].background;
    r.awardColor = tiers[tier].color;
  }
}

import { z } from 'zod';
import { idParam, pageOf, vo } from './common.js';

/** Contest ratings (issue 30): Codeforces' published formula, computed once when a rated contest ends. */

/** POST /api/admin/contest/calculate-rating and /api/admin/contest/unrate. */
export const ratingContestBody = z.object({ cid: idParam });
export type RatingContestBody = z.infer<typeof ratingContestBody>;

/** GET /api/get-user-rating-history: by uid or by username (one of them). */
export const userRatingQuery = z.object({
  uid: idParam.optional(),
  username: z.string().trim().min(1).max(50).optional(),
});
export type UserRatingQuery = z.infer<typeof userRatingQuery>;

/** One rated contest of a user, oldest first (the chart's points). Times in ms. */
export const ratingHistoryVo = vo({
  cid: z.number().int(),
  title: z.string(),
  /** The place the formula used (a tie takes the last place of the tie). */
  rank: z.number().int(),
  oldRating: z.number().int(),
  newRating: z.number().int(),
  delta: z.number().int(),
  /** The rating at which this result was expected (the formula's needRating). */
  performance: z.number().int(),
  /** The contest's end (ms). */
  time: z.number().int(),
});
export type RatingHistoryVo = z.infer<typeof ratingHistoryVo>;
export const ratingHistoryList = z.array(ratingHistoryVo);

/** GET /api/get-user-rating: the user's current rating (null: never rated). */
export const userRatingVo = vo({
  uid: z.number().int(),
  username: z.string(),
  rating: z.number().int().nullable(),
  /** Rated contests taken. */
  contests: z.number().int(),
  /** 1-based place among rated users; null when unrated. */
  position: z.number().int().nullable(),
});
export type UserRatingVo = z.infer<typeof userRatingVo>;

/** GET /api/get-rating-rank: the rating ranking (rated users, highest first). */
export const ratingRankQuery = z.object({
  currentPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(30),
  keyword: z.string().trim().max(50).optional(),
});
export type RatingRankQuery = z.infer<typeof ratingRankQuery>;
export const ratingRankVo = vo({
  /** Place by rating (equal ratings share it). */
  rank: z.number().int(),
  uid: z.number().int(),
  username: z.string(),
  nickname: z.string().nullable(),
  avatar: z.string().nullable(),
  titleName: z.string().nullable(),
  titleColor: z.string().nullable(),
  rating: z.number().int(),
  contests: z.number().int(),
});
export type RatingRankVo = z.infer<typeof ratingRankVo>;
export const ratingRankPage = pageOf(ratingRankVo);

/**
 * GET /api/get-user-ratings?uids=1,2,3: the current ratings of a page of users (coloured names in
 * lists where the site switched ratingNameColor on; one call per list page). Unrated users are left out.
 */
export const userRatingsQuery = z.object({
  uids: z.string().max(2000).transform((v, c) => {
    const ids = [...new Set(v.split(',').map((x) => x.trim()).filter(Boolean).map(Number))];
    if (ids.length > 200 || ids.some((n) => !Number.isInteger(n) || n <= 0 || n > 2_147_483_647)) {
      c.addIssue({ code: 'custom', message: 'ratingUidsInvalid' });
      return z.NEVER;
    }
    return ids;
  }),
});
export const userRatingsList = z.array(vo({ uid: z.number().int(), rating: z.number().int() }));
export type UserRatingsList = z.infer<typeof userRatingsList>;

/** One user's change in a contest (the contest's rating table; admin answers). */
export const contestRatingChangeVo = vo({
  uid: z.number().int(),
  username: z.string(),
  rank: z.number().int(),
  oldRating: z.number().int(),
  newRating: z.number().int(),
  delta: z.number().int(),
  performance: z.number().int(),
  /** The user's first rated contest (their old rating is the initial 1500). */
  isFirst: z.boolean(),
});
export type ContestRatingChangeVo = z.infer<typeof contestRatingChangeVo>;

/**
 * A contest's rating state: GET /api/get-contest-rating-changes and the admin calls' answer.
 * state: 'unrated' (the switch is off), 'waiting' (rated, not ended or still judging), 'pending'
 * (to be computed), 'running', 'done', 'failed'.
 */
export const contestRatingVo = vo({
  cid: z.number().int(),
  rated: z.boolean(),
  state: z.enum(['unrated', 'waiting', 'pending', 'running', 'done', 'failed']),
  /** When the changes were computed (ms); null before. */
  doneAt: z.number().int().nullable(),
  changes: z.array(contestRatingChangeVo),
  /**
   * The admin's calculate-rating and unrate only: the later rated contests whose ratings were
   * computed again because they read this one's (a recompute cascades forward, as DMOJ's re-rate).
   */
  cascade: z.array(vo({ cid: z.number().int(), title: z.string() })).optional(),
});
export type ContestRatingVo = z.infer<typeof contestRatingVo>;

/** Codeforces' colour bands (lower bound, name, colour) for the chart and coloured names. */
export const RATING_BANDS = [
  { min: 0, en: 'Newbie', zh: '新手', color: '#808080' },
  { min: 1200, en: 'Pupil', zh: '入门', color: '#008000' },
  { min: 1400, en: 'Specialist', zh: '熟练', color: '#03a89e' },
  { min: 1600, en: 'Expert', zh: '专家', color: '#0000ff' },
  { min: 1900, en: 'Candidate Master', zh: '候选大师', color: '#aa00aa' },
  { min: 2100, en: 'Master', zh: '大师', color: '#ff8c00' },
  { min: 2300, en: 'International Master', zh: '国际大师', color: '#ff8c00' },
  { min: 2400, en: 'Grandmaster', zh: '特级大师', color: '#ff0000' },
  { min: 2600, en: 'International Grandmaster', zh: '国际特级大师', color: '#ff0000' },
  { min: 3000, en: 'Legendary Grandmaster', zh: '传奇特级大师', color: '#aa0000' },
] as const;
export const ratingBandOf = (rating: number) => [...RATING_BANDS].reverse().find((b) => rating >= b.min) ?? RATING_BANDS[0];

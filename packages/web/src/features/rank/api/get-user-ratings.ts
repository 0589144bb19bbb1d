import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserRatingsList } from '@verdict/shared';
import { api } from '../../../lib/request';

/** Query keys of the rating calls of the rank feature, built here only. */
export const ratingKeys = {
  users: (uids: readonly number[]) => ['user-ratings', uids] as const,
  rank: (q: RatingRankQuery) => ['rating-rank', q] as const,
};

export interface RatingRankQuery { currentPage: number; limit: number; keyword?: string }

/** The server takes up to 200 uids in one call. */
const MAX_UIDS = 200;

/** GET /get-user-ratings?uids=: the current ratings of one list page's users (unrated users left out). */
export const getUserRatings = (uids: readonly number[]) => api.get<UserRatingsList>('/get-user-ratings', { uids: uids.join(',') }, { quiet: true });

export const userRatingsQuery = (uids: readonly number[]) => queryOptions({
  queryKey: ratingKeys.users(uids),
  queryFn: async () => new Map((await getUserRatings(uids)).map((r) => [r.uid, r.rating])),
  // Ratings move only when a rated contest is computed.
  staleTime: 5 * 60_000,
});

/** One call per list page (sorted distinct uids), only when the site colours names. */
export function useUserRatings(uids: readonly number[], enabled: boolean) {
  const ids = [...new Set(uids)].sort((a, b) => a - b).slice(0, MAX_UIDS);
  return useQuery({ ...userRatingsQuery(ids), enabled: enabled && ids.length > 0 });
}

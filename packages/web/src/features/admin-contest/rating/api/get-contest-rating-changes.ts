import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContestRatingVo } from '@verdict/shared';
import { api } from '../../../../lib/request';

/** Query keys of the contest rating calls, built here only. */
export const contestRatingKeys = { changes: (cid: number) => ['contest-rating-changes', cid] as const };

/** While a computation is pending or running the screen asks again this often. */
const POLL_MS = 2000;

/** GET /get-contest-rating-changes?cid=: the contest's rating state and changes. */
export const getContestRatingChanges = (cid: number) => api.get<ContestRatingVo>('/get-contest-rating-changes', { cid }, { quiet: true });

export const contestRatingQuery = (cid: number) => queryOptions({
  queryKey: contestRatingKeys.changes(cid),
  queryFn: () => getContestRatingChanges(cid),
  refetchInterval: (q) => (q.state.data?.state === 'pending' || q.state.data?.state === 'running' ? POLL_MS : false),
});

export const useContestRating = (cid: number) => useQuery(contestRatingQuery(cid));

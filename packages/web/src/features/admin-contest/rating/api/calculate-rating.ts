import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContestRatingVo } from '@verdict/shared';
import { api } from '../../../../lib/request';
import { contestRatingKeys } from './get-contest-rating-changes';

/**
 * POST /admin/contest/calculate-rating: computes (or recomputes, after a rejudge) an ended rated
 * contest's changes now; the later rated contests it feeds are computed again (answer.cascade).
 */
export const calculateRating = (cid: number) => api.post<ContestRatingVo>('/admin/contest/calculate-rating', { cid });
/** POST /admin/contest/unrate: the switch off, the changes taken back, later contests computed again. */
export const unrateContest = (cid: number) => api.post<ContestRatingVo>('/admin/contest/unrate', { cid });

function useRatingMutation(cid: number, fn: (cid: number) => Promise<ContestRatingVo>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => fn(cid),
    onSuccess: (data) => qc.setQueryData(contestRatingKeys.changes(cid), data),
  });
}

export const useCalculateRating = (cid: number) => useRatingMutation(cid, calculateRating);
export const useUnrateContest = (cid: number) => useRatingMutation(cid, unrateContest);

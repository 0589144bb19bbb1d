import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RatingHistoryVo, UserRatingVo } from '@verdict/shared';
import { api } from '../../../lib/request';

/** Query keys of the user home's rating calls, built here only. */
export const userRatingKeys = {
  history: (uid: number) => ['user-rating-history', uid] as const,
  rating: (uid: number) => ['user-rating', uid] as const,
};

/** GET /get-user-rating-history?uid=: every rated contest of the user, oldest first (the chart's points). */
export const getUserRatingHistory = (uid: number) => api.get<RatingHistoryVo[]>('/get-user-rating-history', { uid }, { quiet: true });
/** GET /get-user-rating?uid=: current rating, rated contests and place among rated users. */
export const getUserRating = (uid: number) => api.get<UserRatingVo>('/get-user-rating', { uid }, { quiet: true });

export const userRatingHistoryQuery = (uid: number) => queryOptions({ queryKey: userRatingKeys.history(uid), queryFn: () => getUserRatingHistory(uid) });
export const userRatingQuery = (uid: number) => queryOptions({ queryKey: userRatingKeys.rating(uid), queryFn: () => getUserRating(uid) });

export const useUserRatingHistory = (uid: number) => useQuery(userRatingHistoryQuery(uid));
export const useUserRating = (uid: number) => useQuery(userRatingQuery(uid));

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page, RatingRankVo } from '@verdict/shared';
import { api } from '../../../lib/request';
import { ratingKeys, type RatingRankQuery } from './get-user-ratings';

/** GET /get-rating-rank: rated users, highest rating first (equal ratings share a place). */
export const getRatingRank = (q: RatingRankQuery) => api.get<Page<RatingRankVo>>('/get-rating-rank', { ...q, keyword: q.keyword || undefined });

export const ratingRankQuery = (q: RatingRankQuery) => queryOptions({ queryKey: ratingKeys.rank(q), queryFn: () => getRatingRank(q), placeholderData: keepPreviousData });

export const useRatingRank = (q: RatingRankQuery) => useQuery(ratingRankQuery(q));

import type { Page } from '@verdict/shared';
import type { GlobalRankRecord } from '@verdict/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/request';

export type { GlobalRankRecord };
export interface RankQuery { type: 0 | 1; currentPage: number; limit: number; searchUser?: string }

export const rankApi = {
  list: (q: RankQuery) => api.get<Page<GlobalRankRecord>>('/get-rank-list', { ...q, searchUser: q.searchUser || undefined }),
};
export const rankKeys = { list: (q: RankQuery) => ['global-rank', q] as const, top: (type: number) => ['global-rank-top', type] as const };
export const rankListQuery = (q: RankQuery) => queryOptions({ queryKey: rankKeys.list(q), queryFn: () => rankApi.list(q) });
/** The chart's top ten of a rank type. */
export const rankTopQuery = (type: 0 | 1) => queryOptions({ queryKey: rankKeys.top(type), queryFn: () => rankApi.list({ type, currentPage: 1, limit: 10 }) });

import type { GlobalRankRecord } from '@verdict/shared';
import { api } from '../../lib/request';
import type { PageOf } from '../problem/api';

export type { GlobalRankRecord };
export interface RankQuery { type: 0 | 1; currentPage: number; limit: number; searchUser?: string }

export const rankApi = {
  list: (q: RankQuery) => api.get<PageOf<GlobalRankRecord>>('/get-rank-list', { ...q, searchUser: q.searchUser || undefined }),
};
export const rankKeys = { list: (q: RankQuery) => ['global-rank', q] as const, top: (type: number) => ['global-rank-top', type] as const };

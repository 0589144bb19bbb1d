import type { GlobalRankRecord, TrainingCategoryVo, TrainingProblemVo, TrainingRankRow, TrainingVo } from '@verdict/shared';
import { api } from '../../lib/request';
import type { PageOf } from '../problem/api';

export type { TrainingCategoryVo, TrainingProblemVo, TrainingRankRow, TrainingVo, GlobalRankRecord };

/** Filters of /training kept in the query string (spec 02). */
export interface TrainingListQuery { currentPage: number; limit: number; keyword?: string; categoryId?: number; auth?: string }
export interface TrainingDetail extends TrainingVo { access: boolean; isTrainingAdmin: boolean }
export interface FullScreenItem { pid: number; problemId: string; title: string; status: number; score: number | null }

export const trainingApi = {
  categories: () => api.get<TrainingCategoryVo[]>('/get-training-category'),
  list: (q: TrainingListQuery) => api.get<PageOf<TrainingVo>>('/get-training-list', q as unknown as Record<string, unknown>),
  detail: (tid: number) => api.get<TrainingDetail>('/get-training-detail', { tid }),
  access: (tid: number) => api.get<{ access: boolean }>('/get-training-access', { tid }),
  register: (tid: number, password: string) => api.post<null>('/register-training', { tid, password }),
  problems: (tid: number) => api.get<TrainingProblemVo[]>('/get-training-problem-list', { tid }),
  rank: (q: { tid: number; currentPage: number; limit: number; keyword?: string }) => api.get<PageOf<TrainingRankRow>>('/get-training-rank', q),
  fullScreen: (tid: number) => api.get<FullScreenItem[]>('/get-full-screen-problem-list', { tid }),
};

/** Query keys beside their calls. */
export const trainingKeys = {
  categories: ['training-categories'] as const,
  list: (q: TrainingListQuery) => ['training-list', q] as const,
  detail: (tid: number) => ['training-detail', tid] as const,
  problems: (tid: number) => ['training-problems', tid] as const,
  rank: (tid: number, page: number, limit: number, keyword: string) => ['training-rank', tid, page, limit, keyword] as const,
  fullScreen: (tid: number) => ['training-full-screen', tid] as const,
};

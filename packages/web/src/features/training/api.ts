import type { Page } from '@verdict/shared';
import type { FullScreenProblemVo, GlobalRankRecord, TrainingCategoryVo, TrainingDetailVo, UserTrainingVo, TrainingProblemVo, TrainingRankRow, TrainingVo } from '@verdict/shared';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/request';

export type { TrainingCategoryVo, TrainingProblemVo, TrainingRankRow, TrainingVo, GlobalRankRecord };

/** Filters of /training kept in the query string (spec 02). */
export interface TrainingListQuery { currentPage: number; limit: number; keyword?: string; categoryId?: number; auth?: string }
export type TrainingDetail = TrainingDetailVo;
export type FullScreenItem = FullScreenProblemVo;

export const trainingApi = {
  categories: () => api.get<TrainingCategoryVo[]>('/get-training-category'),
  list: (q: TrainingListQuery) => api.get<Page<TrainingVo>>('/get-training-list', q as unknown as Record<string, unknown>),
  detail: (tid: number) => api.get<TrainingDetail>('/get-training-detail', { tid }),
  access: (tid: number) => api.get<{ access: boolean }>('/get-training-access', { tid }),
  register: (tid: number, password: string) => api.post<null>('/register-training', { tid, password }),
  problems: (tid: number) => api.get<TrainingProblemVo[]>('/get-training-problem-list', { tid }),
  rank: (q: { tid: number; currentPage: number; limit: number; keyword?: string }) => api.get<Page<TrainingRankRow>>('/get-training-rank', q),
  fullScreen: (tid: number) => api.get<FullScreenItem[]>('/get-full-screen-problem-list', { tid }),
  /** A user's global rank positions and the trainings they progressed in (user home). */
  rankPosition: (uid: number) => api.get<{ acmRank: number | null; oiRank: number | null }>('/get-user-rank-position', { uid }),
  userTrainings: (uid: number) => api.get<UserTraining[]>('/get-user-trainings', { uid }),
};
export type UserTraining = UserTrainingVo;

/** Query keys beside their calls. */
export const trainingKeys = {
  categories: ['training-categories'] as const,
  list: (q: TrainingListQuery) => ['training-list', q] as const,
  detail: (tid: number) => ['training-detail', tid] as const,
  problems: (tid: number) => ['training-problems', tid] as const,
  rank: (tid: number, page: number, limit: number, keyword: string) => ['training-rank', tid, page, limit, keyword] as const,
  fullScreen: (tid: number) => ['training-full-screen', tid] as const,
  ranks: (tid: number) => ['training-rank', tid] as const,
  rankPosition: (uid: number) => ['user-rank-position', uid] as const,
  userTrainings: (uid: number) => ['user-trainings', uid] as const,
};

export const trainingCategoriesQuery = () => queryOptions({ queryKey: trainingKeys.categories, queryFn: trainingApi.categories });
export const trainingListQuery = (q: TrainingListQuery) => queryOptions({ queryKey: trainingKeys.list(q), queryFn: () => trainingApi.list(q) });
export const trainingDetailQuery = (tid: number) => queryOptions({ queryKey: trainingKeys.detail(tid), queryFn: () => trainingApi.detail(tid) });
export const trainingProblemsQuery = (tid: number) => queryOptions({ queryKey: trainingKeys.problems(tid), queryFn: () => trainingApi.problems(tid) });
export const trainingRankQuery = (tid: number, page: number, limit: number, keyword: string) =>
  queryOptions({ queryKey: trainingKeys.rank(tid, page, limit, keyword), queryFn: () => trainingApi.rank({ tid, currentPage: page, limit, keyword: keyword || undefined }) });
export const trainingFullScreenQuery = (tid: number) => queryOptions({ queryKey: trainingKeys.fullScreen(tid), queryFn: () => trainingApi.fullScreen(tid) });
export const rankPositionQuery = (uid: number) => queryOptions({ queryKey: trainingKeys.rankPosition(uid), queryFn: () => trainingApi.rankPosition(uid) });
export const userTrainingsQuery = (uid: number) => queryOptions({ queryKey: trainingKeys.userTrainings(uid), queryFn: () => trainingApi.userTrainings(uid) });

export const invalidateTrainingDetail = (qc: QueryClient, tid: number) => qc.invalidateQueries({ queryKey: trainingKeys.detail(tid) });
/** After a judge inside a training: its detail, problem list, focus strip and rank show the new status. */
export function invalidateAfterTrainingJudge(qc: QueryClient, tid: number) {
  void qc.invalidateQueries({ queryKey: trainingKeys.detail(tid) });
  void qc.invalidateQueries({ queryKey: trainingKeys.problems(tid) });
  void qc.invalidateQueries({ queryKey: trainingKeys.fullScreen(tid) });
  void qc.invalidateQueries({ queryKey: trainingKeys.ranks(tid) });
}

import type { Page, TrainingAdminRow, TrainingProblemRow } from '@verdict/shared';
import type { TrainingAdminVo, TrainingCategoryVo } from '@verdict/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/request';

export type { TrainingAdminVo, TrainingCategoryVo };
export type AdminTrainingRow = TrainingAdminRow;
/** HOJ's TrainingDTO: the training and its category. */
export interface TrainingDto {
  training: { id?: number; rank: number | string | null; title: string; description: string; auth: string; privatePwd: string; status: boolean; rankShowName: string };
  trainingCategory: { id: number | null } | null;
}
export interface TrainingProblemLink { id: number; tid: number; pid: number; displayId: string; rank: number }
export type AdminProblemRow = TrainingProblemRow;

export const adminTrainingApi = {
  list: (q: { currentPage: number; limit: number; keyword?: string }) => api.get<Page<AdminTrainingRow>>('/admin/training/get-training-list', { ...q, keyword: q.keyword || undefined }),
  get: (tid: number) => api.get<{ training: TrainingAdminVo; trainingCategory: TrainingCategoryVo | null }>('/admin/training', { tid }),
  create: (d: TrainingDto) => api.post<{ id: number }>('/admin/training', d),
  update: (d: TrainingDto) => api.put<null>('/admin/training', d),
  remove: (tid: number) => api.delete<null>('/admin/training', { tid }),
  setStatus: (tid: number, status: boolean, author: string) => api.put<null>('/admin/training/change-training-status', undefined, { params: { tid, status, author } }),
  problems: (q: { tid: number; currentPage: number; limit: number; keyword?: string; queryExisted: boolean }) =>
    api.get<{ problemList: Page<AdminProblemRow>; trainingProblemMap: Record<string, TrainingProblemLink> }>('/admin/training/get-problem-list', { ...q, keyword: q.keyword || undefined }),
  addFromPublic: (b: { tid: number; pid: number; displayId?: string }) => api.post<null>('/admin/training/add-problem-from-public', b),
  updateProblem: (b: { id: number; tid: number; pid: number; rank: number; displayId: string }) => api.put<null>('/admin/training/problem', b),
  removeProblem: (tid: number, pid: number) => api.delete<null>('/admin/training/problem', { tid, pid }),
  categories: () => api.get<TrainingCategoryVo[]>('/get-training-category'),
  addCategory: (c: { name: string; color: string | null }) => api.post<TrainingCategoryVo>('/admin/training/category', c),
  updateCategory: (c: { id: number; name: string; color: string | null }) => api.put<null>('/admin/training/category', c),
  removeCategory: (cid: number) => api.delete<null>('/admin/training/category', { cid }),
};

export const adminTrainingKeys = {
  list: (q: object) => ['admin-trainings', q] as const,
  one: (tid: number) => ['admin-training', tid] as const,
  problems: (q: object) => ['admin-training-problems', q] as const,
  categories: ['training-categories'] as const,
  scoped: (tid: number) => ['scoped-training', tid] as const,
};
export const adminTrainingListQuery = (q: Parameters<typeof adminTrainingApi.list>[0]) => queryOptions({ queryKey: adminTrainingKeys.list(q), queryFn: () => adminTrainingApi.list(q) });
export const adminTrainingProblemsQuery = (q: Parameters<typeof adminTrainingApi.problems>[0]) => queryOptions({ queryKey: adminTrainingKeys.problems(q), queryFn: () => adminTrainingApi.problems(q) });
export const adminTrainingCategoriesQuery = () => queryOptions({ queryKey: adminTrainingKeys.categories, queryFn: adminTrainingApi.categories });
/** The training form's load: the admin's own call, or a group's (`load`, keyed apart). */
export const trainingFormQuery = (tid: number, load?: (tid: number) => Promise<Awaited<ReturnType<typeof adminTrainingApi.get>>>) =>
  queryOptions({ queryKey: load ? adminTrainingKeys.scoped(tid) : adminTrainingKeys.one(tid), queryFn: () => (load ? load(tid) : adminTrainingApi.get(tid)) });

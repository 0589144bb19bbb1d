import type { CategoryVo, DiscussionVo, Page } from '@verdict/shared';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, call } from '../../lib/request';

export type { CategoryVo, DiscussionVo };

export interface DiscussionQuery { currentPage: number; limit: number; cid?: number; pid?: string; onlyMine?: boolean; keyword?: string; admin?: boolean }

export interface DiscussionForm {
  id?: number; title: string; description: string; content: string; categoryId: number | null; pid?: string | null; topPriority: boolean;
}

/** HOJ's forum calls (spec 02 §7); empty filters are dropped like HOJ's client does. */
export const discussionApi = {
  categories: () => api.get<CategoryVo[]>('/discussion-category'),
  saveCategories: (list: { id?: number; name: string }[]) => api.post<CategoryVo[]>('/discussion-category', list),
  list: (q: DiscussionQuery) =>
    api.get<Page<DiscussionVo>>('/get-discussion-list', Object.fromEntries(Object.entries(q).filter(([, v]) => v !== '' && v !== undefined && v !== null && v !== false))),
  detail: (did: number) => api.get<DiscussionVo>('/get-discussion-detail', { did }, { quiet: true }),
  create: (f: DiscussionForm) => api.post<{ id: number }>('/discussion', f),
  update: (f: DiscussionForm) => api.put<null>('/discussion', f),
  remove: (did: number) => api.delete<null>('/discussion', { did }),
  like: (did: number, toLike: boolean) => api.get<null>('/discussion-like', { did, toLike }),
  report: (did: number, reporter: string, content: string) => api.post<null>('/discussion-report', { did, reporter, content }),
};

/** Query keys, kept beside the calls. */
export const discussionKeys = {
  categories: ['discussion-category'] as const,
  list: (q: DiscussionQuery) => ['discussion-list', q] as const,
  listAll: ['discussion-list'] as const,
  detail: (did: number) => ['discussion-detail', did] as const,
};

export const discussionCategoriesQuery = () => queryOptions({ queryKey: discussionKeys.categories, queryFn: discussionApi.categories });
export const discussionListQuery = (q: DiscussionQuery) => queryOptions({ queryKey: discussionKeys.list(q), queryFn: () => discussionApi.list(q) });
export const discussionDetailQuery = (did: number) => queryOptions({ queryKey: discussionKeys.detail(did), queryFn: () => discussionApi.detail(did) });
export const invalidateDiscussionLists = (qc: QueryClient) => qc.invalidateQueries({ queryKey: discussionKeys.listAll });
export const invalidateDiscussionCategories = (qc: QueryClient) => qc.invalidateQueries({ queryKey: discussionKeys.categories });
export const invalidateDiscussionDetail = (qc: QueryClient, did: number) => qc.invalidateQueries({ queryKey: discussionKeys.detail(did) });

/** DELETE with a JSON body (HOJ sends comment and reply deletes that way). */
export const deleteWithBody = async <T,>(url: string, data: unknown) => (await call<T>({ url, method: 'DELETE', data })).data;

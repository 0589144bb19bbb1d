import { queryOptions } from '@tanstack/react-query';
import type { DiscussionReportVo, DiscussionVo, Page } from '@verdict/shared';
import { api, call } from '../../lib/request';

export type { DiscussionReportVo };

/** HOJ's admin discussion calls (spec 03 §7). */
export const adminDiscussionApi = {
  /** The forum list as the admin sees it (admin: true). */
  list: (currentPage: number, limit: number, keyword: string) =>
    api.get<{ records: DiscussionVo[]; total: number }>('/get-discussion-list', { currentPage, limit, admin: true, ...(keyword ? { keyword } : {}) }),
  update: (id: number, patch: { topPriority?: boolean; status?: number }) => api.put<null>('/admin/discussion', { id, ...patch }),
  remove: async (ids: number[]) => (await call<null>({ url: '/admin/discussion', method: 'DELETE', data: ids })).data,
  reports: (currentPage: number, limit: number) => api.get<Page<DiscussionReportVo>>('/admin/discussion-report', { currentPage, limit }),
  handleReport: (id: number, status: boolean) => api.put<null>('/admin/discussion-report', { id, status }),
};

export const adminDiscussionKeys = {
  list: (page: object, keyword: string) => ['admin', 'discussions', page, keyword] as const,
  reports: (page: object) => ['admin', 'discussion-reports', page] as const,
};
export const adminDiscussionsQuery = (page: { current: number; size: number }, keyword: string) =>
  queryOptions({ queryKey: adminDiscussionKeys.list(page, keyword), queryFn: () => adminDiscussionApi.list(page.current, page.size, keyword) });
export const discussionReportsQuery = (page: { current: number; size: number }) =>
  queryOptions({ queryKey: adminDiscussionKeys.reports(page), queryFn: () => adminDiscussionApi.reports(page.current, page.size) });

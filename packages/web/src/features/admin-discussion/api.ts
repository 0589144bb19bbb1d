import type { DiscussionReportVo, Page } from '@verdict/shared';
import { api, call } from '../../lib/request';

export type { DiscussionReportVo };

/** HOJ's admin discussion calls (spec 03 §7). */
export const adminDiscussionApi = {
  update: (id: number, patch: { topPriority?: boolean; status?: number }) => api.put<null>('/admin/discussion', { id, ...patch }),
  remove: async (ids: number[]) => (await call<null>({ url: '/admin/discussion', method: 'DELETE', data: ids })).data,
  reports: (currentPage: number, limit: number) => api.get<Page<DiscussionReportVo>>('/admin/discussion-report', { currentPage, limit }),
  handleReport: (id: number, status: boolean) => api.put<null>('/admin/discussion-report', { id, status }),
};

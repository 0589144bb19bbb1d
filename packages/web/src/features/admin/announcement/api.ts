import { ADMIN_API, type AnnouncementRow } from '@verdict/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/request';
import type { Page } from '../common/page';

export interface AnnouncementInput { title: string; content: string; status: number }

export const announcementAdminApi = {
  list: (currentPage: number, limit: number) => api.get<Page<AnnouncementRow>>(ADMIN_API.announcement, { currentPage, limit }),
  create: (body: AnnouncementInput) => api.post<AnnouncementRow>(ADMIN_API.announcement, body),
  update: (id: number, body: AnnouncementInput) => api.put<AnnouncementRow>(ADMIN_API.announcement, { id, ...body }),
  remove: (id: number) => api.delete<null>(ADMIN_API.announcement, { aid: id }),
};

export const announcementAdminKeys = { list: (page: object) => ['admin', 'announcements', page] as const };
export const adminAnnouncementsQuery = (page: { current: number; size: number }) =>
  queryOptions({ queryKey: announcementAdminKeys.list(page), queryFn: () => announcementAdminApi.list(page.current, page.size) });

import { ADMIN_API, type SysNoticeRow } from '@verdict/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/request';
import type { Page } from '../common/page';

/** A system notice sent by an admin to every user (read in the message centre's system tab). */
export type NoticeRow = SysNoticeRow;
export interface NoticeInput { title: string; content: string }

export const noticeAdminApi = {
  list: (currentPage: number, limit: number) => api.get<Page<NoticeRow>>(ADMIN_API.notice, { currentPage, limit }),
  create: (body: NoticeInput) => api.post<NoticeRow>(ADMIN_API.notice, body),
  update: (id: number, body: NoticeInput) => api.put<NoticeRow>(ADMIN_API.notice, { id, ...body }),
  remove: (id: number) => api.delete<null>(ADMIN_API.notice, { id }),
};

export const noticeAdminKeys = { list: (page: object) => ['admin', 'notices', page] as const };
export const adminNoticesQuery = (page: { current: number; size: number }) =>
  queryOptions({ queryKey: noticeAdminKeys.list(page), queryFn: () => noticeAdminApi.list(page.current, page.size) });

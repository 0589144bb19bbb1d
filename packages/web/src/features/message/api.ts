import type { MsgType, Page, SysMsgVo, UnreadCounts, UserMsgVo } from '@verdict/shared';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/request';

export type { MsgType, SysMsgVo, UnreadCounts, UserMsgVo };

const PATH: Record<MsgType, string> = { Discuss: '/msg/comment', Reply: '/msg/reply', Like: '/msg/like', Sys: '/msg/sys', Mine: '/msg/mine' };

/** HOJ's message calls (spec 01 §7). */
export const messageApi = {
  unread: () => api.get<UnreadCounts>('/msg/unread', undefined, { quiet: true }),
  list: <T extends UserMsgVo | SysMsgVo>(type: MsgType, currentPage: number, limit: number) => api.get<Page<T>>(PATH[type], { currentPage, limit }),
  clean: (type: MsgType, id?: number) => api.delete<null>('/msg/clean', id ? { type, id } : { type }),
};

/** Query keys of the message calls; the navbar badge (app/layouts/useUnreadMessages.ts) reads the same unread entry. */
export const messageKeys = { unread: ['msg-unread'] as const, list: (type: MsgType, page: number) => ['msg-list', type, page] as const };

export const unreadQuery = () => queryOptions({ queryKey: messageKeys.unread, queryFn: messageApi.unread });
export const messageListQuery = (type: MsgType, page: number, limit: number) =>
  queryOptions({ queryKey: messageKeys.list(type, page), queryFn: () => messageApi.list<UserMsgVo | SysMsgVo>(type, page, limit) });
export const invalidateUnread = (qc: QueryClient) => qc.invalidateQueries({ queryKey: messageKeys.unread });

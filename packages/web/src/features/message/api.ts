import type { MsgType, Page, SysMsgVo, UnreadCounts, UserMsgVo } from '@verdict/shared';
import { api } from '../../lib/request';

export type { MsgType, SysMsgVo, UnreadCounts, UserMsgVo };

const PATH: Record<MsgType, string> = { Discuss: '/msg/comment', Reply: '/msg/reply', Like: '/msg/like', Sys: '/msg/sys', Mine: '/msg/mine' };

/** HOJ's message calls (spec 01 §7). */
export const messageApi = {
  unread: () => api.get<UnreadCounts>('/msg/unread', undefined, { quiet: true }),
  list: <T extends UserMsgVo | SysMsgVo>(type: MsgType, currentPage: number, limit: number) => api.get<Page<T>>(PATH[type], { currentPage, limit }),
  clean: (type: MsgType, id?: number) => api.delete<null>('/msg/clean', id ? { type, id } : { type }),
};

/** The navbar badge polls the same key (app/layouts/useUnreadMessages.ts). */
export const unreadKey = ['msg-unread'] as const;
export const messageKeys = { list: (type: MsgType, page: number) => ['msg-list', type, page] as const };

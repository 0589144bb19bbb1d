import type { AccountLimitRule, ContestForm } from '@verdict/shared';
import { api } from '../../lib/request';
import type { PageOf } from '../problem/api';
import type { Contest } from '../contest/api';

/** What the admin edit form loads (get /admin/contest). */
export interface AdminContest extends Contest {
  pwd: string;
  sealRankChoice: number;
  openAccountLimit: boolean;
  accountLimitRule: AccountLimitRule;
  starAccount: string[];
  visible: boolean;
  gmtCreate: string | number;
  gmtModified: string | number;
}

export const adminContestApi = {
  list: (q: { currentPage: number; limit: number; keyword?: string }) => api.get<PageOf<AdminContest>>('/admin/contest/get-contest-list', { ...q, keyword: q.keyword || undefined }),
  get: (cid: number) => api.get<AdminContest>('/admin/contest', { cid }),
  create: (f: ContestForm) => api.post<AdminContest>('/admin/contest', f),
  update: (f: ContestForm) => api.put<AdminContest>('/admin/contest', f),
  setVisible: (cid: number, visible: boolean) => api.put<null>('/admin/contest/change-contest-visible', undefined, { params: { cid, visible } }),
  remove: (cid: number) => api.delete<null>('/admin/contest', { cid }),
};

export interface AdminContestProblem { id: number; cid: number; pid: number; displayId: string; displayTitle: string; color: string | null; problemId: string; title: string; type: number }

export const adminContestProblemApi = {
  list: (cid: number) => api.get<AdminContestProblem[]>('/admin/contest/get-problem-list', { cid }),
  addFromPublic: (b: { cid: number; pid: number; displayId: string; color?: string | null }) => api.post<null>('/admin/contest/add-problem-from-public', b),
  update: (b: { cid: number; pid: number; displayId: string; displayTitle?: string; color?: string | null }) => api.put<null>('/admin/contest/contest-problem', b),
  remove: (cid: number, pid: number) => api.delete<null>('/admin/contest/problem', { cid, pid }),
};

export interface AdminContestAnnouncement { id: number; cid: number; title: string; content: string; status: number; username: string; gmtCreate: number; gmtModified: number }

export const adminContestAnnouncementApi = {
  list: (cid: number, currentPage: number, limit: number) => api.get<PageOf<AdminContestAnnouncement>>('/admin/contest/announcement', { cid, currentPage, limit }),
  create: (b: { cid: number; title: string; content: string; status: number }) => api.post<null>('/admin/contest/announcement', b),
  update: (b: { id: number; cid: number; title: string; content: string; status: number }) => api.put<null>('/admin/contest/announcement', b),
  remove: (cid: number, id: number) => api.delete<null>('/admin/contest/announcement', { cid, id }),
};

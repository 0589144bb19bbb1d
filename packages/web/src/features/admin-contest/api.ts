import { formatAccountLimitRule, type ContestForm, type Page, type AdminContestVo, type ContestAnnouncementVo } from '@verdict/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/request';
import { problemApi } from '../problem';
import { contestProblemRows, type ContestProblemPage } from './problem-rows';

export type { AdminContestProblem } from './problem-rows';

/** The form as HOJ's client sends it: dates as ISO strings, the account limit rule as its tagged text. */
export function contestFormWire(f: ContestForm) {
  const iso = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());
  return { ...f, startTime: iso(f.startTime), endTime: iso(f.endTime), accountLimitRule: f.accountLimitRule ? formatAccountLimitRule(f.accountLimitRule) : null };
}

/** What the admin edit form loads (get /admin/contest). */
export type AdminContest = AdminContestVo;

export const adminContestApi = {
  list: (q: { currentPage: number; limit: number; keyword?: string }) => api.get<Page<AdminContest>>('/admin/contest/get-contest-list', { ...q, keyword: q.keyword || undefined }),
  get: (cid: number) => api.get<AdminContest>('/admin/contest', { cid }),
  create: (f: ContestForm) => api.post<AdminContest>('/admin/contest', contestFormWire(f)),
  update: (f: ContestForm) => api.put<AdminContest>('/admin/contest', contestFormWire(f)),
  setVisible: (cid: number, visible: boolean) => api.put<null>('/admin/contest/change-contest-visible', undefined, { params: { cid, visible } }),
  remove: (cid: number) => api.delete<null>('/admin/contest', { cid }),
};


/** A contest holds far fewer problems than this: the screen shows them on one page. */
const CONTEST_PROBLEMS_PAGE = 200;

export const adminContestProblemApi = {
  list: async (cid: number) => contestProblemRows(await api.get<ContestProblemPage>('/admin/contest/get-problem-list', { cid, currentPage: 1, limit: CONTEST_PROBLEMS_PAGE })),
  addFromPublic: (b: { cid: number; pid: number; displayId: string; color?: string | null }) => api.post<null>('/admin/contest/add-problem-from-public', b),
  update: (b: { cid: number; pid: number; displayId: string; displayTitle?: string; color?: string | null }) => api.put<null>('/admin/contest/contest-problem', b),
  remove: (cid: number, pid: number) => api.delete<null>('/admin/contest/problem', { cid, pid }),
};

export type AdminContestAnnouncement = ContestAnnouncementVo;

export const adminContestAnnouncementApi = {
  list: (cid: number, currentPage: number, limit: number) => api.get<Page<AdminContestAnnouncement>>('/admin/contest/announcement', { cid, currentPage, limit }),
  create: (b: { cid: number; title: string; content: string; status: number }) => api.post<null>('/admin/contest/announcement', b),
  update: (b: { id: number; cid: number; title: string; content: string; status: number }) => api.put<null>('/admin/contest/announcement', b),
  remove: (cid: number, id: number) => api.delete<null>('/admin/contest/announcement', { cid, id }),
};

/** Query keys of the admin contest calls, built here only. */
export const adminContestKeys = {
  list: (q: object) => ['admin-contests', q] as const,
  one: (cid: number | undefined) => ['admin-contest', cid] as const,
  /** A group contest in the contest form. */
  scoped: (cid: number) => ['scoped-contest', cid] as const,
  problems: (cid: number) => ['admin-contest-problems', cid] as const,
  addPublic: (q: object) => ['contest-add-public', q] as const,
  announcements: (cid: number, page: number) => ['admin-contest-announcements', cid, page] as const,
};
export const adminContestListQuery = (q: Parameters<typeof adminContestApi.list>[0]) => queryOptions({ queryKey: adminContestKeys.list(q), queryFn: () => adminContestApi.list(q) });
export const adminContestQuery = (cid: number) => queryOptions({ queryKey: adminContestKeys.one(cid), queryFn: () => adminContestApi.get(cid) });
/** The contest form's load: the admin's own call, or a group's (`load`, keyed apart). */
export const contestFormQuery = (cid: number, load?: (cid: number) => Promise<AdminContest>) =>
  queryOptions({ queryKey: load ? adminContestKeys.scoped(cid) : adminContestKeys.one(cid), queryFn: () => (load ? load(cid) : adminContestApi.get(cid)) });
export const adminContestProblemsQuery = (cid: number) => queryOptions({ queryKey: adminContestKeys.problems(cid), queryFn: () => adminContestProblemApi.list(cid) });
/** Public problems offered to a contest (the "add from public" dialog). */
export const addPublicProblemsQuery = (q: { keyword: string; currentPage: number; limit: number }) =>
  queryOptions({ queryKey: adminContestKeys.addPublic(q), queryFn: () => problemApi.list({ ...q, keyword: q.keyword || undefined }) });
export const adminContestAnnouncementsQuery = (cid: number, page: number, limit: number) =>
  queryOptions({ queryKey: adminContestKeys.announcements(cid, page), queryFn: () => adminContestAnnouncementApi.list(cid, page, limit) });

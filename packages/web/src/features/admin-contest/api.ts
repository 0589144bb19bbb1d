import { formatAccountLimitRule, type ContestForm, type ProblemSaveBody } from '@verdict/shared';
import { api } from '../../lib/request';
import type { PageOf } from '../problem/api';
import type { Contest } from '../contest/api';
import { adminProblemApi, type AdminProblemView } from '../admin-problem/api';
import { contestProblemRows, type ContestProblemPage } from './problem-rows';

export type { AdminContestProblem } from './problem-rows';

/** The form as HOJ's client sends it: dates as ISO strings, the account limit rule as its tagged text. */
export function contestFormWire(f: ContestForm) {
  const iso = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());
  return { ...f, startTime: iso(f.startTime), endTime: iso(f.endTime), accountLimitRule: f.accountLimitRule ? formatAccountLimitRule(f.accountLimitRule) : null };
}

/** What the admin edit form loads (get /admin/contest). */
export interface AdminContest extends Contest {
  pwd: string;
  sealRankChoice: number;
  openAccountLimit: boolean;
  /** HOJ's tagged text (parseAccountLimitRule reads it), null without a rule. */
  accountLimitRule: string | null;
  starAccount: string[];
  visible: boolean;
  gmtCreate: string | number;
  gmtModified: string | number;
}

export const adminContestApi = {
  list: (q: { currentPage: number; limit: number; keyword?: string }) => api.get<PageOf<AdminContest>>('/admin/contest/get-contest-list', { ...q, keyword: q.keyword || undefined }),
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

/** Where a problem sits in a contest, sent with the problem form in contest mode. */
export interface ContestProblemPlace { displayId: string; displayTitle: string; color?: string | null }
export type ContestProblemView = AdminProblemView & ContestProblemPlace;
export type ContestProblemSaveBody = ProblemSaveBody & ContestProblemPlace & { cid: number };

/** A problem through its contest (contest-only problems are created here: auth 3, the contest's rule type). */
export const adminContestProblemFormApi = {
  /** The problem as the admin form loads it, plus its place in the contest (the entity call carries it). */
  get: async (cid: number, pid: number): Promise<ContestProblemView> => {
    const [place, view] = await Promise.all([
      api.get<ContestProblemPlace>('/admin/contest/problem', { cid, pid }),
      adminProblemApi.get(pid),
    ]);
    return { ...view, displayId: place.displayId, displayTitle: place.displayTitle, color: place.color };
  },
  create: (body: ContestProblemSaveBody) => api.post<{ pid: number }>('/admin/contest/problem', body),
  update: (body: ContestProblemSaveBody) => api.put<{ pid: number }>('/admin/contest/problem', body),
};

export interface AdminContestAnnouncement { id: number; cid: number; title: string; content: string; status: number; username: string; gmtCreate: number; gmtModified: number }

export const adminContestAnnouncementApi = {
  list: (cid: number, currentPage: number, limit: number) => api.get<PageOf<AdminContestAnnouncement>>('/admin/contest/announcement', { cid, currentPage, limit }),
  create: (b: { cid: number; title: string; content: string; status: number }) => api.post<null>('/admin/contest/announcement', b),
  update: (b: { id: number; cid: number; title: string; content: string; status: number }) => api.put<null>('/admin/contest/announcement', b),
  remove: (cid: number, id: number) => api.delete<null>('/admin/contest/announcement', { cid, id }),
};

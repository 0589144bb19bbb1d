import type { AcmCell, AwardTier, ContestForm, ScoreboardRecord } from '@verdict/shared';
import { api } from '../../lib/request';
import type { PageOf, ProblemDetail } from '../problem/api';

/** Contest as get-contest-list / get-contest-info return it (spec 02 §3). */
export interface Contest {
  id: number;
  title: string;
  description: string;
  type: number;
  auth: number;
  status: number;
  startTime: number;
  endTime: number;
  now: number;
  /** Seconds (HOJ's unit). */
  duration: number;
  progress: number;
  count: number;
  openRank: boolean;
  openPrint: boolean;
  gid: number | null;
  oiRankScoreType: string;
  rankShowName: string;
  sealRank: boolean;
  sealRankTime: number | null;
  autoRealRank: boolean;
  allowEndSubmit: boolean;
  author: string;
  uid: number;
  awardType: number;
  awardConfigList: AwardTier[];
  isContestAdmin?: boolean;
}

export interface ContestProblem {
  id: number;
  cid: number;
  pid: number;
  displayId: string;
  displayTitle: string;
  color: string | null;
  type: number;
  ac: number | null;
  total: number | null;
  myStatus: number;
  score: number | null;
}

export interface RankQuery {
  cid: number;
  currentPage: number;
  limit: number;
  forceRefresh?: boolean;
  removeStar?: boolean;
  containsEnd?: boolean;
  keyword?: string;
  concernedList?: number[];
}

export type { AcmCell, ScoreboardRecord };

export interface ContestListQuery { currentPage: number; limit: number; status?: number; type?: number; keyword?: string }

export const contestApi = {
  list: (q: ContestListQuery) => api.get<PageOf<Contest>>('/get-contest-list', { ...q, keyword: q.keyword || undefined }),
  info: (cid: number) => api.get<Contest>('/get-contest-info', { cid }, { quiet: true }),
  outsideInfo: (cid: number) => api.get<{ contest: Contest; problemList: ContestProblem[] }>('/get-contest-outsize-info', { cid }, { quiet: true }),
  access: (cid: number) => api.get<{ access: boolean }>('/get-contest-access', { cid }, { quiet: true }),
  register: (cid: number, password: string) => api.post<null>('/register-contest', { cid, password }),
  problems: (cid: number, containsEnd: boolean) => api.get<ContestProblem[]>('/get-contest-problem', { cid, containsEnd: containsEnd || undefined }),
  rank: (q: RankQuery) => api.post<PageOf<ScoreboardRecord>>('/get-contest-rank', q, { quiet: true }),
  outsideRank: (q: RankQuery) => api.post<PageOf<ScoreboardRecord>>('/get-contest-outside-scoreboard', q, { quiet: true }),
};

export type { ContestForm };

export interface ContestProblemDetailResponse extends Omit<ProblemDetail, 'problemCount'> { problemCount: number; myStatus: number | null; myScore: number | null }

export const contestProblemApi = {
  detail: (cid: number, displayId: string, containsEnd: boolean) =>
    api.get<ContestProblemDetailResponse>('/get-contest-problem-details', { cid, displayId, containsEnd: containsEnd || undefined }, { quiet: true }),
};

/** The shared problem page expects problem-wide statistics; inside a contest they are not shown, so they are zero. */
export function asProblemDetail(d: ContestProblemDetailResponse): ProblemDetail {
  return { ...d, problemCount: { total: 0, ac: 0, wa: 0, ce: 0, pa: 0, tle: 0, mle: 0, re: 0, pe: 0 } };
}

export interface ContestAnnouncementRow { id: number; cid: number; title: string; content: string; status: number; uid: number; username: string; gmtCreate: number; gmtModified: number }
export interface AcInfoRow { id: number; cid: number; pid: number; submitId: number; submitTime: number; displayId: string; color: string | null; firstBlood: boolean; username: string; realname: string | null; checked: boolean }
export interface PrintRow { id: number; username: string; realname: string | null; status: number; gmtCreate: number }

export const contestExtraApi = {
  announcements: (cid: number, currentPage: number, limit: number) => api.get<PageOf<ContestAnnouncementRow>>('/get-contest-announcement', { cid, currentPage, limit }, { quiet: true }),
  unread: (cid: number, readAnnouncementList: number[]) =>
    api.post<{ id: number; title: string; content: string; gmtCreate: number }[]>('/get-contest-not-read-announcement', { cid, readAnnouncementList }, { quiet: true }),
  acInfo: (cid: number, currentPage: number, limit: number) => api.get<PageOf<AcInfoRow>>('/get-contest-ac-info', { cid, currentPage, limit }, { quiet: true }),
  checkAcInfo: (cid: number, id: number, checked: boolean) => api.put<null>('/check-contest-ac-info', { cid, id, checked }),
  print: (cid: number, content: string) => api.post<null>('/submit-print-text', { cid, content }),
  printList: (cid: number, currentPage: number, limit: number) => api.get<PageOf<PrintRow>>('/get-contest-print', { cid, currentPage, limit }, { quiet: true }),
  printDone: (cid: number, id: number) => api.put<null>('/check-contest-print-status', undefined, { params: { cid, id } }),
};

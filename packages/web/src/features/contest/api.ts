import type { AcmCell, ContestAcInfoVo, ContestAnnouncementVo, ContestForm, ContestPrintVo, ContestProblemInfoVo, ContestProblemVo, ContestVo, FullScreenProblemVo, ScoreboardRecord } from '@verdict/shared';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/request';
import type { Page } from '@verdict/shared';
import type { ProblemDetail } from '../problem';

/** Contest as get-contest-list / get-contest-info return it (spec 02 §3; only the info call says isContestAdmin). */
export type Contest = ContestVo & { isContestAdmin?: boolean };
export type ContestProblem = ContestProblemVo;

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
  list: (q: ContestListQuery) => api.get<Page<Contest>>('/get-contest-list', { ...q, keyword: q.keyword || undefined }),
  info: (cid: number) => api.get<Contest>('/get-contest-info', { cid }, { quiet: true }),
  outsideInfo: (cid: number) => api.get<{ contest: Contest; problemList: Omit<ContestProblem, 'myStatus' | 'score'>[] }>('/get-contest-outsize-info', { cid }, { quiet: true }),
  access: (cid: number) => api.get<{ access: boolean }>('/get-contest-access', { cid }, { quiet: true }),
  register: (cid: number, password: string) => api.post<null>('/register-contest', { cid, password }),
  problems: (cid: number, containsEnd: boolean) => api.get<ContestProblem[]>('/get-contest-problem', { cid, containsEnd: containsEnd || undefined }),
  rank: (q: RankQuery) => api.post<Page<ScoreboardRecord>>('/get-contest-rank', q, { quiet: true }),
  outsideRank: (q: RankQuery) => api.post<Page<ScoreboardRecord>>('/get-contest-outside-scoreboard', q, { quiet: true }),
};

export type { ContestForm };

export type ContestProblemDetailResponse = ContestProblemInfoVo;

export const contestProblemApi = {
  detail: (cid: number, displayId: string, containsEnd: boolean) =>
    api.get<ContestProblemDetailResponse>('/get-contest-problem-details', { cid, displayId, containsEnd: containsEnd || undefined }, { quiet: true }),
};

/** The shared problem page reads the same shape; `problemCount` holds the contest's own statistics (HOJ's ProblemCountVO). */
export function asProblemDetail(d: ContestProblemDetailResponse): ProblemDetail {
  return d;
}

export type ContestAnnouncementRow = ContestAnnouncementVo;
export type AcInfoRow = ContestAcInfoVo;
export type PrintRow = ContestPrintVo;

export const contestExtraApi = {
  announcements: (cid: number, currentPage: number, limit: number) => api.get<Page<ContestAnnouncementRow>>('/get-contest-announcement', { cid, currentPage, limit }, { quiet: true }),
  unread: (cid: number, readAnnouncementList: number[]) =>
    api.post<{ id: number; title: string; content: string; gmtCreate: number }[]>('/get-contest-not-read-announcement', { cid, readAnnouncementList }, { quiet: true }),
  acInfo: (cid: number, currentPage: number, limit: number) => api.get<Page<AcInfoRow>>('/get-contest-ac-info', { cid, currentPage, limit }, { quiet: true }),
  checkAcInfo: (cid: number, id: number, checked: boolean) => api.put<null>('/check-contest-ac-info', { cid, id, checked }),
  print: (cid: number, content: string) => api.post<null>('/submit-print-text', { cid, content }),
  printList: (cid: number, currentPage: number, limit: number) => api.get<Page<PrintRow>>('/get-contest-print', { cid, currentPage, limit }, { quiet: true }),
  printDone: (cid: number, id: number) => api.put<null>('/check-contest-print-status', undefined, { params: { cid, id } }),
};

export type FullScreenStripItem = FullScreenProblemVo;
export const fullScreenList = (cid: number) => api.get<FullScreenStripItem[]>('/get-full-screen-problem-list', { cid });

/** Query keys of the contest calls, built here only. */
export const contestKeys = {
  list: (q: ContestListQuery) => ['contest-list', q] as const,
  info: (cid: number) => ['contest-info', cid] as const,
  outsideInfo: (cid: number) => ['contest-outside-info', cid] as const,
  access: (cid: number) => ['contest-access', cid] as const,
  problems: (cid: number, containsEnd: boolean) => ['contest-problems', cid, containsEnd] as const,
  problemDetail: (cid: number, displayId: string, containsEnd: boolean) => ['contest-problem-detail', cid, displayId, containsEnd] as const,
  fullScreenLists: ['full-screen-problem-list'] as const,
  fullScreen: (cid: number) => ['full-screen-problem-list', cid] as const,
  rank: (q: RankQuery, force: number) => ['contest-rank', q, force] as const,
  announcements: (cid: number) => ['contest-announcement', cid] as const,
  acInfo: (cid: number, page: number) => ['contest-ac-info', cid, page] as const,
  print: (cid: number, page: number) => ['contest-print', cid, page] as const,
};

export const contestListQuery = (q: ContestListQuery) => queryOptions({ queryKey: contestKeys.list(q), queryFn: () => contestApi.list(q) });
export const contestInfoQuery = (cid: number) => queryOptions({ queryKey: contestKeys.info(cid), queryFn: () => contestApi.info(cid) });
export const contestOutsideInfoQuery = (cid: number) => queryOptions({ queryKey: contestKeys.outsideInfo(cid), queryFn: () => contestApi.outsideInfo(cid) });
export const contestAccessQuery = (cid: number) => queryOptions({ queryKey: contestKeys.access(cid), queryFn: () => contestApi.access(cid) });
export const contestProblemsQuery = (cid: number, containsEnd: boolean) => queryOptions({ queryKey: contestKeys.problems(cid, containsEnd), queryFn: () => contestApi.problems(cid, containsEnd) });
export const contestProblemDetailQuery = (cid: number, displayId: string, containsEnd: boolean) =>
  queryOptions({ queryKey: contestKeys.problemDetail(cid, displayId, containsEnd), queryFn: () => contestProblemApi.detail(cid, displayId, containsEnd) });
export const fullScreenListQuery = (cid: number) => queryOptions({ queryKey: contestKeys.fullScreen(cid), queryFn: () => fullScreenList(cid) });
/** The scoreboard (inside or outside the contest: `load`); `force` counts the "force refresh" clicks. */
export const contestRankQuery = (q: RankQuery, force: number, load: (q: RankQuery) => Promise<Page<ScoreboardRecord>>) =>
  queryOptions({ queryKey: contestKeys.rank(q, force), queryFn: () => load({ ...q, forceRefresh: force > 0 }) });
export const acInfoQuery = (cid: number, page: number, limit: number) => queryOptions({ queryKey: contestKeys.acInfo(cid, page), queryFn: () => contestExtraApi.acInfo(cid, page, limit) });
export const printQueueQuery = (cid: number, page: number, limit: number) => queryOptions({ queryKey: contestKeys.print(cid, page), queryFn: () => contestExtraApi.printList(cid, page, limit) });

export const invalidateContestAccess = (qc: QueryClient, cid: number) => qc.invalidateQueries({ queryKey: contestKeys.access(cid) });
/** After a judge: the focus-mode strips show the new status. */
export const invalidateFullScreenLists = (qc: QueryClient) => qc.invalidateQueries({ queryKey: contestKeys.fullScreenLists });

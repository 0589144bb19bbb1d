import { queryOptions } from '@tanstack/react-query';
import type { BankTagVo, LanguageVo, Page, ProblemTagVo, UserProblemStatusVo, ProblemCountVo, ProblemEntityVo, ProblemListRow } from '@verdict/shared';
import type { ProblemView as ProblemDetail } from '../editor';
import { api } from '../../lib/request';

/** A tag of a bank (the tag lists); a problem's own tags are TagVo (id, name, colour). */
export type Tag = BankTagVo;
export type TagGroup = ProblemTagVo;

/** The problem page's detail: get-problem-detail's answer (a contest's has no parsed examples). */
export type { ProblemView as ProblemDetail } from '../editor';
export type Language = LanguageVo;
export type Problem = ProblemEntityVo;
export type ProblemCount = ProblemCountVo;
export type UserProblemStatus = UserProblemStatusVo;

export const problemApi = {
  list: (q: Record<string, unknown>) => api.get<Page<ProblemListRow>>('/get-problem-list', q),
  tagsAndClassification: (oj: string) => api.get<TagGroup[]>('/get-problem-tags-and-classification', { oj }),
  allTags: (oj: string) => api.get<Tag[]>('/get-all-problem-tags', { oj }),
  random: () => api.get<{ problemId: string }>('/get-random-problem'),
  detail: (problemId: string, gid?: number) => api.get<ProblemDetail>('/get-problem-detail', { problemId, gid }),
  userStatus: (pidList: number[], opts: { cid?: number; gid?: number; isContestProblemList?: boolean } = {}) =>
    api.post<Record<string, UserProblemStatus>>('/get-user-problem-status', { pidList, isContestProblemList: !!opts.isContestProblemList, cid: opts.cid ?? null, gid: opts.gid ?? null }, { quiet: true }),
  languages: (pid?: number, all = false) => api.get<Language[]>('/languages', { pid, all }),
  annex: (pid: number) => api.get<{ name: string; content: string }[]>('/get-problem-annex', { pid }),
};

/** Query keys of the problem calls, built here only. */
export const problemKeys = {
  list: (q: object) => ['problem-list', q] as const,
  status: (pids: number[]) => ['problem-status', pids] as const,
  tags: (oj: string) => ['problem-tags', oj] as const,
  allTags: (oj: string) => ['all-tags', oj] as const,
  detail: (problemId: string, gid?: number, cid?: number) => ['problem-detail', problemId, gid, cid] as const,
  /** A problem's languages, or 'all' of them (the admin form and the help pages share this entry). */
  languages: (pid: number | 'all' | undefined) => ['languages', pid] as const,
};

export const problemListQuery = (q: object, load: () => Promise<Page<ProblemListRow>>) => queryOptions({ queryKey: problemKeys.list(q), queryFn: load });
export const problemStatusQuery = (pids: number[]) => queryOptions({ queryKey: problemKeys.status(pids), queryFn: () => problemApi.userStatus(pids) });
export const problemTagsQuery = (oj: string) => queryOptions({ queryKey: problemKeys.tags(oj), queryFn: () => problemApi.tagsAndClassification(oj) });
export const allTagsQuery = (oj: string) => queryOptions({ queryKey: problemKeys.allTags(oj), queryFn: () => problemApi.allTags(oj) });
/** The problem page's detail; a contest passes its own loader (`load`), keyed by its cid. */
export const problemDetailQuery = (problemId: string, gid?: number, cid?: number, load?: () => Promise<ProblemDetail>) =>
  queryOptions({ queryKey: problemKeys.detail(problemId, gid, cid), queryFn: () => (load ? load() : problemApi.detail(problemId, gid)) });
export const problemLanguagesQuery = (pid: number | undefined) => queryOptions({ queryKey: problemKeys.languages(pid), queryFn: () => problemApi.languages(pid) });
export const allLanguagesQuery = () => queryOptions({ queryKey: problemKeys.languages('all'), queryFn: () => problemApi.languages(undefined, true) });

/** Remote judge of a problem id like "CF-1000A" (ME for our own problems). */
export const ojOfProblemId = (problemId: string) => {
  const m = /^([A-Z]+)-/.exec(problemId);
  return m && ['HDU', 'CF', 'POJ', 'GYM', 'AC', 'SPOJ', 'LIBRE'].includes(m[1]) ? m[1] : 'ME';
};

/**
 * Limits display of spec 01 §9: C and C++ show the stated limits, other languages double, except
 * problems from CF or GYM which are never doubled.
 */
export function shownLimits(p: Pick<Problem, 'problemId' | 'timeLimit' | 'memoryLimit'>, language?: string) {
  const remoteUndoubled = /^(CF|GYM)-/.test(p.problemId);
  const isC = !language || /^(c|c\+\+|gcc|g\+\+|clang)/i.test(language) || /^c(\+\+)?\s?\d*$/i.test(language.trim());
  const k = remoteUndoubled || isC ? 1 : 2;
  return { time: p.timeLimit * k, memory: p.memoryLimit * k, doubled: k === 2 };
}

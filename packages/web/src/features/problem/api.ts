import type { ProblemListRow } from '@verdict/shared';
import { api } from '../../lib/request';

export interface Tag { id: number; name: string; color: string | null; oj?: string; classificationId?: number | null }
export interface TagGroup { classification: { id: number; name: string; oj: string } | null; tagList: Tag[] }
export interface PageOf<T> { records: T[]; total: number; current: number; size: number }

/** Problem of spec 01 §3 as get-problem-detail returns it. */
export interface Problem {
  id: number;
  problemId: string;
  title: string;
  author: string | null;
  authorUid?: number;
  description: string;
  input: string;
  output: string;
  examples: string;
  hint: string | null;
  source: string | null;
  timeLimit: number;
  memoryLimit: number;
  difficulty: number;
  type: number;
  ioScore: number;
  isFileIO: boolean;
  ioReadFileName: string | null;
  ioWriteFileName: string | null;
  isRemote: boolean;
  gid: number;
  judgeMode?: string;
  userExtraFile: Record<string, string> | null;
}
export interface ProblemCount { total: number; ac: number; wa: number; ce: number; pa: number; tle: number; mle: number; re: number; pe: number; se?: number }
export interface ProblemDetail {
  problem: Problem;
  tags: Tag[];
  languages: string[];
  codeTemplate: Record<string, string>;
  problemCount: ProblemCount;
  /** Set by the server when the user may not submit (e.g. banned); optional. */
  submitDisabled?: boolean;
}
export interface Language { name: string; description: string; compileCommand: string; template: string; oj: string; contentType: string; available?: boolean; version?: string | null }
export interface UserProblemStatus { status: number; score: number | null }

export const problemApi = {
  list: (q: Record<string, unknown>) => api.get<PageOf<ProblemListRow>>('/get-problem-list', q),
  tagsAndClassification: (oj: string) => api.get<TagGroup[]>('/get-problem-tags-and-classification', { oj }),
  allTags: (oj: string) => api.get<Tag[]>('/get-all-problem-tags', { oj }),
  random: () => api.get<{ problemId: string }>('/get-random-problem'),
  detail: (problemId: string, gid?: number) => api.get<ProblemDetail>('/get-problem-detail', { problemId, gid }),
  userStatus: (pidList: number[], opts: { cid?: number; gid?: number; isContestProblemList?: boolean } = {}) =>
    api.post<Record<string, UserProblemStatus>>('/get-user-problem-status', { pidList, isContestProblemList: !!opts.isContestProblemList, cid: opts.cid ?? null, gid: opts.gid ?? null }, { quiet: true }),
  languages: (pid?: number, all = false) => api.get<Language[]>('/languages', { pid, all }),
  annex: (pid: number) => api.get<{ name: string; content: string }[]>('/get-problem-annex', { pid }),
};

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

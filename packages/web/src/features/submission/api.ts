import type { JudgeCase, JudgeCaseVo, LastAcCode, Page, SubmissionInfoVo, SubmissionStatusVo, SubmissionVo, SubmitProblemJudgeInput, SubTaskJudgeCaseVo, TestJudgeVo } from '@verdict/shared';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { showError } from '../../lib/feedback';
import { ApiError, api } from '../../lib/request';
import { newIdempotencyKey, retrySubmit } from './submit-retry';

/** Submission of spec 01 §3 (a list row, a detail, a submit's answer). */
export type Submission = SubmissionVo;
export type SubmissionDetailResponse = SubmissionInfoVo;
export type StatusSnapshot = SubmissionStatusVo;
export type { JudgeCase };
export type SubtaskResult = SubTaskJudgeCaseVo;
export type CaseResults = JudgeCaseVo;

export interface SubmissionFilter {
  onlyMine?: boolean;
  status?: number;
  username?: string;
  problemID?: string;
  completeProblemID?: boolean;
  contestID?: number;
  gid?: number;
  beforeContestSubmit?: boolean;
  containsEnd?: boolean;
  currentPage: number;
  limit: number;
}

export type TestRunResult = TestJudgeVo;

/** submit-problem-judge returns the submission id (a number or an object holding it). */
const idOf = (v: unknown): number => (typeof v === 'number' ? v : Number((v as { submitId?: number })?.submitId));

/** Worth another try with the same key: no answer (network, timeout) or a server/proxy error. */
const retryable = (e: unknown) => e instanceof ApiError && (e.status === 0 || e.status >= 500);

export const submissionApi = {
  /** One submit click: a fresh Idempotency-Key, reused by the retries after a lost answer. */
  submit: async (body: SubmitProblemJudgeInput) => {
    const headers = { 'Idempotency-Key': newIdempotencyKey() };
    try {
      // A submit answers in milliseconds; one that hangs is tried again (safely, with its key).
      return idOf(await retrySubmit(() => api.post<unknown>('/submit-problem-judge', body, { headers, quiet: true, timeout: 30_000 }), retryable));
    } catch (e) {
      // Quiet while retrying; the outcome that ends the click is shown as any failed call is.
      if (e instanceof ApiError) showError(e.message);
      throw e;
    }
  },
  detail: (submitId: number) => api.get<SubmissionDetailResponse>('/get-submission-detail', { submitId }),
  cases: (submitId: number) => api.get<CaseResults>('/get-all-case-result', { submitId }, { quiet: true }),
  list: (f: SubmissionFilter) => api.get<Page<Submission>>('/get-submission-list', dropEmpty(f)),
  checkStatus: (submitIds: number[], cid?: number) =>
    api.post<Record<string, StatusSnapshot>>(cid ? '/check-contest-submissions-status' : '/check-submissions-status', { submitIds, cid: cid ?? null }, { quiet: true }),
  resubmit: (submitId: number) => api.get<Submission>('/resubmit', { submitId }),
  share: (submitId: number, share: boolean, uid?: number) => api.put<null>('/submission', { submitId, share, uid }),
  lastAcCode: (pid: number, cid?: number) => api.get<LastAcCode>('/get-last-ac-code', { pid, cid }),
  testRun: (body: { pid: number; language: string; code: string; type: 'public' | 'contest' | 'group'; userInput: string; expectedOutput?: string | null; mode?: string; isRemoteJudge?: boolean; cid?: number | null; gid?: number | null }) =>
    api.post<string>('/submit-problem-test-judge', body),
  testResult: (testJudgeKey: string) => api.get<TestRunResult>('/get-test-judge-result', { testJudgeKey }, { quiet: true }),
  // Super admin actions (spec 01 §4 / spec 03 §7).
  rejudge: (submitId: number) => api.get<Submission>('/admin/judge/rejudge', { submitId }),
  /** HOJ's verb: GET with query parameters. */
  manualJudge: (submitId: number, status: number, score: number | null) => api.get<Submission>('/admin/judge/manual-judge', { submitId, status, score: score ?? undefined }),
  cancel: (submitId: number) => api.get<Submission>('/admin/judge/cancel-judge', { submitId }),
};

/** Query keys of the submission calls, built here only. */
export const submissionKeys = {
  lists: ['submission-list'] as const,
  list: (f: SubmissionFilter) => ['submission-list', f] as const,
  detail: (submitId: number) => ['submission-detail', submitId] as const,
  /** Keyed by the status too: a new verdict loads the cases again. */
  cases: (submitId: number, status: number | undefined) => ['case-results', submitId, status] as const,
};

export const submissionListQuery = (f: SubmissionFilter) => queryOptions({ queryKey: submissionKeys.list(f), queryFn: () => submissionApi.list(f) });
export const submissionDetailQuery = (submitId: number) => queryOptions({ queryKey: submissionKeys.detail(submitId), queryFn: () => submissionApi.detail(submitId) });
export const caseResultsQuery = (submitId: number, status: number | undefined) => queryOptions({ queryKey: submissionKeys.cases(submitId, status), queryFn: () => submissionApi.cases(submitId) });

/** After a judge: every submission list shows the new row. */
export const invalidateSubmissionLists = (qc: QueryClient) => qc.invalidateQueries({ queryKey: submissionKeys.lists });

function dropEmpty(o: object) {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== '' && v !== false));
}

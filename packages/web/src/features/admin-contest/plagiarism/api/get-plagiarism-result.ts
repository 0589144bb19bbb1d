import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlagiarismReportVo } from '@verdict/shared';
import { api } from '../../../../lib/request';

/** GET /admin/contest/plagiarism: the contest's check, its pairs filtered. */
export interface PlagiarismFilter { cid: number; problem?: string; language?: string; min: number }

/** While the check is queued or running the screen asks again this often. */
export const PLAGIARISM_POLL_MS = 1500;

/** Query keys of the plagiarism calls, built here only. */
export const plagiarismKeys = {
  all: (cid: number) => ['admin-plagiarism', cid] as const,
  result: (f: PlagiarismFilter) => ['admin-plagiarism', f.cid, 'result', f] as const,
  pair: (cid: number, left: number, right: number) => ['admin-plagiarism', cid, 'pair', left, right] as const,
};

export const getPlagiarismResult = (f: PlagiarismFilter) =>
  api.get<PlagiarismReportVo>('/admin/contest/plagiarism', { cid: f.cid, problem: f.problem || undefined, language: f.language || undefined, min: f.min });

export const plagiarismResultQuery = (f: PlagiarismFilter) => queryOptions({
  queryKey: plagiarismKeys.result(f),
  queryFn: () => getPlagiarismResult(f),
  // Progress: asked again while the job is queued or running.
  refetchInterval: (q) => (q.state.data?.status === 'queued' || q.state.data?.status === 'running' ? PLAGIARISM_POLL_MS : false),
  placeholderData: (prev) => prev,
});

export const usePlagiarismResult = (f: PlagiarismFilter) => useQuery(plagiarismResultQuery(f));

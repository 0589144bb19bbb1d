import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlagiarismReportVo, PlagiarismScope } from '@verdict/shared';
import { call } from '../../../../lib/request';
import { plagiarismKeys } from './get-plagiarism-result';

/** POST /admin/contest/plagiarism: queues a check (a second call while one runs answers that one, its message saying so). */
export async function startPlagiarismCheck(b: { cid: number; scope: PlagiarismScope }) {
  const res = await call<PlagiarismReportVo>({ url: '/admin/contest/plagiarism', method: 'POST', data: b });
  return { report: res.data, msg: res.msg };
}

export function useStartPlagiarismCheck(cid: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (scope: PlagiarismScope) => startPlagiarismCheck({ cid, scope }),
    onSuccess: () => qc.invalidateQueries({ queryKey: plagiarismKeys.all(cid) }),
  });
}

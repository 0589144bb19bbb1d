import { useMutation, useQueryClient } from '@tanstack/react-query';
import { plagiarismDecisionBody, type MsgKey, type PlagiarismDecisionBody, type PlagiarismPairVo } from '@verdict/shared';
import { api } from '../../../../lib/request';
import { plagiarismKeys } from './get-plagiarism-result';

export type DecisionInput = Omit<PlagiarismDecisionBody, 'exclude' | 'reason'> & { exclude?: boolean; reason?: string };

/**
 * The decision as the server will read it, or the catalogue key of what is wrong with it (checked
 * with the server's own schema, so the form says the same thing the server would).
 */
export function checkDecision(input: DecisionInput): { ok: true; body: PlagiarismDecisionBody } | { ok: false; key: MsgKey } {
  const r = plagiarismDecisionBody.safeParse(input);
  return r.success ? { ok: true, body: r.data } : { ok: false, key: (r.error.issues[0]?.message ?? 'plagiarismReasonRequired') as MsgKey };
}

/** PUT /admin/contest/plagiarism/decision: "cleared" or "cheating" (optionally out of the rank, with a reason the users see). */
export const decidePlagiarismPair = (b: PlagiarismDecisionBody) => api.put<PlagiarismPairVo>('/admin/contest/plagiarism/decision', b);

export function useDecidePlagiarismPair(cid: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: decidePlagiarismPair,
    onSuccess: () => qc.invalidateQueries({ queryKey: plagiarismKeys.all(cid) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StartVirtualContestBody, VirtualRunVo } from '@verdict/shared';
import { api } from '../../../../lib/request';
import { contestKeys, invalidateContestAccess } from '../../api';
import { virtualKeys } from './get-virtual-contest';

/** POST /start-virtual-contest: the user's own run of an ended contest, from now for the contest's duration. */
export const startVirtualContest = (b: StartVirtualContestBody) => api.post<VirtualRunVo>('/start-virtual-contest', b);

export function useStartVirtualContest(cid: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (password?: string) => startVirtualContest({ cid, password: password || undefined }),
    onSuccess: (run) => {
      qc.setQueryData(virtualKeys.run(cid), run);
      // The problems' statuses and the access answer change with a run.
      void invalidateContestAccess(qc, cid);
      void qc.invalidateQueries({ queryKey: contestKeys.problems(cid, false).slice(0, 2) });
    },
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VirtualRunVo } from '@verdict/shared';
import { api } from '../../../../lib/request';

/** Query keys of the virtual-run calls, built here only. */
export const virtualKeys = {
  run: (cid: number) => ['virtual-contest', cid] as const,
  rank: (cid: number) => ['virtual-contest-rank', cid] as const,
};

/** GET /get-virtual-contest?cid=: the caller's run of the contest, or null. */
export const getVirtualContest = (cid: number) => api.get<VirtualRunVo | null>('/get-virtual-contest', { cid }, { quiet: true });

export const virtualContestQuery = (cid: number) => queryOptions({ queryKey: virtualKeys.run(cid), queryFn: () => getVirtualContest(cid) });

/** Asked only for an ended contest a logged-in user is looking at (a run exists only then). */
export const useVirtualContest = (cid: number, enabled: boolean) => useQuery({ ...virtualContestQuery(cid), enabled, retry: false, staleTime: 60_000 });

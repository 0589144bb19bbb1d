import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VirtualRunVo } from '@verdict/shared';
import { api } from '../../../lib/request';

/** Query keys of the user home's virtual-run list, built here only. */
export const userVirtualKeys = { runs: (uid: number) => ['user-virtual-contests', uid] as const };

/** GET /get-user-virtual-contests?uid=: the user's virtual runs of visible contests, latest first. */
export const getUserVirtualContests = (uid: number) => api.get<VirtualRunVo[]>('/get-user-virtual-contests', { uid }, { quiet: true });

export const userVirtualContestsQuery = (uid: number) => queryOptions({ queryKey: userVirtualKeys.runs(uid), queryFn: () => getUserVirtualContests(uid) });

export const useUserVirtualContests = (uid: number) => useQuery(userVirtualContestsQuery(uid));

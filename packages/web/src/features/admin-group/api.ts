import type { Page, ApplyingGroupProblemVo } from '@verdict/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/request';

/** A group problem waiting to become public (HOJ's Problem entity, the fields this list shows). */
export type GroupApplyRow = ApplyingGroupProblemVo;
export interface GroupApplyQuery { currentPage: number; limit: number; keyword?: string; gid?: number }

export const adminGroupApi = {
  list: (q: GroupApplyQuery) =>
    api.get<Page<GroupApplyRow>>('/admin/group-problem/list', Object.fromEntries(Object.entries(q).filter(([, v]) => v !== '' && v !== undefined && v !== null))),
  /** progress: 1 applying, 2 agreed (the problem becomes public with a new site display ID), 3 refused. */
  changeProgress: (pid: number, progress: number) => api.put<null>('/admin/group-problem/change-progress', { pid, progress }),
};
export const adminGroupKeys = { list: (q: GroupApplyQuery) => ['admin-group-problem-apply', q] as const };
export const groupApplyQuery = (q: GroupApplyQuery) => queryOptions({ queryKey: adminGroupKeys.list(q), queryFn: () => adminGroupApi.list(q) });

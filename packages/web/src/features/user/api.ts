import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { CalendarHeatmap, UserHomeInfo } from '@verdict/shared';
import { api } from '../../lib/request';

/** Who a user home shows: `uid` or `username` from the query, neither meaning the logged-in user. */
export interface UserRef { uid?: number; username?: string }

const params = (ref: UserRef) => (ref.uid ? { uid: ref.uid } : ref.username ? { username: ref.username } : {});

/** Query keys of the user home calls, built here only. */
export const userKeys = {
  homeInfos: ['user-home-info'] as const,
  homeInfo: (ref: UserRef) => ['user-home-info', ref.uid ?? null, ref.username ?? null] as const,
  heatmap: (ref: UserRef) => ['user-calendar-heatmap', ref.uid ?? null, ref.username ?? null] as const,
};

export const userHomeInfoQuery = (ref: UserRef) => queryOptions({ queryKey: userKeys.homeInfo(ref), queryFn: () => api.get<UserHomeInfo>('/get-user-home-info', params(ref)) });
export const calendarHeatmapQuery = (ref: UserRef) =>
  queryOptions({ queryKey: userKeys.heatmap(ref), queryFn: () => api.get<CalendarHeatmap>('/get-user-calendar-heatmap', params(ref), { quiet: true }) });

export function useUserHomeInfo(ref: UserRef, enabled = true) {
  return useQuery({ enabled, ...userHomeInfoQuery(ref) });
}

export function useCalendarHeatmap(ref: UserRef, enabled: boolean) {
  return useQuery({ ...calendarHeatmapQuery(ref), enabled });
}

/** After the user's own info changed: every user home shows it. */
export const invalidateUserHomeInfo = (qc: QueryClient) => qc.invalidateQueries({ queryKey: userKeys.homeInfos });

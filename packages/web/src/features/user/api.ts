import { useQuery } from '@tanstack/react-query';
import type { CalendarHeatmap, UserHomeInfo } from '@verdict/shared';
import { api } from '../../lib/request';

/** Who a user home shows: `uid` or `username` from the query, neither meaning the logged-in user. */
export interface UserRef { uid?: number; username?: string }

const params = (ref: UserRef) => (ref.uid ? { uid: ref.uid } : ref.username ? { username: ref.username } : {});

export function useUserHomeInfo(ref: UserRef, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['user-home-info', ref.uid ?? null, ref.username ?? null],
    queryFn: () => api.get<UserHomeInfo>('/get-user-home-info', params(ref)),
  });
}

export function useCalendarHeatmap(ref: UserRef, enabled: boolean) {
  return useQuery({
    queryKey: ['user-calendar-heatmap', ref.uid ?? null, ref.username ?? null],
    queryFn: () => api.get<CalendarHeatmap>('/get-user-calendar-heatmap', params(ref), { quiet: true }),
    enabled,
  });
}

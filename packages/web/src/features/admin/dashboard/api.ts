import { ADMIN_API, type DashboardInfo, type JudgeServerInfo, type ServiceInfo, type SessionsInfo } from '@verdict/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/request';

export const dashboardApi = {
  info: () => api.get<DashboardInfo>(ADMIN_API.dashboard),
  /** HOJ's verb: POST (with an empty body). */
  sessions: () => api.post<SessionsInfo>(ADMIN_API.sessions, {}, { quiet: true }),
  /** Root only (spec 03 §6: system config needs the super admin). */
  serviceInfo: () => api.get<ServiceInfo>(ADMIN_API.serviceInfo, undefined, { quiet: true }),
  judgeServers: () => api.get<JudgeServerInfo[]>(ADMIN_API.judgeServiceInfo, undefined, { quiet: true }),
};

export const dashboardKeys = {
  info: ['admin', 'dashboard'] as const,
  sessions: ['admin', 'sessions'] as const,
  serviceInfo: ['admin', 'service-info'] as const,
  judgeServers: ['admin', 'judge-servers'] as const,
};
export const dashboardInfoQuery = () => queryOptions({ queryKey: dashboardKeys.info, queryFn: dashboardApi.info });
export const sessionsQuery = () => queryOptions({ queryKey: dashboardKeys.sessions, queryFn: dashboardApi.sessions });
export const serviceInfoQuery = () => queryOptions({ queryKey: dashboardKeys.serviceInfo, queryFn: dashboardApi.serviceInfo });
export const judgeServersQuery = () => queryOptions({ queryKey: dashboardKeys.judgeServers, queryFn: dashboardApi.judgeServers });

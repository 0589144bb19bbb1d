import { ADMIN_API, type DashboardInfo, type JudgeServerInfo, type ServiceInfo, type SessionsInfo } from '@verdict/shared';
import { api } from '../../../lib/request';

export const dashboardApi = {
  info: () => api.get<DashboardInfo>(ADMIN_API.dashboard),
  /** HOJ's verb: POST (with an empty body). */
  sessions: () => api.post<SessionsInfo>(ADMIN_API.sessions, {}, { quiet: true }),
  /** Root only (spec 03 §6: system config needs the super admin). */
  serviceInfo: () => api.get<ServiceInfo>(ADMIN_API.serviceInfo, undefined, { quiet: true }),
  judgeServers: () => api.get<JudgeServerInfo[]>(ADMIN_API.judgeServiceInfo, undefined, { quiet: true }),
};

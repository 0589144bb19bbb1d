import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionVo } from '@verdict/shared';
import { api } from '../../../../lib/request';
import { securityKeys } from './get-two-factor-status';

/** GET /get-sessions: the caller's live logins (this one first). */
export const getSessions = () => api.get<SessionVo[]>('/get-sessions');
export const sessionsQuery = () => queryOptions({ queryKey: securityKeys.sessions, queryFn: getSessions });
export const useSessions = () => useQuery(sessionsQuery());

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TwoFactorStatusVo } from '@verdict/shared';
import { api } from '../../../../lib/request';

/** Query keys of the security section (second factor, own sessions), built here only. */
export const securityKeys = {
  twoFactor: ['security', 'two-factor'] as const,
  sessions: ['security', 'sessions'] as const,
};

/** GET /two-factor/status: on or off, recovery codes left, whether the site requires it of the caller. */
export const getTwoFactorStatus = () => api.get<TwoFactorStatusVo>('/two-factor/status');
export const twoFactorStatusQuery = () => queryOptions({ queryKey: securityKeys.twoFactor, queryFn: getTwoFactorStatus });
export const useTwoFactorStatus = () => useQuery(twoFactorStatusQuery());

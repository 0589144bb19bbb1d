import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignedOutVo } from '@verdict/shared';
import { api } from '../../../../lib/request';
import { securityKeys } from './get-two-factor-status';

/** POST /sign-out-other-sessions: every login of the caller but this one ends. */
export const signOutOtherSessions = () => api.post<SignedOutVo>('/sign-out-other-sessions');

export function useSignOutOtherSessions() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: signOutOtherSessions, onSettled: () => qc.invalidateQueries({ queryKey: securityKeys.sessions }) });
}

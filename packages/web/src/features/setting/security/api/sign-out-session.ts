import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignedOutVo } from '@verdict/shared';
import { api } from '../../../../lib/request';
import { securityKeys } from './get-two-factor-status';

/** POST /sign-out-session {id}: ends one of the caller's other logins. */
export const signOutSession = (id: string) => api.post<SignedOutVo>('/sign-out-session', { id });

export function useSignOutSession() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: signOutSession, onSettled: () => qc.invalidateQueries({ queryKey: securityKeys.sessions }) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/request';
import { securityKeys } from './get-two-factor-status';

export interface DisableTwoFactorBody { password: string; totp?: string; recoveryCode?: string }

/** POST /two-factor/disable {password, totp | recoveryCode}. Other sessions end. */
export const disableTwoFactor = (b: DisableTwoFactorBody) => api.post<null>('/two-factor/disable', b);

export function useDisableTwoFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: securityKeys.twoFactor });
      void qc.invalidateQueries({ queryKey: securityKeys.sessions });
    },
  });
}

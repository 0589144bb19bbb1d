import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorEnableVo } from '@verdict/shared';
import { api } from '../../../../lib/request';
import { securityKeys } from './get-two-factor-status';

/** POST /two-factor/enable {code}: on after one valid code; answers the 10 recovery codes once. Other sessions end. */
export const enableTwoFactor = (code: string) => api.post<TwoFactorEnableVo>('/two-factor/enable', { code });

export function useEnableTwoFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: securityKeys.twoFactor });
      void qc.invalidateQueries({ queryKey: securityKeys.sessions });
    },
  });
}

import { useMutation } from '@tanstack/react-query';
import type { TwoFactorSetupVo } from '@verdict/shared';
import { api } from '../../../../lib/request';

/** POST /two-factor/setup {password}: a new key, its otpauth:// URI and QR code (answered this once). */
export const setupTwoFactor = (password: string) => api.post<TwoFactorSetupVo>('/two-factor/setup', { password });
export const useSetupTwoFactor = () => useMutation({ mutationFn: setupTwoFactor });

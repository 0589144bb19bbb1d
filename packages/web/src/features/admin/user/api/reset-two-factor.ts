import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../lib/request';

/** POST /admin/user/reset-two-factor {uid}: the user's second factor off and their sessions ended (recorded). */
export const resetTwoFactor = (uid: number) => api.post<{ hadTwoFactor: boolean }>('/admin/user/reset-two-factor', { uid });
export const useResetTwoFactor = () => useMutation({ mutationFn: resetTwoFactor });

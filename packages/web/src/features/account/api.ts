import type { CaptchaResult, UserInfo } from '@verdict/shared';
import { api, call } from '../../lib/request';
import { setToken, setUser } from '../../stores/user';

/**
 * POST login: the token comes back in the Authorization response header. The captcha only once
 * the server asked for it (data.needCaptcha: many recent failures on the account); the second factor
 * (totp or recoveryCode) once it answered data.twoFactorRequired (issue 33). Quiet: the form shows
 * the errors (the first ask for a code is not one).
 */
export async function login(username: string, password: string, captcha?: { captcha: string; captchaKey: string }, secondFactor?: { totp?: string; recoveryCode?: string }): Promise<UserInfo> {
  const res = await call<UserInfo>({ url: '/login', method: 'POST', data: { username, password, ...captcha, ...secondFactor }, noAuth: true, quiet: true });
  const token = res.headers['authorization'];
  if (token) setToken(String(token));
  setUser(res.data);
  return res.data;
}

/** Whether a username / an email already belongs to an account (false means absent). */
export const checkUsernameOrEmail = (body: { username?: string; email?: string }) =>
  api.post<{ username: boolean; email: boolean }>('/check-username-or-email', body, { quiet: true });

export const getRegisterCode = (email: string) => api.get<{ email: string; delivered: boolean }>('/get-register-code', { email });
export const register = (body: { username: string; password: string; email: string; code: string }) => api.post<null>('/register', body);
export const getCaptcha = () => api.get<CaptchaResult>('/captcha');
export const applyResetPassword = (body: { email: string; captcha: string; captchaKey: string }) =>
  api.post<{ email: string; delivered: boolean }>('/apply-reset-password', body);
export const resetPassword = (body: { username: string; password: string; code: string }) => api.post<null>('/reset-password', body);
export const logout = () => api.get<null>('/logout', undefined, { quiet: true });

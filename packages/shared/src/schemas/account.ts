import { z } from 'zod';
import { LIMITS } from '../constants.js';

// The message keys of ../messages.ts are used as zod messages; the server maps them to text.
export const username = z.string({ error: 'usernameRequired' }).trim().min(1, 'usernameRequired').max(LIMITS.usernameMax, 'usernameMax');
export const password = z.string({ error: 'passwordRequired' }).min(1, 'passwordRequired').min(LIMITS.passwordMin, 'passwordLength').max(LIMITS.passwordMax, 'passwordLength');
export const email = z.string({ error: 'emailRequired' }).trim().min(1, 'emailRequired').max(255, 'emailInvalid').email('emailInvalid');
export const emailCode = z.string({ error: 'codeRequired' }).trim().min(1, 'codeRequired').length(LIMITS.emailCodeLength, 'codeLength');

/** captcha/captchaKey: sent once the server asked for them (data.needCaptcha: the account has many recent failures). */
export const loginBody = z.object({ username, password, captcha: z.string().max(20).optional().nullable(), captchaKey: z.string().max(100).optional().nullable() });
export const registerBody = z.object({ username, password, email, code: emailCode });
export const registerCodeQuery = z.object({ email });
export const changeEmailCodeQuery = z.object({ email });
/** uid or username; neither means the logged-in user. */
export const userLookupQuery = z.object({
  uid: z.coerce.number().int().positive().max(2 ** 31 - 1).optional(),
  username: z.string().max(100).optional(),
});
export const checkUsernameOrEmailBody = z.object({ username: z.string().max(100).optional(), email: z.string().max(255).optional() });
export const applyResetPasswordBody = z.object({
  email,
  captcha: z.string({ error: 'captchaRequired' }).trim().min(LIMITS.captchaMin, 'captchaRequired').max(LIMITS.captchaMax, 'captchaLength'),
  captchaKey: z.string().min(1).max(100),
});
export const resetPasswordBody = z.object({ username, password, code: z.string().min(1, 'codeRequired').max(100) });
export const changePasswordBody = z.object({ oldPassword: z.string().min(1, 'passwordRequired').max(100), newPassword: password });
export const changeEmailBody = z.object({ password: z.string().min(1, 'passwordRequired').max(100), newEmail: email, code: emailCode });
export const changeUserInfoBody = z.object({
  nickname: z.string().max(20).optional().nullable(),
  realname: z.string().max(50).optional().nullable(),
  school: z.string().max(100).optional().nullable(),
  course: z.string().max(100).optional().nullable(),
  number: z.string().max(50).optional().nullable(),
  gender: z.enum(['male', 'female', 'secrecy']).optional().nullable(),
  signature: z.string().max(1000).optional().nullable(),
  github: z.string().max(255).optional().nullable(),
  blog: z.string().max(255).optional().nullable(),
  cfUsername: z.string().max(50).optional().nullable(),
});
export type LoginBody = z.infer<typeof loginBody>;
export type RegisterBody = z.infer<typeof registerBody>;

export interface UserInfo {
  uid: number;
  username: string;
  nickname: string | null;
  realname: string | null;
  email: string | null;
  avatar: string | null;
  school: string | null;
  gender: string;
  signature: string | null;
  github: string | null;
  blog: string | null;
  titleName: string | null;
  titleColor: string | null;
  roleList: string[];
}

/** Profile of spec 01 §3 "User profile" (GET get-user-home-info). */
export interface UserHomeInfo {
  uid: number;
  username: string;
  nickname: string | null;
  gender: string;
  avatar: string | null;
  school: string | null;
  signature: string | null;
  github: string | null;
  blog: string | null;
  titleName: string | null;
  titleColor: string | null;
  roleList: string[];
  recentLoginTime: number | null;
  gmtCreate: number;
  /** Submissions made (all statuses). */
  total: number;
  /** Display ids of the problems the user has accepted, ordered by display id. */
  solvedList: string[];
  /** OI rank scores per accepted problem, for OI problems. */
  scoreList: number[];
  /** Accuracy: solved problems / submissions x 100, two decimals (spec 01 §9 "shown as rating"). */
  rating: number;
  solvedGroupByDifficulty: { easy: string[]; mid: string[]; hard: string[] };
}

/** GET get-user-calendar-heatmap: one row per day with submissions, over the last year. */
export interface CalendarHeatmap { dataList: { date: string; count: number }[]; endDate: string }

/** GET get-user-auth-info. */
export interface UserAuthInfo { roles: string[]; permissions: string[] }

/** GET captcha. */
export interface CaptchaResult { img: string; captchaKey: string }

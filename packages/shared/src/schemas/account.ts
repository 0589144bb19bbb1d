import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { vo } from './common.js';
import { epochMs } from './site.js';
import { secondFactorFields } from './two-factor.js';

// The message keys of ../messages.ts are used as zod messages; the server maps them to text.
export const username = z.string({ error: 'usernameRequired' }).trim().min(1, 'usernameRequired').max(LIMITS.usernameMax, 'usernameMax');
export const password = z.string({ error: 'passwordRequired' }).min(1, 'passwordRequired').min(LIMITS.passwordMin, 'passwordLength').max(LIMITS.passwordMax, 'passwordLength');
export const email = z.string({ error: 'emailRequired' }).trim().min(1, 'emailRequired').max(255, 'emailInvalid').email('emailInvalid');
export const emailCode = z.string({ error: 'codeRequired' }).trim().min(1, 'codeRequired').length(LIMITS.emailCodeLength, 'codeLength');

/** captcha/captchaKey: sent once the server asked for them (data.needCaptcha: the account has many recent failures). */
/** totp / recoveryCode (issue 33, Verdict's own): the second factor of an enrolled account, one of the two. */
export const loginBody = z.object({ username, password, captcha: z.string().max(20).optional().nullable(), captchaKey: z.string().max(100).optional().nullable(), ...secondFactorFields });
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
  /** Verdict's own (issue 32): the site's colour theme; HOJ's client never sends it. */
  uiTheme: z.enum(['light', 'dark', 'system'], { error: 'uiThemeInvalid' }).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;
export type RegisterBody = z.infer<typeof registerBody>;

/**
 * HOJ's UserInfoVO as sent: the logged-in user the client keeps (login, admin login, change-email,
 * change-userInfo, upload-avatar answers). uid is a number here (HOJ: a string); course is not sent.
 */
export const userInfoVo = vo({
  uid: z.number().int(),
  username: z.string(),
  nickname: z.string().nullable(),
  realname: z.string().nullable(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  school: z.string().nullable(),
  gender: z.string(),
  signature: z.string().nullable(),
  github: z.string().nullable(),
  blog: z.string().nullable(),
  /** HOJ's profile form reads these two. */
  cfUsername: z.string().nullable(),
  number: z.string().nullable(),
  titleName: z.string().nullable(),
  titleColor: z.string().nullable(),
  roleList: z.array(z.string()),
  /** Verdict's own (issue 32), not HOJ's: the colour theme the user chose, null before any choice (HOJ's client ignores it). */
  uiTheme: z.enum(['light', 'dark', 'system']).nullable().optional(),
});
export type UiTheme = 'light' | 'dark' | 'system';
export type UserInfoVo = z.infer<typeof userInfoVo>;
export type UserInfo = UserInfoVo;

/**
 * Profile of spec 01 §3 "User profile" (GET get-user-home-info), HOJ's UserHomeVO with our
 * differences: uid a number, times in ms, `rating` the accuracy.
 */
/** A solved problem of the profile (HOJ's UserHomeProblemVO): `id` the problem's pid. */
export const userHomeProblemVo = vo({ id: z.number().int(), problemId: z.string(), difficulty: z.number().int() });
export type UserHomeProblemVo = z.infer<typeof userHomeProblemVo>;
export const userHomeVo = vo({
  uid: z.number().int(),
  username: z.string(),
  nickname: z.string().nullable(),
  gender: z.string(),
  avatar: z.string().nullable(),
  school: z.string().nullable(),
  signature: z.string().nullable(),
  github: z.string().nullable(),
  blog: z.string().nullable(),
  titleName: z.string().nullable(),
  titleColor: z.string().nullable(),
  roleList: z.array(z.string()),
  recentLoginTime: epochMs.nullable(),
  gmtCreate: epochMs,
  /** Submissions made (all statuses). */
  total: z.number().int(),
  /** Display ids of the problems the user has accepted, ordered by display id. */
  solvedList: z.array(z.string()),
  /** OI rank scores per accepted problem, for OI problems. */
  scoreList: z.array(z.number()),
  /** Accuracy: solved problems / submissions x 100, two decimals (spec 01 §9 "shown as rating"). */
  rating: z.number(),
  /** HOJ's Map<difficulty, UserHomeProblemVO[]>: keys '0' easy, '1' mid, '2' hard (all three always present), rows by problemId. */
  solvedGroupByDifficulty: z.record(z.string(), z.array(userHomeProblemVo)),
  /** Verdict's own (issue 30; HOJ's client ignores it): the contest rating, null when never rated (`rating` above is HOJ's accuracy). */
  contestRating: z.number().int().nullable().optional(),
});
export type UserHomeVo = z.infer<typeof userHomeVo>;
export type UserHomeInfo = UserHomeVo;

/** GET get-user-calendar-heatmap (HOJ's UserCalendarHeatmapVO): one row per day with submissions, over the last year. */
export const userCalendarHeatmapVo = vo({
  dataList: z.array(vo({ date: z.string().describe('YYYY-MM-DD, the server\'s local day'), count: z.number().int() })),
  endDate: z.string(),
});
export type UserCalendarHeatmapVo = z.infer<typeof userCalendarHeatmapVo>;
export type CalendarHeatmap = UserCalendarHeatmapVo;

/** GET get-user-auth-info (HOJ's UserAuthInfoVO). */
export const userAuthInfoVo = vo({ roles: z.array(z.string()), permissions: z.array(z.string()) });
export type UserAuthInfoVo = z.infer<typeof userAuthInfoVo>;
export type UserAuthInfo = UserAuthInfoVo;

/** GET captcha (HOJ's CaptchaVO): `img` is an SVG data URL. */
export const captchaVo = vo({ img: z.string(), captchaKey: z.string() });
export type CaptchaVo = z.infer<typeof captchaVo>;
export type CaptchaResult = CaptchaVo;

/** POST check-username-or-email (HOJ's CheckUsernameOrEmailVO): true = taken. */
export const checkUsernameOrEmailVo = vo({ username: z.boolean(), email: z.boolean() });
export type CheckUsernameOrEmailVo = z.infer<typeof checkUsernameOrEmailVo>;

/**
 * A mailed code or reset link (get-register-code, get-change-email-code, apply-reset-password).
 * HOJ's RegisterCodeVO has `expire`; this sends `delivered` (false: no SMTP, the message says so).
 */
export const registerCodeVo = vo({ email: z.string(), delivered: z.boolean() });
export type RegisterCodeVo = z.infer<typeof registerCodeVo>;

/** change-password (HOJ's ChangeAccountVO): `code` 200 on success (HOJ's client checks it), `msg` the text it shows. */
export const changeAccountVo = vo({ code: z.number().int(), msg: z.string() });
export type ChangeAccountVo = z.infer<typeof changeAccountVo>;
/** change-email (HOJ's ChangeAccountVO with userInfo): `code` 200, `msg`, and the user's info with the new email. */
export const changeEmailVo = changeAccountVo.extend({ userInfo: userInfoVo });
export type ChangeEmailVo = z.infer<typeof changeEmailVo>;

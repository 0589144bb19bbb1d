import type { Msg } from './types.js';

/** Messages of two-factor login and of a user's own sessions (issue 33). */
export const TWO_FACTOR_MSG = {
  twoFactorCodeNeeded: { en: 'This account uses two-factor login: enter the 6-digit code from your authenticator app, or a recovery code', zh: '该账号已开启两步验证：请输入身份验证器中的6位验证码，或一个恢复码' },
  twoFactorCodeWrong: { en: 'The two-factor code is wrong, expired or already used', zh: '两步验证码错误、已过期或已被使用' },
  twoFactorCodeFormat: { en: 'The two-factor code is 6 digits', zh: '两步验证码为6位数字' },
  twoFactorRecoveryFormat: { en: 'The recovery code is invalid', zh: '恢复码格式不正确' },
  twoFactorTooManyCodes: { en: 'Too many wrong two-factor codes, please try again in {s} seconds', zh: '两步验证码错误次数过多，请在{s}秒后重试' },
  twoFactorAlreadyEnabled: { en: 'Two-factor login is already on: turn it off first to enrol another device', zh: '两步验证已开启：如需绑定新设备，请先关闭' },
  twoFactorNotEnabled: { en: 'Two-factor login is not on for this account', zh: '该账号未开启两步验证' },
  twoFactorNoSetup: { en: 'Start the set-up first (scan the QR code), then confirm a code', zh: '请先开始设置（扫描二维码），再输入验证码确认' },
  twoFactorEnrolRequired: { en: 'The administrator requires two-factor login for the admin area: turn it on in Settings → Security, then come back', zh: '管理员要求进入后台的账号开启两步验证：请在“设置 → 安全”中开启后再进入' },
  twoFactorEnrolYourselfFirst: { en: 'Turn on two-factor login for your own account before requiring it of every admin', zh: '请先为自己的账号开启两步验证，再要求所有管理员开启' },
  twoFactorUserNotFound: { en: 'The user does not exist', zh: '用户不存在' },
  sessionNotFound: { en: 'The session does not exist or has already ended', zh: '该登录会话不存在或已结束' },
  sessionIsCurrent: { en: 'This is the session you are using: log out instead', zh: '这是您当前使用的会话，请直接退出登录' },
} as const satisfies Record<string, Msg>;

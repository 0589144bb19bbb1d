/**
 * Messages shown to users, in both languages. The server answers in the language of the
 * request's Accept-Language header (the client sends its UI language); the client uses the
 * same catalogue for its own validation so the wording is written once.
 */
export type Locale = 'zh-CN' | 'en-US';
export interface Msg { en: string; zh: string }

export const MSG = {
  // spec 01 §5 / §8
  usernameRequired: { en: 'The username is required', zh: '用户名不能为空' },
  usernameMax: { en: 'The username can not exceed 20 characters', zh: '用户名长度不能超过20位' },
  usernameExists: { en: 'The username already exists', zh: '用户名已存在' },
  usernameNotExist: { en: 'The username does not exists', zh: '用户名不存在' },
  passwordRequired: { en: 'The password is required', zh: '密码不能为空' },
  passwordLength: { en: 'The length of the password is 6 to 20', zh: '密码长度应为6~20位' },
  passwordAgainRequired: { en: 'The password again is required', zh: '请再次输入密码' },
  passwordsDoNotMatch: { en: 'Passwords do not match', zh: '两次输入的密码不一致' },
  emailRequired: { en: 'The email is required', zh: '邮箱不能为空' },
  emailInvalid: { en: 'The email format is incorrect', zh: '邮箱格式不正确' },
  emailExists: { en: 'The email already exists', zh: '邮箱已被注册' },
  emailNotExist: { en: 'The email does not exist', zh: '该邮箱不存在' },
  codeRequired: { en: 'The code is required', zh: '验证码不能为空' },
  codeLength: { en: 'The code must be 6 characters', zh: '验证码长度应为6位' },
  captchaRequired: { en: 'The captcha is required', zh: '图片验证码不能为空' },
  captchaLength: { en: 'The captcha is 1 to 8 characters', zh: '图片验证码长度应为1~8位' },
  captchaWrong: { en: 'The captcha is wrong', zh: '图片验证码错误' },
  codeWrong: { en: 'The verification code is wrong or has expired', zh: '验证码错误或已过期' },
  codeEmpty: { en: 'Code can not be empty', zh: '代码不能为空' },
  codeTooLong: { en: 'Code Length can not exceed 65535', zh: '代码长度不能超过65535' },
  testInputTooLong: { en: 'The test input can not exceed 1000 characters', zh: '测试输入不能超过1000个字符' },
  contentEmpty: { en: 'Content cannot be empty', zh: '内容不能为空' },
  contentTooLong: { en: 'Content cannot exceed 10000 characters', zh: '内容不能超过10000个字符' },
  loginFirst: { en: 'Please login first', zh: '请先登录' },
  loginFirstGuard: { en: 'Please login first!', zh: '请先登录！' },
  adminLoginAgain: { en: 'Please login again with the administrator account!', zh: '请使用管理员账号重新登录！' },
  noAccess: { en: 'No Access', zh: '无权访问' },
  wrongCredentials: { en: 'The username or password is wrong', zh: '用户名或密码错误' },
  tooManyLoginFailures: { en: 'Too many failed logins, please try again in {s} seconds', zh: '登录失败次数过多，请在{s}秒后重试' },
  accountDisabled: { en: 'This account has been disabled', zh: '该账号已被封禁' },
  notAdmin: { en: 'This account is not an administrator', zh: '该账号不是管理员' },
  tokenExpired: { en: 'Login has expired, please login again', zh: '登录已过期，请重新登录' },
  forbidden: { en: 'You do not have permission to do this', zh: '您没有权限进行此操作' },
  rootOnly: { en: 'Only the super administrator can do this', zh: '只有超级管理员才能进行此操作' },
  bannedSubmit: { en: 'Your account is banned from submitting', zh: '您的账号已被禁止提交' },
  bannedDiscuss: { en: 'Your account is banned from posting discussions', zh: '您的账号已被禁止发帖' },
  muted: { en: 'Your account is muted', zh: '您的账号已被禁言' },
  registerClosed: { en: 'Registration is closed by the administrator', zh: '管理员已关闭注册' },
  resendTooSoon: { en: 'Please wait {s} seconds before requesting again', zh: '请在{s}秒后再次获取' },
  mailSendFailed: { en: 'The mail could not be sent, please contact the administrator', zh: '邮件发送失败，请联系管理员' },
  notFound: { en: 'The resource does not exist', zh: '请求的资源不存在' },
  badRequest: { en: 'The request is invalid', zh: '请求参数错误' },
  tooLarge: { en: 'The request is too large', zh: '请求体过大' },
  tooManyRequests: { en: 'Too many requests, please slow down', zh: '请求过于频繁，请稍后再试' },
  serverError: { en: 'Server error! Please refresh again!', zh: '服务器错误！请重新刷新！' },
  fileTypeNotSupport: { en: 'File type not support', zh: '文件类型不支持' },
  exceedMaxSize: { en: 'Exceed max size limit', zh: '文件大小超过限制' },
  oldPasswordWrong: { en: 'The old password is wrong', zh: '原密码错误' },
  samePassword: { en: 'The new password is the same as the old one', zh: '新密码与原密码相同' },
  resetLinkInvalid: { en: 'The reset link is invalid or has expired', zh: '重置链接无效或已过期' },
  // submissions and judging (spec 01 §4-§8)
  languageRequired: { en: 'The language is required', zh: '请选择语言' },
  languageNotSupported: { en: 'This language is not supported for the problem', zh: '该题目不支持此语言' },
  languageUnavailable: { en: 'No judge server can compile this language now', zh: '当前没有可编译该语言的评测机' },
  problemNotFound: { en: 'The problem does not exist', zh: '该题目不存在' },
  problemNoTestData: { en: 'The problem has no test data', zh: '该题目没有测试数据' },
  submissionNotFound: { en: 'The submission does not exist', zh: '该提交不存在' },
  submitTooFast: { en: 'Submitting too fast, please wait {s} seconds', zh: '提交过于频繁，请在{s}秒后再试' },
  noAcCode: { en: "You haven't passed the problem so you cannot get the code passed recently", zh: '你之前还没有通过该题目，无法获取最近通过的代码' },
  testRunNotFound: { en: 'The test run does not exist or has expired', zh: '该在线测试不存在或已过期' },
  manualJudgeStatusInvalid: { en: 'This status cannot be set by manual judge', zh: '人工评测不能设置该状态' },
  manualJudgeScoreRequired: { en: 'The score is required', zh: '分数不能为空' },
  manualJudgeDisabled: { en: 'A submission that is judging, compiling or has a compile error cannot be judged manually', zh: '评测中、编译中或编译错误的提交不能人工评测' },
  cancelJudgeDisabled: { en: 'The submission is already cancelled', zh: '该提交已被取消' },
  notShareOwner: { en: 'Only the author can share this submission', zh: '只有提交者才能分享该提交' },
  contestNoShare: { en: 'Contest submissions cannot be shared', zh: '比赛提交不能分享' },
  judgeTokenInvalid: { en: 'The judge token is invalid', zh: '评测机令牌无效' },
  judgeFailedTooOften: { en: 'Judging failed {n} times; the judge servers may be down', zh: '评测失败{n}次，评测机可能已离线' },
  testDataChanged: { en: 'The test data has changed since the task was claimed', zh: '测试数据已更新' },
} as const satisfies Record<string, Msg>;
export type MsgKey = keyof typeof MSG;

export function formatMsg(m: Msg, locale: Locale, vars: Record<string, string | number> = {}): string {
  let s = locale === 'en-US' ? m.en : m.zh;
  for (const [k, v] of Object.entries(vars)) s = s.replace(`{${k}}`, String(v));
  return s;
}

export function pickLocale(acceptLanguage: string | undefined): Locale {
  if (!acceptLanguage) return 'zh-CN';
  return /^\s*en/i.test(acceptLanguage) ? 'en-US' : 'zh-CN';
}

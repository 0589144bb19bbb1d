/**
 * Messages shown to users, in both languages. The server answers in the language of the
 * request's Accept-Language header (the client sends its UI language); the client uses the
 * same catalogue for its own validation so the wording is written once.
 */
import { CONTEST_MSG } from './messages/contest.js';
import { PROBLEM_MSG } from './messages/problem.js';
import { JUDGE_MSG } from './messages/judge.js';
import { ADMIN_MSG } from './messages/admin.js';
import { TRAINING_MSG } from './messages/training.js';
import { FORUM_MSG } from './messages/forum.js';
import { GROUP_MSG } from './messages/group.js';
import { REMOTE_JUDGE_MSG } from './messages/remote-judge.js';
import { TRANSFER_MSG } from './messages/transfer.js';
import { PACKAGE_MSG } from './messages/package.js';
import { BACKUP_MSG } from './messages/backup.js';
import { PRINT_SET_MSG } from './messages/print-set.js';
import { PLAGIARISM_MSG } from './messages/plagiarism.js';
import { RATING_MSG } from './messages/rating.js';
import { TWO_FACTOR_MSG } from './messages/two-factor.js';
import type { Locale, Msg } from './messages/types.js';

export type { Locale, Msg } from './messages/types.js';

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
  loginCaptchaNeeded: { en: 'This account had many failed logins: enter the captcha to log in', zh: '该账号近期登录失败次数过多，请输入验证码后登录' },
  codeWrong: { en: 'The verification code is wrong or has expired', zh: '验证码错误或已过期' },
  codeEmpty: { en: 'Code can not be empty', zh: '代码不能为空' },
  codeTooLong: { en: 'Code Length can not exceed 65535', zh: '代码长度不能超过65535' },
  testInputTooLong: { en: 'The test input can not exceed 1000 characters', zh: '测试输入不能超过1000个字符' },
  contentEmpty: { en: 'Content cannot be empty', zh: '内容不能为空' },
  contentTooLong: { en: 'Content cannot exceed 10000 characters', zh: '内容不能超过10000个字符' },
  fileNameInvalid: { en: 'A file name must be a plain name: no path, no "..", no control characters, at most 255 bytes', zh: '文件名必须是单纯的文件名：不能含路径、“..”或控制字符，且不超过255字节' },
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
  tooManyPasswordGuesses: { en: 'Too many wrong passwords, please try again in {s} seconds', zh: '密码错误次数过多，请在{s}秒后重试' },
  textHasNul: { en: 'The text may not contain NUL characters (\\0)', zh: '文本不能包含 NUL 字符（\\0）' },
  tooManyRequests: { en: 'Too many requests, please slow down', zh: '请求过于频繁，请稍后再试' },
  serverError: { en: 'Server error! Please refresh again!', zh: '服务器错误！请重新刷新！' },
  fileTypeNotSupport: { en: 'File type not support', zh: '文件类型不支持' },
  exceedMaxSize: { en: 'Exceed max size limit', zh: '文件大小超过限制' },
  oldPasswordWrong: { en: 'The old password is wrong', zh: '原密码错误' },
  samePassword: { en: 'The new password is the same as the old one', zh: '新密码与原密码相同' },
  siteUrlInvalid: { en: 'The site address must be an http:// or https:// address', zh: '网站地址必须是以 http:// 或 https:// 开头的网址' },
  resetLinkInvalid: { en: 'The reset link is invalid or has expired', zh: '重置链接无效或已过期' },
  // submissions and judging (spec 01 §4-§8)
  languageRequired: { en: 'The language is required', zh: '请选择语言' },
  languageNotSupported: { en: 'This language is not supported for the problem', zh: '该题目不支持此语言' },
  languageUnavailable: { en: 'No judge server can compile this language now', zh: '当前没有可编译该语言的评测机' },
  problemNotFound: { en: 'The problem does not exist', zh: '该题目不存在' },
  problemMovedToPublic: { en: 'This group problem has moved to the public problem bank as {id}', zh: '该团队题目已移至公共题库，题号为 {id}' },
  problemNoTestData: { en: 'The problem has no test data', zh: '该题目没有测试数据' },
  submissionNotFound: { en: 'The submission does not exist', zh: '该提交不存在' },
  submitCaptchaNeeded: { en: 'You are submitting very often: enter the captcha to submit', zh: '提交过于频繁，请输入验证码后再提交' },
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
  // accounts and site administration (issue 2)
  usernameInvalid: { en: 'The username may not contain spaces or control characters', zh: '用户名不能包含空格或控制字符' },
  mailNotConfigured: { en: 'Mail is not configured; the code was written to the server log', zh: '邮件服务未配置，验证码已写入服务器日志' },
  cannotDeleteSelf: { en: 'You cannot delete your own account', zh: '不能删除自己的账号' },
  lastRoot: { en: 'The last super administrator cannot be removed or demoted', zh: '不能删除或降级最后一个超级管理员' },
  selectedUsersEmpty: { en: 'Selected users cannot be empty', zh: '所选用户不能为空' },
  csvEmpty: { en: 'The CSV file has no rows', zh: 'CSV 文件没有数据' },
  tooManyRows: { en: 'Too many rows in one import (at most {n})', zh: '单次导入行数过多（最多{n}行）' },
  generateRangeInvalid: { en: 'The end number can not be less than the start number', zh: '结束编号不能小于起始编号' },
  generateTooMany: { en: 'At most {n} users can be generated at once', zh: '一次最多生成{n}个用户' },
  generatedNameTooLong: { en: 'The generated usernames would exceed 20 characters', zh: '生成的用户名将超过20个字符' },
  titleRequired: { en: 'The title is required', zh: '标题不能为空' },
  passwordWrong: { en: 'The password is wrong', zh: '密码错误' },
  downloadExpired: { en: 'The download has expired, please generate it again', zh: '下载已过期，请重新生成' },
  // problems, test cases and tags (spec 03 §5)
  problemIdRequired: { en: 'Problem Display ID is_required', zh: '题目展示ID 为必填项' },
  problemTitleRequired: { en: 'Title is_required', zh: '标题 为必填项' },
  problemInputRequired: { en: 'Input Description is_required', zh: '输入描述 为必填项' },
  problemOutputRequired: { en: 'Output Description is_required', zh: '输出描述 为必填项' },
  problemIdExists: { en: 'The problem display ID {id} already exists', zh: '题目展示ID {id} 已存在' },
  problemIdInvalid: { en: 'The problem display ID may only contain letters, digits, "-" and "_"', zh: '题目展示ID只能包含字母、数字、“-”和“_”' },
  fileIoNamesRequired: { en: 'When the read/write mode is File IO, the input file name or output file name cannot be empty', zh: '当读写模式为文件读写时，输入文件名或输出文件名不能为空' },
  fileIoNameInvalid: { en: 'The input or output file name must be a plain file name: no path, no "..", no control characters', zh: '输入输出文件名必须是单纯的文件名：不能含路径、“..”或控制字符' },
  judgeSamplesRequired: { en: 'Judge Samples is_required', zh: '评测数据 为必填项' },
  sampleInputOrOutputRequired: { en: 'Sample {n} needs an input or an output', zh: '第{n}组评测数据需要输入或输出' },
  caseScoreInvalid: { en: 'The score of case {n} must be an integer greater than or equal to 0', zh: '第{n}组评测数据的分数必须是大于等于0的整数' },
  caseGroupRequired: { en: 'Case {n} needs a group number in subtask mode', zh: '子任务模式下第{n}组评测数据需要填写组号' },
  spjCodeRequired: { en: 'Spj or Interactive code is required', zh: '特殊判题或交互程序代码不能为空' },
  spjNotCompiled: { en: 'Spj or Interactive code not compile success', zh: '特殊判题或交互程序代码没有编译成功' },
  judgeUnavailable: { en: 'The judge service is not available to compile the code, please try again later', zh: '评测服务不可用，暂时无法编译，请稍后重试' },
  problemLanguagesRequired: { en: 'Please choose at least one language', zh: '请至少选择一种编程语言' },
  codeTemplateEmpty: { en: 'The enabled code template of {lang} cannot be empty', zh: '已启用的 {lang} 代码模板不能为空' },
  duplicateTag: { en: 'Add_Tag_Error: the tag {name} is added twice', zh: '添加标签错误：标签 {name} 重复添加' },
  tagNameRequired: { en: 'The name is required', zh: '名称不能为空' },
  tagExists: { en: 'The tag {name} already exists', zh: '标签 {name} 已存在' },
  tagNotFound: { en: 'The tag does not exist', zh: '标签不存在' },
  noProblems: { en: 'There is no public problem yet', zh: '暂无公开题目' },
  uploadTestcaseExpired: { en: 'The uploaded test cases have expired, please upload the zip again', zh: '上传的评测数据已过期，请重新上传压缩包' },
  zipRequired: { en: 'Please upload a zip file', zh: '请上传zip压缩包' },
  zipInvalid: { en: 'The file is not a valid zip archive', zh: '该文件不是有效的zip压缩包' },
  zipNoPairs: { en: 'No test case pairs were found: name them like 1.in with 1.out (or 1.ans)', zh: '没有找到评测数据：请按 1.in 与 1.out（或 1.ans）成对命名' },
  zipUnmatched: { en: 'These files have no matching input or output: {names}', zh: '以下文件没有对应的输入或输出：{names}' },
  zipUnsafePath: { en: 'The zip contains an unsafe entry: {name}', zh: '压缩包含有不安全的条目：{name}' },
  zipTooLarge: { en: 'The zip expands to more than {mb} MiB', zh: '压缩包解压后超过 {mb} MiB' },
  zipRatio: { en: 'The entry {name} is compressed suspiciously well (zip bomb?)', zh: '条目 {name} 压缩比异常（疑似压缩炸弹）' },
  zipDuplicate: { en: 'Two entries have the same file name after flattening folders: {name}', zh: '展开目录后出现同名文件：{name}' },
  importNothing: { en: 'Nothing could be imported from this file', zh: '该文件中没有可导入的题目' },
  ...CONTEST_MSG,
  ...PROBLEM_MSG,
  ...JUDGE_MSG,
  ...ADMIN_MSG,
  ...TRAINING_MSG,
  ...FORUM_MSG,
  ...GROUP_MSG,
  ...REMOTE_JUDGE_MSG,
  ...TRANSFER_MSG,
  ...PACKAGE_MSG,
  ...BACKUP_MSG,
  ...PRINT_SET_MSG,
  ...PLAGIARISM_MSG,
  ...RATING_MSG,
  ...TWO_FACTOR_MSG,
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

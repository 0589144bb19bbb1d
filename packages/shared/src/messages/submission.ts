/** Submitting, judging and reading submissions (spec 01 §4-§8). */
import type { Msg } from './types.js';

export const SUBMISSION_MSG = {
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
} as const satisfies Record<string, Msg>;

/** Messages of submissions and judging (server answers of spec 01 §4-§7 not in the main catalogue). */
export const JUDGE_MSG = {
  resubmitNotFailed: { en: 'Only a submission whose sending failed can be resubmitted', zh: '只有提交失败的记录才能重新提交' },
  problemNoSubmitAccess: { en: 'You cannot submit to this problem', zh: '您无法提交该题目' },
  // HOJ's judge switches (admin/switch: openPublicJudge, openGroupJudge, openContestJudge)
  publicJudgeClosed: { en: 'Judging of public problems is closed by the administrator; please try again later', zh: '网站当前未开启题目评测，禁止提交或调试！' },
  groupJudgeClosed: { en: 'Judging of group problems is closed by the administrator; please try again later', zh: '网站当前未开启团队内题目评测，禁止提交或调试！' },
  contestJudgeClosed: { en: 'Judging of contest problems is closed by the administrator; please try again later', zh: '网站当前未开启比赛题目评测，禁止提交或调试！' },
  contestSubmitClosed: { en: 'This contest does not accept submissions', zh: '该比赛不接受提交' },
  submissionNoAccess: { en: 'You do not have permission to view this submission', zh: '您没有权限查看该提交' },
  manualJudgePending: { en: 'A pending submission cannot be modified', zh: '等待评测的提交不能修改' },
  shareDisabled: { en: 'Code sharing is turned off for this problem', zh: '该题目未开启代码分享' },
  submissionListNoAccess: { en: 'You do not have permission to view these submissions', zh: '您没有权限查看这些提交' },
  testRunTooMany: { en: 'You already have {n} test runs waiting; please wait for their results', zh: '您已有{n}个在线测试正在等待，请等待结果后再试' },
  judgeProtocolMismatch: { en: 'This judge speaks protocol {got}; the server speaks {want}. Update the judge', zh: '评测机的协议版本为{got}，服务器为{want}，请更新评测机' },
  // submit idempotency (issue 16)
  idempotencyKeyInvalid: { en: 'The Idempotency-Key header must be 1 to {n} visible ASCII characters without spaces', zh: 'Idempotency-Key 请求头须为1到{n}个不含空格的可见ASCII字符' },
  idempotencyKeyBusy: { en: 'A submission with this Idempotency-Key is still being saved; please try again in a moment', zh: '使用该 Idempotency-Key 的提交仍在保存中，请稍后重试' },
  // live updates (issue 16)
  liveTooManyStreams: { en: 'Too many live connections from your address (at most {n}); close some tabs or wait a moment', zh: '来自您地址的实时连接过多（最多{n}个），请关闭部分标签页或稍后再试' },
  liveNothingToWatch: { en: 'Say what to watch: mine=1 for your submissions, cid for a contest', zh: '请指定要订阅的内容：mine=1 订阅自己的提交，cid 订阅比赛' },
  liveServerBusy: { en: 'The server has too many live connections; the page falls back to refreshing on its own', zh: '服务器实时连接过多，页面将改为定时刷新' },
} as const;

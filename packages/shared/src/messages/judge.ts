/** Messages of submissions and judging (server answers of spec 01 §4-§7 not in the main catalogue). */
export const JUDGE_MSG = {
  resubmitNotFailed: { en: 'Only a submission whose sending failed can be resubmitted', zh: '只有提交失败的记录才能重新提交' },
  problemNoSubmitAccess: { en: 'You cannot submit to this problem', zh: '您无法提交该题目' },
  contestSubmitClosed: { en: 'This contest does not accept submissions', zh: '该比赛不接受提交' },
  submissionNoAccess: { en: 'You do not have permission to view this submission', zh: '您没有权限查看该提交' },
  manualJudgePending: { en: 'A pending submission cannot be modified', zh: '等待评测的提交不能修改' },
  shareDisabled: { en: 'Code sharing is turned off for this problem', zh: '该题目未开启代码分享' },
  submissionListNoAccess: { en: 'You do not have permission to view these submissions', zh: '您没有权限查看这些提交' },
  testRunTooMany: { en: 'You already have {n} test runs waiting; please wait for their results', zh: '您已有{n}个在线测试正在等待，请等待结果后再试' },
  judgeProtocolMismatch: { en: 'This judge speaks protocol {got}; the server speaks {want}. Update the judge', zh: '评测机的协议版本为{got}，服务器为{want}，请更新评测机' },
} as const;

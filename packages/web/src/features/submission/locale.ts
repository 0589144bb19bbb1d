import type { LocaleBundle } from '../../i18n';

const bundle: LocaleBundle = {
  'zh-CN': {
    submission: {
      list: '评测状态', onlyMine: '只看我的', allStatus: '全部状态', username: '用户名', problemId: '题目ID', search: '搜索', refresh: '刷新',
      runId: '提交ID', problem: '题目', status: '状态', score: '分数', time: '时间', memory: '内存', length: '长度', language: '语言', judger: '评测机', author: '作者', submitTime: '提交时间',
      option: '操作', resubmit: '重新提交', rejudge: '重新评测', manualJudge: '人工评测', cancelJudge: '取消评测', resubmitted: '重新提交成功', rejudged: '重新评测成功',
      cancelled: '取消成功', updated: '修改成功', cancelConfirm: '确定取消该提交的评测吗？', rejudgeConfirm: '确定重新评测该提交吗？', manual: '人工',
      submittedNotResult: '已提交，暂无结果', modify: '修改', scoreRequired: '分数不能为空', scoreInteger: '分数必须是整数',
      detail: '提交详情', code: '代码', copy: '复制', shared: '分享', unshared: '取消分享', sharedOk: '分享成功', unsharedOk: '取消分享成功',
      caseResults: '测试点详情', caseIndex: '测试点', subtask: '子任务 {{n}}', caseInput: '输入', caseOutput: '期望输出', userOutput: '用户输出',
      errorMessage: '错误信息', noCode: '没有权限查看代码', notFound: '该提交不存在或无权查看', caseHidden: '该题目未公开测试点结果', empty: '暂无提交',
      contest: '比赛', back: '返回', runningOnTest: '正在运行第 {{n}} 个测试', queuePosition: '排队第 {{n}} 位',
    },
  },
  'en-US': {
    submission: {
      list: 'Status', onlyMine: 'Mine', allStatus: 'All status', username: 'Username', problemId: 'Problem ID', search: 'Search', refresh: 'Refresh',
      runId: 'Run ID', problem: 'Problem', status: 'Status', score: 'Score', time: 'Time', memory: 'Memory', length: 'Length', language: 'Language', judger: 'Judger', author: 'Author', submitTime: 'Submit Time',
      option: 'Option', resubmit: 'Resubmit', rejudge: 'Rejudge', manualJudge: 'Manual Judge', cancelJudge: 'Cancel', resubmitted: 'Resubmitted Successfully', rejudged: 'Rejudge successfully',
      cancelled: 'Cancel Successfully', updated: 'Update Successfully', cancelConfirm: 'Cancel the judging of this submission?', rejudgeConfirm: 'Rejudge this submission?', manual: 'Manual',
      submittedNotResult: 'Submitted Not Result', modify: 'Modify', scoreRequired: 'The score is required', scoreInteger: 'The score must be an integer',
      detail: 'Submission Detail', code: 'Code', copy: 'Copy', shared: 'Shared', unshared: 'Unshared', sharedOk: 'Shared successfully', unsharedOk: 'Cancel Sharing Successfully',
      caseResults: 'Test case results', caseIndex: 'Case', subtask: 'Subtask {{n}}', caseInput: 'Input', caseOutput: 'Expected output', userOutput: 'User output',
      errorMessage: 'Error message', noCode: 'You may not see the code', notFound: 'The submission does not exist or you may not see it', caseHidden: 'The case results of this problem are not open', empty: 'No submissions',
      contest: 'Contest', back: 'Back', runningOnTest: 'Running on test {{n}}', queuePosition: '#{{n}} in queue',
    },
  },
};
export default bundle;

import type { LocaleBundle } from '../../../i18n';

// Strings of the contest plagiarism check screens (issue 31); they load with those screens.
const bundle: LocaleBundle = {
  'zh-CN': {
    plagiarism: {
      title: '代码查重', pairTitle: '代码对比', back: '返回', backToList: '返回查重结果', contestList: '比赛列表',
      start: '开始查重', restart: '重新查重', startTitle: '开始代码查重', scope: '检查范围', scopeLastAccepted: '每位参赛者每题最后一次通过的提交',
      scopeFinal: '每位参赛者每题最后一次提交（含未通过）', runningWarning: '比赛仍在进行：查重只包含开始查重前的提交，结果是部分的。', startOk: '查重已开始',
      statusNone: '尚未查重', statusQueued: '排队中', statusRunning: '查重中', statusDone: '已完成', statusFailed: '失败',
      never: '该比赛尚未进行查重。查重会按题目和语言比较参赛者的代码（重命名变量、调整函数顺序、改变空白和注释都能被发现）。',
      startedBy: '由 {{user}} 于 {{time}} 开始', finishedAt: '完成于 {{time}}', failed: '查重失败：{{error}}',
      problem: '题目', allProblems: '全部题目', language: '语言', allLanguages: '全部语言', threshold: '最低相似度',
      pairs: '相似代码对', clusters: '抄袭团伙', groups: '检查范围',
      pairsCount: '共 {{total}} 对（显示 {{shown}} 对）', noPairs: '没有达到该相似度的代码对', noClusters: '没有三人及以上共享代码的情况',
      left: '用户 A', right: '用户 B', similarity: '相似度', longest: '最长片段', lines: '{{n}} 行', decision: '判定', compare: '对比',
      undecided: '未判定', cleared: '无抄袭', cheating: '抄袭', excluded: '已取消排名',
      clusterUsers: '{{n}} 位用户', clusterRange: '相似度 {{min}} – {{max}}',
      groupSubmissions: '提交数', groupPairs: '相似对数', groupState: '状态', checked: '已比较', charTokens: '按字符比较（该语言无语法分析）',
      submission: '提交 #{{id}}', fragments: '共享片段', fragment: '片段 {{n}}', fragmentLines: '第 {{a}}–{{b}} 行', noFragments: '没有共享片段',
      fragmentHint: '点击高亮的代码或片段，在另一侧定位对应的代码。',
      markCleared: '标记为无抄袭', markCheating: '标记为抄袭', cheatingTitle: '标记为抄袭', exclude: '取消这两位用户的比赛排名',
      reason: '理由（被取消排名的用户可以看到）', reasonPlaceholder: '例如：与其他参赛者提交了相同的代码', confirm: '确定',
      decided: '已保存判定', decidedBy: '{{user}} 于 {{time}} 判定', notDecided: '尚未判定',
    },
  },
  'en-US': {
    plagiarism: {
      title: 'Plagiarism check', pairTitle: 'Compare sources', back: 'Back', backToList: 'Back to the results', contestList: 'Contest list',
      start: 'Run check', restart: 'Run again', startTitle: 'Run a plagiarism check', scope: 'Compare', scopeLastAccepted: 'Each participant\'s last accepted submission per problem',
      scopeFinal: 'Each participant\'s last submission per problem (accepted or not)', runningWarning: 'The contest is still running: the check covers only the submissions made before it starts, so its result is partial.', startOk: 'The check has started',
      statusNone: 'Not checked', statusQueued: 'Queued', statusRunning: 'Running', statusDone: 'Done', statusFailed: 'Failed',
      never: 'This contest has not been checked yet. The check compares the participants\' code per problem and language (renamed variables, reordered functions, changed spacing and comments do not hide a copy).',
      startedBy: 'Started by {{user}} at {{time}}', finishedAt: 'finished at {{time}}', failed: 'The check failed: {{error}}',
      problem: 'Problem', allProblems: 'All problems', language: 'Language', allLanguages: 'All languages', threshold: 'Least similarity',
      pairs: 'Similar pairs', clusters: 'Clusters', groups: 'Coverage',
      pairsCount: 'Pairs: {{total}} (showing {{shown}})', noPairs: 'No pair reaches this similarity', noClusters: 'No three or more users share code',
      left: 'User A', right: 'User B', similarity: 'Similarity', longest: 'Longest fragment', lines: '{{n}} lines', decision: 'Decision', compare: 'Compare',
      undecided: 'Undecided', cleared: 'Cleared', cheating: 'Cheating', excluded: 'Out of the rank',
      clusterUsers: '{{n}} users', clusterRange: 'similarity {{min}} – {{max}}',
      groupSubmissions: 'Submissions', groupPairs: 'Pairs kept', groupState: 'State', checked: 'Compared', charTokens: 'Compared by characters (no grammar for this language)',
      submission: 'Submission #{{id}}', fragments: 'Shared fragments', fragment: 'Fragment {{n}}', fragmentLines: 'lines {{a}}–{{b}}', noFragments: 'No shared fragments',
      fragmentHint: 'Click highlighted code or a fragment to find its counterpart on the other side.',
      markCleared: 'Mark cleared', markCheating: 'Mark cheating', cheatingTitle: 'Mark as cheating', exclude: 'Take both users out of the contest rank',
      reason: 'Reason (the excluded users see it)', reasonPlaceholder: 'e.g. Same code as another contestant', confirm: 'OK',
      decided: 'Decision saved', decidedBy: 'Decided by {{user}} at {{time}}', notDecided: 'Not decided yet',
    },
  },
};
export default bundle;

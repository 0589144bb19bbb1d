import type { LocaleBundle } from '../../i18n';

const bundle: LocaleBundle = {
  'zh-CN': {
    problem: {
      list: '题目列表', keyword: '输入关键字', difficulty: '难度', allDifficulty: '全部', oj: '题库', mine: '本站', tags: '标签', pickTags: '选择标签',
      random: '随机一题', goodLuck: '祝你好运', reset: '重置', id: '题目ID', title: '标题', level: '难度', acRate: '通过率', total: '总提交', ac: '通过',
      unclassified: '未分类', tagAlreadyChosen: '该标签已被选择', noTag: '暂无标签', showTags: '显示标签',
      easy: '简单', mid: '中等', hard: '困难', acm: 'ACM', oi: 'OI',
      description: '题目描述', input: '输入描述', output: '输出描述', sample: '样例', sampleInput: '样例输入 {{n}}', sampleOutput: '样例输出 {{n}}',
      hint: '提示', source: '来源', author: '出题人', timeLimit: '时间限制', memoryLimit: '内存限制', otherLanguages: '其他', score: '分数', oiRankScore: 'OI排行得分',
      tabDescription: '题目描述', tabMySubmission: '我的提交', tabAnnex: '题目附件', loginToSeeSubmissions: '请先登录后查看你的提交',
      fileIO: '文件读写', inputFile: '输入文件', outputFile: '输出文件', contestProblem: '比赛题目',
      statistics: '统计', discussion: '讨论', solutions: '题解', statisticsTitle: '提交统计', copy: '复制', copied: '复制成功', copyFailed: '复制失败',
      annexEmpty: '没有附件', download: '下载', annexPick: '点击左侧文件查看内容', notFound: '题目不存在或无权查看', backToList: '返回题目列表',
      type: '类型',
    },
  },
  'en-US': {
    problem: {
      list: 'Problem List', keyword: 'Enter keyword', difficulty: 'Level', allDifficulty: 'All', oj: 'OJ', mine: 'This site', tags: 'Tags', pickTags: 'Choose tags',
      random: 'Pick One', goodLuck: 'Good luck to you', reset: 'Reset', id: 'Problem ID', title: 'Title', level: 'Level', acRate: 'AC Rate', total: 'Total', ac: 'AC',
      unclassified: 'Unclassified', tagAlreadyChosen: 'This tag is already chosen', noTag: 'No tag', showTags: 'Show tags',
      easy: 'Easy', mid: 'Mid', hard: 'Hard', acm: 'ACM', oi: 'OI',
      description: 'Description', input: 'Input', output: 'Output', sample: 'Sample', sampleInput: 'Sample Input {{n}}', sampleOutput: 'Sample Output {{n}}',
      hint: 'Hint', source: 'Source', author: 'Author', timeLimit: 'Time Limit', memoryLimit: 'Memory Limit', otherLanguages: 'others', score: 'Score', oiRankScore: 'OI Rank Score',
      tabDescription: 'Problem Description', tabMySubmission: 'My Submission', tabAnnex: 'Problem Annex', loginToSeeSubmissions: 'Please login first to see your submissions',
      fileIO: 'File IO', inputFile: 'Input file', outputFile: 'Output file', contestProblem: 'Contest Problem',
      statistics: 'Statistics', discussion: 'Discussion', solutions: 'Solutions', statisticsTitle: 'Submission Statistics', copy: 'Copy', copied: 'Copied successfully', copyFailed: 'Copied failed',
      annexEmpty: 'No annex files', download: 'Download', annexPick: 'Click a file to see its content', notFound: 'The problem does not exist or you may not see it', backToList: 'Back to the problem list',
      type: 'Type',
    },
  },
};
export default bundle;

import type { LocaleBundle } from '../../i18n';

const bundle: LocaleBundle = {
  'zh-CN': {
    adminContest: {
      downloadAc: '下载 AC 代码', excludeAdmin: '排除管理员的提交', splitType: '文件夹划分', splitUser: '按用户', splitProblem: '按题目',
      announcementDeleteConfirm: '确定删除该公告吗？', createAnnouncement: '创建公告', editAnnouncement: '编辑公告', createTime: '创建时间', content: '内容', titleRequired: '标题不能为空', contentRequired: '内容不能为空',
      addFromPublic: '从公共题库添加', displayId: '展示 ID', displayTitle: '展示标题', color: '气球颜色', problemId: '题目 ID', add: '添加', added: '添加成功',
      removeConfirm: '从比赛中移除该题目吗？仅属于本比赛的题目会被一并删除。', remove: '移除', searchProblem: '搜索公共题目', displayIdRequired: '请输入展示 ID', problemList: '比赛题目', createProblem: '创建题目', editProblem: '编辑题目',
      pageAnnouncements: '比赛公告', pageProblemCreate: '创建比赛题目', pageProblemEdit: '编辑比赛题目',
      plagiarism: '代码查重', pagePlagiarism: '比赛代码查重', pagePlagiarismPair: '查重代码对比',
      list: '比赛列表', create: '创建比赛', edit: '编辑比赛', keyword: '输入标题或作者', id: 'ID', title: '标题', type: '赛制', auth: '权限', status: '状态',
      visible: '可见', author: '作者', option: '操作', problems: '题目', announcements: '公告', delete: '删除', deleteConfirm: '删除该比赛及其题目关联、报名、排名与公告，确定吗？',
      deleted: '删除成功', updated: '修改成功', created: '创建成功', save: '保存', back: '返回',
      description: '描述', time: '比赛时间', startTime: '开始时间', endTime: '结束时间', duration: '时长', rule: '赛制', typeLocked: '比赛创建后赛制不可修改',
      pwd: '密码', sealRank: '封榜', sealChoice: { 0: '结束前半小时', 1: '结束前一小时', 2: '整场比赛' }, autoRealRank: '赛后自动解除封榜',
      openRank: '开放公开榜单', openPrint: '开放打印', rated: '计入积分', ratedHelp: '比赛结束后按 Codeforces 积分算法更新参赛者的积分', allowEndSubmit: '允许赛后提交', rankShowName: '排行榜显示', showUsername: '用户名', showNickname: '昵称', showRealname: '真实姓名',
      oiRankScoreType: 'OI 排名分数', recent: '最近一次提交', highest: '最高分提交',
      starAccount: '打星用户', starPlaceholder: '输入用户名后回车',
      accountLimit: '账号限制', prefix: '前缀', suffix: '后缀', start: '起始编号', end: '结束编号', extra: '额外账号（空格分隔）',
      award: '奖项', awardNone: '无', awardProportion: '按比例（%）', awardNumber: '按人数', awardName: '名称', awardBackground: '背景色', awardColor: '文字颜色', awardNum: '数量', priority: '优先级', addAward: '添加奖项',
    },
  },
  'en-US': {
    adminContest: {
      downloadAc: 'Download accepted code', excludeAdmin: 'Exclude the admins\' submissions', splitType: 'Folders by', splitUser: 'User', splitProblem: 'Problem',
      announcementDeleteConfirm: 'Delete this announcement?', createAnnouncement: 'Create Announcement', editAnnouncement: 'Edit Announcement', createTime: 'Created', content: 'Content', titleRequired: 'The title is required', contentRequired: 'The content is required',
      addFromPublic: 'Add from public problems', displayId: 'Display ID', displayTitle: 'Display title', color: 'Balloon colour', problemId: 'Problem ID', add: 'Add', added: 'Added successfully',
      removeConfirm: 'Remove the problem from the contest? A contest-only problem is deleted with it.', remove: 'Remove', searchProblem: 'Search public problems', displayIdRequired: 'Enter a display ID', problemList: 'Contest Problems', createProblem: 'Create', editProblem: 'Edit problem',
      pageAnnouncements: 'Contest Announcements', pageProblemCreate: 'Create Contest Problem', pageProblemEdit: 'Edit Contest Problem',
      plagiarism: 'Plagiarism check', pagePlagiarism: 'Contest Plagiarism Check', pagePlagiarismPair: 'Plagiarism: Compare Sources',
      list: 'Contest List', create: 'Create Contest', edit: 'Edit Contest', keyword: 'Enter a title or author', id: 'ID', title: 'Title', type: 'Rule', auth: 'Auth', status: 'Status',
      visible: 'Visible', author: 'Author', option: 'Option', problems: 'Problems', announcements: 'Announcements', delete: 'Delete', deleteConfirm: 'Delete the contest with its problems links, registrations, rank and announcements?',
      deleted: 'Deleted successfully', updated: 'Updated successfully', created: 'Created successfully', save: 'Save', back: 'Back',
      description: 'Description', time: 'Contest time', startTime: 'Start time', endTime: 'End time', duration: 'Duration', rule: 'Rule', typeLocked: 'The rule cannot change once the contest exists',
      pwd: 'Password', sealRank: 'Seal rank', sealChoice: { 0: '30 minutes before the end', 1: '1 hour before the end', 2: 'The whole contest' }, autoRealRank: 'Unseal automatically after the end',
      openRank: 'Open public scoreboard', openPrint: 'Open printing', rated: 'Rated', ratedHelp: 'When it ends, the participants\' ratings are updated (Codeforces rating algorithm)', allowEndSubmit: 'Allow submissions after the end', rankShowName: 'Rank shows', showUsername: 'Username', showNickname: 'Nickname', showRealname: 'Real name',
      oiRankScoreType: 'OI rank score', recent: 'Most recent submission', highest: 'Highest score',
      starAccount: 'Star users', starPlaceholder: 'Type a username and press Enter',
      accountLimit: 'Account limit', prefix: 'Prefix', suffix: 'Suffix', start: 'Start number', end: 'End number', extra: 'Extra accounts (space separated)',
      award: 'Awards', awardNone: 'None', awardProportion: 'By proportion (%)', awardNumber: 'By count', awardName: 'Name', awardBackground: 'Background', awardColor: 'Text colour', awardNum: 'Number', priority: 'Priority', addAward: 'Add award',
    },
  },
};
export default bundle;

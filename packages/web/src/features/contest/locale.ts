import type { LocaleBundle } from '../../i18n';

const bundle: LocaleBundle = {
  'zh-CN': {
    contest: {
      exitFocus: '退出专注模式', focus: '专注模式', rejudge: '重新评测', rejudgeConfirm: '重新评测该题在本比赛中的全部提交吗？', rejudged: '已开始重新评测', rootOnly: '仅超级管理员可用',
      newAnnouncement: '新公告', announcements: '公告', comment: '评论', acInfo: 'AC 信息', acInfoOnly: '仅 ACM 比赛的管理员可查看', acTime: 'AC 时间', firstBlood: '一血', checked: '已处理',
      print: '打印', printClosed: '本比赛未开放打印', printTooShort: '打印内容至少 {{n}} 个字符', printSent: '提交打印成功', printPlaceholder: '输入要打印的文本（至少 {{n}} 个字符）',
      printSubmit: '提交打印', printQueue: '打印请求', printTime: '提交时间', printed: '已打印', printPending: '待打印', download: '下载', adminPrint: '打印管理', printMarked: '修改成功', option: '操作', adminOnly: '仅比赛管理员可以查看',
      list: '比赛列表', keyword: '输入比赛标题', allRule: '全部赛制', allStatus: '全部状态', search: '搜索',
      scheduled: '未开始', running: '进行中', ended: '已结束', public: '公开赛', private: '私有赛', protected: '保护赛',
      acm: 'ACM', oi: 'OI', startAt: '开始时间', duration: '时长', participants: '参与人数', empty: '暂无比赛',
      loginFirst: '请先登录！', authTip: { 0: '公开赛：所有人都可以参加', 1: '私有赛：需要密码才能参加', 2: '保护赛：需要密码才能提交' },
      days: '{{n}} 天', hours: '{{n}} 小时', minutes: '{{n}} 分钟', seconds: '{{n}} 秒',
      startsIn: '距开始 {{t}}', endsIn: '距结束 {{t}}', endedTag: '已结束', now: '当前时间',
      begin: '开始', end: '结束', settings: '设置', containsEnd: '包含赛后提交',
      home: '比赛首页', problems: '题目', submissions: '提交', rank: '排名',
      passwordTitle: '本比赛需要密码', passwordPlaceholder: '输入比赛密码', register: '注册', registered: '注册成功',
      notFound: '比赛不存在或无权查看', back: '返回比赛列表', notStarted: '比赛尚未开始',
      displayId: '#', title: '题目', acTotal: 'AC / 总数', status: '状态', progress: '比赛进度', sealed: '封榜中',
      scoreboard: '排行榜', publicScoreboard: '公开榜单',
    },
  },
  'en-US': {
    contest: {
      exitFocus: 'Leave focus mode', focus: 'Focus mode', rejudge: 'Rejudge', rejudgeConfirm: 'Rejudge every submission to this problem in the contest?', rejudged: 'Rejudge started', rootOnly: 'Super admin only',
      newAnnouncement: 'New announcement', announcements: 'Announcements', comment: 'Comment', acInfo: 'AC Info', acInfoOnly: 'Only admins of an ACM contest may see this', acTime: 'AC time', firstBlood: 'First blood', checked: 'Checked',
      print: 'Print', printClosed: 'Printing is not open in this contest', printTooShort: 'The text to print needs at least {{n}} characters', printSent: 'Sent to print successfully', printPlaceholder: 'Enter the text to print (at least {{n}} characters)',
      printSubmit: 'Submit', printQueue: 'Print requests', printTime: 'Time', printed: 'Printed', printPending: 'Waiting', download: 'Download', adminPrint: 'Admin Print', printMarked: 'Update Successfully', option: 'Option', adminOnly: 'Only the contest admins can see this page',
      list: 'Contest List', keyword: 'Enter a contest title', allRule: 'All rules', allStatus: 'All status', search: 'Search',
      scheduled: 'Scheduled', running: 'Running', ended: 'Ended', public: 'Public', private: 'Private', protected: 'Protected',
      acm: 'ACM', oi: 'OI', startAt: 'Start time', duration: 'Duration', participants: 'Participants', empty: 'No contests',
      loginFirst: 'Please login first!', authTip: { 0: 'Public: everyone may take part', 1: 'Private: a password is needed to take part', 2: 'Protected: a password is needed to submit' },
      days: '{{n}} d', hours: '{{n}} h', minutes: '{{n}} min', seconds: '{{n}} s',
      startsIn: 'Starts in {{t}}', endsIn: 'Ends in {{t}}', endedTag: 'Ended', now: 'Now',
      begin: 'Start', end: 'End', settings: 'Settings', containsEnd: 'Contains submission after contest',
      home: 'Overview', problems: 'Problems', submissions: 'Submissions', rank: 'Rank',
      passwordTitle: 'This contest needs a password', passwordPlaceholder: 'Enter the contest password', register: 'Register', registered: 'Registered successfully',
      notFound: 'The contest does not exist or you may not see it', back: 'Back to the contest list', notStarted: 'The contest has not started yet',
      displayId: '#', title: 'Title', acTotal: 'AC / Total', status: 'Status', progress: 'Contest progress', sealed: 'Sealed',
      scoreboard: 'Scoreboard', publicScoreboard: 'Public scoreboard',
    },
  },
};
export default bundle;

import type { LocaleBundle } from '../../i18n';

const bundle: LocaleBundle = {
  'zh-CN': {
    scoreboard: {
      rank: '排名', user: '用户', solved: '通过', penalty: '罚时', totalScore: '总分', keyword: '搜索用户名/昵称/学校',
      star: '显示打星用户', autoRefresh: '自动刷新（30 秒）', forceRefresh: '强制刷新', export: '导出', follow: '关注', unfollow: '取消关注',
      refreshStopped: '获取排名失败，自动刷新已停止', updated: '排名已刷新', empty: '暂无排名', sealedTip: '已封榜', closed: '该比赛未开放公开榜单',
      title: '{{title}} 排行榜', starMark: '打星', afterContest: '赛后', firstBlood: '一血', refresh: '刷新',
      virtual: '虚拟', ghost: '原赛', ghostTip: '原比赛选手在你当前用时的成绩',
    },
  },
  'en-US': {
    scoreboard: {
      rank: 'Rank', user: 'User', solved: 'Solved', penalty: 'Penalty', totalScore: 'Total score', keyword: 'Search username / nickname / school',
      star: 'Show star users', autoRefresh: 'Auto refresh (30 s)', forceRefresh: 'Force update', export: 'Export', follow: 'Follow', unfollow: 'Unfollow',
      refreshStopped: 'Loading the rank failed; auto refresh stopped', updated: 'Rank updated', empty: 'No ranks yet', sealedTip: 'Sealed', closed: 'The public scoreboard of this contest is not open',
      title: '{{title}} Scoreboard', starMark: 'Star', afterContest: 'After contest', firstBlood: 'First blood', refresh: 'Refresh',
      virtual: 'Virtual', ghost: 'Live', ghostTip: 'A real participant, as they stood at your elapsed time',
    },
  },
};
export default bundle;

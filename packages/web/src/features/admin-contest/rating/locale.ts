import type { LocaleBundle } from '../../../i18n';

/** The contest admin's ratings page (issue 30). */
const bundle: LocaleBundle = {
  'zh-CN': {
    adminRating: {
      action: '计算积分', page: '比赛积分', compute: '计算积分', recompute: '重新计算积分', unrate: '取消计分',
      computeConfirm: '按 Codeforces 公式计算本场比赛的积分变化吗？已有结果会被替换，之后已计算过的计分比赛也会按顺序重新计算。',
      unrateConfirm: '取消本场比赛的计分吗？已有的积分变化会被撤回，之后的计分比赛会重新计算。',
      computed: '积分已计算', unrated: '已取消计分', cascade: '以下之后的计分比赛已按新结果重新计算：',
      state: '状态', states: { unrated: '不计分', waiting: '等待比赛结束或评测完成', pending: '排队中', running: '计算中', done: '已完成', failed: '计算失败' },
      doneAt: '计算时间', notRated: '本比赛未开启“计分”开关，请先在比赛设置中开启。', notEnded: '比赛结束后才能计算积分。',
      user: '用户', place: '名次', old: '原 Rating', new: '新 Rating', delta: '变化', performance: '表现分', first: '首次', empty: '暂无积分变化',
    },
  },
  'en-US': {
    adminRating: {
      action: 'Compute ratings', page: 'Contest Ratings', compute: 'Compute ratings', recompute: 'Compute again', unrate: 'Unrate',
      computeConfirm: 'Compute this contest\'s rating changes with the Codeforces formula? An earlier result is replaced, and the later rated contests already computed are computed again in order.',
      unrateConfirm: 'Unrate this contest? Its rating changes are taken back and the later rated contests are computed again.',
      computed: 'Ratings computed', unrated: 'Contest unrated', cascade: 'These later rated contests were computed again from the new result:',
      state: 'State', states: { unrated: 'Not rated', waiting: 'Waiting for the end or for judging', pending: 'Queued', running: 'Computing', done: 'Done', failed: 'Failed' },
      doneAt: 'Computed at', notRated: 'The contest\'s "Rated" switch is off: turn it on in the contest settings first.', notEnded: 'Ratings are computed once the contest has ended.',
      user: 'User', place: 'Place', old: 'Old', new: 'New', delta: 'Change', performance: 'Performance', first: 'First', empty: 'No rating changes yet',
    },
  },
};
export default bundle;

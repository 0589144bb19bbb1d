import type { LocaleBundle } from '../../i18n';

const bundle: LocaleBundle = {
  'zh-CN': {
    scrollBoard: {
      noAccess: '无法打开滚榜：仅 ACM 比赛的管理员可用', next: '下一步', play: '自动播放', pause: '暂停', sealed: '封榜中', final: '最终排名',
      nothingSealed: '本场比赛没有封榜：下面就是最终排名，没有可揭晓的结果。', nothingSealedHint: '可以从比赛开始重放整场比赛，逐题揭晓每个人的结果。', replay: '重放整场比赛', replayAgain: '重新开始重放',
      config: '滚榜', removeStar: '去除打星用户', gold: '金牌数', silver: '银牌数', bronze: '铜牌数', open: '打开滚榜', hint: '在新窗口打开；回车、空格或右方向键揭晓下一题',
    },
  },
  'en-US': {
    scrollBoard: {
      noAccess: 'The scroll board is for admins of an ACM contest only', next: 'Next', play: 'Auto play', pause: 'Pause', sealed: 'Sealed', final: 'Final standings',
      nothingSealed: 'This contest was not sealed: the standings below are final and there is nothing to reveal.', nothingSealedHint: 'You can replay the whole contest from its start, revealing every result problem by problem.', replay: 'Replay the whole contest', replayAgain: 'Restart the replay',
      config: 'Scroll Board', removeStar: 'Remove star users', gold: 'Gold medals', silver: 'Silver medals', bronze: 'Bronze medals', open: 'Open the scroll board', hint: 'Opens in a new window; Enter, Space or the right arrow reveals the next problem',
    },
  },
};
export default bundle;

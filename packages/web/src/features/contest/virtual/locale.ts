import type { LocaleBundle } from '../../../i18n';

/** Virtual participation (issue 30). */
const bundle: LocaleBundle = {
  'zh-CN': {
    virtual: {
      mark: '虚拟', listTip: '已结束，可进行虚拟参赛', start: '开始虚拟参赛', startTitle: '开始虚拟参赛？',
      startBody: '你将从现在开始，以与原比赛相同的时长（{{d}}）独立完成本场比赛：题目、提交与排名都按你的计时进行，排名中会显示原比赛选手在相同时刻的成绩。每场比赛只能虚拟参赛一次，开始后无法暂停。',
      passwordHint: '本比赛需要密码', confirm: '开始', cancel: '取消', started: '虚拟参赛已开始，祝你好运！',
      endsIn: '虚拟赛距结束 {{t}}', over: '虚拟赛已结束', runOver: '你的虚拟参赛已结束，之后的提交记为赛后练习', ghost: '原比赛选手（相同时刻）',
      legendVirtual: '虚拟参赛者', legendGhost: '原比赛选手', yourRun: '你的虚拟参赛',
      myRuns: '虚拟参赛记录', noRuns: '暂无虚拟参赛', runStart: '开始时间', runStatus: '状态', running: '进行中', ended: '已结束',
    },
  },
  'en-US': {
    virtual: {
      mark: 'Virtual', listTip: 'Ended: you may take it virtually', start: 'Start virtual run', startTitle: 'Start a virtual run?',
      startBody: 'From now on you take this contest on your own, with its original duration ({{d}}): problems, submissions and the rank follow your clock, and the rank shows the real participants as they stood at the same moment. One virtual run per contest; it cannot be paused once started.',
      passwordHint: 'This contest needs a password', confirm: 'Start', cancel: 'Cancel', started: 'Your virtual run has started. Good luck!',
      endsIn: 'Virtual run ends in {{t}}', over: 'Virtual run over', runOver: 'Your virtual run is over: later submissions count as practice', ghost: 'Real participant (at the same moment)',
      legendVirtual: 'Virtual participants', legendGhost: 'Real participants', yourRun: 'Your virtual run',
      myRuns: 'Virtual runs', noRuns: 'No virtual runs yet', runStart: 'Started', runStatus: 'Status', running: 'Running', ended: 'Ended',
    },
  },
};
export default bundle;

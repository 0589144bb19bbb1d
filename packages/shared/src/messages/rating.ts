import type { Msg } from './types.js';

/** Messages of contest ratings and virtual participation (issue 30). */
export const RATING_MSG = {
  ratingContestUnrated: { en: 'This contest is not rated', zh: '该比赛不计算积分' },
  ratingContestNotEnded: { en: 'Ratings are computed after the contest has ended', zh: '比赛结束后才能计算积分' },
  ratingContestJudging: { en: 'Some submissions of this contest are still being judged: compute the ratings when judging has finished', zh: '该比赛仍有提交正在评测，请在评测完成后再计算积分' },
  ratingBusy: { en: 'The ratings of this contest are being computed right now', zh: '该比赛的积分正在计算中' },
  ratingUserRequired: { en: 'Give the user\'s uid or username', zh: '请提供用户的uid或用户名' },
  ratingUserNotFound: { en: 'The user does not exist', zh: '用户不存在' },
  ratingUidsInvalid: { en: 'uids: up to 200 user ids separated by commas', zh: 'uids 须为以逗号分隔的用户ID，最多200个' },
  virtualContestNotEnded: { en: 'Only an ended contest can be taken virtually', zh: '只有已结束的比赛才能进行虚拟参赛' },
  virtualContestParticipant: { en: 'You took part in this contest: a virtual run is for those who did not', zh: '您参加过该比赛，虚拟参赛仅供未参赛的用户使用' },
  virtualContestTaken: { en: 'You have already taken this contest virtually (one virtual run per contest)', zh: '您已虚拟参加过该比赛（每场比赛只能虚拟参赛一次）' },
  virtualContestAdmin: { en: 'Contest admins can not take their own contest virtually', zh: '比赛管理员不能虚拟参加自己管理的比赛' },
  virtualContestOver: { en: 'Your virtual run of this contest has ended', zh: '您对该比赛的虚拟参赛已结束' },
  virtualContestNone: { en: 'You have no virtual run of this contest', zh: '您没有虚拟参加该比赛' },
} as const satisfies Record<string, Msg>;

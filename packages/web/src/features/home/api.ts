import type { LastWeekSubmissionStatistics, RecentAcRankRow, RecentProblemRow } from '@verdict/shared';
import { api } from '../../lib/request';

/** A contest as the home lists show it (fields of the contest list's rows). */
export interface HomeContest { id: number; title: string; type: number; auth: number; status: number; startTime: number; endTime: number; duration: number }

// Home panels show their own empty/loading states, so their failures stay quiet.
const quiet = { quiet: true } as const;
export const getCarousel = () => api.get<string[]>('/home-carousel', undefined, quiet);
export const getRecentContests = () => api.get<HomeContest[]>('/get-recent-contest', undefined, quiet);
export const getRecentOtherContests = () => api.get<HomeContest[]>('/get-recent-other-contest', undefined, quiet);
export const getWeekStats = (forceRefresh = false) => api.get<LastWeekSubmissionStatistics>('/get-last-week-submission-statistics', { forceRefresh }, quiet);
export const getRecentProblems = () => api.get<RecentProblemRow[]>('/get-recent-updated-problem', undefined, quiet);
export const getAcRank = () => api.get<RecentAcRankRow[]>('/get-recent-seven-ac-rank', undefined, quiet);

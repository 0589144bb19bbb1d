import type { ContestVo, HomeCarouselVo, LastWeekSubmissionStatistics, RecentAcRankRow, RecentProblemRow } from '@verdict/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/request';

/** A contest as the home lists show it (the contest list's rows). */
export type HomeContest = ContestVo;

// Home panels show their own empty/loading states, so their failures stay quiet.
const quiet = { quiet: true } as const;
/** The carousel's pictures as HOJ's rows {id, url} (id: the stored file's, null for a web address). */
export const getCarousel = () => api.get<HomeCarouselVo[]>('/home-carousel', undefined, quiet);
export const getRecentContests = () => api.get<HomeContest[]>('/get-recent-contest', undefined, quiet);
export const getRecentOtherContests = () => api.get<HomeContest[]>('/get-recent-other-contest', undefined, quiet);
export const getWeekStats = (forceRefresh = false) => api.get<LastWeekSubmissionStatistics>('/get-last-week-submission-statistics', { forceRefresh }, quiet);
export const getRecentProblems = () => api.get<RecentProblemRow[]>('/get-recent-updated-problem', undefined, quiet);
export const getAcRank = () => api.get<RecentAcRankRow[]>('/get-recent-seven-ac-rank', undefined, quiet);

/** Query keys of the home panels, built here only. */
export const homeKeys = {
  carousel: ['home-carousel'] as const,
  recentContests: ['recent-contest'] as const,
  recentOtherContests: ['recent-other-contest'] as const,
  weekStats: ['week-stats'] as const,
  weekStatsForced: ['week-stats', 'force'] as const,
  recentProblems: ['recent-updated-problem'] as const,
  acRank: ['recent-seven-ac-rank'] as const,
};
export const carouselQuery = () => queryOptions({ queryKey: homeKeys.carousel, queryFn: getCarousel });
export const recentContestsQuery = () => queryOptions({ queryKey: homeKeys.recentContests, queryFn: getRecentContests });
export const recentOtherContestsQuery = () => queryOptions({ queryKey: homeKeys.recentOtherContests, queryFn: getRecentOtherContests });
export const weekStatsQuery = () => queryOptions({ queryKey: homeKeys.weekStats, queryFn: () => getWeekStats(false) });
/** The refresh button's call (forceRefresh), fetched on demand. */
export const weekStatsForcedQuery = () => queryOptions({ queryKey: homeKeys.weekStatsForced, queryFn: () => getWeekStats(true) });
export const recentProblemsQuery = () => queryOptions({ queryKey: homeKeys.recentProblems, queryFn: getRecentProblems });
export const acRankQuery = () => queryOptions({ queryKey: homeKeys.acRank, queryFn: getAcRank });

import type { Page, ScoreboardRecord, VirtualContestRankPage } from '@verdict/shared';
import { api } from '../../../../lib/request';
import type { RankQuery } from '../../api';

/**
 * POST /get-virtual-contest-rank: the scoreboard as the runner sees it at their elapsed time (ghost
 * rows of the real participants, virtual: false; runners, virtual: true). The Scoreboard's loader:
 * its query key is the scoreboard's own (contestRankQuery), with this loader.
 */
export const getVirtualContestRank = (q: RankQuery): Promise<Page<ScoreboardRecord>> =>
  api.post<VirtualContestRankPage>('/get-virtual-contest-rank', { cid: q.cid, currentPage: q.currentPage, limit: q.limit, keyword: q.keyword || undefined }, { quiet: true });

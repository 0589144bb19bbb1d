import type { ScoreboardRecord } from '@verdict/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/request';
import type { Contest } from '../contest';

export interface ScrollBoardInfo {
  contest: Contest;
  problemList: { pid: number; displayId: string; displayTitle: string; color: string | null }[];
  sealTime: number;
  frozenRows: ScoreboardRecord[];
  finalRows: ScoreboardRecord[];
  submissions: { submitId: number; uid: number; pid: number; status: number; submitTime: number }[];
  medals: { gold: number; silver: number; bronze: number };
  rankedTotal: number;
}

export const scrollBoardApi = {
  info: (cid: number, removeStar: boolean) => api.get<ScrollBoardInfo>('/get-contest-scroll-board-info', { cid, removeStar: removeStar || undefined }, { quiet: true }),
};

export const scrollBoardKeys = { info: (cid: number, removeStar: boolean) => ['scroll-board', cid, removeStar] as const };
export const scrollBoardQuery = (cid: number, removeStar: boolean) => queryOptions({ queryKey: scrollBoardKeys.info(cid, removeStar), queryFn: () => scrollBoardApi.info(cid, removeStar) });

import type { ContestScrollBoardInfoVo } from '@verdict/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/request';

export type ScrollBoardInfo = ContestScrollBoardInfoVo;

export const scrollBoardApi = {
  info: (cid: number, removeStar: boolean) => api.get<ScrollBoardInfo>('/get-contest-scroll-board-info', { cid, removeStar: removeStar || undefined }, { quiet: true }),
};

export const scrollBoardKeys = { info: (cid: number, removeStar: boolean) => ['scroll-board', cid, removeStar] as const };
export const scrollBoardQuery = (cid: number, removeStar: boolean) => queryOptions({ queryKey: scrollBoardKeys.info(cid, removeStar), queryFn: () => scrollBoardApi.info(cid, removeStar) });

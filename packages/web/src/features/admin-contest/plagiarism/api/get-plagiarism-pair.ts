import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlagiarismPairDetailVo } from '@verdict/shared';
import { api } from '../../../../lib/request';
import { plagiarismKeys } from './get-plagiarism-result';

/** GET /admin/contest/plagiarism/pair: both sources and their shared fragments. */
export const getPlagiarismPair = (cid: number, left: number, right: number) =>
  api.get<PlagiarismPairDetailVo>('/admin/contest/plagiarism/pair', { cid, left, right });

export const plagiarismPairQuery = (cid: number, left: number, right: number) =>
  queryOptions({ queryKey: plagiarismKeys.pair(cid, left, right), queryFn: () => getPlagiarismPair(cid, left, right), retry: false });

export const usePlagiarismPair = (cid: number, left: number, right: number) => useQuery(plagiarismPairQuery(cid, left, right));

import type { CommentListVo, CommentVo, ReplyVo } from '@verdict/shared';
import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import { api, call } from '../../lib/request';

export type { CommentVo, ReplyVo };

/** Where a comment area lives: a discussion (did) or a contest's Comment tab (cid). */
export interface CommentPlace { did?: number; cid?: number }

const del = async (url: string, data: unknown) => (await call<null>({ url, method: 'DELETE', data })).data;

/** HOJ's comment calls (spec 01 §7). */
export const commentApi = {
  list: (p: CommentPlace, currentPage: number, limit: number) => api.get<CommentListVo>('/comments', { ...p, currentPage, limit }),
  add: (p: CommentPlace, content: string) => api.post<CommentVo>('/comment', { ...p, content }),
  remove: (p: CommentPlace, c: CommentVo) => del('/comment', { id: c.id, fromUid: c.fromUid, did: p.did, cid: p.cid }),
  like: (p: CommentPlace, commentId: number, toLike: boolean) =>
    api.get<null>('/comment-like', { cid: commentId, toLike, sourceId: p.did ?? p.cid, sourceType: p.did ? 'Discussion' : 'Contest' }),
  replies: (commentId: number, cid?: number) => api.get<ReplyVo[]>('/reply', { commentId, cid }),
  reply: (p: CommentPlace, commentId: number, content: string, quote: { id: number; type: 'Comment' | 'Reply'; toUid: number }) =>
    api.post<ReplyVo>('/reply', { did: p.did, quoteId: quote.id, quoteType: quote.type, reply: { commentId, content, toUid: quote.toUid } }),
  removeReply: (p: CommentPlace, r: ReplyVo) => del('/reply', { did: p.did, reply: { id: r.id, commentId: r.commentId, fromUid: r.fromUid } }),
};

export const commentKeys = { list: (p: CommentPlace, page: number) => ['comments', p.did ?? 0, p.cid ?? 0, page] as const, all: ['comments'] as const };

/** Comments of a place, page after page ("load more"). */
export const commentsQuery = (p: CommentPlace, size: number) => infiniteQueryOptions({
  queryKey: commentKeys.list(p, 0),
  queryFn: ({ pageParam }) => commentApi.list(p, pageParam, size),
  initialPageParam: 1,
  getNextPageParam: (last, all) => (all.length * size < last.commentList.total ? all.length + 1 : undefined),
});
export const invalidateComments = (qc: QueryClient, p: CommentPlace) => qc.invalidateQueries({ queryKey: commentKeys.list(p, 0) });

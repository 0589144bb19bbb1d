import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  commentBody, commentLikeQuery, commentListQuery, commentListVo, commentVo, deleteCommentBody, deleteReplyBody, noData, replyBody, replyListQuery, replyVo,
} from '@verdict/shared';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { answer } from '../../http/answer.js';
import { sendCommentsText } from './pages.js';
import { addComment, addReply, allReplies, commentsBody, deleteComment, deleteReply, likeComment } from './service.js';
import { publicRead } from '../account/throttle.js';

/** The comment area of spec 01 (HOJ's CommentController): discussions and the contest Comment tab. */
export default async function commentRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // On a contest the caller must be able to enter it (checked in the service for every call of
  // the comment area); posting follows the mute roles; deleting is for the author or an admin.
  const list = { config: { access: 'public', rule: 'contestant' } } as const;
  const read = { config: { access: 'public' } } as const;
  const post = { config: { access: 'login', rule: 'role' } } as const;
  const owner = { config: { access: 'login', rule: 'owner' } } as const;
  const login = { config: { access: 'login' } } as const;

  // A discussion's pages are kept built per comment version (pages.ts): the answer is sent as its JSON text.
  api.get('/comments', { ...list, schema: { querystring: commentListQuery, response: answer(commentListVo) } }, async (req, reply) => {
    await publicRead(ctx, req, 'list');
    return sendCommentsText(reply, await commentsBody(ctx, req, req.query));
  });
  api.post('/comment', { ...post, schema: { body: commentBody, response: answer(commentVo) } }, async (req) => ok(await addComment(ctx, req, req.body)));
  api.delete('/comment', { ...owner, schema: { body: deleteCommentBody, response: answer(noData) } }, async (req) => {
    await deleteComment(ctx, req, req.body.id);
    return ok(null);
  });
  // HOJ names the comment id `cid` here; sourceId/sourceType are taken from the comment itself.
  api.get('/comment-like', { ...login, schema: { querystring: commentLikeQuery, response: answer(noData) } }, async (req) => {
    await likeComment(ctx, req, req.query.cid, req.query.toLike);
    return ok(null);
  });
  api.get('/reply', { ...read, schema: { querystring: replyListQuery, response: answer(z.array(replyVo)) } }, async (req) => ok(await allReplies(ctx, req, req.query.commentId)));
  api.post('/reply', { ...post, schema: { body: replyBody, response: answer(replyVo) } }, async (req) => ok(await addReply(ctx, req, req.body)));
  api.delete('/reply', { ...owner, schema: { body: deleteReplyBody, response: answer(noData) } }, async (req) => {
    await deleteReply(ctx, req, req.body.reply.id);
    return ok(null);
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FORUM_LIMITS, msgCleanQuery, pageQuery, type UnreadCounts } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { requireUser } from '../../http/auth.js';
import { unreadOf } from './counters.js';
import { clean, noticePage, remindPage } from './service.js';

/** The message centre of spec 01 (HOJ's /api/msg/*): unread counters, the five tabs, delete and clean. */
export default async function messageRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Every call reads or changes only the caller's own messages.
  const login = { config: { access: 'login', rule: 'owner' } } as const;
  const size = FORUM_LIMITS.msgPageSize;

  // Polled every 2 minutes by every logged-in browser: one primary-key read.
  api.get('/msg/unread', login, async (req) => ok<UnreadCounts>(await unreadOf(ctx.db, requireUser(req).uid)));

  const q = (def: number) => ({ ...login, schema: { querystring: pageQuery.extend({ limit: pageQuery.shape.limit.removeDefault().default(def) }) } });
  api.get('/msg/comment', q(size.Discuss), async (req) => ok(await remindPage(ctx.db, requireUser(req).uid, 'Discuss', req.query.currentPage, req.query.limit)));
  api.get('/msg/reply', q(size.Reply), async (req) => ok(await remindPage(ctx.db, requireUser(req).uid, 'Reply', req.query.currentPage, req.query.limit)));
  api.get('/msg/like', q(size.Like), async (req) => ok(await remindPage(ctx.db, requireUser(req).uid, 'Like', req.query.currentPage, req.query.limit)));
  api.get('/msg/sys', q(size.Sys), async (req) => ok(await noticePage(ctx.db, requireUser(req).uid, 'Sys', req.query.currentPage, req.query.limit)));
  api.get('/msg/mine', q(size.Mine), async (req) => ok(await noticePage(ctx.db, requireUser(req).uid, 'Mine', req.query.currentPage, req.query.limit)));

  api.delete('/msg/clean', { ...login, schema: { querystring: msgCleanQuery } }, async (req) => {
    const n = await clean(ctx.db, requireUser(req).uid, req.query.type, req.query.id);
    if (req.query.id !== undefined && n === 0) throw notFound('msgNotFound');
    return ok(null);
  });
}

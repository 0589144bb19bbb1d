import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FORUM_LIMITS, msgCleanQuery, noData, pageQuery, sysMsgPage, userMsgPage, userUnreadMsgCountVo, type MsgType } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { answer } from '../../http/answer.js';
import { notFound } from '../../http/errors.js';
import { requireUser } from '../../http/auth.js';
import { unreadOf, type Tab } from './counters.js';
import { messagePage } from './pages.js';
import { TAB_OF_TYPE, clean } from './service.js';

/** The message centre of spec 01 (HOJ's /api/msg/*): unread counters, the five tabs, delete and clean. */
export default async function messageRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Every call reads or changes only the caller's own messages.
  const login = { config: { access: 'login', rule: 'owner' } } as const;
  const size = FORUM_LIMITS.msgPageSize;

  // Polled every 2 minutes by every logged-in browser: one primary-key read.
  api.get('/msg/unread', { ...login, schema: { response: answer(userUnreadMsgCountVo) } }, async (req) => ok(await unreadOf(ctx.db, requireUser(req).uid)));

  const q = (type: MsgType) => ({
    ...login,
    schema: {
      querystring: pageQuery.extend({ limit: pageQuery.shape.limit.removeDefault().default(size[type]) }),
      response: answer(type === 'Sys' || type === 'Mine' ? sysMsgPage : userMsgPage),
    },
  });
  // A tab's page (HOJ's path is the tab's name), kept per process until the user's messages change (pages.ts).
  for (const [type, tab] of Object.entries(TAB_OF_TYPE) as [MsgType, Tab][]) {
    api.get(`/msg/${tab}`, q(type), async (req, reply) =>
      (await messagePage(ctx.db, requireUser(req).uid, type, req.query.currentPage, req.query.limit, req.locale)).send(req, reply));
  }

  api.delete('/msg/clean', { ...login, schema: { querystring: msgCleanQuery, response: answer(noData) } }, async (req) => {
    const n = await clean(ctx.db, requireUser(req).uid, req.query.type, req.query.id);
    if (req.query.id !== undefined && n === 0) throw notFound('msgNotFound');
    return ok(null);
  });
}

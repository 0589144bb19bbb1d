import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminSysNoticePage, adminSysNoticeVo, idParam, noData, pageQuery, sysNoticeBody, sysNoticeUpdateBody } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { answer } from '../../http/answer.js';
import { requireRoot } from '../../http/auth.js';
import { deleteNotice, editNotice, ensureNotice, noticeList, noticeRow, sendNotice } from './service.js';

/** Admin calls for system notices (spec 03 §2.4): super admin only. */
export default async function noticeRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const root = { config: { access: 'root' } } as const;

  api.get('/admin/msg/notice', { ...root, schema: { querystring: pageQuery, response: answer(adminSysNoticePage) } }, async (req) =>
    ok(await noticeList(ctx.db, req.query.currentPage, req.query.limit)));

  api.post('/admin/msg/notice', { ...root, schema: { body: sysNoticeBody, response: answer(adminSysNoticeVo) } }, async (req) => {
    const me = requireRoot(req);
    const id = await sendNotice(ctx.db, me.uid, req.body.title, req.body.content);
    return ok(await noticeRow(ctx.db, id));
  });

  api.put('/admin/msg/notice', { ...root, schema: { body: sysNoticeUpdateBody, response: answer(adminSysNoticeVo) } }, async (req) => {
    await ensureNotice(ctx.db, req.body.id);
    await editNotice(ctx.db, req.body.id, req.body.title, req.body.content);
    return ok(await noticeRow(ctx.db, req.body.id));
  });

  api.delete('/admin/msg/notice', { ...root, schema: { querystring: z.object({ id: idParam }), response: answer(noData) } }, async (req) => {
    await ensureNotice(ctx.db, req.query.id);
    await deleteNotice(ctx.db, req.query.id);
    return ok(null);
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, pageQuery, sysNoticeBody, sysNoticeUpdateBody, type SysNoticeRow } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { requireRoot } from '../../http/auth.js';
import { now } from '../../lib/time.js';
import { bumpNoticeRecipients, deleteNoticeCopies, noticeEdited } from '../message/counters.js';

/**
 * System notices: an admin writes one (admin_sys_notice) and every user gets a row in
 * user_sys_notice (type 'Sys', state 0 unread) that the message centre lists under SysMsg.
 */
async function deliverToAll(ctx: AppContext, noticeId: number, t: number) {
  await ctx.db.insertInto('user_sys_notice')
    .columns(['sys_notice_id', 'recipient_uid', 'type', 'state', 'gmt_create'])
    .expression((eb) => eb.selectFrom('user').select((s) => [
      s.val(noticeId).as('sys_notice_id'), 'user.id as recipient_uid', s.val('Sys').as('type'), s.val(0).as('state'), s.val(t).as('gmt_create'),
    ]))
    .execute();
  // The recipients' counters (message module): exactly the copies just written.
  await bumpNoticeRecipients(ctx.db, noticeId);
}

async function list(ctx: AppContext, currentPage: number, limit: number, onlyId?: number) {
  // Personal (Single) notices of the message module are not the admin's to list.
  const { n } = await ctx.db.selectFrom('admin_sys_notice').select((eb) => eb.fn.countAll().as('n')).where('recipient_type', '=', 'All').executeTakeFirstOrThrow();
  let q = ctx.db.selectFrom('admin_sys_notice').where('admin_sys_notice.recipient_type', '=', 'All');
  if (onlyId !== undefined) q = q.where('admin_sys_notice.id', '=', onlyId);
  const rows = await q
    .leftJoin('user', 'user.id', 'admin_sys_notice.uid')
    .select((eb) => ['admin_sys_notice.id', 'admin_sys_notice.title', 'admin_sys_notice.content', 'admin_sys_notice.uid', 'user.username',
      'admin_sys_notice.gmt_create', 'admin_sys_notice.gmt_modified',
      eb.selectFrom('user_sys_notice').select((s) => s.fn.countAll().as('c')).whereRef('user_sys_notice.sys_notice_id', '=', 'admin_sys_notice.id').as('recipients')])
    .orderBy('admin_sys_notice.gmt_create', 'desc').orderBy('admin_sys_notice.id', 'desc')
    .limit(limit).offset((currentPage - 1) * limit).execute();
  const records: SysNoticeRow[] = rows.map((r) => ({
    id: r.id, title: r.title, content: r.content, uid: r.uid, username: r.username ?? '', recipients: Number(r.recipients ?? 0),
    gmtCreate: r.gmt_create, gmtModified: r.gmt_modified,
  }));
  return { records, total: Number(n), current: currentPage, size: limit };
}

async function mustExist(ctx: AppContext, id: number) {
  if (!(await ctx.db.selectFrom('admin_sys_notice').select('id').where('id', '=', id).executeTakeFirst())) throw notFound('noticeNotFound');
}

/** Admin calls for system notices (spec 03 §2.4): super admin only. */
export default async function noticeRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const root = { config: { access: 'root' } } as const;

  api.get('/admin/msg/notice', { ...root, schema: { querystring: pageQuery } }, async (req) => ok(await list(ctx, req.query.currentPage, req.query.limit)));

  api.post('/admin/msg/notice', { ...root, schema: { body: sysNoticeBody } }, async (req) => {
    const me = requireRoot(req);
    const t = now();
    const id = await ctx.db.transaction().execute(async (trx) => {
      const row = await trx.insertInto('admin_sys_notice').values({
        title: req.body.title, content: req.body.content, uid: me.uid, recipient_type: 'All', gmt_create: t, gmt_modified: t,
      }).returning('id').executeTakeFirstOrThrow();
      await deliverToAll({ ...ctx, db: trx }, row.id, t);
      return row.id;
    });
    return ok((await list(ctx, 1, 1, id)).records[0]);
  });

  api.put('/admin/msg/notice', { ...root, schema: { body: sysNoticeUpdateBody } }, async (req) => {
    await mustExist(ctx, req.body.id);
    await ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('admin_sys_notice').set({ title: req.body.title, content: req.body.content, gmt_modified: now() })
        .where('id', '=', req.body.id).execute();
      await noticeEdited(trx, req.body.id);
    });
    return ok((await list(ctx, 1, 1, req.body.id)).records[0]);
  });

  api.delete('/admin/msg/notice', { ...root, schema: { querystring: z.object({ id: idParam }) } }, async (req) => {
    await mustExist(ctx, req.query.id);
    await ctx.db.transaction().execute(async (trx) => {
      await deleteNoticeCopies(trx, req.query.id);
      await trx.deleteFrom('admin_sys_notice').where('id', '=', req.query.id).execute();
    });
    return ok(null);
  });
}

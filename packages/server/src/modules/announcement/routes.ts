import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { announcementBody, announcementPage, announcementUpdateBody, announcementVo, idParam, noData, pageQuery, type AnnouncementRow } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { answer } from '../../http/answer.js';
import { notFound } from '../../http/errors.js';
import { requireRoot } from '../../http/auth.js';
import { now } from '../../lib/time.js';

/** Site announcements (cid 0, gid 0) as the admin area manages them; hidden ones included. */
async function adminList(ctx: AppContext, currentPage: number, limit: number) {
  const base = ctx.db.selectFrom('announcement').where('announcement.cid', '=', 0).where('announcement.gid', '=', 0);
  const { n } = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const rows = await base.leftJoin('user', 'user.id', 'announcement.uid')
    .select(['announcement.id', 'announcement.title', 'announcement.content', 'announcement.status', 'announcement.uid', 'user.username',
      'announcement.gmt_create', 'announcement.gmt_modified'])
    .orderBy('announcement.gmt_create', 'desc').orderBy('announcement.id', 'desc')
    .limit(limit).offset((currentPage - 1) * limit).execute();
  const records: AnnouncementRow[] = rows.map((r) => ({
    id: r.id, title: r.title, content: r.content, status: r.status, uid: r.uid, username: r.username ?? '', gmtCreate: r.gmt_create, gmtModified: r.gmt_modified,
  }));
  return { records, total: Number(n), current: currentPage, size: limit };
}

/** One site announcement as the admin list shows it (answer of create and update). */
async function rowOf(ctx: AppContext, id: number): Promise<AnnouncementRow> {
  const r = await ctx.db.selectFrom('announcement').leftJoin('user', 'user.id', 'announcement.uid')
    .select(['announcement.id', 'announcement.title', 'announcement.content', 'announcement.status', 'announcement.uid', 'user.username',
      'announcement.gmt_create', 'announcement.gmt_modified'])
    .where('announcement.id', '=', id).executeTakeFirstOrThrow();
  return { id: r.id, title: r.title, content: r.content, status: r.status, uid: r.uid, username: r.username ?? '', gmtCreate: r.gmt_create, gmtModified: r.gmt_modified };
}

async function siteAnnouncement(ctx: AppContext, id: number) {
  const row = await ctx.db.selectFrom('announcement').select('id').where('id', '=', id).where('cid', '=', 0).where('gid', '=', 0).executeTakeFirst();
  if (!row) throw notFound('announcementNotFound');
}

/** Admin CRUD of site announcements (spec 03 §2.4): super admin only. The home page lists the visible ones. */
export default async function announcementRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const root = { config: { access: 'root' } } as const;

  api.get('/admin/announcement', { ...root, schema: { querystring: pageQuery, response: answer(announcementPage) } }, async (req) => ok(await adminList(ctx, req.query.currentPage, req.query.limit)));

  api.post('/admin/announcement', { ...root, schema: { body: announcementBody, response: answer(announcementVo) } }, async (req) => {
    const me = requireRoot(req);
    const t = now();
    const row = await ctx.db.insertInto('announcement').values({
      title: req.body.title, content: req.body.content, status: req.body.status, uid: me.uid, cid: 0, gid: 0, gmt_create: t, gmt_modified: t,
    }).returning('id').executeTakeFirstOrThrow();
    return ok(await rowOf(ctx, row.id));
  });

  api.put('/admin/announcement', { ...root, schema: { body: announcementUpdateBody, response: answer(announcementVo) } }, async (req) => {
    await siteAnnouncement(ctx, req.body.id);
    await ctx.db.updateTable('announcement').set({ title: req.body.title, content: req.body.content, status: req.body.status, gmt_modified: now() })
      .where('id', '=', req.body.id).execute();
    return ok(await rowOf(ctx, req.body.id));
  });

  api.delete('/admin/announcement', { ...root, schema: { querystring: z.object({ aid: idParam }), response: answer(noData) } }, async (req) => {
    await siteAnnouncement(ctx, req.query.aid);
    await ctx.db.deleteFrom('announcement').where('id', '=', req.query.aid).execute();
    return ok(null);
  });
}

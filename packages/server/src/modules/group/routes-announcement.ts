import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GROUP_PAGE_SIZES, aidQuery, groupAnnouncementBody, groupAnnouncementPage, createdIdVo, groupPageQuery, noData, type GroupAnnouncementVo } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import { requireUser } from '../../http/auth.js';
import { answer } from '../../http/answer.js';
import { ok, page } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { now } from '../../lib/time.js';
import { requireLevel, requireRootOrAuthor } from './access.js';

/** A page of a group's announcements (or a group contest's, by cid), newest first. */
export async function announcementPage(db: Db, scope: { gid: number } | { cid: number }, currentPage: number, limit: number, visibleOnly: boolean) {
  let base = 'gid' in scope
    ? db.selectFrom('announcement').where('announcement.gid', '=', scope.gid).where('announcement.cid', '=', 0)
    : db.selectFrom('announcement').where('announcement.cid', '=', scope.cid);
  if (visibleOnly) base = base.where('announcement.status', '=', 0);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base.leftJoin('user', 'user.id', 'announcement.uid')
    .select(['announcement.id', 'announcement.gid', 'announcement.cid', 'announcement.title', 'announcement.content', 'announcement.status',
      'announcement.uid', 'user.username', 'announcement.gmt_create', 'announcement.gmt_modified'])
    .orderBy('announcement.id', 'desc').limit(limit).offset((currentPage - 1) * limit).execute();
  const records: GroupAnnouncementVo[] = rows.map((r) => ({
    id: r.id, gid: r.gid, cid: r.cid, title: r.title, content: r.content, status: r.status, uid: r.uid, username: r.username ?? '',
    gmtCreate: Number(r.gmt_create), gmtModified: Number(r.gmt_modified),
  }));
  return page(records, Number(n), currentPage, limit);
}

/** Group announcements (spec 03 §2.3): members read the visible ones; group admins write; root or author edit. */
export async function groupAnnouncementRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  async function ownAnnouncement(uid: number, aid: number) {
    const a = await ctx.db.selectFrom('announcement').selectAll().where('id', '=', aid).where('cid', '=', 0).executeTakeFirst();
    if (!a || a.gid <= 0) throw notFound('groupAnnouncementNotFound');
    return { a, isAuthor: a.uid === uid };
  }

  api.get('/group/get-announcement-list', { config: { access: 'login', rule: 'groupMember' }, schema: { querystring: groupPageQuery(GROUP_PAGE_SIZES.announcement), response: answer(groupAnnouncementPage) } }, async (req) => {
    const q = req.query;
    await requireLevel(ctx.db, requireUser(req), q.gid, 'member');
    return ok(await announcementPage(ctx.db, { gid: q.gid }, q.currentPage, q.limit, true));
  });

  api.get('/group/get-admin-announcement-list', { config: { access: 'login', rule: 'groupAdmin' }, schema: { querystring: groupPageQuery(GROUP_PAGE_SIZES.adminAnnouncement), response: answer(groupAnnouncementPage) } }, async (req) => {
    const q = req.query;
    await requireLevel(ctx.db, requireUser(req), q.gid, 'admin');
    return ok(await announcementPage(ctx.db, { gid: q.gid }, q.currentPage, q.limit, false));
  });

  api.post('/group/announcement', { config: { access: 'login', rule: 'groupAdmin' }, schema: { body: groupAnnouncementBody, response: answer(createdIdVo) } }, async (req) => {
    const user = requireUser(req);
    const b = req.body;
    await requireLevel(ctx.db, user, b.gid, 'admin');
    const t = now();
    const row = await ctx.db.insertInto('announcement').values({
      title: b.title.trim(), content: b.content, uid: user.uid, status: b.status, cid: 0, gid: b.gid, gmt_create: t, gmt_modified: t,
    }).returning('id').executeTakeFirstOrThrow();
    return ok({ id: row.id }, 'Create Successfully');
  });

  // Edit and the visibility switch: the group root or the announcement's author (spec 03 §6).
  api.put('/group/announcement', { config: { access: 'login', rule: 'groupAuthor' }, schema: { body: groupAnnouncementBody, response: answer(noData) } }, async (req) => {
    const user = requireUser(req);
    const b = req.body;
    if (!b.id) throw notFound('groupAnnouncementNotFound');
    const { a, isAuthor } = await ownAnnouncement(user.uid, b.id);
    await requireRootOrAuthor(ctx.db, user, a.gid, isAuthor);
    await ctx.db.updateTable('announcement').set({ title: b.title.trim(), content: b.content, status: b.status, gmt_modified: now() }).where('id', '=', a.id).execute();
    return ok(null, 'Update Successfully');
  });

  api.delete('/group/announcement', { config: { access: 'login', rule: 'groupAuthor' }, schema: { querystring: aidQuery, response: answer(noData) } }, async (req) => {
    const user = requireUser(req);
    const { a, isAuthor } = await ownAnnouncement(user.uid, req.query.aid);
    await requireRootOrAuthor(ctx.db, user, a.gid, isAuthor);
    await ctx.db.deleteFrom('announcement').where('id', '=', a.id).execute();
    return ok(null, 'Delete Successfully');
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GROUP_PAGE_SIZES, aidQuery, createdIdVo, groupAnnouncementBody, groupAnnouncementPage, groupPageQuery, noData } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../http/auth.js';
import { answer } from '../../http/answer.js';
import { ok } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { requireLevel, requireRootOrAuthor } from './access.js';
import { announcementPage, deleteAnnouncement, findGroupAnnouncement, insertAnnouncement, updateAnnouncement } from './repo.js';

/** Group announcements (spec 03 §2.3): members read the visible ones; group admins write; root or author edit. */
export async function groupAnnouncementRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  async function ownAnnouncement(uid: number, aid: number) {
    const a = await findGroupAnnouncement(ctx.db, aid);
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
    const id = await insertAnnouncement(ctx.db, { title: b.title.trim(), content: b.content, uid: user.uid, status: b.status, cid: 0, gid: b.gid });
    return ok({ id }, 'Create Successfully');
  });

  // Edit and the visibility switch: the group root or the announcement's author (spec 03 §6).
  api.put('/group/announcement', { config: { access: 'login', rule: 'groupAuthor' }, schema: { body: groupAnnouncementBody, response: answer(noData) } }, async (req) => {
    const user = requireUser(req);
    const b = req.body;
    if (!b.id) throw notFound('groupAnnouncementNotFound');
    const { a, isAuthor } = await ownAnnouncement(user.uid, b.id);
    await requireRootOrAuthor(ctx.db, user, a.gid, isAuthor);
    await updateAnnouncement(ctx.db, a.id, { title: b.title.trim(), content: b.content, status: b.status });
    return ok(null, 'Update Successfully');
  });

  api.delete('/group/announcement', { config: { access: 'login', rule: 'groupAuthor' }, schema: { querystring: aidQuery, response: answer(noData) } }, async (req) => {
    const user = requireUser(req);
    const { a, isAuthor } = await ownAnnouncement(user.uid, req.query.aid);
    await requireRootOrAuthor(ctx.db, user, a.gid, isAuthor);
    await deleteAnnouncement(ctx.db, a.id);
    return ok(null, 'Delete Successfully');
  });
}

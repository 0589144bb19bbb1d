import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTEST_PAGE_SIZES, contestAnnouncementBody, contestAnnouncementPage, contestUnreadAnnouncementVo, createdIdVo, noData } from '@verdict/shared';
import { answer } from '../../http/answer.js';
import type { AppContext } from '../../context.js';
import { ok, page } from '../../http/envelope.js';
import { badRequest, notFound } from '../../http/errors.js';
import { now } from '../../lib/time.js';
import {
  readAnnouncementPage, deleteContestAnnouncement, insertContestAnnouncement, unreadContestAnnouncements, updateContestAnnouncement,
} from './announcement-repo.js';
import { adminAreaContestOf, participantOf } from './guard.js';

const listQuery = z.object({
  cid: z.coerce.number().int().positive(),
  currentPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(CONTEST_PAGE_SIZES.announcement),
});

/** Contest announcements: the participants' list, the unread check, and the admin list and edits. */
export async function announcementRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const list = async (cid: number, currentPage: number, limit: number, visibleOnly: boolean) => {
    const { rows, total } = await readAnnouncementPage(ctx.db, cid, currentPage, limit, visibleOnly);
    return page(rows.map((r) => ({
      id: r.id, cid, title: r.title, content: r.content, status: r.status, uid: r.uid, username: r.username ?? '',
      gmtCreate: r.gmt_create, gmtModified: r.gmt_modified,
    })), total, currentPage, limit);
  };

  api.get('/get-contest-announcement', { config: { access: 'login', rule: 'contestant' }, schema: { querystring: listQuery, response: answer(contestAnnouncementPage) } }, async (req) => {
    await participantOf(ctx, req, req.query.cid);
    return ok(await list(req.query.cid, req.query.currentPage, req.query.limit, true));
  });

  // The 60 s unread check: visible announcements whose ids the browser has not marked read.
  api.post('/get-contest-not-read-announcement', { config: { access: 'login', rule: 'contestant' },
    schema: { body: z.object({ cid: z.coerce.number().int().positive(), readAnnouncementList: z.array(z.coerce.number().int()).max(10_000).default([]) }), response: answer(z.array(contestUnreadAnnouncementVo)) },
  }, async (req) => {
    await participantOf(ctx, req, req.body.cid);
    const rows = await unreadContestAnnouncements(ctx.db, req.body.cid, req.body.readAnnouncementList);
    return ok(rows.map((r) => ({ id: r.id, title: r.title, content: r.content, gmtCreate: r.gmt_create })));
  });

  api.get('/admin/contest/announcement', { config: { access: 'adminArea', rule: 'owner' }, schema: { querystring: listQuery, response: answer(contestAnnouncementPage) } }, async (req) => {
    await adminAreaContestOf(ctx, req, req.query.cid);
    return ok(await list(req.query.cid, req.query.currentPage, req.query.limit, false));
  });

  const checkBody = (b: { title: string; content: string }) => {
    if (!b.title.trim()) throw badRequest('titleRequired');
    if (!b.content.trim()) throw badRequest('contentEmpty');
  };

  api.post('/admin/contest/announcement', { config: { access: 'adminArea', rule: 'owner' }, schema: { body: contestAnnouncementBody, response: answer(createdIdVo) } }, async (req) => {
    const { user } = await adminAreaContestOf(ctx, req, req.body.cid);
    checkBody(req.body);
    const id = await insertContestAnnouncement(ctx.db, req.body.cid, user.uid, { title: req.body.title.trim(), content: req.body.content, status: req.body.status }, now());
    ctx.services.live?.publish({ type: 'announcement', cid: req.body.cid });
    return ok({ id });
  });

  api.put('/admin/contest/announcement', { config: { access: 'adminArea', rule: 'owner' }, schema: { body: contestAnnouncementBody, response: answer(noData) } }, async (req) => {
    await adminAreaContestOf(ctx, req, req.body.cid);
    if (!req.body.id) throw badRequest('badRequest');
    checkBody(req.body);
    const fields = { title: req.body.title.trim(), content: req.body.content, status: req.body.status };
    if (!await updateContestAnnouncement(ctx.db, req.body.cid, req.body.id, fields, now())) throw notFound('contestAnnouncementNotFound');
    ctx.services.live?.publish({ type: 'announcement', cid: req.body.cid });
    return ok(null);
  });

  api.delete('/admin/contest/announcement', { config: { access: 'adminArea', rule: 'owner' }, schema: { querystring: z.object({ id: z.coerce.number().int().positive(), cid: z.coerce.number().int().positive() }), response: answer(noData) } }, async (req) => {
    await adminAreaContestOf(ctx, req, req.query.cid);
    if (!await deleteContestAnnouncement(ctx.db, req.query.cid, req.query.id)) throw notFound('contestAnnouncementNotFound');
    ctx.services.live?.publish({ type: 'announcement', cid: req.query.cid });
    return ok(null);
  });
}

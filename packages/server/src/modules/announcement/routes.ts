import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { announcementBody, announcementPage, announcementUpdateBody, announcementVo, idParam, noData, pageQuery } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { answer } from '../../http/answer.js';
import { requireRoot } from '../../http/auth.js';
import {
  createSiteAnnouncement, deleteSiteAnnouncement, requireSiteAnnouncement, siteAnnouncementPage, siteAnnouncementRow, updateSiteAnnouncement,
} from './service.js';

/** Admin CRUD of site announcements (spec 03 §2.4): super admin only. The home page lists the visible ones. */
export default async function announcementRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const root = { config: { access: 'root' } } as const;

  // Hidden ones included.
  api.get('/admin/announcement', { ...root, schema: { querystring: pageQuery, response: answer(announcementPage) } }, async (req) =>
    ok(await siteAnnouncementPage(ctx, req.query.currentPage, req.query.limit, false)));

  api.post('/admin/announcement', { ...root, schema: { body: announcementBody, response: answer(announcementVo) } }, async (req) => {
    const me = requireRoot(req);
    const id = await createSiteAnnouncement(ctx, me.uid, req.body);
    return ok(await siteAnnouncementRow(ctx, id));
  });

  api.put('/admin/announcement', { ...root, schema: { body: announcementUpdateBody, response: answer(announcementVo) } }, async (req) => {
    await requireSiteAnnouncement(ctx, req.body.id);
    await updateSiteAnnouncement(ctx, req.body.id, req.body);
    return ok(await siteAnnouncementRow(ctx, req.body.id));
  });

  api.delete('/admin/announcement', { ...root, schema: { querystring: z.object({ aid: idParam }), response: answer(noData) } }, async (req) => {
    await requireSiteAnnouncement(ctx, req.query.aid);
    await deleteSiteAnnouncement(ctx, req.query.aid);
    return ok(null);
  });
}

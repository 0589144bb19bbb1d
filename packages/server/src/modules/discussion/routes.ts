import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDiscussionBody, categoryListBody, categoryVo, createdIdVo, discussionBody, discussionLikeQuery, discussionListQuery, discussionPage, discussionReportBody,
  discussionReportPage, discussionVo, idParam, noData, pageQuery, reportHandleBody,
} from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { answer } from '../../http/answer.js';
import { requireAdminArea, requireRoot, requireUser } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import {
  adminDeleteDiscussions, adminUpdateDiscussion, createDiscussion, deleteDiscussion, discussionDetail, ensureForumOpen, ensureOpenFor, likeDiscussion, listCategories,
  listDiscussions, listReports, reportDiscussion, setReportHandled, updateDiscussion, upsertCategories,
} from './service.js';
import { isAnyAdmin } from './posting.js';
import './tables.js';
import { publicRead } from '../account/throttle.js';

/** The discussion forum of spec 02 (HOJ's DiscussionController) and its admin screens of spec 03. */
export default async function discussionRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const pub = { config: { access: 'public' } } as const;
  // Edit and delete: the author, or a site admin (checked in the service).
  const owner = { config: { access: 'login', rule: 'owner' } } as const;
  const poster = { config: { access: 'login', rule: 'role' } } as const;
  const login = { config: { access: 'login' } } as const;
  const adminArea = { config: { access: 'adminArea' } } as const;

  api.get('/discussion-category', { ...pub, schema: { response: answer(z.array(categoryVo)) } }, async () => ok(await listCategories(ctx.db)));
  api.post('/discussion-category', { config: { access: 'root' }, schema: { body: categoryListBody, response: answer(z.array(categoryVo)) } }, async (req) => {
    requireRoot(req);
    return ok(await upsertCategories(ctx.db, req.body));
  });

  api.get('/get-discussion-list', { ...pub, schema: { querystring: discussionListQuery, response: answer(discussionPage) } }, async (req) => {
    await publicRead(ctx, req, 'list');
    // The admin area lists discussions whatever the public switch says; everyone else needs it on.
    if (!(req.query.admin && isAnyAdmin(req.user))) await ensureForumOpen(ctx);
    return ok(await listDiscussions(ctx.db, req.user, req.query));
  });

  api.get('/get-discussion-detail', { ...pub, schema: { querystring: z.object({ did: idParam }), response: answer(discussionVo) } }, async (req) => {
    await ensureOpenFor(ctx, req.query.did);
    return ok(await discussionDetail(ctx.db, req.user, req.query.did, req.ip ?? ''));
  });

  api.post('/discussion', { ...poster, schema: { body: discussionBody, response: answer(createdIdVo) } }, async (req) => {
    await ensureForumOpen(ctx);
    const id = await createDiscussion(ctx, requireUser(req), req.body);
    return ok({ id });
  });

  api.put('/discussion', { ...owner, schema: { body: discussionBody, response: answer(noData) } }, async (req) => {
    await ensureForumOpen(ctx);
    await updateDiscussion(ctx, requireUser(req), req.body);
    return ok(null);
  });

  api.delete('/discussion', { ...owner, schema: { querystring: z.object({ did: idParam }), response: answer(noData) } }, async (req) => {
    await ensureForumOpen(ctx);
    await deleteDiscussion(ctx, requireUser(req), req.query.did);
    return ok(null);
  });

  api.get('/discussion-like', { ...login, schema: { querystring: discussionLikeQuery, response: answer(noData) } }, async (req) => {
    await ensureOpenFor(ctx, req.query.did);
    await likeDiscussion(ctx, requireUser(req), req.query.did, req.query.toLike);
    return ok(null);
  });

  api.post('/discussion-report', { ...login, schema: { body: discussionReportBody, response: answer(noData) } }, async (req) => {
    await reportDiscussion(ctx, requireUser(req), req.body.did, req.body.content);
    return ok(null);
  });

  // Admin area (HOJ's AdminDiscussionController: root, admin and problem admin).
  api.put('/admin/discussion', { ...adminArea, schema: { body: adminDiscussionBody, response: answer(noData) } }, async (req) => {
    await adminUpdateDiscussion(ctx, requireAdminArea(req), req.body);
    return ok(null);
  });

  api.delete('/admin/discussion', { ...adminArea, schema: { body: z.array(z.coerce.number().int().positive()).max(1000), response: answer(noData) } }, async (req) => {
    if (!req.body.length) throw badRequest('discussionNotFound');
    await adminDeleteDiscussions(ctx, requireAdminArea(req), req.body);
    return ok(null);
  });

  api.get('/admin/discussion-report', { ...adminArea, schema: { querystring: pageQuery, response: answer(discussionReportPage) } }, async (req) => ok(await listReports(ctx.db, req.query.currentPage, req.query.limit)));

  api.put('/admin/discussion-report', { ...adminArea, schema: { body: reportHandleBody, response: answer(noData) } }, async (req) => {
    await setReportHandled(ctx.db, req.body.id, req.body.status);
    return ok(null);
  });
}

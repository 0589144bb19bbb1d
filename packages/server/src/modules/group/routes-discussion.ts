import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GROUP_PAGE_SIZES, canPostDiscussion, createdIdVo, didQuery, discussionPage, groupDiscussionBody, groupDiscussionListQuery, groupPageQuery, noData } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../http/auth.js';
import { answer } from '../../http/answer.js';
import { ok } from '../../http/envelope.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { createDiscussion, findDiscussion, listDiscussions, tellAuthor } from '../discussion/service.js';
import { Level, requireLevel } from './access.js';
import { discussionCategoryExists, problemByDisplayId, removeGroupDiscussion, updateGroupDiscussion } from './content-repo.js';

/** Group discussions (spec 03 §2.3 discussion screen, §6), behind the site's group-discussion switch. */
export async function groupDiscussionRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const ensureOpen = async () => {
    if (!(await ctx.services.siteConfig.switches()).openGroupDiscussion) throw forbidden('groupDiscussionClosed');
  };

  /** The group discussion and the caller's level in its group (a member at least). */
  async function groupDiscussion(uid: Parameters<typeof requireLevel>[1], did: number) {
    const d = await findDiscussion(ctx.db, did);
    if (!d.gid) throw badRequest('groupDiscussionNotInGroup');
    const { level } = await requireLevel(ctx.db, uid, d.gid, 'member');
    return { d, level };
  }

  api.get('/group/get-discussion-list', { config: { access: 'login', rule: 'groupMember' }, schema: { querystring: groupDiscussionListQuery, response: answer(discussionPage) } }, async (req) => {
    await ensureOpen();
    const q = req.query;
    const user = requireUser(req);
    await requireLevel(ctx.db, user, q.gid, 'member');
    return ok(await listDiscussions(ctx.db, user, { currentPage: q.currentPage, limit: q.limit, gid: q.gid, pid: q.pid }));
  });

  api.get('/group/get-admin-discussion-list', { config: { access: 'login', rule: 'groupAdmin' }, schema: { querystring: groupPageQuery(GROUP_PAGE_SIZES.discussion), response: answer(discussionPage) } }, async (req) => {
    await ensureOpen();
    const q = req.query;
    const user = requireUser(req);
    await requireLevel(ctx.db, user, q.gid, 'admin');
    return ok(await listDiscussions(ctx.db, user, { currentPage: q.currentPage, limit: q.limit, gid: q.gid, groupAdmin: true }));
  });

  api.post('/group/discussion', { config: { access: 'login', rule: 'groupMember' }, schema: { body: groupDiscussionBody, response: answer(createdIdVo) } }, async (req) => {
    await ensureOpen();
    const user = requireUser(req);
    const { g, level } = await requireLevel(ctx.db, user, req.body.gid, 'member');
    if (req.body.pid) {
      // A problem named under a group discussion is one of the group's (or a public one).
      const p = await problemByDisplayId(ctx.db, req.body.pid);
      if (!p) throw notFound('discussionProblemNotFound');
      if (p.gid !== 0 && p.gid !== g.id) throw badRequest('groupProblemNotInGroup');
    }
    const id = await createDiscussion(ctx, user, req.body, { gid: g.id, canPin: level >= Level.ADMIN });
    return ok({ id }, 'Post Successfully');
  });

  // The author edits the post; group admins (the admin table) change its status and pin.
  api.put('/group/discussion', { config: { access: 'login', rule: 'groupMember' }, schema: { body: groupDiscussionBody, response: answer(noData) } }, async (req) => {
    await ensureOpen();
    const user = requireUser(req);
    const b = req.body;
    if (!b.id) throw notFound('discussionNotFound');
    const { d, level } = await groupDiscussion(user, b.id);
    const isAuthor = d.uid === user.uid;
    const isAdmin = level >= Level.ADMIN;
    if (!isAuthor && !isAdmin) throw forbidden();
    const status = Number((b as { status?: unknown }).status);
    const adminCols: { top_priority?: number; status?: number } = isAdmin ? { top_priority: b.topPriority ? 1 : 0, ...(status === 0 || status === 1 ? { status } : {}) } : {};
    if (isAuthor) {
      if (!canPostDiscussion(user.roles)) throw forbidden('bannedDiscuss');
      if (b.pid && !(await problemByDisplayId(ctx.db, b.pid))) throw notFound('discussionProblemNotFound');
      if (!(await discussionCategoryExists(ctx.db, b.categoryId))) throw badRequest('discussionCategoryNotFound');
      await updateGroupDiscussion(ctx.db, d.id, {
        title: b.title, description: b.description, content: b.content, category_id: b.categoryId, pid: b.pid ?? null, ...adminCols,
      });
    } else {
      await updateGroupDiscussion(ctx.db, d.id, adminCols);
      if (adminCols.status === 1 && d.status !== 1) await tellAuthor(ctx.db, d, 'disabled', user.uid);
    }
    return ok(null, 'Update Successfully');
  });

  api.delete('/group/discussion', { config: { access: 'login', rule: 'groupMember' }, schema: { querystring: didQuery, response: answer(noData) } }, async (req) => {
    await ensureOpen();
    const user = requireUser(req);
    const { d, level } = await groupDiscussion(user, req.query.did);
    if (d.uid !== user.uid && level < Level.ADMIN) throw forbidden();
    await removeGroupDiscussion(ctx.db, d, user.uid);
    return ok(null, 'Delete Successfully');
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApplyPublicProgress, GROUP_PAGE_SIZES, adminGroupProblemListQuery, applyPublicQuery, changeGroupProblemProgressBody, compileSpjBody,
  gidQuery, groupChangeProblemAuthQuery, groupDisplayId, groupPageQuery, groupProblemCasesQuery, groupProblemSaveBody, pidQuery,
  adminProblemCases, applyingGroupProblemPage, compileSpjVo, groupAdminProblemPage, groupProblemEntityVo, groupProblemPage, groupProblemProgressAnswer, problemSavedVo,
  groupTagVo, noData, stripGroupPrefix, type GroupProblemSaveBody, type GroupProblemVo,
} from '@verdict/shared';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { requireAdminArea, requireUser, type AuthUser } from '../../http/auth.js';
import { answer } from '../../http/answer.js';
import { ok, page } from '../../http/envelope.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { compileWithJudge } from '../problem/judge-bridge.js';
import { invalidateProblemList } from '../problem/list-cache.js';
import { statusCounts, tagsOf, userProblemStatuses } from '../problem/repo.js';
import { adminProblemView, deleteProblem, getProblemRow, problemToApi, saveProblem, type ProblemRow } from '../problem/service.js';
import { requireLevel, requireRootOrAuthor } from './access.js';
import {
  adminProblemsOfGroup, applyingProblemPage, groupProblemRows, groupShortName, groupTags, problemIdHolder, publishGroupProblem, setApplyPublicProgress,
  setModifiedUser, setProblemAuth,
} from './problem-repo.js';
import type { GroupRow } from './tables.js';

/** The problem, when it belongs to a group and the caller is that group's root or the problem's author. */
export async function manageableProblem(ctx: AppContext, user: AuthUser, pid: number): Promise<{ p: ProblemRow; g: GroupRow }> {
  const p = await getProblemRow(ctx, pid);
  if (p.gid <= 0) throw badRequest('groupProblemNotInGroup');
  const { g } = await requireRootOrAuthor(ctx.db, user, p.gid, p.author_uid === user.uid);
  return { p, g };
}

/** The save payload with the group's short-name prefix on the display ID (spec 03 §3). */
export function withPrefix(g: GroupRow, body: GroupProblemSaveBody): GroupProblemSaveBody {
  const id = body.problem.problemId.trim();
  if (!id) throw badRequest('groupProblemDisplayIdRequired');
  return { ...body, problem: { ...body.problem, problemId: groupDisplayId(g.short_name, id) } };
}

/** Group problems (spec 03 §2.3 problem screen, §6, §7 "Problems") and the admin apply-public review. */
export async function groupProblemRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Members: the group's public problems with counts, pass rate data and their own status.
  api.get('/group/get-problem-list', { config: { access: 'login', rule: 'groupMember' }, schema: { querystring: groupPageQuery(GROUP_PAGE_SIZES.problem), response: answer(groupProblemPage) } }, async (req) => {
    const q = req.query;
    const user = requireUser(req);
    await requireLevel(ctx.db, user, q.gid, 'member');
    const { rows, total } = await groupProblemRows(ctx.db, q.gid, q.currentPage, q.limit);
    const pids = rows.map((r) => r.id);
    const [counts, tags, mine] = await Promise.all([statusCounts(ctx, pids), tagsOf(ctx, pids), userProblemStatuses(ctx, user.uid, pids, { gid: q.gid })]);
    const records: GroupProblemVo[] = rows.map((r) => {
      const c = counts.get(r.id)!;
      return {
        pid: r.id, problemId: r.problem_id, title: r.title, difficulty: r.difficulty, type: r.type, tags: tags.get(r.id) ?? [],
        total: c.total, ac: c.ac, wa: c.wa, tle: c.tle, mle: c.mle, re: c.re, pe: c.pe, ce: c.ce, se: c.se, pa: c.pa, score: mine.get(r.id)?.score ?? null,
        myStatus: mine.get(r.id)!.status,
      };
    });
    return ok(page(records, total, q.currentPage, q.limit));
  });

  // Group admins: every problem of the group, and those it made public (their progress shows).
  api.get('/group/get-admin-problem-list', { config: { access: 'login', rule: 'groupAdmin' }, schema: { querystring: groupPageQuery(GROUP_PAGE_SIZES.problem), response: answer(groupAdminProblemPage) } }, async (req) => {
    const q = req.query;
    await requireLevel(ctx.db, requireUser(req), q.gid, 'admin');
    return ok(await adminProblemsOfGroup(ctx.db, q.gid, q.currentPage, q.limit));
  });

  // The problem entity for the edit form (HOJ's client strips the prefix; shortName is sent for it).
  api.get('/group/problem', { config: { access: 'login', rule: 'groupAuthor' }, schema: { querystring: pidQuery, response: answer(groupProblemEntityVo) } }, async (req) => {
    const { p, g } = await manageableProblem(ctx, requireUser(req), req.query.pid);
    return ok({ ...problemToApi(p), shortName: g.short_name, problemIdWithoutPrefix: stripGroupPrefix(g.short_name, p.problem_id) });
  });

  api.post('/group/problem', { config: { access: 'login', rule: 'groupAdmin' }, schema: { body: groupProblemSaveBody, response: answer(problemSavedVo) } }, async (req) => {
    const user = requireUser(req);
    const { g } = await requireLevel(ctx.db, user, req.body.problem.gid, 'admin');
    const pid = await saveProblem(ctx, user, withPrefix(g, req.body), null, { gid: g.id });
    return ok({ pid }, 'Create Successfully');
  });

  api.put('/group/problem', { config: { access: 'login', rule: 'groupAuthor' }, schema: { body: groupProblemSaveBody, response: answer(problemSavedVo) } }, async (req) => {
    const user = requireUser(req);
    if (!req.body.problem.id) throw notFound('problemNotFound');
    const { p, g } = await manageableProblem(ctx, user, req.body.problem.id);
    if (req.body.problem.gid !== p.gid) throw badRequest('groupProblemNotInGroup');
    await saveProblem(ctx, user, withPrefix(g, req.body), p);
    await setModifiedUser(ctx.db, p.id, user.username);
    return ok({ pid: p.id }, 'Update Successfully');
  });

  api.delete('/group/problem', { config: { access: 'login', rule: 'groupAuthor' }, schema: { querystring: pidQuery, response: answer(noData) } }, async (req) => {
    const { p } = await manageableProblem(ctx, requireUser(req), req.query.pid);
    await deleteProblem(ctx, p.id);
    return ok(null, 'Delete Successfully');
  });

  api.get('/group/get-problem-cases', { config: { access: 'login', rule: 'groupAuthor' }, schema: { querystring: groupProblemCasesQuery, response: answer(adminProblemCases) } }, async (req) => {
    const { p } = await manageableProblem(ctx, requireUser(req), req.query.pid);
    return ok((await adminProblemView(ctx, p.id)).cases);
  });

  // Tags the group's problem form offers: the site's and the group's own.
  api.get('/group/get-all-problem-tags', { config: { access: 'login', rule: 'groupMember' }, schema: { querystring: gidQuery, response: answer(z.array(groupTagVo)) } }, async (req) => {
    await requireLevel(ctx.db, requireUser(req), req.query.gid, 'member');
    return ok(await groupTags(ctx.db, req.query.gid));
  });

  for (const mode of ['spj', 'interactive'] as const) {
    api.post(`/group/compile-${mode}`, { config: { access: 'login', rule: 'groupAdmin' }, schema: { body: compileSpjBody, querystring: gidQuery, response: answer(compileSpjVo) } }, async (req) => {
      await requireLevel(ctx.db, requireUser(req), req.query.gid, 'admin');
      const b = req.body;
      if (!b.code.trim()) throw badRequest('spjCodeRequired');
      const res = await compileWithJudge(ctx, { pid: b.pid ?? null, code: b.code, language: b.language || 'C', extraFiles: b.extraFiles ?? {}, mode });
      if (!res.ok) throw new AppError(400, 'compileFailed', {}, { msg: res.message });
      return ok({ msg: res.message }, 'Compiled Successfully');
    });
  }

  api.put('/group/change-problem-auth', { config: { access: 'login', rule: 'groupAuthor' }, schema: { querystring: groupChangeProblemAuthQuery, response: answer(noData) } }, async (req) => {
    const user = requireUser(req);
    const { p } = await manageableProblem(ctx, user, req.query.pid);
    await setProblemAuth(ctx.db, p.id, req.query.auth, user.username);
    return ok(null, 'Update Successfully');
  });

  // Apply for public (true) or withdraw the application (false), spec 03 §4.
  api.put('/group/apply-public', { config: { access: 'login', rule: 'groupAuthor' }, schema: { querystring: applyPublicQuery, response: answer(noData) } }, async (req) => {
    const { p } = await manageableProblem(ctx, requireUser(req), req.query.pid);
    if (req.query.isApplied) {
      if (p.apply_public_progress === ApplyPublicProgress.APPLYING) throw badRequest('groupProblemApplying');
      await setApplyPublicProgress(ctx.db, p.id, ApplyPublicProgress.APPLYING);
    } else {
      if (p.apply_public_progress !== ApplyPublicProgress.APPLYING) throw badRequest('groupProblemNotApplying');
      await setApplyPublicProgress(ctx.db, p.id, null);
    }
    return ok(null, 'Update Successfully');
  });

  // ---- admin: /admin/group-problem/apply --------------------------------------------------

  api.get('/admin/group-problem/list', { config: { access: 'adminArea' }, schema: { querystring: adminGroupProblemListQuery, response: answer(applyingGroupProblemPage) } }, async (req) => {
    return ok(await applyingProblemPage(ctx.db, req.query));
  });

  // Approve (2): the problem joins the public set under a site display ID; refuse (3): the group sees it.
  api.put('/admin/group-problem/change-progress', { config: { access: 'adminArea' }, schema: { body: changeGroupProblemProgressBody, response: answer(groupProblemProgressAnswer) } }, async (req) => {
    const user = requireAdminArea(req);
    const p = await getProblemRow(ctx, req.body.pid);
    if (p.gid <= 0 || p.apply_public_progress !== ApplyPublicProgress.APPLYING) throw badRequest('groupProblemNotApplying');
    if (req.body.progress === ApplyPublicProgress.REFUSED) {
      await setApplyPublicProgress(ctx.db, p.id, ApplyPublicProgress.REFUSED);
      return ok(null, 'Update Successfully');
    }
    const shortName = await groupShortName(ctx.db, p.gid);
    const problemId = await siteDisplayId(ctx, shortName !== undefined ? stripGroupPrefix(shortName, p.problem_id) : p.problem_id, p);
    await publishGroupProblem(ctx.db, p, problemId, user.username);
    invalidateProblemList();
    await ctx.services.globalRank?.problemChanged(p.id);
    return ok({ problemId }, 'Update Successfully');
  });
}

/** A free site display ID: the ID without the group prefix when free, else the group's own (unique already). */
async function siteDisplayId(ctx: AppContext, wanted: string, p: ProblemRow) {
  if (wanted) {
    const taken = await problemIdHolder(ctx.db, wanted);
    if (taken === undefined || taken === p.id) return wanted;
  }
  return p.problem_id;
}

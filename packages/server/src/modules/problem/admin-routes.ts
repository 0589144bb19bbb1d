import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminProblemCases, adminProblemListQuery, adminProblemPage, changeProblemAuthBody, compileSpjBody, compileSpjVo, noData, pidQuery, problemCasesQuery,
  problemEntityVo, problemSaveBody, problemSavedVo,
} from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { ok, page } from '../../http/envelope.js';
import { answer } from '../../http/answer.js';
import { requireAdminArea } from '../../http/auth.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { managedProblem } from './access.js';
import { compileWithJudge } from './judge-bridge.js';
import { invalidateProblemList } from './list-cache.js';
import { listAdminProblems, setProblemAuth } from './repo.js';
import { adminProblemView, deleteProblem, problemToApi, saveProblem } from './service.js';

/** Problem administration of spec 03 §7 (open to every admin role). */
export default async function adminProblemRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { config: { access: 'adminArea' } } as const;

  api.get('/admin/problem/get-problem-list', { ...admin, schema: { querystring: adminProblemListQuery, response: answer(adminProblemPage) } }, async (req) => {
    const q = req.query;
    const { records, total } = await listAdminProblems(ctx, q);
    return ok(page(records, total, q.currentPage, q.limit));
  });

  // The problem entity itself: HOJ's editor loads tags, cases, languages and templates by their own calls.
  api.get('/admin/problem', { ...admin, schema: { querystring: pidQuery, response: answer(problemEntityVo) } }, async (req) => ok(problemToApi(await managedProblem(ctx, req, req.query.pid))));

  api.post('/admin/problem', { ...admin, schema: { body: problemSaveBody, response: answer(problemSavedVo) } }, async (req) => {
    const u = requireAdminArea(req);
    const pid = await saveProblem(ctx, u, req.body, null);
    return ok({ pid }, 'Create Successfully');
  });

  api.put('/admin/problem', { ...admin, schema: { body: problemSaveBody, response: answer(problemSavedVo) } }, async (req) => {
    const u = requireAdminArea(req);
    if (!req.body.problem.id) throw notFound('problemNotFound');
    const existing = await managedProblem(ctx, req, req.body.problem.id);
    await saveProblem(ctx, u, req.body, existing);
    return ok({ pid: existing.id }, 'Update Successfully');
  });

  api.delete('/admin/problem', { ...admin, schema: { querystring: pidQuery, response: answer(noData) } }, async (req) => {
    await managedProblem(ctx, req, req.query.pid);
    await deleteProblem(ctx, req.query.pid);
    return ok(null, 'Delete Successfully');
  });

  api.put('/admin/problem/change-problem-auth', { ...admin, schema: { body: changeProblemAuthBody, response: answer(noData) } }, async (req) => {
    const u = requireAdminArea(req);
    await managedProblem(ctx, req, req.body.pid);
    if (!(await setProblemAuth(ctx, req.body.pid, req.body.auth, u.username))) throw notFound('problemNotFound');
    invalidateProblemList();
    // Only public problems count in the global ranks.
    await ctx.services.globalRank?.problemChanged(req.body.pid);
    return ok(null, 'Update Successfully');
  });

  api.get('/admin/problem/get-problem-cases', { ...admin, schema: { querystring: problemCasesQuery, response: answer(adminProblemCases) } }, async (req) => {
    const p = await managedProblem(ctx, req, req.query.pid);
    const view = await adminProblemView(ctx, p.id);
    return ok(view.cases);
  });

  // The Compile buttons of the judge-mode section; a failure carries the compiler output in data.msg.
  for (const mode of ['spj', 'interactive'] as const) {
    api.post(`/admin/problem/compile-${mode}`, { ...admin, schema: { body: compileSpjBody, response: answer(compileSpjVo) } }, async (req) => {
      const b = req.body;
      if (!b.code.trim()) throw badRequest('spjCodeRequired');
      const res = await compileWithJudge(ctx, { pid: b.pid ?? null, code: b.code, language: b.language || 'C', extraFiles: b.extraFiles ?? {}, mode });
      if (!res.ok) throw new AppError(400, 'compileFailed', {}, { msg: res.message });
      return ok({ msg: res.message }, 'Compiled Successfully');
    });
  }
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { packageSolutionVo, pidQuery } from '@verdict/shared';
import { z } from 'zod';
import { answer } from '../../http/answer.js';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { forbidden } from '../../http/errors.js';
import { canManageProblem } from './access.js';
import { checkPackageSolutions, listPackageSolutions } from './package-solutions.js';
import { getProblemRow } from './service.js';

/** The admin problem page's "package solutions": the list with expected vs got, and judging them all again. */
export default async function solutionRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { config: { access: 'adminArea' } } as const;
  const managed = async (req: Parameters<typeof canManageProblem>[0], pid: number) => {
    const p = await getProblemRow(ctx, pid);
    if (!canManageProblem(req, p)) throw forbidden('noAccess');
    return p;
  };

  api.get('/admin/problem/package-solutions', { ...admin, schema: { querystring: pidQuery, response: answer(z.array(packageSolutionVo)) } }, async (req) => {
    const p = await managed(req, req.query.pid);
    return ok(await listPackageSolutions(ctx.db, p.id));
  });
  api.post('/admin/problem/check-package-solutions', { ...admin, schema: { body: pidQuery, response: answer(z.array(packageSolutionVo)) } }, async (req) => {
    const p = await managed(req, req.body.pid);
    await checkPackageSolutions(ctx, p.id);
    return ok(await listPackageSolutions(ctx.db, p.id));
  });
}

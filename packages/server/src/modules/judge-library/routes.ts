import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { JUDGE_LIBRARY_LIMITS, isJudgeLibraryName, judgeLibraryFile, judgeLibraryList, noData } from '@verdict/shared';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { answer } from '../../http/answer.js';
import { requireAdmin } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { readUpload } from '../file/upload.js';
import type { JudgeLibraryService } from './service.js';

const nameQuery = z.object({ name: z.string().max(255).refine(isJudgeLibraryName, 'judgeLibraryNameInvalid') });

/**
 * Admin → Judge library. Every admin-area role reads the list (problem admins see which headers
 * their checkers can include); only root and admins change it, since every problem's checker compiles against it.
 */
export async function judgeLibraryRoutes(app: FastifyInstance, ctx: AppContext, service: JudgeLibraryService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/admin/judge-library', { config: { access: 'adminArea' }, schema: { response: answer(judgeLibraryList) } }, async () => ok(await service.list()));

  api.post('/admin/judge-library', { config: { access: 'admin' }, schema: { response: answer(judgeLibraryFile) } }, async (req) => {
    const u = requireAdmin(req);
    const { name, data } = await readUpload(req, {
      maxBytes: JUDGE_LIBRARY_LIMITS.fileBytes, missing: () => badRequest('judgeLibraryFileRequired'),
      accept: (n) => (isJudgeLibraryName(n) ? null : badRequest('judgeLibraryNameInvalid', { name: String(n).slice(0, 100) })),
    });
    return ok(await service.put(u.uid, name, data));
  });

  api.delete('/admin/judge-library', { config: { access: 'admin' }, schema: { querystring: nameQuery, response: answer(noData) } }, async (req) => {
    requireAdmin(req);
    await service.remove(req.query.name);
    return ok(null);
  });
}

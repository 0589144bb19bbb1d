import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contestRemoteImportQuery, noData, remoteAccountBody, remoteAccountInfo, remoteAccountUpdateBody, remoteImportQuery, remoteProblemPreview, remoteRefetchVo,
  remoteSiteBody, remoteSiteInfo, remoteSiteKeys, trainingRemoteImportQuery,
} from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { answer } from '../../http/answer.js';
import { AppError, forbidden } from '../../http/errors.js';
import { canManageProblem } from '../problem/access.js';
import { requireAdminArea } from '../../http/auth.js';
import type { RemoteJudgeService } from './service.js';

const idQuery = z.object({ id: z.coerce.number().int().positive() });
const pidQuery = z.object({ pid: z.coerce.number().int().positive() });
const ojQuery = z.object({ oj: z.string().trim().max(20).optional() });

/**
 * Admin calls of remote judges. The three imports are HOJ's (GET with name + problemId); the
 * preview, re-fetch, account pool and site switches are Verdict's own screens.
 */
export async function remoteJudgeRoutes(app: FastifyInstance, ctx: AppContext, service: RemoteJudgeService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const root = { config: { access: 'root' } } as const;

  api.get('/admin/problem/import-remote-oj-problem', { config: { access: 'adminArea' }, schema: { querystring: remoteImportQuery, response: answer(noData) } }, async (req) => {
    const user = requireAdminArea(req);
    await service.importProblem(user, req.query.name, req.query.problemId);
    return ok(null);
  });

  /**
   * Contest and training variants: the problem is imported (or the one imported before is
   * taken), then added through the contest's / training's own add call, so its rules (owner,
   * display ID, duplicates) apply unchanged. A problem imported by this call is removed again
   * when the add is refused: nothing half-done stays.
   */
  const importInto = async (req: FastifyRequest, name: string, problemId: string, url: string, payload: (pid: number, displayId: string) => Record<string, unknown>) => {
    const user = requireAdminArea(req);
    const oj = service.siteOf(name);
    const displayId = `${oj}-${problemId.trim()}`;
    const existing = await service.problemIdOf(displayId);
    const imported = existing !== undefined ? null : await service.importProblem(user, name, problemId);
    const pid = existing ?? imported!.pid;
    const res = await app.inject({
      method: 'POST', url,
      headers: { authorization: req.headers.authorization ?? '', 'accept-language': req.headers['accept-language'] ?? '', 'content-type': 'application/json' },
      payload: payload(pid, displayId),
    });
    if (res.statusCode !== 200) {
      if (imported) await service.removeImported(pid);
      const body = res.json() as { status?: number; msg?: string };
      throw new AppError(res.statusCode, body.msg ?? 'badRequest');
    }
  };

  api.get('/admin/contest/import-remote-oj-problem', { config: { access: 'adminArea', rule: 'owner' }, schema: { querystring: contestRemoteImportQuery, response: answer(noData) } }, async (req) => {
    const q = req.query;
    await importInto(req, q.name, q.problemId, '/api/admin/contest/add-problem-from-public', (pid) => ({ cid: q.cid, pid, displayId: q.displayId }));
    return ok(null);
  });

  api.get('/admin/training/import-remote-oj-problem', { config: { access: 'adminArea', rule: 'owner' }, schema: { querystring: trainingRemoteImportQuery, response: answer(noData) } }, async (req) => {
    const q = req.query;
    await importInto(req, q.name, q.problemId, '/api/admin/training/add-problem-from-public', (pid, displayId) => ({ tid: q.tid, pid, displayId }));
    return ok(null);
  });

  api.get('/admin/remote-judge/preview', { config: { access: 'adminArea' }, schema: { querystring: remoteImportQuery, response: answer(remoteProblemPreview) } }, async (req) =>
    ok(await service.preview(req.query.name, req.query.problemId)));

  api.put('/admin/remote-judge/refetch', { config: { access: 'adminArea', rule: 'owner' }, schema: { querystring: pidQuery, response: answer(remoteRefetchVo) } }, async (req) => {
    const user = requireAdminArea(req);
    const p = await service.problemOwner(req.query.pid);
    if (p && !canManageProblem(req, p)) throw forbidden();
    return ok(await service.refetch(req.query.pid, user.username));
  });

  api.get('/admin/remote-judge/site', { ...root, schema: { response: answer(z.array(remoteSiteInfo)) } }, async () => ok(await service.sites()));
  api.put('/admin/remote-judge/site', { ...root, schema: { body: remoteSiteBody, response: answer(remoteSiteInfo) } }, async (req) => ok(await service.setSite(req.body)));

  api.get('/admin/remote-judge/account', { ...root, schema: { querystring: ojQuery, response: answer(z.array(remoteAccountInfo)) } }, async (req) => ok(await service.accounts(req.query.oj || undefined, req.locale)));
  api.post('/admin/remote-judge/account', { ...root, schema: { body: remoteAccountBody, response: answer(remoteAccountInfo) } }, async (req) => ok(await service.addAccount(req.body)));
  api.put('/admin/remote-judge/account', { ...root, schema: { body: remoteAccountUpdateBody, response: answer(remoteAccountInfo) } }, async (req) => ok(await service.updateAccount(req.body)));
  api.delete('/admin/remote-judge/account', { ...root, schema: { querystring: idQuery, response: answer(noData) } }, async (req) => {
    await service.deleteAccount(req.query.id);
    return ok(null);
  });

  // The enabled remote judges for the home page, /developer and the problem list's oj filter.
  api.get('/remote-judge/sites', { config: { access: 'public' }, schema: { response: answer(remoteSiteKeys) } }, async () => ok(await service.enabledSites()));
}

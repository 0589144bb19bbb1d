import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ContestStatus, idParam, startVirtualContestBody, virtualContestRankBody, virtualContestRankPage, virtualRunList, virtualRunOrNull, virtualRunVo,
} from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { answer } from '../../http/answer.js';
import { requireUser } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { badRequest } from '../../http/errors.js';
import { requestStamps } from '../../http/stamps.js';
import { now } from '../../lib/time.js';
import { participantOf, requestContest } from './guard.js';
import type { ContestRankService } from './rank/service.js';
import { statusOf } from './repo.js';
import { virtualRankBody } from './virtual-rank.js';
import { findVirtualRun, userVirtualRuns } from './virtual-repo.js';
import { startVirtualRun, toVirtualRunVo } from './virtual-rules.js';

/** Virtual participation (issue 30): start a run, the caller's run, a user's runs, the virtual scoreboard. */
export async function virtualContestRoutes(app: FastifyInstance, ctx: AppContext, ranks: ContestRankService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/start-virtual-contest', { config: { access: 'login', rule: 'contest' }, schema: { body: startVirtualContestBody, response: answer(virtualRunVo) } }, async (req) => {
    const user = requireUser(req);
    const c = await requestContest(ctx, req, req.body.cid);
    const run = await startVirtualRun(ctx.db, user, c, req.body.password);
    return ok(toVirtualRunVo(run, c));
  });

  // The contest page's countdown: the caller's run of this contest (null: none).
  api.get('/get-virtual-contest', { config: { access: 'login', rule: 'contest' }, schema: { querystring: z.object({ cid: idParam }), response: answer(virtualRunOrNull) } }, async (req) => {
    const user = requireUser(req);
    const c = await requestContest(ctx, req, req.query.cid);
    const run = await findVirtualRun(ctx.db, c.id, user.uid);
    return ok(run ? toVirtualRunVo(run, c) : null);
  });

  // The user home's list of virtual runs (visible contests only).
  api.get('/get-user-virtual-contests', { config: { access: 'public' }, schema: { querystring: z.object({ uid: idParam }), response: answer(virtualRunList) } }, async (req) => {
    const t = now();
    const rows = await userVirtualRuns(ctx.db, req.query.uid);
    return ok(rows.map((r) => toVirtualRunVo(r, r, t)));
  });

  // The virtual scoreboard: ghosts of the real contest and the virtual runners, at the caller's elapsed time.
  api.post('/get-virtual-contest-rank', { config: { access: 'login', rule: 'contestant' }, schema: { body: virtualContestRankBody, response: answer(virtualContestRankPage) } }, async (req, reply) => {
    const { user, c } = await participantOf(ctx, req, req.body.cid);
    if (statusOf(c) !== ContestStatus.ENDED) throw badRequest('virtualContestNotEnded');
    // The page's bytes are kept with the page (serialised and compressed once), as the live rank's.
    return (await virtualRankBody(ctx, ranks, c, user, req.body, requestStamps(ctx, req))).send(req, reply);
  });
}

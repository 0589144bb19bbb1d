import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { judgeServerList } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { requireAdmin } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { answer } from '../../http/answer.js';
import { localWorkerName, registerLocalWorkers } from './local-workers.js';
import { judgeProtocolRoutes } from './protocol-routes.js';
import { JudgeService } from './service.js';
import { listJudgeServers } from './servers.js';

declare module '../../context.js' {
  interface Services {
    /** Judge queue and results: enqueueSubmission(trx, submitId, priority), rejudge(submitId), onResult(listener). */
    judge: JudgeService;
  }
}

export default async function judgeModule(api: FastifyInstance, ctx: AppContext) {
  const judge = new JudgeService(ctx);
  ctx.services.judge = judge;

  await judgeProtocolRoutes(api, ctx, judge);

  // Judge service info of the admin dashboard (spec 03: "judge service info").
  api.withTypeProvider<ZodTypeProvider>().get('/admin/judge-server-list', { config: { access: 'admin' }, schema: { response: answer(judgeServerList), hide: true } }, async (req) => {
    requireAdmin(req);
    return ok(await listJudgeServers(ctx.db));
  });

  // Leftovers of a previous run: this server's own local workers died with it, so their leases go
  // back now; expired leases and orphaned submissions are queued again; old test runs are dropped.
  // In a cluster the local worker belongs to the primary: only the first process of a start takes
  // its leases back (a restarted process must not take them from the worker that is still running).
  await judge.recover(!ctx.config.cluster || ctx.config.cluster.first ? localWorkerName(ctx.config) : null);
  const sweep = setInterval(() => {
    judge.queue.requeueExpired().catch((err) => ctx.log.error({ err }, 'judge lease sweep failed'));
    judge.purgeTestRuns().catch(() => {});
  }, 5000);
  sweep.unref();

  api.addHook('preClose', async () => {
    clearInterval(sweep);
    await judge.close();
  });
  registerLocalWorkers(api, ctx);
}

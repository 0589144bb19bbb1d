import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import './tables.js';
import { remoteJudgeRoutes } from './routes.js';
import { RemoteJudgeService } from './service.js';
import { RemoteJudgeWorker, remoteWorkerName } from './worker.js';

declare module '../../context.js' {
  interface Services {
    /** Remote judges: sites, account pool, imports; the submission module asks it about remote problems. */
    remoteJudge: RemoteJudgeService;
  }
}

/** Remote judges (issue 17): admin calls, and the worker that judges remote submissions on their home sites. */
export default async function remoteJudgeModule(app: FastifyInstance, ctx: AppContext) {
  const service = new RemoteJudgeService(ctx);
  ctx.services.remoteJudge = service;
  await remoteJudgeRoutes(app, ctx, service);
  const slots = ctx.config.remoteJudgeSlots;
  if (!(slots > 0)) return;
  const worker = new RemoteJudgeWorker(ctx, service, remoteWorkerName(ctx.config.port), { slots, pollMs: Math.max(50, ctx.config.remoteJudgePollMs) });
  app.addHook('onReady', async () => {
    await worker.start();
  });
  app.addHook('preClose', async () => {
    await worker.stop();
  });
}

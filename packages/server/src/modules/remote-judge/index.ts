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
  // In a cluster every server process follows remote submissions: each needs a name of its own
  // (a restarted one then waits for its predecessor's leases to expire instead of taking its siblings').
  const name = remoteWorkerName(ctx.config.port) + (ctx.config.cluster ? `-pid${process.pid}` : '');
  const worker = new RemoteJudgeWorker(ctx, service, name, { slots, pollMs: Math.max(50, ctx.config.remoteJudgePollMs), releaseOnStart: !ctx.config.cluster });
  app.addHook('onReady', async () => {
    await worker.start();
  });
  app.addHook('preClose', async () => {
    await worker.stop();
  });
}

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { rankRoutes } from './routes.js';
import { GlobalRankService } from './service.js';

declare module '../../context.js' {
  interface Services {
    /** Global ACM/OI ranks: applyVerdictIn(trx, uid, pid, submitId) in the transaction of a verdict outside contests (steps of other ranks: onVerdict), problemChanged(pid) (listeners: onProblemChanged). */
    globalRank: GlobalRankService;
  }
}

/** The site's ACM and OI rank lists (spec 02). */
export default async function rankModule(api: FastifyInstance, ctx: AppContext) {
  const ranks = new GlobalRankService(ctx);
  ctx.services.globalRank = ranks;
  api.addHook('onReady', async () => {
    // Inside the verdict's transaction: the ranks never lag behind a verdict after a crash.
    ctx.services.judge?.onVerdictWritten(async (trx, e) => {
      if (e.cid === 0) await ranks.applyVerdictIn(trx, e.uid, e.pid, e.submitId);
    });
  });
  await rankRoutes(api, ctx, ranks);
}

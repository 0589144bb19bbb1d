import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { rankRoutes } from './routes.js';
import { GlobalRankService } from './service.js';

declare module '../../context.js' {
  interface Services {
    /** Global ACM/OI ranks: applyVerdict(uid, pid, submitId) after a verdict outside contests (steps of other ranks: onVerdict), problemChanged(pid) (listeners: onProblemChanged). */
    globalRank: GlobalRankService;
  }
}

/** The site's ACM and OI rank lists (spec 02). */
export default async function rankModule(api: FastifyInstance, ctx: AppContext) {
  const ranks = new GlobalRankService(ctx);
  ctx.services.globalRank = ranks;
  api.addHook('onReady', async () => {
    ctx.services.judge?.onResult(async (e) => {
      if (e.cid === 0) await ranks.applyVerdict(e.uid, e.pid, e.submitId);
    });
  });
  await rankRoutes(api, ctx, ranks);
}

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { acInfoRoutes } from './ac-info.js';
import { adminContestRoutes } from './admin.js';
import { adminContestProblemRoutes } from './admin-problems.js';
import { announcementRoutes } from './announcements.js';
import { downloadRoutes } from './downloads.js';
import { recentContests, recentOtherContests } from './home.js';
import { printRoutes } from './print.js';
import { printSetRoutes } from './pdf/routes.js';
import { ContestRankService } from './rank/service.js';
import { contestRoutes } from './routes-contest.js';
import { rankRoutes } from './routes-rank.js';
import { scrollBoardRoutes } from './scroll-board.js';
import { contestRules, contestSubmissionRoutes } from './submissions.js';
import { virtualContestRoutes } from './virtual.js';
import './tables.js';

export { recentContests, recentOtherContests } from './home.js';
export { setContestGroupRules } from './access.js';

declare module '../../context.js' {
  interface Services {
    /** Contest ranks: applyResultIn(trx, cid, uid, pid) in a verdict's transaction, rows(contest, viewer, containsEnd). */
    contestRank: ContestRankService;
  }
}

/** Contests of spec 02 and their administration of spec 03. */
export default async function contestModule(api: FastifyInstance, ctx: AppContext) {
  const ranks = new ContestRankService(ctx);
  ctx.services.contestRank = ranks;
  ctx.services.homeContests = { recent: () => recentContests(ctx), recentOther: () => recentOtherContests(ctx) };

  // Hooks into the submission and judge modules, whatever order modules register in.
  api.addHook('onReady', async () => {
    // The submission module's setContestRules (it may be absent when that module is not loaded).
    const submission = (ctx.services as unknown as { submission?: { setContestRules(r: unknown): void } }).submission;
    submission?.setContestRules(contestRules(ctx));
    // Inside the verdict's transaction: a process killed after the commit leaves no stale cell.
    ctx.services.judge?.onVerdictWritten(async (trx, e) => {
      if (e.cid <= 0) return;
      const ver = await ranks.applyResultIn(trx, e.cid, e.uid, e.pid);
      // Carried by the rank signal after the commit (the live hub's lost-signal check).
      if (ver !== null) e.rankVer = ver;
    });
  });

  await contestRoutes(api, ctx, ranks);
  await rankRoutes(api, ctx, ranks);
  await contestSubmissionRoutes(api, ctx);
  await announcementRoutes(api, ctx);
  await printRoutes(api, ctx);
  await acInfoRoutes(api, ctx);
  await scrollBoardRoutes(api, ctx, ranks);
  await downloadRoutes(api, ctx);
  await printSetRoutes(api, ctx);
  await adminContestRoutes(api, ctx, ranks);
  await adminContestProblemRoutes(api, ctx, ranks);
  await virtualContestRoutes(api, ctx, ranks);
}

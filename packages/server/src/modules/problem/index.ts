import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { seedDemoProblems } from '../../seed/index.js';
import { addSeeder } from '../site/startup.js';
import adminProblemRoutes from './admin-routes.js';
import { bumpProblemVer } from './counts.js';
import problemRoutes from './routes.js';
import solutionRoutes from './solution-routes.js';

/** Problems: public calls, admin calls, and the demo problems written on the first start. */
export default async function problemModule(app: FastifyInstance, ctx: AppContext) {
  await problemRoutes(app, ctx);
  await adminProblemRoutes(app, ctx);
  await solutionRoutes(app, ctx);
  // Inside every verdict's (and rejudge reset's) transaction: the problem's kept counts are read again.
  app.addHook('onReady', async () => {
    ctx.services.judge?.onVerdictWritten((trx, e) => bumpProblemVer(trx, e.pid));
  });
  addSeeder(ctx, { name: 'demo-problems', run: async (c, admin) => void (await seedDemoProblems(c, admin)) });
}

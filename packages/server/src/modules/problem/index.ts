import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { seedDemoProblems } from '../../seed/index.js';
import { addSeeder } from '../site/startup.js';
import adminProblemRoutes from './admin-routes.js';
import problemRoutes from './routes.js';
import solutionRoutes from './solution-routes.js';

/** Problems: public calls, admin calls, and the demo problems written on the first start. */
export default async function problemModule(app: FastifyInstance, ctx: AppContext) {
  await problemRoutes(app, ctx);
  await adminProblemRoutes(app, ctx);
  await solutionRoutes(app, ctx);
  addSeeder(ctx, { name: 'demo-problems', run: async (c, admin) => void (await seedDemoProblems(c, admin)) });
}

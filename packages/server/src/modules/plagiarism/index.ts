import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { plagiarismRoutes } from './routes.js';
import { PlagiarismRunner } from './runner.js';

declare module '../../context.js' {
  interface Services {
    /** The background runner of contest plagiarism checks: kick() after queuing a job. */
    plagiarism?: PlagiarismRunner;
  }
}

/** Contest plagiarism checks (issue 31): routes, and the runner that claims and runs the jobs in the background. */
export default async function plagiarismModule(api: FastifyInstance, ctx: AppContext) {
  const runner = new PlagiarismRunner(ctx);
  ctx.services.plagiarism = runner;
  api.addHook('onReady', async () => {
    await runner.start();
  });
  api.addHook('preClose', async () => {
    await runner.stop();
  });
  await plagiarismRoutes(api, ctx);
}

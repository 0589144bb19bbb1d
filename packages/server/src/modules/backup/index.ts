import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { backupRoutes } from './routes.js';
import { BackupService } from './service.js';

declare module '../../context.js' {
  interface Services { backup: BackupService }
}

/** How often a server process looks whether the daily backup is due (the claim makes one process take it). */
const CHECK_MS = 10 * 60_000;

/** Admin → Backups and the daily backup (issue 34). */
export default async function backupModule(app: FastifyInstance, ctx: AppContext) {
  const service = new BackupService(ctx);
  ctx.services.backup = service;
  await backupRoutes(app, ctx, service);
  const timer = setInterval(() => {
    service.runIfDue().catch((err: unknown) => ctx.log.error({ err }, 'daily backup check failed'));
  }, CHECK_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

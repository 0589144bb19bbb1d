import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { judgeServerList, type LanguageAvailability } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { requireAdmin } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { answer } from '../../http/answer.js';
import { now } from '../../lib/time.js';
import { localWorkerName, registerLocalWorkers } from './local-workers.js';
import { judgeProtocolRoutes } from './protocol-routes.js';
import { JudgeService, ONLINE_MS } from './service.js';

declare module '../../context.js' {
  interface Services {
    /** Judge queue and results: enqueueSubmission(trx, submitId, priority), rejudge(submitId), onResult(listener). */
    judge: JudgeService;
  }
}

/** The languages a worker registered with, as stored (judge_server.languages, a JSON list). */
function storedLanguages(json: string): LanguageAvailability[] {
  let list: unknown;
  try { list = JSON.parse(json); } catch { return []; }
  if (!Array.isArray(list)) return [];
  return list.filter((l): l is Record<string, unknown> => !!l && typeof l === 'object' && typeof l.name === 'string')
    .map((l) => ({ name: l.name as string, available: l.available === true, version: typeof l.version === 'string' ? l.version : null }));
}

export default async function judgeModule(api: FastifyInstance, ctx: AppContext) {
  const judge = new JudgeService(ctx);
  ctx.services.judge = judge;

  await judgeProtocolRoutes(api, ctx, judge);

  // Judge service info of the admin dashboard (spec 03: "judge service info").
  api.withTypeProvider<ZodTypeProvider>().get('/admin/judge-server-list', { config: { access: 'admin' }, schema: { response: answer(judgeServerList), hide: true } }, async (req) => {
    requireAdmin(req);
    const rows = await ctx.db.selectFrom('judge_server').selectAll().orderBy('name').execute();
    const t = now();
    return ok(rows.map((r) => {
      const languages = storedLanguages(r.languages);
      return {
        id: r.id, name: r.name, version: r.version, cpuCores: r.cpu_cores, slots: r.slots, languages, isolation: r.isolation,
        load: r.load, running: r.running, isLocal: r.is_local === 1, lastHeartbeat: r.last_heartbeat,
        online: t - r.last_heartbeat <= ONLINE_MS, gmtCreate: r.gmt_create,
      };
    }));
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

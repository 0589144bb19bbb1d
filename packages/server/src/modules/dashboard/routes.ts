import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dashboardInfo as dashboardInfoVo, dbAndRedisInfo, isRoot, judgeServerInfo, noData, serviceInfo, sessionsInfo,
  type DbAndRedisInfo, type ServiceInfo, type SessionsInfo,
} from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { answer } from '../../http/answer.js';
import { badRequest } from '../../http/errors.js';
import { requireUser } from '../../http/auth.js';
import { dashboardInfo, judgeServers, percent, recentSessions, serverVersion, startedAt } from './service.js';

/** Admin dashboard, the caller's sessions, and service / judge / database information (spec 03 §2.4). */
export default async function dashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/admin/dashboard/get-dashboard-info', { config: { access: 'adminArea' }, schema: { response: answer(dashboardInfoVo) } }, async (req) => {
    const info = await dashboardInfo(ctx);
    // Other users' addresses are for the super admin only.
    if (!isRoot(requireUser(req).roles)) info.recentLogins = info.recentLogins.map((l) => ({ ...l, lastLoginIp: null }));
    return ok(info);
  });

  // HOJ posts the caller's uid as a bare form body (axios's default type for a non-object) and
  // reads one Session (the previous login); ours reads the list. The body is not used: the
  // sessions are always the caller's own, so this scope takes a short form body as plain text.
  await api.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) => done(null, body));
    scope.post('/admin/dashboard/get-sessions', { config: { access: 'adminArea' }, schema: { response: answer(sessionsInfo) } }, async (req) => {
      const me = requireUser(req);
      const { sessions, previous } = await recentSessions(ctx, me.uid, me.sessionId);
      const data: SessionsInfo = { ip: previous?.ip ?? null, userAgent: previous?.user_agent ?? null, gmtCreate: previous?.created_at ?? null, sessions };
      return ok(data);
    });
  });

  api.get('/admin/config/get-service-info', { config: { access: 'root' }, schema: { response: answer(serviceInfo) } }, async () => {
    const data: ServiceInfo = {
      version: serverVersion, nodeVersion: process.version, platform: `${os.type()} ${os.release()} ${os.arch()}`,
      uptimeSeconds: Math.round(process.uptime()), cpuCores: os.cpus().length, loadAverage: os.loadavg().map((x) => Math.round(x * 100) / 100),
      memoryRss: process.memoryUsage().rss, totalMemory: os.totalmem(), freeMemory: os.freemem(),
      dbKind: ctx.dbKind, redis: !!ctx.config.redisUrl, startedAt,
      backupCores: os.cpus().length, backupPercentCpuLoad: percent(os.loadavg()[0] / Math.max(1, os.cpus().length)),
      backupPercentMemoryLoad: percent(1 - os.freemem() / os.totalmem()),
      backupService: [{ serviceId: 'verdict-server', host: os.hostname(), port: ctx.config.port, secure: false, metadata: { 'nacos.healthy': 'true', version: serverVersion } }],
      // No service registry here: every server reads the same database (DESIGN).
      nacos: { status: 'NONE' },
    };
    return ok(data);
  });

  api.get('/admin/config/get-judge-service-info', { config: { access: 'root' }, schema: { response: answer(z.array(judgeServerInfo)) } }, async () => ok(await judgeServers(ctx)));

  api.get('/admin/config/get-db-and-redis-config', { config: { access: 'root' }, schema: { response: answer(dbAndRedisInfo) } }, async () => {
    // Locations without credentials: the admin sees where data lives, never a password.
    const strip = (u: string) => { try { const x = new URL(u); x.password = ''; x.username = x.username ? x.username : ''; return x.toString(); } catch { return u; } };
    const data: DbAndRedisInfo = {
      dbKind: ctx.dbKind,
      dbLocation: ctx.config.databaseUrl ? strip(ctx.config.databaseUrl) : `${ctx.config.dataDir}/verdict.db`,
      redis: !!ctx.config.redisUrl,
      redisLocation: ctx.config.redisUrl ? strip(ctx.config.redisUrl) : '',
    };
    return ok(data);
  });

  // HOJ's form would move the site onto another database: ours comes from the environment (table: differs).
  api.put('/admin/config/set-db-and-redis-config', { config: { access: 'root' }, schema: { response: answer(noData) } }, async () => {
    throw badRequest('dbConfigFromEnvironment');
  });
}

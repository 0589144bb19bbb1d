import fs from 'node:fs';
import os from 'node:os';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dashboardInfo as dashboardInfoVo, dbAndRedisInfo, isRoot, judgeServerInfo, noData, serviceInfo, sessionsInfo,
  type DashboardInfo, type DbAndRedisInfo, type JudgeServerInfo, type ServiceInfo, type SessionRow, type SessionsInfo,
} from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { answer } from '../../http/answer.js';
import { badRequest } from '../../http/errors.js';
import { requireUser } from '../../http/auth.js';
import { DAY, now } from '../../lib/time.js';

/** A judge server that has not reported for this long counts as offline. */
const JUDGE_ONLINE_MS = 60_000;
const startedAt = now();

const serverVersion = (() => {
  try {
    const pkg = JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: string };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
})();

const count = (v: unknown) => Number(v ?? 0);

/** Contests belong to another module and table; the dashboard only counts them. */
async function contestCount(ctx: AppContext): Promise<number> {
  try {
    const r = await sql<{ n: number }>`select count(*) as n from contest`.execute(ctx.db);
    return count(r.rows[0]?.n);
  } catch {
    return 0;
  }
}

/** HOJ's recentContestNum: visible site contests running or starting within the next 14 days. */
async function recentContestCount(ctx: AppContext): Promise<number> {
  const t = now();
  try {
    const r = await sql<{ n: number }>`select count(*) as n from contest where visible = 1 and gid = 0 and end_time > ${t} and start_time < ${t + 14 * DAY}`.execute(ctx.db);
    return count(r.rows[0]?.n);
  } catch {
    return 0;
  }
}

const percent = (x: number) => `${(Math.round(x * 1000) / 10).toFixed(1)}%`;

function todayStart() {
  const d = new Date(now());
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

async function dashboardInfo(ctx: AppContext): Promise<DashboardInfo> {
  const today = todayStart();
  const [users, todayUsers, problems, subs, todaySubs, contests, judges, mail, recentContests] = await Promise.all([
    ctx.db.selectFrom('user').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    ctx.db.selectFrom('user').select((eb) => eb.fn.countAll().as('n')).where('gmt_create', '>=', today).executeTakeFirstOrThrow(),
    ctx.db.selectFrom('problem').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    ctx.db.selectFrom('submission').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    ctx.db.selectFrom('submission').select((eb) => eb.fn.countAll().as('n')).where('submit_time', '>=', today).executeTakeFirstOrThrow(),
    contestCount(ctx),
    ctx.db.selectFrom('judge_server').select(['last_heartbeat']).execute(),
    ctx.services.mail.status(),
    recentContestCount(ctx),
  ]);
  const recent = await ctx.db.selectFrom('user').select(['id', 'username', 'avatar', 'last_login_time', 'last_login_ip'])
    .where('last_login_time', 'is not', null).orderBy('last_login_time', 'desc').limit(10).execute();
  return {
    userNum: count(users.n), todayJudgeNum: count(todaySubs.n), recentContestNum: recentContests,
    userCount: count(users.n), todayRegisterCount: count(todayUsers.n), problemCount: count(problems.n),
    submissionCount: count(subs.n), todaySubmissionCount: count(todaySubs.n), contestCount: contests,
    recentLogins: recent.map((u) => ({ uid: u.id, username: u.username, avatar: u.avatar, lastLoginTime: u.last_login_time ?? 0, lastLoginIp: u.last_login_ip })),
    judgeServers: { total: judges.length, online: judges.filter((j) => j.last_heartbeat > now() - JUDGE_ONLINE_MS).length },
    mail,
  };
}

async function judgeServers(ctx: AppContext): Promise<JudgeServerInfo[]> {
  const rows = await ctx.db.selectFrom('judge_server').selectAll().orderBy('id').execute();
  return rows.map((r) => {
    let languages: string[] = [];
    try { languages = JSON.parse(r.languages) as string[]; } catch { /* an unreadable list shows as none */ }
    return {
      id: r.id, name: r.name, version: r.version, cpuCores: r.cpu_cores, slots: r.slots, languages, isolation: r.isolation,
      load: Number(r.load), running: r.running, isLocal: r.is_local === 1, lastHeartbeat: r.last_heartbeat,
      online: r.last_heartbeat > now() - JUDGE_ONLINE_MS,
      service: { host: r.name, port: 0, secure: false, metadata: { judgeName: r.name, 'nacos.healthy': String(r.last_heartbeat > now() - JUDGE_ONLINE_MS) } },
      // The worker reports its load as busy slots / slots; memory is not reported by workers.
      percentCpuLoad: percent(Number(r.load)), percentMemoryLoad: '-',
    };
  });
}

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
      const rows = await ctx.db.selectFrom('user_session').selectAll().where('uid', '=', me.uid)
        .where('created_at', '>=', now() - 30 * DAY).orderBy('created_at', 'desc').limit(20).execute();
      const sessions: SessionRow[] = rows.map((s) => ({
        id: s.id.slice(0, 8), ip: s.ip, userAgent: s.user_agent, createdAt: s.created_at, isAdminLogin: s.is_admin_login === 1, current: s.id === me.sessionId,
      }));
      const previous = rows.find((s) => s.id !== me.sessionId) ?? rows[0];
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

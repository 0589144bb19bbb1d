import fs from 'node:fs';
import { sql } from 'kysely';
import type { DashboardInfo, JudgeServerInfo, LanguageAvailability, SessionRow } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { DAY, now } from '../../lib/time.js';

/** A judge server that has not reported for this long counts as offline. */
const JUDGE_ONLINE_MS = 60_000;
export const startedAt = now();

export const serverVersion = (() => {
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

export const percent = (x: number) => `${(Math.round(x * 1000) / 10).toFixed(1)}%`;

function todayStart() {
  const d = new Date(now());
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

export async function dashboardInfo(ctx: AppContext): Promise<DashboardInfo> {
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

export async function judgeServers(ctx: AppContext): Promise<JudgeServerInfo[]> {
  const rows = await ctx.db.selectFrom('judge_server').selectAll().orderBy('id').execute();
  return rows.map((r) => {
    let languages: (LanguageAvailability | string)[] = [];
    try { languages = JSON.parse(r.languages) as (LanguageAvailability | string)[]; } catch { /* an unreadable list shows as none */ }
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

/** The caller's sessions of the last 30 days, newest first (at most 20), and the previous login (HOJ's Session). */
export async function recentSessions(ctx: AppContext, uid: number, currentSessionId: string) {
  const rows = await ctx.db.selectFrom('user_session').selectAll().where('uid', '=', uid)
    .where('created_at', '>=', now() - 30 * DAY).orderBy('created_at', 'desc').limit(20).execute();
  const sessions: SessionRow[] = rows.map((s) => ({
    id: s.id.slice(0, 8), ip: s.ip, userAgent: s.user_agent, createdAt: s.created_at, isAdminLogin: s.is_admin_login === 1, current: s.id === currentSessionId,
  }));
  const previous = rows.find((s) => s.id !== currentSessionId) ?? rows[0];
  return { sessions, previous };
}

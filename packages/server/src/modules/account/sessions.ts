import crypto from 'node:crypto';
import type { SessionVo } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { notFound, badRequest } from '../../http/errors.js';
import { revokeAllSessions, sessionsChanged } from '../../http/auth.js';
import { now } from '../../lib/time.js';

/**
 * A user's own live sessions (issue 33). A login whose token was refreshed has several rows (a
 * refresh issues a new token and the old one stays valid until it expires, http/auth.ts): they
 * share a family and are listed, and signed out, as one.
 */

const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'], [/OPR\/(\d+)/, 'Opera'], [/SamsungBrowser\/(\d+)/, 'Samsung Internet'], [/YaBrowser\/(\d+)/, 'Yandex'],
  [/MicroMessenger\/(\d+)/, 'WeChat'], [/QQBrowser\/(\d+)/, 'QQ Browser'], [/UCBrowser\/(\d+)/, 'UC Browser'],
  [/Firefox\/(\d+)/, 'Firefox'], [/FxiOS\/(\d+)/, 'Firefox'], [/CriOS\/(\d+)/, 'Chrome'], [/HeadlessChrome\/(\d+)/, 'Headless Chrome'], [/Chrom(?:e|ium)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//, 'Safari'], [/curl\/(\d+)/, 'curl'], [/python-requests\/(\d+)/, 'Python requests'], [/node(?:-fetch)?\/?(\d+)?/i, 'Node.js'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Windows NT/, 'Windows'], [/iPhone|iPad|iPod/, 'iOS'], [/Android/, 'Android'], [/CrOS/, 'ChromeOS'], [/Mac OS X|Macintosh/, 'macOS'], [/HarmonyOS/, 'HarmonyOS'], [/Linux/, 'Linux'],
];

/** "Chrome 131 · Windows" from a user agent (a small reader of the common browsers; the raw string is answered too). */
function deviceOf(userAgent: string): { device: string; mobile: boolean } {
  let browser = '';
  for (const [re, name] of BROWSERS) {
    const m = re.exec(userAgent);
    if (m) { browser = m[1] ? `${name} ${m[1]}` : name; break; }
  }
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1] ?? '';
  const device = [browser, system].filter(Boolean).join(' · ') || (userAgent ? userAgent.slice(0, 40) : '?');
  return { device, mobile: /Mobi|iPhone|Android.+Mobile|iPod/.test(userAgent) };
}

/** The id a session is shown under: not the token's id (jti). */
const shownId = (family: string) => crypto.createHash('sha256').update(`session:${family}`).digest('hex').slice(0, 24);

interface Login { key: string; ids: string[]; rows: { id: string; created_at: number; last_seen: number | null; ip: string | null; user_agent: string | null; is_admin_login: number }[] }

async function liveLogins(ctx: AppContext, uid: number): Promise<Login[]> {
  const rows = await ctx.db.selectFrom('user_session')
    .select(['id', 'family', 'created_at', 'last_seen', 'ip', 'user_agent', 'is_admin_login'])
    .where('uid', '=', uid).where('revoked', '=', 0).where('expires_at', '>', now())
    .orderBy('created_at').execute();
  const byFamily = new Map<string, Login>();
  for (const r of rows) {
    const key = r.family ?? r.id;
    let l = byFamily.get(key);
    if (!l) byFamily.set(key, (l = { key, ids: [], rows: [] }));
    l.ids.push(r.id);
    l.rows.push({ ...r, created_at: Number(r.created_at), last_seen: r.last_seen === null ? null : Number(r.last_seen) });
  }
  return [...byFamily.values()];
}

export async function listSessions(ctx: AppContext, uid: number, currentSid: string): Promise<SessionVo[]> {
  const out = (await liveLogins(ctx, uid)).map((l): SessionVo => {
    const latest = l.rows[l.rows.length - 1]!;
    const ua = latest.user_agent ?? '';
    return {
      id: shownId(l.key), ...deviceOf(ua), userAgent: ua, ip: latest.ip,
      startedAt: l.rows[0]!.created_at,
      lastSeenAt: Math.max(...l.rows.map((r) => r.last_seen ?? r.created_at)),
      current: l.ids.includes(currentSid),
      adminLogin: l.rows.some((r) => r.is_admin_login === 1),
    };
  });
  return out.sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt - a.lastSeenAt);
}

/** Signs out one of the caller's own logins (not the one in use: that is a logout). */
export async function signOutSession(ctx: AppContext, uid: number, currentSid: string, id: string): Promise<number> {
  const login = (await liveLogins(ctx, uid)).find((l) => shownId(l.key) === id);
  if (!login) throw notFound('sessionNotFound');
  if (login.ids.includes(currentSid)) throw badRequest('sessionIsCurrent');
  const r = await ctx.db.updateTable('user_session').set({ revoked: 1 }).where('uid', '=', uid).where('id', 'in', login.ids).executeTakeFirst();
  await sessionsChanged(ctx);
  return Number(r.numUpdatedRows) > 0 ? 1 : 0;
}

/** Every other login of the caller ends; answers how many. */
export async function signOutOthers(ctx: AppContext, uid: number, currentSid: string): Promise<number> {
  const others = (await liveLogins(ctx, uid)).filter((l) => !l.ids.includes(currentSid)).length;
  await revokeAllSessions(ctx, uid, currentSid);
  return others;
}

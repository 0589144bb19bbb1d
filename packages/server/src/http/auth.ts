import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ROLE_NAMES, canEnterAdmin, isAdminRole, isRoot } from '@verdict/shared';
import type { AppContext } from '../context.js';
import { AppError, forbidden, unauthorized } from './errors.js';
import { now } from '../lib/time.js';
import { requestStamps, seedRequestStamps, splitStampColumns, stampColumns, stampsOf } from './stamps.js';

export interface AuthUser {
  uid: number;
  username: string;
  role: number;
  /** The role codes as numbers, for the shared role predicates. */
  roles: number[];
  roleNames: string[];
  sessionId: string;
  /** An admin-area role the site requires a second factor of, without one set up yet (issue 33): the admin-area guards refuse it. */
  twoFactorPending?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** `family`: the first session of the login a refreshed token continues (one login is listed once). */
export async function issueToken(ctx: AppContext, uid: number, req: FastifyRequest, isAdminLogin = false, family: string | null = null): Promise<string> {
  const jti = crypto.randomUUID();
  const t = now();
  await ctx.db.insertInto('user_session').values({
    id: jti, uid, created_at: t, expires_at: t + ctx.config.tokenTtlMs, revoked: 0,
    ip: req.ip ?? null, user_agent: (req.headers['user-agent'] ?? '').slice(0, 255), is_admin_login: isAdminLogin ? 1 : 0,
    family, last_seen: t,
  }).execute();
  seenOf(ctx).set(jti, t);
  return new SignJWT({ uid })
    .setProtectedHeader({ alg: 'HS256' })
    .setJti(jti)
    .setIssuedAt(Math.floor(t / 1000))
    .setExpirationTime(Math.floor((t + ctx.config.tokenTtlMs) / 1000))
    .sign(ctx.config.jwtSecret);
}

export async function revokeSession(ctx: AppContext, sessionId: string) {
  await ctx.db.updateTable('user_session').set({ revoked: 1 }).where('id', '=', sessionId).execute();
  await sessionsChanged(ctx);
}

/**
 * Signs out every session of the account; with `exceptSessionId`, all but that session's login
 * (its refreshed tokens stay too). Answers how many live sessions ended.
 */
export async function revokeAllSessions(ctx: AppContext, uid: number, exceptSessionId?: string): Promise<number> {
  let q = ctx.db.updateTable('user_session').set({ revoked: 1 }).where('uid', '=', uid).where('revoked', '=', 0);
  if (exceptSessionId) {
    const own = await ctx.db.selectFrom('user_session').select(['id', 'family']).where('id', '=', exceptSessionId).executeTakeFirst();
    const family = own?.family ?? exceptSessionId;
    q = q.where('id', '!=', exceptSessionId).where('id', '!=', family)
      .where((eb) => eb.or([eb('family', 'is', null), eb('family', '!=', family)]));
  }
  const r = await q.executeTakeFirst();
  await sessionsChanged(ctx);
  return Number(r.numUpdatedRows);
}

/**
 * last_seen of a session, written at most once a minute per session and process (and the UPDATE
 * only when the stored one is a minute old, so several processes do not add writes either).
 */
const seenBySite = new WeakMap<AppContext, Map<string, number>>();
const SEEN_EVERY_MS = 60_000;
function seenOf(ctx: AppContext) {
  let m = seenBySite.get(ctx);
  if (!m) seenBySite.set(ctx, (m = new Map()));
  return m;
}
async function touchSession(ctx: AppContext, sid: string, t: number, stored: number | null) {
  const seen = seenOf(ctx);
  // A process that has not written it yet starts from the value read with the session row.
  const last = seen.get(sid) ?? (stored === null ? undefined : Number(stored));
  if (last !== undefined && t - last < SEEN_EVERY_MS) return;
  if (seen.size >= SESSIONS_MAX) seen.clear();
  seen.set(sid, t);
  await ctx.db.updateTable('user_session').set({ last_seen: t }).where('id', '=', sid)
    .where((eb) => eb.or([eb('last_seen', 'is', null), eb('last_seen', '<', t - SEEN_EVERY_MS)])).execute();
}

/**
 * Call after any committed write that changes who a session resolves to: a revoked or deleted
 * session, a user's role, status or username changed, a user deleted. Every server process then
 * reads its sessions again from the next request on (the session cache below).
 */
export async function sessionsChanged(ctx: AppContext) {
  sessionCacheOf(ctx).clear();
  await stampsOf(ctx).bump('auth');
}

function readToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const t = h.startsWith('Bearer ') ? h.slice(7) : h;
  return t.trim() || null;
}

/**
 * Signature checks are cached per token string: the same token arrives with every request of a
 * session, and an HMAC verify costs more than the session lookup that follows. Only the signature
 * and expiry are cached; revocation is still read from the session row on every request.
 */
const verifiedBySite = new WeakMap<AppContext, Map<string, { jti: string | undefined; exp: number }>>();
const VERIFIED_MAX = 10_000;

/** The token's session id; null when the signature or expiry is bad; undefined without a jti. */
async function verifiedJti(ctx: AppContext, token: string): Promise<string | null | undefined> {
  let verified = verifiedBySite.get(ctx);
  if (!verified) verifiedBySite.set(ctx, (verified = new Map()));
  const hit = verified.get(token);
  if (hit && hit.exp > Date.now()) return hit.jti;
  try {
    const { payload } = await jwtVerify(token, ctx.config.jwtSecret, { algorithms: ['HS256'] });
    if (verified.size >= VERIFIED_MAX) verified.clear();
    verified.set(token, { jti: payload.jti, exp: (payload.exp ?? 0) * 1000 });
    return payload.jti;
  } catch {
    return null;
  }
}

interface SessionRow {
  sid: string; revoked: number; expires_at: number; created_at: number; is_admin_login: number; family: string | null; last_seen: number | null;
  uid: number; username: string; role: number; status: number;
  /** user_two_factor.enabled (null: never set up). */
  tfa: number | null;
}

/**
 * Session rows (joined with their user) cached per process under the `auth` stamp they were read
 * under (http/stamps.ts): a request then costs one shared stamp read instead of the join, and a
 * logout, ban or role change anywhere moves the stamp, so every process reads the rows again.
 */
const sessionsBySite = new WeakMap<AppContext, Map<string, { stamp: string; row: SessionRow | undefined }>>();
const SESSIONS_MAX = 10_000;
function sessionCacheOf(ctx: AppContext) {
  let m = sessionsBySite.get(ctx);
  if (!m) sessionsBySite.set(ctx, (m = new Map()));
  return m;
}

async function sessionRow(ctx: AppContext, req: FastifyRequest, jti: string): Promise<SessionRow | undefined> {
  const cache = sessionCacheOf(ctx);
  // Built only when the row is read (a cached session, every request but a user's first, builds nothing).
  const query = () => ctx.db
    .selectFrom('user_session')
    .innerJoin('user', 'user.id', 'user_session.uid')
    .leftJoin('user_two_factor', 'user_two_factor.uid', 'user_session.uid')
    .select(['user_session.id as sid', 'user_session.revoked', 'user_session.expires_at', 'user_session.created_at', 'user_session.is_admin_login', 'user_session.family', 'user_session.last_seen',
      'user.id as uid', 'user.username', 'user.role', 'user.status', 'user_two_factor.enabled as tfa'])
    .where('user_session.id', '=', jti);
  if (!cache.has(jti)) {
    // Not cached here yet (a user's first request to this process): the row and the stamps in one
    // read, one snapshot, instead of the stamps and then the row.
    const got = await query().select(stampColumns()).executeTakeFirst();
    if (got) {
      const { stamps, rest: row } = splitStampColumns(got);
      seedRequestStamps(req, stamps);
      remember(cache, jti, stamps.auth, row);
      return row;
    }
  }
  // The stamp is read before the row: a write between the two only makes the entry look stale.
  const { auth: stamp } = await requestStamps(ctx, req);
  const hit = cache.get(jti);
  if (hit && hit.stamp === stamp) return hit.row;
  const row = await query().executeTakeFirst();
  remember(cache, jti, stamp, row);
  return row;
}

function remember(cache: Map<string, { stamp: string; row: SessionRow | undefined }>, jti: string, stamp: string, row: SessionRow | undefined) {
  if (cache.size >= SESSIONS_MAX) cache.clear();
  cache.set(jti, { stamp, row });
}

/**
 * Resolves the request's user from its token. An invalid, expired or revoked token leaves the
 * request anonymous and marks it, so endpoints that need login answer 401 with "expired".
 */
export function registerAuth(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    req.user = null;
    const token = readToken(req);
    if (!token || req.url.startsWith('/api/judge/')) return;
    const jti = await verifiedJti(ctx, token);
    if (jti === null) {
      (req as any).tokenInvalid = true;
      return;
    }
    if (!jti) return;
    const row = await sessionRow(ctx, req, jti);
    const t = now();
    if (!row || row.revoked || row.expires_at <= t || row.status !== 0) {
      (req as any).tokenInvalid = true;
      return;
    }
    req.user = { uid: row.uid, username: row.username, role: row.role, roles: [row.role], roleNames: [ROLE_NAMES[row.role] ?? 'default_user'], sessionId: row.sid };
    // Only admin-area roles without a second factor read the site's switch (cached under its stamp).
    if (!row.tfa && canEnterAdmin(req.user.roles) && (await ctx.services.siteConfig.switches()).requireAdminTwoFactor) req.user.twoFactorPending = true;
    await touchSession(ctx, row.sid, t, row.last_seen);
    // Past half of its life the token is replaced; the old one stays valid until it expires so
    // requests already in flight are not logged out.
    if (t - row.created_at > (row.expires_at - row.created_at) / 2 && !req.url.endsWith('/logout')) {
      const fresh = await issueToken(ctx, row.uid, req, row.is_admin_login === 1, row.family ?? row.sid);
      reply.header('Authorization', fresh);
      reply.header('Refresh-Token', 'true');
    }
  });
}

export function requireUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw unauthorized((req as any).tokenInvalid ? 'tokenExpired' : 'loginFirst');
  return req.user;
}

/** The admin area is closed to an admin the site requires a second factor of until they set one up (issue 33). */
function requireEnrolled(u: AuthUser): AuthUser {
  if (u.twoFactorPending) throw new AppError(403, 'twoFactorEnrolRequired', {}, { twoFactorEnrolRequired: true });
  return u;
}

/** Any of root, admin, problem_admin. */
export function requireAdminArea(req: FastifyRequest): AuthUser {
  const u = requireUser(req);
  if (!canEnterAdmin(u.roles)) throw forbidden();
  return requireEnrolled(u);
}

/** root or admin. */
export function requireAdmin(req: FastifyRequest): AuthUser {
  const u = requireUser(req);
  if (!isAdminRole(u.roles)) throw forbidden();
  return requireEnrolled(u);
}

export function requireRoot(req: FastifyRequest): AuthUser {
  const u = requireUser(req);
  if (!isRoot(u.roles)) throw new AppError(403, 'rootOnly');
  return requireEnrolled(u);
}

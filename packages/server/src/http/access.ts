import crypto from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { JUDGE_TOKEN_HEADER } from '@verdict/shared';
import type { AppContext } from '../context.js';
import { AppError } from './errors.js';
import { requireAdmin, requireAdminArea, requireRoot, requireUser } from './auth.js';

/**
 * Who may call a route: every route under /api declares it next to its path,
 *   api.get('/x', { config: { access: 'login' }, schema }, handler)
 * and the declaration is the enforcement: the matching guard is attached when the route is
 * registered (onRoute below), and a route without one stops the server from starting.
 *
 * - public    anyone, logged in or not
 * - login     any logged-in user (a disabled account's session no longer resolves, so it is anonymous)
 * - adminArea root, admin or problem_admin (spec 03's admin area)
 * - admin     root or admin
 * - root      root only
 * - judge     a judge worker carrying the judge token (never a user)
 *
 * `rule` names a finer check the handler applies on top of the coarse level (the guard cannot
 * know the row being asked for). It is documentation the authorization-matrix test reads, so use
 * the fixed words below.
 */
export const ACCESS_LEVELS = ['public', 'login', 'adminArea', 'admin', 'root', 'judge'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/**
 * - contest       the contest must be visible to the caller (hidden contests: admins only)
 * - contestant    only who may enter the contest: registered (private) or past the password
 *                 (protected), or its admin; problem data waits for the start
 * - contestAdmin  only the contest's author or the super admin
 * - problem       problem visibility: private and contest-only problems only for who may see them
 * - submission    submission visibility: own code, shared code, contest seal
 * - owner         the caller's own rows; a problem_admin only the problems they wrote
 * - role          role restrictions of spec 01 §3 (no_submit, mute_comment, ...)
 * - key           a one-time key or a throttle stands in for a login (reset codes, exports)
 * - training      the training must be visible to the caller (hidden trainings: their admins only)
 * - trainee       only who may enter the training: registered to a private one, or its admin
 * - groupMember   group level 3+ in the group the request names (by gid, or through its problem,
 *                 training, contest, announcement or discussion); the super admin passes
 * - groupAdmin    group level 4+ (group admin or root)
 * - groupRoot     group level 5: a level-5 member, the owner, or the super admin
 * - groupAuthor   the group root, or the author of the group's row (problem, training, contest,
 *                 announcement) while still a group admin
 * - groupOwner    the group's owner or the super admin (disband)
 * Site admin and problem admin roles give no group level (spec 03 §6, as in HOJ).
 */
export const ACCESS_RULES = ['contest', 'contestant', 'contestAdmin', 'problem', 'submission', 'owner', 'role', 'key', 'training', 'trainee',
  'groupMember', 'groupAdmin', 'groupRoot', 'groupAuthor', 'groupOwner'] as const;
export type AccessRule = (typeof ACCESS_RULES)[number];

export interface RouteAccess {
  access: AccessLevel;
  rule?: AccessRule;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessLevel;
    rule?: AccessRule;
  }
}

/**
 * Published with { req, level } when a guard refuses a request, so the authorization-matrix test
 * can tell the guard's refusal from a handler's finer one. Costs nothing without a subscriber.
 */
export const accessRefusedChannel = diagnostics.channel('verdict:access-refused');

function judgeTokenMatches(given: unknown, expected: string): boolean {
  if (typeof given !== 'string' || !expected) return false;
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

function guardFor(level: AccessLevel, ctx: AppContext): ((req: FastifyRequest) => void) | null {
  switch (level) {
    case 'public': return null;
    case 'login': return (req) => void requireUser(req);
    case 'adminArea': return (req) => void requireAdminArea(req);
    case 'admin': return (req) => void requireAdmin(req);
    case 'root': return (req) => void requireRoot(req);
    case 'judge': return (req) => {
      if (!judgeTokenMatches(req.headers[JUDGE_TOKEN_HEADER], ctx.config.judgeToken)) throw new AppError(401, 'judgeTokenInvalid');
    };
  }
}

/** Call on the /api instance before any module registers its routes. */
export function registerAccess(api: FastifyInstance, ctx: AppContext) {
  api.addHook('onRoute', (route: RouteOptions) => {
    const level = route.config?.access;
    const where = `${String(route.method)} ${route.url}`;
    if (!level) throw new Error(`route ${where} declares no access (config: { access: ... }, see src/http/access.ts)`);
    if (!ACCESS_LEVELS.includes(level)) throw new Error(`route ${where} declares unknown access '${level}'`);
    const rule = route.config?.rule;
    if (rule !== undefined && !ACCESS_RULES.includes(rule)) throw new Error(`route ${where} declares unknown rule '${rule}'`);
    let table = declaredBySite.get(ctx);
    if (!table) declaredBySite.set(ctx, (table = []));
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') table.push({ method, url: route.url, access: level, rule });
    }
    const check = guardFor(level, ctx);
    if (!check) return;
    // onRequest: a refused caller is answered before its body is read or validated.
    const guard = async (req: FastifyRequest) => {
      try {
        check(req);
      } catch (e) {
        if (accessRefusedChannel.hasSubscribers) accessRefusedChannel.publish({ req, level });
        throw e;
      }
    };
    const existing = route.onRequest;
    route.onRequest = existing ? [guard, ...(Array.isArray(existing) ? existing : [existing])] : [guard];
  });
}

export interface DeclaredRoute { method: string; url: string; access: AccessLevel; rule?: AccessRule }

const declaredBySite = new WeakMap<AppContext, DeclaredRoute[]>();

/** The declared access of every /api route (HEAD twins left out), for the authorization-matrix test. */
export const declaredRoutes = (ctx: AppContext): DeclaredRoute[] => declaredBySite.get(ctx) ?? [];

import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireAdminArea, requireUser, type AuthUser } from '../../http/auth.js';
import { forbidden } from '../../http/errors.js';
import { ensureMenuOpen, ensureVisible, isContestAdmin, resolveGroupAdmin } from './access.js';
import { requestStamps } from '../../http/stamps.js';
import { getContest } from './repo.js';
import type { ContestRow } from './tables.js';

/** The contest a request names (404 when there is none), from the cache under the request's stamps (repo.ts). */
export function requestContest(ctx: AppContext, req: FastifyRequest, cid: number): Promise<ContestRow> {
  return getContest(ctx, cid, requestStamps(ctx, req));
}

/** Logged-in user whose contest menu is open (problems, submissions, rank, print, ...). */
export async function participantOf(ctx: AppContext, req: FastifyRequest, cid: number): Promise<{ user: AuthUser; c: ContestRow }> {
  const user = requireUser(req);
  const c = await requestContest(ctx, req, cid);
  await ensureMenuOpen(ctx.db, user, c);
  return { user, c };
}

/** The contest's admin (its author or the super admin) on the public side (AC info, print list, scroll board). */
export async function contestAdminOf(ctx: AppContext, req: FastifyRequest, cid: number): Promise<{ user: AuthUser; c: ContestRow }> {
  const user = requireUser(req);
  const c = await requestContest(ctx, req, cid);
  await resolveGroupAdmin(user, c);
  ensureVisible(user, c);
  if (!isContestAdmin(user, c)) throw forbidden();
  return { user, c };
}

/** Admin area: an admin-area role that owns the contest, or the super admin. */
export async function adminAreaContestOf(ctx: AppContext, req: FastifyRequest, cid: number): Promise<{ user: AuthUser; c: ContestRow }> {
  const user = requireAdminArea(req);
  const c = await requestContest(ctx, req, cid);
  await resolveGroupAdmin(user, c);
  if (!isContestAdmin(user, c)) throw forbidden();
  return { user, c };
}

/**
 * Whether a contest whose menu is open to the request's user holds the problem: the editor asks
 * for a problem's languages by its id alone, in contests too, and a problem hidden outside
 * contests is shown only to those its contests show it to.
 */
export async function contestShowsProblem(ctx: AppContext, req: FastifyRequest, pid: number): Promise<boolean> {
  const user = req.user;
  if (!user) return false;
  const rows = await ctx.db.selectFrom('contest_problem').select('cid').distinct().where('pid', '=', pid).orderBy('cid', 'desc').limit(50).execute();
  for (const { cid } of rows) {
    const c = await requestContest(ctx, req, cid).catch(() => null);
    if (!c) continue;
    try {
      await ensureMenuOpen(ctx.db, user, c);
      return true;
    } catch {
      // Not this contest: another one may show it.
    }
  }
  return false;
}


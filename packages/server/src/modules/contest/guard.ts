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

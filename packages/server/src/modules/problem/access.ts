import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { canEnterAdmin, isRoot } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError, forbidden, notFound } from '../../http/errors.js';
import { getProblemRow, type ProblemRow } from './service.js';

/**
 * Group membership is decided by the group module; it offers `services.groupAccess` when present.
 * Looked up loosely so problems work without groups.
 */
type GroupAccess = { isMember?: (uid: number, gid: number) => Promise<boolean>; isRoot?: (uid: number, gid: number) => Promise<boolean> };

/**
 * Admin roles may manage every problem outside groups; other users only problems they wrote. A
 * group's problem only its author and the super admin (spec 03 §6: site admin roles give no group
 * level; the group's own admins manage it through the group calls).
 */
export function canManageProblem(req: FastifyRequest, p: Pick<ProblemRow, 'author_uid' | 'gid'>) {
  return userManagesProblem(req.user, p);
}

/**
 * A problem the request's user may manage, found by its id (refused with noAccess otherwise). A
 * group's problems stay the group's: the admin area opens them for their author and the super admin only.
 */
export async function managedProblem(ctx: AppContext, req: FastifyRequest, pid: number) {
  const p = await getProblemRow(ctx, pid);
  if (!canManageProblem(req, p)) throw forbidden('noAccess');
  return p;
}

function userManagesProblem(u: AuthUser | null | undefined, p: Pick<ProblemRow, 'author_uid' | 'gid'>) {
  if (!u) return false;
  if (u.uid === p.author_uid) return true;
  return p.gid > 0 ? isRoot(u.roles) : canEnterAdmin(u.roles);
}

/**
 * Who may read a problem outside a contest: public problems (auth 1) of no group are open to all;
 * public group problems to the group's members; private and contest problems to managers only.
 */
export function canSeeProblem(ctx: AppContext, req: FastifyRequest, p: Pick<ProblemRow, 'auth' | 'gid' | 'author_uid'>) {
  return userSeesProblem(ctx, req.user, p);
}

/** canSeeProblem for a viewer outside a request (a submission's or a profile's reader). */
export async function userSeesProblem(ctx: AppContext, u: AuthUser | null | undefined, p: Pick<ProblemRow, 'auth' | 'gid' | 'author_uid'>) {
  if (p.gid > 0) return canSeeGroupProblem(ctx, u, p);
  if (userManagesProblem(u, p)) return true;
  return p.auth === 1;
}

/**
 * A group problem (spec 03 §6): its author and the super admin; public ones (auth 1) to the
 * group's members, private and contest ones to the group root. Site admin roles give no
 * entry into a group (as in HOJ); they review problems applying for public in the admin area.
 */
async function canSeeGroupProblem(ctx: AppContext, u: AuthUser | null | undefined, p: Pick<ProblemRow, 'auth' | 'gid' | 'author_uid'>) {
  if (!u) return false;
  if (isRoot(u.roles) || u.uid === p.author_uid) return true;
  const groups = (ctx.services as { groupAccess?: GroupAccess }).groupAccess;
  if (p.auth === 1) return !!groups?.isMember && (await groups.isMember(u.uid, p.gid));
  return !!groups?.isRoot && (await groups.isRoot(u.uid, p.gid));
}

export async function loadVisibleProblem(ctx: AppContext, req: FastifyRequest, by: { pid?: number; problemId?: string }) {
  let q = ctx.db.selectFrom('problem').selectAll();
  q = by.pid !== undefined ? q.where('id', '=', by.pid) : q.where('problem_id', '=', by.problemId ?? '');
  const p = await q.executeTakeFirst();
  if (!p) throw by.problemId ? await notFoundOrMoved(ctx, by.problemId) : notFound('problemNotFound');
  if (!(await canSeeProblem(ctx, req, p))) throw forbidden('noAccess');
  return p;
}

/**
 * A display ID that is no problem's any more may be a group problem approved into the public bank
 * (its group's short-name prefix dropped, group/routes-problem.ts): the 404 then names the new ID
 * and carries it as `data.movedTo`, so an old link can say where it went and go there.
 */
async function notFoundOrMoved(ctx: AppContext, oldId: string): Promise<AppError> {
  const moved = await ctx.db.selectFrom('problem').innerJoin('group_info', 'group_info.id', 'problem.origin_gid')
    .select('problem.problem_id').where('problem.gid', '=', 0).where('problem.origin_gid', '>', 0)
    .where(sql<string>`group_info.short_name || problem.problem_id`, '=', oldId).executeTakeFirst();
  return moved ? new AppError(404, 'problemMovedToPublic', { id: moved.problem_id }, { movedTo: moved.problem_id }) : notFound('problemNotFound');
}

import type { FastifyRequest } from 'fastify';
import { canEnterAdmin, isRoot } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { ProblemRow } from './service.js';

/**
 * Group membership is decided by the group module; it offers `services.groupAccess` when present.
 * Looked up loosely so problems work without groups.
 */
type GroupAccess = { isMember?: (uid: number, gid: number) => Promise<boolean>; isRoot?: (uid: number, gid: number) => Promise<boolean> };

/** Admin roles may manage every problem; other users only problems they wrote. */
export function canManageProblem(req: FastifyRequest, p: Pick<ProblemRow, 'author_uid'>) {
  const u = req.user;
  return !!u && (canEnterAdmin(u.roles) || u.uid === p.author_uid);
}

/**
 * Who may read a problem outside a contest: public problems (auth 1) of no group are open to all;
 * public group problems to the group's members; private and contest problems to managers only.
 */
export async function canSeeProblem(ctx: AppContext, req: FastifyRequest, p: Pick<ProblemRow, 'auth' | 'gid' | 'author_uid'>) {
  if (p.gid > 0) return canSeeGroupProblem(ctx, req, p);
  if (canManageProblem(req, p)) return true;
  if (p.auth !== 1) return false;
  if (p.gid === 0) return true;
  const u = req.user;
  const groups = (ctx.services as { groupAccess?: GroupAccess }).groupAccess;
  return !!u && !!groups?.isMember && (await groups.isMember(u.uid, p.gid));
}

/**
 * A group problem (spec 03 §6): its author and the super admin; public ones (auth 1) to the
 * group's members, private and contest ones to the group root. Site admin roles give no
 * entry into a group (as in HOJ); they review problems applying for public in the admin area.
 */
async function canSeeGroupProblem(ctx: AppContext, req: FastifyRequest, p: Pick<ProblemRow, 'auth' | 'gid' | 'author_uid'>) {
  const u = req.user;
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
  if (!p) throw notFound('problemNotFound');
  if (!(await canSeeProblem(ctx, req, p))) throw forbidden('noAccess');
  return p;
}

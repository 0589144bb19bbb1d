import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ProblemAuth, adminContestProblemListQuery, adminContestProblemVo, contestProblemBody, contestProblemEntity, contestProblemPageVo, contestProblemSaveBody,
  isRoot, noData, problemEntityVo, problemFields, problemSaveBody, problemSavedVo,
} from '@verdict/shared';
import { answer } from '../../http/answer.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import { ok } from '../../http/envelope.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { requireAdminArea, type AuthUser } from '../../http/auth.js';
import { now } from '../../lib/time.js';
import { deleteProblem, getProblemRow, problemToApi, saveProblem } from '../problem/service.js';
import { adminAreaContestOf } from './guard.js';
import { contestsChanged } from './repo.js';
import type { ContestRow } from './tables.js';
import { managedProblem } from '../problem/access.js';
import { contestProblemPage } from './problem-page.js';
import {
  deleteContestProblem, findContestProblem, findContestProblemById, insertContestProblem, orphanedContestOnlyProblem, pidOfDisplayId,
  problemToAdd, saveContestProblemRow,
} from './problem-repo.js';
import type { ContestRankService } from './rank/service.js';

const cidPid = z.object({ cid: z.coerce.number().int().positive(), pid: z.coerce.number().int().positive() });
/**
 * Verdict's client sends cid and the row's fields with the problem; HOJ's form sends the contest in
 * problem.cid on create, none on edit, and saves the row's fields with contest-problem afterwards.
 */
const contestProblemCreateBody = problemSaveBody.extend({
  problem: problemFields.extend({ cid: z.coerce.number().int().positive().nullish() }),
  cid: z.coerce.number().int().positive().nullish(),
  displayId: z.string().max(50).nullish(),
  displayTitle: z.string().max(255).optional(),
  color: z.string().max(30).nullable().optional(),
});

/** A display ID must be given and unused in the contest (by another problem). */
async function checkDisplayId(db: Db, cid: number, displayId: string, exceptPid?: number) {
  if (!displayId) throw badRequest('contestDisplayIdRequired');
  const usedBy = await pidOfDisplayId(db, cid, displayId);
  if (usedBy !== undefined && usedBy !== exceptPid) throw badRequest('contestDisplayIdUsed', { id: displayId });
}

interface RowFields { displayId: string; displayTitle?: string | null; color?: string | null }

/** Adds a problem to the contest: public ones, the caller's own (a new contest problem), any for the super admin. */
async function addContestProblem(ctx: AppContext, user: AuthUser, c: ContestRow, pid: number, row: RowFields) {
  const p = await problemToAdd(ctx.db, pid);
  if (!p) throw notFound('problemNotFound');
  if (p.auth !== ProblemAuth.PUBLIC && p.author_uid !== user.uid && !isRoot(user.roles)) throw badRequest('contestProblemNotPublic');
  const displayId = row.displayId.trim();
  await checkDisplayId(ctx.db, c.id, displayId);
  if (await findContestProblem(ctx.db, c.id, p.id)) throw badRequest('contestProblemExists');
  await insertContestProblem(ctx.db, {
    cid: c.id, pid: p.id, display_id: displayId, display_title: row.displayTitle?.trim() || p.title, color: row.color ?? null, gmt_create: now(),
  });
  await contestsChanged(ctx);
}

/** Contest problems in the admin area: list, add from public, create contest-only, edit, remove, balloon colour. */
export async function adminContestProblemRoutes(app: FastifyInstance, ctx: AppContext, ranks: ContestRankService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // HOJ's list: the contest's problems, or with problemType the problems the add dialog may still add.
  api.get('/admin/contest/get-problem-list', { config: { access: 'adminArea', rule: 'owner' }, schema: { querystring: adminContestProblemListQuery, response: answer(contestProblemPageVo) } }, async (req) => {
    const { user, c } = await adminAreaContestOf(ctx, req, req.query.cid);
    const q = req.query;
    // The same problems add-problem-from-public accepts: public ones, the caller's own, any for the super admin.
    const candidates = { gids: [0], author: user.uid, anyAuth: isRoot(user.roles) };
    return ok(await contestProblemPage(ctx.db, c.id, { ...q, existing: q.problemType === undefined }, candidates));
  });

  api.post('/admin/contest/add-problem-from-public', { config: { access: 'adminArea', rule: 'owner' }, schema: { body: contestProblemBody, response: answer(noData) } }, async (req) => {
    const { user, c } = await adminAreaContestOf(ctx, req, req.body.cid);
    await addContestProblem(ctx, user, c, req.body.pid, req.body);
    return ok(null);
  });

  // HOJ's contest-problem dialog loads the row first: the contest_problem entity (HOJ field names).
  api.get('/admin/contest/contest-problem', { config: { access: 'adminArea', rule: 'owner' }, schema: { querystring: cidPid, response: answer(contestProblemEntity) } }, async (req) => {
    const { c } = await adminAreaContestOf(ctx, req, req.query.cid);
    const cp = await findContestProblem(ctx.db, c.id, req.query.pid);
    if (!cp) throw notFound('contestProblemNotFound');
    return ok({ id: cp.id, cid: cp.cid, pid: cp.pid, displayId: cp.display_id, displayTitle: cp.display_title, color: cp.color, gmtCreate: cp.gmt_create });
  });

  // Display ID, display title and balloon colour of a problem in the contest; the row is named by
  // its id or by cid and pid, and a row not there yet is added (HOJ's create form saves it so).
  api.put('/admin/contest/contest-problem', { config: { access: 'adminArea', rule: 'owner' }, schema: { body: contestProblemSaveBody, response: answer(noData) } }, async (req) => {
    const b = req.body;
    const byId = b.id != null ? await findContestProblemById(ctx.db, b.id) : undefined;
    if (b.id != null && !byId) throw notFound('contestProblemNotFound');
    const { user, c } = await adminAreaContestOf(ctx, req, byId?.cid ?? b.cid!);
    const cp = byId ?? await findContestProblem(ctx.db, c.id, b.pid!);
    if (!cp) {
      await addContestProblem(ctx, user, c, b.pid!, { displayId: b.displayId ?? '', displayTitle: b.displayTitle, color: b.color });
      return ok(null);
    }
    const displayId = b.displayId == null ? cp.display_id : b.displayId.trim();
    await checkDisplayId(ctx.db, c.id, displayId, cp.pid);
    const displayTitle = b.displayTitle?.trim();
    if (b.displayTitle != null && !displayTitle) throw badRequest('contestDisplayTitleRequired');
    await saveContestProblemRow(ctx.db, cp, { display_id: displayId, display_title: displayTitle || cp.display_title, color: b.color === undefined ? cp.color : b.color });
    await contestsChanged(ctx);
    return ok(null);
  });

  api.delete('/admin/contest/problem', { config: { access: 'adminArea', rule: 'owner' }, schema: { querystring: cidPid.partial({ cid: true }), response: answer(noData) } }, async (req) => {
    // HOJ's Delete button on the contest's list sends the pid only: the problem itself goes, as in
    // the problem list (refused while a contest or training holds it).
    if (!req.query.cid) {
      await deleteProblem(ctx, (await managedProblem(ctx, req, req.query.pid)).id);
      return ok(null);
    }
    const { c } = await adminAreaContestOf(ctx, req, req.query.cid);
    if (!await deleteContestProblem(ctx.db, c.id, req.query.pid)) throw notFound('contestProblemNotFound');
    await contestsChanged(ctx);
    // A contest-only problem lives for its contest: it goes with it, unless other contests use it.
    const orphan = await orphanedContestOnlyProblem(ctx.db, req.query.pid);
    if (orphan !== null) await deleteProblem(ctx, orphan);
    await ranks.rebuild(c);
    return ok(null);
  });

  api.get('/admin/contest/problem', { config: { access: 'adminArea', rule: 'owner' },
    // Without cid: the problem entity; with cid: the entity with its place in the contest.
    schema: { querystring: cidPid.partial({ cid: true }), response: answer(z.union([adminContestProblemVo, problemEntityVo])) } }, async (req) => {
    // HOJ's admin_getContestProblem sends the pid only: the entity, for who may manage the problem.
    if (!req.query.cid) return ok(problemToApi(await managedProblem(ctx, req, req.query.pid)));
    const { c } = await adminAreaContestOf(ctx, req, req.query.cid);
    const cp = await findContestProblem(ctx.db, c.id, req.query.pid);
    if (!cp) throw notFound('contestProblemNotFound');
    // The problem entity (as GET admin/problem) with its place in the contest.
    return ok({ ...problemToApi(await getProblemRow(ctx, cp.pid)), displayId: cp.display_id, displayTitle: cp.display_title, color: cp.color });
  });

  // A problem made for this contest: auth 3 (contest only) and the contest's rule type, both locked.
  api.post('/admin/contest/problem', { config: { access: 'adminArea', rule: 'owner' }, schema: { body: contestProblemCreateBody, response: answer(problemSavedVo) } }, async (req) => {
    const cid = req.body.cid ?? req.body.problem.cid;
    if (!cid) throw notFound('contestNotFound');
    const { user, c } = await adminAreaContestOf(ctx, req, cid);
    const body = { ...req.body, problem: { ...req.body.problem, auth: ProblemAuth.CONTEST, type: c.type } };
    // HOJ's form creates the problem alone and adds its row with contest-problem next.
    if (req.body.displayId == null) return ok({ pid: await saveProblem(ctx, user, body, null) });
    const displayId = req.body.displayId.trim();
    await checkDisplayId(ctx.db, c.id, displayId);
    const displayTitle = req.body.displayTitle?.trim() || body.problem.title.trim();
    if (!displayTitle) throw badRequest('contestDisplayTitleRequired');
    const pid = await saveProblem(ctx, user, body, null);
    try {
      await insertContestProblem(ctx.db, { cid: c.id, pid, display_id: displayId, display_title: displayTitle, color: req.body.color ?? null, gmt_create: now() });
    } catch (e) {
      // Lost a race for the display ID: leave nothing half-saved.
      await deleteProblem(ctx, pid);
      if (/unique|duplicate/i.test(String((e as Error).message))) throw badRequest('contestDisplayIdUsed', { id: displayId });
      throw e;
    }
    await contestsChanged(ctx);
    return ok({ pid });
  });

  api.put('/admin/contest/problem', { config: { access: 'adminArea', rule: 'owner' }, schema: { body: contestProblemCreateBody, response: answer(problemSavedVo) } }, async (req) => {
    const pid = req.body.problem.id;
    if (!pid) throw notFound('problemNotFound');
    const cid = req.body.cid ?? req.body.problem.cid;
    // HOJ's edit form names no contest: the problem is saved for who may manage it, rule type and
    // visibility kept; its contest row is saved with contest-problem next.
    if (!cid) {
      const existing = await managedProblem(ctx, req, pid);
      const locked = { auth: existing.auth, type: existing.auth === ProblemAuth.CONTEST ? existing.type : req.body.problem.type };
      await saveProblem(ctx, requireAdminArea(req), { ...req.body, problem: { ...req.body.problem, ...locked } }, existing);
      await contestsChanged(ctx);
      return ok({ pid });
    }
    const { user, c } = await adminAreaContestOf(ctx, req, cid);
    const cp = await findContestProblem(ctx.db, c.id, pid);
    if (!cp) throw notFound('contestProblemNotFound');
    const existing = await getProblemRow(ctx, pid);
    if (existing.auth !== ProblemAuth.CONTEST && existing.author_uid !== user.uid && !isRoot(user.roles)) throw forbidden();
    const displayId = req.body.displayId?.trim() || cp.display_id;
    await checkDisplayId(ctx.db, c.id, displayId, pid);
    const body = { ...req.body, problem: { ...req.body.problem, auth: existing.auth, type: existing.auth === ProblemAuth.CONTEST ? c.type : req.body.problem.type } };
    await saveProblem(ctx, user, body, existing);
    // Through the one writer of contest rows: a new display ID reaches the contest's submissions too.
    await saveContestProblemRow(ctx.db, cp, {
      display_id: displayId, display_title: req.body.displayTitle?.trim() || cp.display_title, color: req.body.color ?? cp.color,
    });
    await contestsChanged(ctx);
    return ok({ pid });
  });
}

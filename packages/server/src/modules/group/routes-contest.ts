import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  GROUP_PAGE_SIZES, ProblemAuth, contestProblemBody, groupCidQuery, groupContestAnnouncementBody, groupContestAnnouncementDeleteQuery,
  groupContestAnnouncementListQuery, groupContestBody, groupContestProblemFromGroupQuery, groupContestProblemFromPublicBody,
  groupContestProblemListQuery, groupContestProblemQuery, groupContestProblemSaveBody, groupContestVisibleQuery, groupPageQuery,
  adminContestVo, adminContestVoPage, contestProblemEntity, contestProblemPageVo, contestVoPage, createdIdVo, groupAnnouncementPage, noData, problemSavedVo,
} from '@verdict/shared';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import { requireUser, type AuthUser } from '../../http/auth.js';
import { answer } from '../../http/answer.js';
import { ok, page } from '../../http/envelope.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { now } from '../../lib/time.js';
import { columnsOf } from '../contest/admin.js';
import { deleteContestAnnouncement, updateContestAnnouncement } from '../contest/announcement-repo.js';
import {
  deleteContestProblem, findContestProblem, insertContestProblem, orphanedContestOnlyProblem, pidOfDisplayId, saveContestProblemRow,
} from '../contest/problem-repo.js';
import { contestsChanged, deleteContestWithRecords, getContest, insertContest, toContestAdminVo, toContestVo, updateContest } from '../contest/repo.js';
import { contestProblemPage } from '../contest/problem-page.js';
import type { ContestRow } from '../contest/tables.js';
import { deleteProblem, saveProblem } from '../problem/service.js';
import { findGroup, requireLevel, requireRootOrAuthor } from './access.js';
import { contestOnlyGroupProblems, groupContestRows, inAnyContest, problemByDisplayId, problemToAddToGroupContest } from './content-repo.js';
import { announcementPage, insertAnnouncement } from './repo.js';
import { withPrefix } from './routes-problem.js';

/** A display ID must be given and unused in the contest (by another problem). */
async function checkDisplayId(db: Db, cid: number, displayId: string, exceptPid?: number) {
  if (!displayId) throw badRequest('contestDisplayIdRequired');
  const used = await pidOfDisplayId(db, cid, displayId);
  if (used !== undefined && used !== exceptPid) throw badRequest('contestDisplayIdUsed', { id: displayId });
}

/** Group contests (spec 03 §2.3 contest screen, §6, §7 "Contests"): contests with the group's gid, reusing the contest module. */
export async function groupContestRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const rebuild = (c: ContestRow) => ctx.services.contestRank?.rebuild(c);

  /** A group contest the caller may manage: the group root, or its creator (by uid) while a group admin. */
  async function ownContest(user: AuthUser, cid: number): Promise<ContestRow> {
    const c = await getContest(ctx, cid);
    if (c.gid <= 0) throw badRequest('groupContestNotInGroup');
    await requireRootOrAuthor(ctx.db, user, c.gid, c.uid === user.uid);
    return c;
  }

  api.get('/group/get-contest-list', { config: { access: 'login', rule: 'groupMember' }, schema: { querystring: groupPageQuery(GROUP_PAGE_SIZES.contest), response: answer(contestVoPage) } }, async (req) => {
    const q = req.query;
    await requireLevel(ctx.db, requireUser(req), q.gid, 'member');
    const r = await groupContestRows(ctx.db, q.gid, q.currentPage, q.limit, true);
    return ok(page(r.rows.map((c) => toContestVo(c, r.counts.get(c.id) ?? 0)), r.n, q.currentPage, q.limit));
  });

  api.get('/group/get-admin-contest-list', { config: { access: 'login', rule: 'groupAdmin' }, schema: { querystring: groupPageQuery(GROUP_PAGE_SIZES.contest), response: answer(adminContestVoPage) } }, async (req) => {
    const q = req.query;
    await requireLevel(ctx.db, requireUser(req), q.gid, 'admin');
    const r = await groupContestRows(ctx.db, q.gid, q.currentPage, q.limit, false);
    return ok(page(r.rows.map((c) => toContestAdminVo(c, r.counts.get(c.id) ?? 0)), r.n, q.currentPage, q.limit));
  });

  api.get('/group/contest', { config: { access: 'login', rule: 'groupAuthor' }, schema: { querystring: groupCidQuery, response: answer(adminContestVo) } }, async (req) => {
    return ok(toContestAdminVo(await ownContest(requireUser(req), req.query.cid)));
  });

  api.post('/group/contest', { config: { access: 'login', rule: 'groupAdmin' }, schema: { body: groupContestBody, response: answer(createdIdVo) } }, async (req) => {
    const user = requireUser(req);
    const { g } = await requireLevel(ctx.db, user, req.body.gid, 'admin');
    const cols = columnsOf(req.body);
    const t = now();
    const id = await insertContest(ctx.db, { ...cols, uid: user.uid, author: user.username, gid: g.id, rank_ver: 0, gmt_create: t, gmt_modified: t });
    await contestsChanged(ctx);
    return ok({ id }, 'Create Successfully');
  });

  api.put('/group/contest', { config: { access: 'login', rule: 'groupAuthor' }, schema: { body: groupContestBody, response: answer(noData) } }, async (req) => {
    if (!req.body.id) throw notFound('contestNotFound');
    const c = await ownContest(requireUser(req), req.body.id);
    if (req.body.gid !== c.gid) throw badRequest('groupContestNotInGroup');
    if (req.body.type !== c.type) throw badRequest('contestTypeLocked');
    const cols = columnsOf(req.body);
    await updateContest(ctx.db, c.id, { ...cols, gmt_modified: Math.max(now(), c.gmt_modified + 1) });
    await contestsChanged(ctx);
    if (cols.start_time !== c.start_time || cols.end_time !== c.end_time || cols.star_account !== c.star_account) await rebuild({ ...c, ...cols } as ContestRow);
    return ok(null, 'Update Successfully');
  });

  api.delete('/group/contest', { config: { access: 'login', rule: 'groupAuthor' }, schema: { querystring: groupCidQuery, response: answer(noData) } }, async (req) => {
    const c = await ownContest(requireUser(req), req.query.cid);
    // Problems made for this contest (auth 3) go with it unless another contest uses them.
    const own = await contestOnlyGroupProblems(ctx.db, c);
    await deleteContestWithRecords(ctx.db, c.id);
    await contestsChanged(ctx);
    ctx.services.contestRank?.models.drop(c.id);
    for (const pid of own) {
      if (!(await inAnyContest(ctx.db, pid))) await deleteProblem(ctx, pid).catch(() => undefined);
    }
    return ok(null, 'Delete Successfully');
  });

  api.put('/group/change-contest-visible', { config: { access: 'login', rule: 'groupAuthor' }, schema: { querystring: groupContestVisibleQuery, response: answer(noData) } }, async (req) => {
    const c = await ownContest(requireUser(req), req.query.cid);
    await updateContest(ctx.db, c.id, { visible: req.query.visible ? 1 : 0, gmt_modified: Math.max(now(), c.gmt_modified + 1) });
    await contestsChanged(ctx);
    return ok(null, 'Update Successfully');
  });

  // ---- contest problems --------------------------------------------------------------------

  // The contest's problems with contestProblemMap, or (queryExisted=false) candidates: public and group problems not in it.
  api.get('/group/get-contest-problem-list', { config: { access: 'login', rule: 'groupAuthor' }, schema: { querystring: groupContestProblemListQuery, response: answer(contestProblemPageVo) } }, async (req) => {
    const q = req.query;
    const c = await ownContest(requireUser(req), q.cid);
    return ok(await contestProblemPage(ctx.db, c.id, { ...q, existing: q.queryExisted }, { gids: [0, c.gid] }));
  });

  // A problem made for this group contest: a group problem with auth 3 and the contest's rule type.
  api.post('/group/contest-problem', { config: { access: 'login', rule: 'groupAuthor' }, schema: { body: groupContestProblemSaveBody, response: answer(problemSavedVo) } }, async (req) => {
    const user = requireUser(req);
    const c = await ownContest(user, req.body.cid);
    if (req.body.problem.gid !== c.gid) throw badRequest('groupProblemNotInGroup');
    const g = (await findGroup(ctx.db, c.gid))!;
    const displayId = req.body.displayId;
    await checkDisplayId(ctx.db, c.id, displayId);
    const body = withPrefix(g, { ...req.body, problem: { ...req.body.problem, auth: ProblemAuth.CONTEST, type: c.type } });
    const pid = await saveProblem(ctx, user, body, null, { gid: g.id });
    try {
      await insertContestProblem(ctx.db, { cid: c.id, pid, display_id: displayId, display_title: body.problem.title.trim(), color: null, gmt_create: now() });
    } catch (e) {
      await deleteProblem(ctx, pid);
      if (/unique|duplicate/i.test(String((e as Error).message))) throw badRequest('contestDisplayIdUsed', { id: displayId });
      throw e;
    }
    await contestsChanged(ctx);
    return ok({ pid }, 'Create Successfully');
  });

  api.get('/group/contest-problem', { config: { access: 'login', rule: 'groupAuthor' }, schema: { querystring: groupContestProblemQuery, response: answer(contestProblemEntity) } }, async (req) => {
    const c = await ownContest(requireUser(req), req.query.cid);
    const cp = await findContestProblem(ctx.db, c.id, req.query.pid);
    if (!cp) throw notFound('contestProblemNotFound');
    return ok({ id: cp.id, cid: cp.cid, pid: cp.pid, displayId: cp.display_id, displayTitle: cp.display_title, color: cp.color, gmtCreate: cp.gmt_create });
  });

  api.put('/group/contest-problem', { config: { access: 'login', rule: 'groupAuthor' }, schema: { body: contestProblemBody, response: answer(noData) } }, async (req) => {
    const c = await ownContest(requireUser(req), req.body.cid);
    const cp = await findContestProblem(ctx.db, c.id, req.body.pid);
    if (!cp) throw notFound('contestProblemNotFound');
    const displayId = req.body.displayId.trim();
    await checkDisplayId(ctx.db, c.id, displayId, cp.pid);
    const displayTitle = req.body.displayTitle?.trim();
    if (req.body.displayTitle !== undefined && !displayTitle) throw badRequest('contestDisplayTitleRequired');
    await saveContestProblemRow(ctx.db, cp, { display_id: displayId, display_title: displayTitle || cp.display_title, color: req.body.color ?? null });
    await contestsChanged(ctx);
    return ok(null, 'Update Successfully');
  });

  api.delete('/group/contest-problem', { config: { access: 'login', rule: 'groupAuthor' }, schema: { querystring: groupContestProblemQuery, response: answer(noData) } }, async (req) => {
    const c = await ownContest(requireUser(req), req.query.cid);
    if (!(await deleteContestProblem(ctx.db, c.id, req.query.pid))) throw notFound('contestProblemNotFound');
    await contestsChanged(ctx);
    const orphan = await orphanedContestOnlyProblem(ctx.db, req.query.pid);
    if (orphan !== null) await deleteProblem(ctx, orphan);
    await rebuild(c);
    return ok(null, 'Delete Successfully');
  });

  async function addToContest(c: ContestRow, p: { id: number; title: string }, displayId: string) {
    await checkDisplayId(ctx.db, c.id, displayId);
    if (await findContestProblem(ctx.db, c.id, p.id)) throw badRequest('contestProblemExists');
    try {
      await insertContestProblem(ctx.db, { cid: c.id, pid: p.id, display_id: displayId, display_title: p.title, color: null, gmt_create: now() });
    } catch (e) {
      if (e instanceof AppError) throw e;
      throw badRequest('contestDisplayIdUsed', { id: displayId });
    }
    await contestsChanged(ctx);
  }

  api.post('/group/add-contest-problem-from-public', { config: { access: 'login', rule: 'groupAuthor' }, schema: { body: groupContestProblemFromPublicBody, response: answer(noData) } }, async (req) => {
    const c = await ownContest(requireUser(req), req.body.cid);
    const p = await problemToAddToGroupContest(ctx.db, req.body.pid);
    if (!p) throw notFound('problemNotFound');
    if (p.auth !== ProblemAuth.PUBLIC || p.gid !== 0) throw badRequest('contestProblemNotPublic');
    await addToContest(c, p, req.body.displayId);
    return ok(null, 'Add Successfully');
  });

  api.post('/group/add-contest-problem-from-group', { config: { access: 'login', rule: 'groupAuthor' }, schema: { querystring: groupContestProblemFromGroupQuery, response: answer(noData) } }, async (req) => {
    const c = await ownContest(requireUser(req), req.query.cid);
    const p = await problemByDisplayId(ctx.db, req.query.problemId);
    if (!p) throw notFound('problemNotFound');
    if (p.gid !== c.gid) throw badRequest('groupProblemNotInGroup');
    await addToContest(c, p, req.query.displayId);
    return ok(null, 'Add Successfully');
  });

  // ---- contest announcements ---------------------------------------------------------------

  api.get('/group/get-contest-announcement-list', { config: { access: 'login', rule: 'groupAuthor' }, schema: { querystring: groupContestAnnouncementListQuery, response: answer(groupAnnouncementPage) } }, async (req) => {
    const q = req.query;
    const c = await ownContest(requireUser(req), q.cid);
    return ok(await announcementPage(ctx.db, { cid: c.id }, q.currentPage, q.limit, false));
  });

  api.post('/group/contest-announcement', { config: { access: 'login', rule: 'groupAuthor' }, schema: { body: groupContestAnnouncementBody, response: answer(createdIdVo) } }, async (req) => {
    const user = requireUser(req);
    const c = await ownContest(user, req.body.cid);
    const a = req.body.announcement;
    checkAnnouncement(a);
    const id = await insertAnnouncement(ctx.db, { title: a.title.trim(), content: a.content, uid: user.uid, status: a.status, cid: c.id, gid: c.gid });
    ctx.services.live?.publish({ type: 'announcement', cid: c.id });
    return ok({ id }, 'Create Successfully');
  });

  api.put('/group/contest-announcement', { config: { access: 'login', rule: 'groupAuthor' }, schema: { body: groupContestAnnouncementBody, response: answer(noData) } }, async (req) => {
    const c = await ownContest(requireUser(req), req.body.cid);
    const a = req.body.announcement;
    if (!a.id) throw notFound('contestAnnouncementNotFound');
    checkAnnouncement(a);
    const updated = await updateContestAnnouncement(ctx.db, c.id, a.id, { title: a.title.trim(), content: a.content, status: a.status }, now());
    if (!updated) throw notFound('contestAnnouncementNotFound');
    ctx.services.live?.publish({ type: 'announcement', cid: c.id });
    return ok(null, 'Update Successfully');
  });

  api.delete('/group/contest-announcement', { config: { access: 'login', rule: 'groupAuthor' }, schema: { querystring: groupContestAnnouncementDeleteQuery, response: answer(noData) } }, async (req) => {
    const c = await ownContest(requireUser(req), req.query.cid);
    if (!(await deleteContestAnnouncement(ctx.db, c.id, req.query.aid))) throw notFound('contestAnnouncementNotFound');
    return ok(null, 'Delete Successfully');
  });
}

function checkAnnouncement(a: { title: string; content: string }) {
  if (!a.title.trim()) throw badRequest('groupAnnouncementTitleRequired');
  if (!a.content.trim()) throw badRequest('groupAnnouncementContentRequired');
}


import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GROUP_PAGE_SIZES, TrainingAuth, groupDeleteTrainingProblemQuery, groupPageQuery, groupTidQuery, groupTrainingDtoBody, groupTrainingProblemBody,
  groupTrainingProblemFromGroupQuery, groupTrainingProblemFromPublicBody, groupTrainingProblemListQuery, groupTrainingStatusQuery, parseTrainingRank,
  validateTrainingForm,
} from '@verdict/shared';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import { requireUser, type AuthUser } from '../../http/auth.js';
import { ok, page } from '../../http/envelope.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { containsText } from '../../lib/like.js';
import { now } from '../../lib/time.js';
import { acCounts, deleteTraining, getCategory, getTraining, problemCounts, toCategoryVo, toTrainingAdminVo, toTrainingVo } from '../training/repo.js';
import { problemAdded, problemRemoved } from '../training/progress.js';
import type { TrainingRow } from '../training/tables.js';
import { requireLevel, requireRootOrAuthor } from './access.js';

/** Group trainings (spec 03 §2.3 training screen, §6, §7 "Trainings"), stored as trainings with the group's gid. */
export async function groupTrainingRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** A group training the caller may manage: the group root, or its author (by username) while a group admin. */
  async function ownTraining(user: AuthUser, tid: number): Promise<TrainingRow> {
    const t = await getTraining(ctx.db, tid);
    if (t.gid <= 0) throw badRequest('groupTrainingNotInGroup');
    await requireRootOrAuthor(ctx.db, user, t.gid, t.author === user.username);
    return t;
  }

  async function listPage(gid: number, currentPage: number, limit: number, visibleOnly: boolean, uid: number) {
    let base = ctx.db.selectFrom('training').where('gid', '=', gid);
    if (visibleOnly) base = base.where('status', '=', 1);
    const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base.selectAll().orderBy('rank', 'asc').orderBy('id', 'asc').limit(limit).offset((currentPage - 1) * limit).execute();
    const tids = rows.map((r) => r.id);
    const cats = new Map((await ctx.db.selectFrom('training_category').selectAll().where('id', 'in', [0, ...rows.map((r) => r.category_id)]).execute()).map((c) => [c.id, c]));
    const [counts, acs] = await Promise.all([problemCounts(ctx.db, tids), acCounts(ctx.db, uid, tids)]);
    return { rows, n: Number(n), cats, counts, acs };
  }

  api.get('/group/get-training-list', { config: { access: 'login', rule: 'groupMember' }, schema: { querystring: groupPageQuery(GROUP_PAGE_SIZES.training) } }, async (req) => {
    const q = req.query;
    const user = requireUser(req);
    await requireLevel(ctx.db, user, q.gid, 'member');
    const r = await listPage(q.gid, q.currentPage, q.limit, true, user.uid);
    const records = r.rows.map((t) => toTrainingVo(t, r.cats.get(t.category_id), r.counts.get(t.id) ?? 0, r.acs.get(t.id) ?? 0));
    return ok(page(records, r.n, q.currentPage, q.limit));
  });

  api.get('/group/get-admin-training-list', { config: { access: 'login', rule: 'groupAdmin' }, schema: { querystring: groupPageQuery(GROUP_PAGE_SIZES.training) } }, async (req) => {
    const q = req.query;
    const user = requireUser(req);
    await requireLevel(ctx.db, user, q.gid, 'admin');
    const r = await listPage(q.gid, q.currentPage, q.limit, false, user.uid);
    const records = r.rows.map((t) => ({ ...toTrainingAdminVo(t), privatePwd: undefined, categoryName: r.cats.get(t.category_id)?.name ?? null,
      categoryColor: r.cats.get(t.category_id)?.color ?? null }));
    return ok(page(records, r.n, q.currentPage, q.limit));
  });

  api.get('/group/training', { config: { access: 'login', rule: 'groupAuthor' }, schema: { querystring: groupTidQuery } }, async (req) => {
    const t = await ownTraining(requireUser(req), req.query.tid);
    const c = await ctx.db.selectFrom('training_category').selectAll().where('id', '=', t.category_id).executeTakeFirst();
    return ok({ training: toTrainingAdminVo(t), trainingCategory: c ? toCategoryVo(c) : null });
  });

  /** Spec 03 §5 training form in order, the category checked to exist; the stored columns. */
  async function columnsOf(body: z.infer<typeof groupTrainingDtoBody>) {
    const f = body.training;
    const categoryId = body.trainingCategory?.id ?? null;
    const err = validateTrainingForm(f, categoryId);
    if (err) throw badRequest(err);
    await getCategory(ctx.db, categoryId!);
    return {
      rank: parseTrainingRank(f.rank)!, title: f.title!.trim(), description: f.description!, auth: f.auth,
      private_pwd: f.auth === TrainingAuth.PRIVATE ? f.privatePwd!.trim() : null, status: f.status ? 1 : 0,
      category_id: categoryId!, rank_show_name: f.rankShowName,
    };
  }

  api.post('/group/training', { config: { access: 'login', rule: 'groupAdmin' }, schema: { body: groupTrainingDtoBody } }, async (req) => {
    const user = requireUser(req);
    const { g } = await requireLevel(ctx.db, user, req.body.training.gid, 'admin');
    const cols = await columnsOf(req.body);
    const t = now();
    const row = await ctx.db.insertInto('training').values({ ...cols, author: user.username, uid: user.uid, gid: g.id, rank_ver: 0, gmt_create: t, gmt_modified: t })
      .returning('id').executeTakeFirstOrThrow();
    return ok({ id: row.id }, 'Create Successfully');
  });

  api.put('/group/training', { config: { access: 'login', rule: 'groupAuthor' }, schema: { body: groupTrainingDtoBody } }, async (req) => {
    const user = requireUser(req);
    if (!req.body.training.id) throw notFound('trainingNotFound');
    const old = await ownTraining(user, req.body.training.id);
    if (req.body.training.gid !== old.gid) throw badRequest('groupTrainingNotInGroup');
    const cols = await columnsOf(req.body);
    await ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('training').set({ ...cols, gmt_modified: now() }).where('id', '=', old.id).execute();
      if (cols.auth === TrainingAuth.PRIVATE && cols.private_pwd !== old.private_pwd) await trx.deleteFrom('training_register').where('tid', '=', old.id).execute();
    });
    return ok(null, 'Update Successfully');
  });

  api.delete('/group/training', { config: { access: 'login', rule: 'groupAuthor' }, schema: { querystring: groupTidQuery } }, async (req) => {
    const t = await ownTraining(requireUser(req), req.query.tid);
    await deleteTraining(ctx.db, t.id);
    return ok(null, 'Delete Successfully');
  });

  api.put('/group/change-training-status', { config: { access: 'login', rule: 'groupAuthor' }, schema: { querystring: groupTrainingStatusQuery } }, async (req) => {
    const t = await ownTraining(requireUser(req), req.query.tid);
    await ctx.db.updateTable('training').set({ status: req.query.status ? 1 : 0, gmt_modified: now() }).where('id', '=', t.id).execute();
    return ok(null, 'Update Successfully');
  });

  // The training's problems (queryExisted) or candidates: the group's problems and the public ones not in it yet.
  api.get('/group/get-training-problem-list', { config: { access: 'login', rule: 'groupAuthor' }, schema: { querystring: groupTrainingProblemListQuery } }, async (req) => {
    const q = req.query;
    const t = await ownTraining(requireUser(req), q.tid);
    const tps = await ctx.db.selectFrom('training_problem').selectAll().where('tid', '=', t.id).execute();
    const map = Object.fromEntries(tps.map((tp) => [tp.pid, { id: tp.id, tid: tp.tid, pid: tp.pid, displayId: tp.display_id, rank: tp.rank }]));
    const pids = tps.map((tp) => tp.pid);
    let base = ctx.db.selectFrom('problem');
    if (q.queryExisted) base = base.where('id', 'in', pids.length ? pids : [0]);
    else {
      base = base.where('auth', '=', 1).where((eb) => eb.or([eb('gid', '=', 0), eb('gid', '=', t.gid)]));
      if (pids.length) base = base.where('id', 'not in', pids);
    }
    if (q.keyword) { const kw = q.keyword; base = base.where((eb) => eb.or([containsText('title', kw), containsText('problem_id', kw)])); }
    const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    let rows = await base.select(['id', 'problem_id', 'title', 'auth', 'type', 'difficulty', 'gid', 'gmt_modified']).orderBy('id').execute();
    if (q.queryExisted) rows = rows.sort((a, b) => (map[a.id].rank - map[b.id].rank) || (map[a.id].id - map[b.id].id));
    const from = (q.currentPage - 1) * q.limit;
    const records = rows.slice(from, from + q.limit).map((p) => ({
      id: p.id, problemId: p.problem_id, title: p.title, auth: p.auth, type: p.type, difficulty: p.difficulty, gid: p.gid || null, gmtModified: p.gmt_modified,
    }));
    return ok({ problemList: page(records, Number(n), q.currentPage, q.limit), trainingProblemMap: map });
  });

  api.put('/group/training-problem', { config: { access: 'login', rule: 'groupAuthor' }, schema: { body: groupTrainingProblemBody } }, async (req) => {
    const tp = await ctx.db.selectFrom('training_problem').selectAll().where('id', '=', req.body.id).executeTakeFirst();
    if (!tp) throw notFound('trainingProblemNotInTraining');
    await ownTraining(requireUser(req), tp.tid);
    const displayId = req.body.displayId?.trim() || tp.display_id;
    if (displayId !== tp.display_id) {
      const dup = await ctx.db.selectFrom('training_problem').select('id').where('tid', '=', tp.tid).where('display_id', '=', displayId).executeTakeFirst();
      if (dup) throw badRequest('trainingProblemExists');
    }
    await ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('training_problem').set({ rank: req.body.rank, display_id: displayId, gmt_modified: now() }).where('id', '=', tp.id).execute();
      await touch(trx, tp.tid);
    });
    return ok(null, 'Update Successfully');
  });

  api.delete('/group/training-problem', { config: { access: 'login', rule: 'groupAuthor' }, schema: { querystring: groupDeleteTrainingProblemQuery } }, async (req) => {
    const t = await ownTraining(requireUser(req), req.query.tid);
    await ctx.db.transaction().execute(async (trx) => {
      const r = await trx.deleteFrom('training_problem').where('tid', '=', t.id).where('pid', '=', req.query.pid).executeTakeFirst();
      if (!Number(r.numDeletedRows)) throw notFound('trainingProblemNotInTraining');
      await problemRemoved(trx, t.id, req.query.pid);
      await touch(trx, t.id);
    });
    return ok(null, 'Delete Successfully');
  });

  async function addProblem(t: TrainingRow, p: { id: number; problem_id: string }, displayId: string) {
    const dup = await ctx.db.selectFrom('training_problem').select('id').where('tid', '=', t.id)
      .where((eb) => eb.or([eb('pid', '=', p.id), eb('display_id', '=', displayId)])).executeTakeFirst();
    if (dup) throw badRequest('trainingProblemExists');
    const last = await ctx.db.selectFrom('training_problem').select((eb) => eb.fn.max('rank').as('r')).where('tid', '=', t.id).executeTakeFirst();
    try {
      await ctx.db.transaction().execute(async (trx) => {
        await trx.insertInto('training_problem').values({ tid: t.id, pid: p.id, display_id: displayId, rank: Number(last?.r ?? 0) + 1, gmt_create: now(), gmt_modified: now() }).execute();
        await touch(trx, t.id);
      });
    } catch (e) {
      if (e instanceof AppError) throw e;
      throw badRequest('trainingProblemExists');
    }
    await problemAdded(ctx.db, t.id, p.id);
  }

  api.post('/group/add-training-problem-from-public', { config: { access: 'login', rule: 'groupAuthor' }, schema: { body: groupTrainingProblemFromPublicBody } }, async (req) => {
    const t = await ownTraining(requireUser(req), req.body.tid);
    const p = await ctx.db.selectFrom('problem').select(['id', 'problem_id', 'auth', 'gid']).where('id', '=', req.body.pid).executeTakeFirst();
    if (!p) throw notFound('problemNotFound');
    if (p.auth !== 1 || p.gid !== 0) throw badRequest('trainingProblemNotPublic');
    await addProblem(t, p, req.body.displayId?.trim() || p.problem_id);
    return ok(null, 'Add Successfully');
  });

  // By the group problem's display ID (HOJ's "add from group" dialog).
  api.post('/group/add-training-problem-from-group', { config: { access: 'login', rule: 'groupAuthor' }, schema: { querystring: groupTrainingProblemFromGroupQuery } }, async (req) => {
    const t = await ownTraining(requireUser(req), req.query.tid);
    const p = await ctx.db.selectFrom('problem').select(['id', 'problem_id', 'gid']).where('problem_id', '=', req.query.problemId).executeTakeFirst();
    if (!p) throw notFound('problemNotFound');
    if (p.gid !== t.gid) throw badRequest('groupTrainingProblemNotGroup');
    await addProblem(t, p, p.problem_id);
    return ok(null, 'Add Successfully');
  });
}

/** Trainings show when their problem list last changed. */
const touch = (db: Db, tid: number) => db.updateTable('training').set({ gmt_modified: now() }).where('id', '=', tid).execute();

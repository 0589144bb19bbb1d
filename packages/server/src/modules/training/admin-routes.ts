import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  TrainingAuth, addTrainingProblemBody, adminTrainingListQuery, adminTrainingProblemListQuery, changeTrainingStatusQuery,
  deleteTrainingCategoryQuery, deleteTrainingProblemQuery, parseTrainingRank, tidQuery, trainingCategoryBody, trainingDtoBody,
  updateTrainingProblemBody, validateTrainingForm, type TrainingDtoBody,
} from '@verdict/shared';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import { requireAdminArea, type AuthUser } from '../../http/auth.js';
import { ok, page } from '../../http/envelope.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.js';
import { now } from '../../lib/time.js';
import { isTrainingAdmin } from './access.js';
import { problemAdded, problemRemoved } from './progress.js';
import { deleteTraining, getCategory, getTraining, likeOf, toCategoryVo, toTrainingAdminVo } from './repo.js';
import type { TrainingRow } from './tables.js';

/** Training, training problem and category administration (spec 03 §2.2, §5, §7) under HOJ's paths. */
export async function adminTrainingRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const op = () => (ctx.dbKind === 'postgres' ? sql.raw('ILIKE') : sql.raw('LIKE'));

  /** The training, when the admin-area user owns it or is the super admin. */
  async function ownTraining(user: AuthUser, tid: number): Promise<TrainingRow> {
    const t = await getTraining(ctx.db, tid);
    if (!(await isTrainingAdmin(user, t))) throw forbidden();
    return t;
  }

  api.get('/admin/training/get-training-list', { config: { access: 'adminArea' }, schema: { querystring: adminTrainingListQuery } }, async (req) => {
    const q = req.query;
    let base = ctx.db.selectFrom('training').where('gid', '=', 0);
    if (q.keyword) {
      const like = likeOf(q.keyword);
      base = base.where((eb) => eb.or([sql<boolean>`title ${op()} ${like} ESCAPE '\\'`, sql<boolean>`author ${op()} ${like} ESCAPE '\\'`,
        ...(/^\d+$/.test(q.keyword!) ? [eb('id', '=', Number(q.keyword))] : [])]));
    }
    const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base.selectAll().orderBy('rank', 'asc').orderBy('id', 'asc').limit(q.limit).offset((q.currentPage - 1) * q.limit).execute();
    const cats = new Map((await ctx.db.selectFrom('training_category').selectAll().execute()).map((c) => [c.id, c]));
    const records = rows.map((t) => ({ ...toTrainingAdminVo(t), privatePwd: undefined, categoryName: cats.get(t.category_id)?.name ?? null, categoryColor: cats.get(t.category_id)?.color ?? null }));
    return ok(page(records, Number(n), q.currentPage, q.limit));
  });

  api.get('/admin/training', { config: { access: 'adminArea', rule: 'owner' }, schema: { querystring: tidQuery } }, async (req) => {
    const t = await ownTraining(requireAdminArea(req), req.query.tid);
    const c = await ctx.db.selectFrom('training_category').selectAll().where('id', '=', t.category_id).executeTakeFirst();
    return ok({ training: toTrainingAdminVo(t), trainingCategory: c ? toCategoryVo(c) : null });
  });

  /** Spec 03 §5 in order, the category checked to exist; the stored columns. */
  async function columnsOf(body: TrainingDtoBody) {
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

  api.post('/admin/training', { config: { access: 'adminArea', rule: 'owner' }, schema: { body: trainingDtoBody } }, async (req) => {
    const user = requireAdminArea(req);
    const cols = await columnsOf(req.body);
    const t = now();
    const row = await ctx.db.insertInto('training').values({ ...cols, author: user.username, uid: user.uid, gid: 0, rank_ver: 0, gmt_create: t, gmt_modified: t })
      .returning('id').executeTakeFirstOrThrow();
    return ok({ id: row.id }, 'Create Successfully');
  });

  api.put('/admin/training', { config: { access: 'adminArea', rule: 'owner' }, schema: { body: trainingDtoBody } }, async (req) => {
    const user = requireAdminArea(req);
    if (!req.body.training.id) throw badRequest('trainingNotFound');
    const old = await ownTraining(user, req.body.training.id);
    const cols = await columnsOf(req.body);
    await ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('training').set({ ...cols, gmt_modified: now() }).where('id', '=', old.id).execute();
      // A new password shuts out those who entered with the old one (their progress stays).
      if (cols.auth === TrainingAuth.PRIVATE && cols.private_pwd !== old.private_pwd) {
        await trx.deleteFrom('training_register').where('tid', '=', old.id).execute();
      }
    });
    return ok(null, 'Update Successfully');
  });

  api.delete('/admin/training', { config: { access: 'adminArea', rule: 'owner' }, schema: { querystring: tidQuery } }, async (req) => {
    const t = await ownTraining(requireAdminArea(req), req.query.tid);
    await deleteTraining(ctx.db, t.id);
    return ok(null, 'Delete Successfully');
  });

  api.put('/admin/training/change-training-status', { config: { access: 'adminArea', rule: 'owner' }, schema: { querystring: changeTrainingStatusQuery } }, async (req) => {
    const t = await ownTraining(requireAdminArea(req), req.query.tid);
    await ctx.db.updateTable('training').set({ status: req.query.status ? 1 : 0, gmt_modified: now() }).where('id', '=', t.id).execute();
    return ok(null, 'Update Successfully');
  });

  // ---- training problems -----------------------------------------------------------------

  api.get('/admin/training/get-problem-list', { config: { access: 'adminArea', rule: 'owner' }, schema: { querystring: adminTrainingProblemListQuery } }, async (req) => {
    const q = req.query;
    const t = await ownTraining(requireAdminArea(req), q.tid);
    const tps = await ctx.db.selectFrom('training_problem').selectAll().where('tid', '=', t.id).execute();
    const map = Object.fromEntries(tps.map((tp) => [tp.pid, { id: tp.id, tid: tp.tid, pid: tp.pid, displayId: tp.display_id, rank: tp.rank }]));
    const pids = tps.map((tp) => tp.pid);
    let base = ctx.db.selectFrom('problem');
    if (q.queryExisted) base = base.where('id', 'in', pids.length ? pids : [0]);
    else {
      // Candidates: public site problems not yet in the training.
      base = base.where('auth', '=', 1).where('gid', '=', 0);
      if (pids.length) base = base.where('id', 'not in', pids);
    }
    if (q.keyword) {
      const like = likeOf(q.keyword);
      base = base.where((eb) => eb.or([sql<boolean>`title ${op()} ${like} ESCAPE '\\'`, sql<boolean>`problem_id ${op()} ${like} ESCAPE '\\'`]));
    }
    const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    let rows = await base.select(['id', 'problem_id', 'title', 'auth', 'type', 'difficulty', 'gmt_modified']).orderBy('id').execute();
    if (q.queryExisted) rows = rows.sort((a, b) => (map[a.id].rank - map[b.id].rank) || (map[a.id].id - map[b.id].id));
    const from = (q.currentPage - 1) * q.limit;
    const records = rows.slice(from, from + q.limit).map((p) => ({
      id: p.id, problemId: p.problem_id, title: p.title, auth: p.auth, type: p.type, difficulty: p.difficulty, gmtModified: p.gmt_modified,
    }));
    return ok({ problemList: page(records, Number(n), q.currentPage, q.limit), trainingProblemMap: map });
  });

  api.post('/admin/training/add-problem-from-public', { config: { access: 'adminArea', rule: 'owner' }, schema: { body: addTrainingProblemBody } }, async (req) => {
    const t = await ownTraining(requireAdminArea(req), req.body.tid);
    const p = await ctx.db.selectFrom('problem').select(['id', 'problem_id', 'auth', 'gid']).where('id', '=', req.body.pid).executeTakeFirst();
    if (!p) throw notFound('problemNotFound');
    if (p.auth !== 1 || p.gid !== 0) throw badRequest('trainingProblemNotPublic');
    const displayId = req.body.displayId?.trim() || p.problem_id;
    const dup = await ctx.db.selectFrom('training_problem').select('id').where('tid', '=', t.id)
      .where((eb) => eb.or([eb('pid', '=', p.id), eb('display_id', '=', displayId)])).executeTakeFirst();
    if (dup) throw badRequest('trainingProblemExists');
    const last = await ctx.db.selectFrom('training_problem').select((eb) => eb.fn.max('rank').as('r')).where('tid', '=', t.id).executeTakeFirst();
    try {
      await ctx.db.transaction().execute(async (trx) => {
        await trx.insertInto('training_problem').values({
          tid: t.id, pid: p.id, display_id: displayId, rank: Number(last?.r ?? 0) + 1, gmt_create: now(), gmt_modified: now(),
        }).execute();
        await touch(trx, t.id);
      });
    } catch (e) {
      // Two admins adding the same problem at once: the unique index refuses the second.
      if (e instanceof AppError) throw e;
      throw badRequest('trainingProblemExists');
    }
    await problemAdded(ctx.db, t.id, p.id);
    return ok(null, 'Add Successfully');
  });

  api.put('/admin/training/problem', { config: { access: 'adminArea', rule: 'owner' }, schema: { body: updateTrainingProblemBody } }, async (req) => {
    const user = requireAdminArea(req);
    const tp = await ctx.db.selectFrom('training_problem').selectAll().where('id', '=', req.body.id).executeTakeFirst();
    if (!tp) throw notFound('trainingProblemNotInTraining');
    await ownTraining(user, tp.tid);
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

  api.delete('/admin/training/problem', { config: { access: 'adminArea', rule: 'owner' }, schema: { querystring: deleteTrainingProblemQuery } }, async (req) => {
    const t = await ownTraining(requireAdminArea(req), req.query.tid);
    await ctx.db.transaction().execute(async (trx) => {
      const r = await trx.deleteFrom('training_problem').where('tid', '=', t.id).where('pid', '=', req.query.pid).executeTakeFirst();
      if (!Number(r.numDeletedRows)) throw notFound('trainingProblemNotInTraining');
      await problemRemoved(trx, t.id, req.query.pid);
      await touch(trx, t.id);
    });
    return ok(null, 'Delete Successfully');
  });

  // ---- categories ------------------------------------------------------------------------

  api.post('/admin/training/category', { config: { access: 'adminArea' }, schema: { body: trainingCategoryBody } }, async (req) => {
    const { name, color } = req.body;
    await uniqueName(ctx.db, name, null);
    const t = now();
    const row = await ctx.db.insertInto('training_category').values({ name, color: color || null, gid: 0, gmt_create: t, gmt_modified: t })
      .returningAll().executeTakeFirstOrThrow();
    return ok(toCategoryVo(row), 'Create Successfully');
  });

  api.put('/admin/training/category', { config: { access: 'adminArea' }, schema: { body: trainingCategoryBody } }, async (req) => {
    if (!req.body.id) throw badRequest('trainingCategoryNotFound');
    const c = await getCategory(ctx.db, req.body.id);
    await uniqueName(ctx.db, req.body.name, c.id);
    await ctx.db.updateTable('training_category').set({ name: req.body.name, color: req.body.color || null, gmt_modified: now() }).where('id', '=', c.id).execute();
    return ok(null, 'Update Successfully');
  });

  api.delete('/admin/training/category', { config: { access: 'adminArea' }, schema: { querystring: deleteTrainingCategoryQuery } }, async (req) => {
    const c = await getCategory(ctx.db, req.query.cid);
    const used = await ctx.db.selectFrom('training').select((eb) => eb.fn.countAll<number>().as('n')).where('category_id', '=', c.id).executeTakeFirstOrThrow();
    if (Number(used.n)) throw badRequest('trainingCategoryInUse', { n: Number(used.n) });
    await ctx.db.deleteFrom('training_category').where('id', '=', c.id).execute();
    return ok(null, 'Delete Successfully');
  });
}

/** Trainings show when their problem list last changed (spec 02 "last modified"). */
const touch = (db: Db, tid: number) => db.updateTable('training').set({ gmt_modified: now() }).where('id', '=', tid).execute();

async function uniqueName(db: Db, name: string, selfId: number | null) {
  const dup = await db.selectFrom('training_category').select('id').where('gid', '=', 0).where('name', '=', name).executeTakeFirst();
  if (dup && dup.id !== selfId) throw badRequest('trainingCategoryExists', { name });
}

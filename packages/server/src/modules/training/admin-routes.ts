import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addTrainingProblemBody, adminTrainingListQuery, adminTrainingProblemListQuery, changeTrainingStatusQuery, deleteTrainingCategoryQuery,
  deleteTrainingProblemQuery, tidQuery, trainingCategoryBody, trainingDtoBody, updateTrainingProblemBody,
} from '@verdict/shared';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import { requireAdminArea, type AuthUser } from '../../http/auth.js';
import { ok, page } from '../../http/envelope.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { now } from '../../lib/time.js';
import { isTrainingAdmin } from './access.js';
import {
  addPublicProblem, deleteTraining, getCategory, getTraining, getTrainingProblem, likeOf, removeTrainingProblem, toCategoryVo, toTrainingAdminVo,
  trainingColumns, trainingProblemList, updateTraining, updateTrainingProblem,
} from './repo.js';
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

  api.post('/admin/training', { config: { access: 'adminArea', rule: 'owner' }, schema: { body: trainingDtoBody } }, async (req) => {
    const user = requireAdminArea(req);
    const cols = await trainingColumns(ctx.db, req.body);
    const t = now();
    const row = await ctx.db.insertInto('training').values({ ...cols, author: user.username, uid: user.uid, gid: 0, rank_ver: 0, gmt_create: t, gmt_modified: t })
      .returning('id').executeTakeFirstOrThrow();
    return ok({ id: row.id }, 'Create Successfully');
  });

  api.put('/admin/training', { config: { access: 'adminArea', rule: 'owner' }, schema: { body: trainingDtoBody } }, async (req) => {
    const user = requireAdminArea(req);
    if (!req.body.training.id) throw badRequest('trainingNotFound');
    const old = await ownTraining(user, req.body.training.id);
    await updateTraining(ctx.db, old, await trainingColumns(ctx.db, req.body));
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
    return ok(await trainingProblemList(ctx.db, t, { ...q, queryExisted: !!q.queryExisted }));
  });

  api.post('/admin/training/add-problem-from-public', { config: { access: 'adminArea', rule: 'owner' }, schema: { body: addTrainingProblemBody } }, async (req) => {
    const t = await ownTraining(requireAdminArea(req), req.body.tid);
    await addPublicProblem(ctx.db, t, req.body.pid, req.body.displayId);
    return ok(null, 'Add Successfully');
  });

  api.put('/admin/training/problem', { config: { access: 'adminArea', rule: 'owner' }, schema: { body: updateTrainingProblemBody } }, async (req) => {
    const user = requireAdminArea(req);
    const tp = await getTrainingProblem(ctx.db, req.body.id);
    await ownTraining(user, tp.tid);
    await updateTrainingProblem(ctx.db, tp, req.body.rank, req.body.displayId);
    return ok(null, 'Update Successfully');
  });

  api.delete('/admin/training/problem', { config: { access: 'adminArea', rule: 'owner' }, schema: { querystring: deleteTrainingProblemQuery } }, async (req) => {
    const t = await ownTraining(requireAdminArea(req), req.query.tid);
    await removeTrainingProblem(ctx.db, t.id, req.query.pid);
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

async function uniqueName(db: Db, name: string, selfId: number | null) {
  const dup = await db.selectFrom('training_category').select('id').where('gid', '=', 0).where('name', '=', name).executeTakeFirst();
  if (dup && dup.id !== selfId) throw badRequest('trainingCategoryExists', { name });
}

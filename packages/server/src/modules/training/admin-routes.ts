import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addTrainingProblemBody, adminTrainingListQuery, adminTrainingProblemListQuery, changeTrainingStatusQuery, createdIdVo, deleteTrainingCategoryQuery,
  deleteTrainingProblemQuery, noData, tidQuery, trainingAdminPage, trainingCategoryBody, trainingCategoryVo, trainingDtoBody, trainingDtoVo,
  trainingProblemListVo, updateTrainingProblemBody,
} from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { answer } from '../../http/answer.js';
import { requireAdminArea, type AuthUser } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { isTrainingAdmin } from './access.js';
import {
  addPublicProblem, adminTrainingPage, createCategory, createTraining, deleteCategory, deleteTraining, findCategory, getCategory, getTraining,
  getTrainingProblem, removeTrainingProblem, setTrainingStatus, toCategoryVo, toTrainingAdminVo, trainingColumns, trainingProblemList, updateCategory,
  updateTraining, updateTrainingProblem,
} from './repo.js';
import type { TrainingRow } from './tables.js';

/** Training, training problem and category administration (spec 03 §2.2, §5, §7) under HOJ's paths. */
export async function adminTrainingRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The training, when the admin-area user owns it or is the super admin. */
  async function ownTraining(user: AuthUser, tid: number): Promise<TrainingRow> {
    const t = await getTraining(ctx.db, tid);
    if (!(await isTrainingAdmin(user, t))) throw forbidden();
    return t;
  }

  api.get('/admin/training/get-training-list', { config: { access: 'adminArea' }, schema: { querystring: adminTrainingListQuery, response: answer(trainingAdminPage) } }, async (req) =>
    ok(await adminTrainingPage(ctx.db, ctx.dbKind === 'postgres', req.query)));

  api.get('/admin/training', { config: { access: 'adminArea', rule: 'owner' }, schema: { querystring: tidQuery, response: answer(trainingDtoVo) } }, async (req) => {
    const t = await ownTraining(requireAdminArea(req), req.query.tid);
    const c = await findCategory(ctx.db, t.category_id);
    return ok({ training: toTrainingAdminVo(t), trainingCategory: c ? toCategoryVo(c) : null });
  });

  api.post('/admin/training', { config: { access: 'adminArea', rule: 'owner' }, schema: { body: trainingDtoBody, response: answer(createdIdVo) } }, async (req) => {
    const user = requireAdminArea(req);
    const cols = await trainingColumns(ctx.db, req.body);
    return ok({ id: await createTraining(ctx.db, cols, user, 0) }, 'Create Successfully');
  });

  api.put('/admin/training', { config: { access: 'adminArea', rule: 'owner' }, schema: { body: trainingDtoBody, response: answer(noData) } }, async (req) => {
    const user = requireAdminArea(req);
    if (!req.body.training.id) throw badRequest('trainingNotFound');
    const old = await ownTraining(user, req.body.training.id);
    await updateTraining(ctx.db, old, await trainingColumns(ctx.db, req.body));
    return ok(null, 'Update Successfully');
  });

  api.delete('/admin/training', { config: { access: 'adminArea', rule: 'owner' }, schema: { querystring: tidQuery, response: answer(noData) } }, async (req) => {
    const t = await ownTraining(requireAdminArea(req), req.query.tid);
    await deleteTraining(ctx.db, t.id);
    return ok(null, 'Delete Successfully');
  });

  api.put('/admin/training/change-training-status', { config: { access: 'adminArea', rule: 'owner' }, schema: { querystring: changeTrainingStatusQuery, response: answer(noData) } }, async (req) => {
    const t = await ownTraining(requireAdminArea(req), req.query.tid);
    await setTrainingStatus(ctx.db, t.id, req.query.status);
    return ok(null, 'Update Successfully');
  });

  // ---- training problems -----------------------------------------------------------------

  api.get('/admin/training/get-problem-list', { config: { access: 'adminArea', rule: 'owner' }, schema: { querystring: adminTrainingProblemListQuery, response: answer(trainingProblemListVo) } }, async (req) => {
    const q = req.query;
    const t = await ownTraining(requireAdminArea(req), q.tid);
    return ok(await trainingProblemList(ctx.db, t, { ...q, queryExisted: !!q.queryExisted }));
  });

  api.post('/admin/training/add-problem-from-public', { config: { access: 'adminArea', rule: 'owner' }, schema: { body: addTrainingProblemBody, response: answer(noData) } }, async (req) => {
    const t = await ownTraining(requireAdminArea(req), req.body.tid);
    await addPublicProblem(ctx.db, t, req.body.pid, req.body.displayId);
    return ok(null, 'Add Successfully');
  });

  api.put('/admin/training/problem', { config: { access: 'adminArea', rule: 'owner' }, schema: { body: updateTrainingProblemBody, response: answer(noData) } }, async (req) => {
    const user = requireAdminArea(req);
    const tp = await getTrainingProblem(ctx.db, req.body.id);
    await ownTraining(user, tp.tid);
    await updateTrainingProblem(ctx.db, tp, req.body.rank, req.body.displayId);
    return ok(null, 'Update Successfully');
  });

  api.delete('/admin/training/problem', { config: { access: 'adminArea', rule: 'owner' }, schema: { querystring: deleteTrainingProblemQuery, response: answer(noData) } }, async (req) => {
    const t = await ownTraining(requireAdminArea(req), req.query.tid);
    await removeTrainingProblem(ctx.db, t.id, req.query.pid);
    return ok(null, 'Delete Successfully');
  });

  // ---- categories ------------------------------------------------------------------------

  api.post('/admin/training/category', { config: { access: 'adminArea' }, schema: { body: trainingCategoryBody, response: answer(trainingCategoryVo) } }, async (req) =>
    ok(await createCategory(ctx.db, req.body.name, req.body.color), 'Create Successfully'));

  api.put('/admin/training/category', { config: { access: 'adminArea' }, schema: { body: trainingCategoryBody, response: answer(noData) } }, async (req) => {
    if (!req.body.id) throw badRequest('trainingCategoryNotFound');
    const c = await getCategory(ctx.db, req.body.id);
    await updateCategory(ctx.db, c, req.body.name, req.body.color);
    return ok(null, 'Update Successfully');
  });

  api.delete('/admin/training/category', { config: { access: 'adminArea' }, schema: { querystring: deleteTrainingCategoryQuery, response: answer(noData) } }, async (req) => {
    const c = await getCategory(ctx.db, req.query.cid);
    await deleteCategory(ctx.db, c);
    return ok(null, 'Delete Successfully');
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  GROUP_PAGE_SIZES, groupDeleteTrainingProblemQuery, groupPageQuery, groupTidQuery, groupTrainingDtoBody, groupTrainingProblemBody,
  groupTrainingProblemFromGroupQuery, groupTrainingProblemFromPublicBody, groupTrainingProblemListQuery, groupTrainingStatusQuery,
  createdIdVo, noData, trainingAdminPage, trainingDtoVo, trainingPage, trainingProblemListVo,
} from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { requireUser, type AuthUser } from '../../http/auth.js';
import { answer } from '../../http/answer.js';
import { ok, page } from '../../http/envelope.js';
import { badRequest, notFound } from '../../http/errors.js';
import {
  addPublicProblem, addTrainingProblem, createTraining, deleteTraining, findCategory, getTraining, getTrainingProblem, removeTrainingProblem, setTrainingStatus, toCategoryVo,
  toTrainingAdminRow, toTrainingAdminVo, toTrainingVo, trainingColumns, trainingProblemList, updateTraining, updateTrainingProblem,
} from '../training/repo.js';
import type { TrainingRow } from '../training/tables.js';
import { requireLevel, requireRootOrAuthor } from './access.js';
import { groupTrainingRows, problemByDisplayId } from './content-repo.js';

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

  api.get('/group/get-training-list', { config: { access: 'login', rule: 'groupMember' }, schema: { querystring: groupPageQuery(GROUP_PAGE_SIZES.training), response: answer(trainingPage) } }, async (req) => {
    const q = req.query;
    const user = requireUser(req);
    await requireLevel(ctx.db, user, q.gid, 'member');
    const r = await groupTrainingRows(ctx.db, q.gid, q.currentPage, q.limit, true, user.uid);
    const records = r.rows.map((t) => toTrainingVo(t, r.cats.get(t.category_id), r.counts.get(t.id) ?? 0, r.acs.get(t.id) ?? 0));
    return ok(page(records, r.n, q.currentPage, q.limit));
  });

  api.get('/group/get-admin-training-list', { config: { access: 'login', rule: 'groupAdmin' }, schema: { querystring: groupPageQuery(GROUP_PAGE_SIZES.training), response: answer(trainingAdminPage) } }, async (req) => {
    const q = req.query;
    const user = requireUser(req);
    await requireLevel(ctx.db, user, q.gid, 'admin');
    const r = await groupTrainingRows(ctx.db, q.gid, q.currentPage, q.limit, false, user.uid);
    const records = r.rows.map((t) => toTrainingAdminRow(t, r.cats.get(t.category_id)));
    return ok(page(records, r.n, q.currentPage, q.limit));
  });

  api.get('/group/training', { config: { access: 'login', rule: 'groupAuthor' }, schema: { querystring: groupTidQuery, response: answer(trainingDtoVo) } }, async (req) => {
    const t = await ownTraining(requireUser(req), req.query.tid);
    const c = await findCategory(ctx.db, t.category_id);
    return ok({ training: toTrainingAdminVo(t), trainingCategory: c ? toCategoryVo(c) : null });
  });

  api.post('/group/training', { config: { access: 'login', rule: 'groupAdmin' }, schema: { body: groupTrainingDtoBody, response: answer(createdIdVo) } }, async (req) => {
    const user = requireUser(req);
    const { g } = await requireLevel(ctx.db, user, req.body.training.gid, 'admin');
    const cols = await trainingColumns(ctx.db, req.body);
    const id = await createTraining(ctx.db, cols, user, g.id);
    return ok({ id }, 'Create Successfully');
  });

  api.put('/group/training', { config: { access: 'login', rule: 'groupAuthor' }, schema: { body: groupTrainingDtoBody, response: answer(noData) } }, async (req) => {
    const user = requireUser(req);
    if (!req.body.training.id) throw notFound('trainingNotFound');
    const old = await ownTraining(user, req.body.training.id);
    if (req.body.training.gid !== old.gid) throw badRequest('groupTrainingNotInGroup');
    await updateTraining(ctx.db, old, await trainingColumns(ctx.db, req.body));
    return ok(null, 'Update Successfully');
  });

  api.delete('/group/training', { config: { access: 'login', rule: 'groupAuthor' }, schema: { querystring: groupTidQuery, response: answer(noData) } }, async (req) => {
    const t = await ownTraining(requireUser(req), req.query.tid);
    await deleteTraining(ctx.db, t.id);
    return ok(null, 'Delete Successfully');
  });

  api.put('/group/change-training-status', { config: { access: 'login', rule: 'groupAuthor' }, schema: { querystring: groupTrainingStatusQuery, response: answer(noData) } }, async (req) => {
    const t = await ownTraining(requireUser(req), req.query.tid);
    await setTrainingStatus(ctx.db, t.id, req.query.status);
    return ok(null, 'Update Successfully');
  });

  // The training's problems (queryExisted) or candidates: the group's problems and the public ones not in it yet.
  api.get('/group/get-training-problem-list', { config: { access: 'login', rule: 'groupAuthor' }, schema: { querystring: groupTrainingProblemListQuery, response: answer(trainingProblemListVo) } }, async (req) => {
    const q = req.query;
    const t = await ownTraining(requireUser(req), q.tid);
    return ok(await trainingProblemList(ctx.db, t, q));
  });

  api.put('/group/training-problem', { config: { access: 'login', rule: 'groupAuthor' }, schema: { body: groupTrainingProblemBody, response: answer(noData) } }, async (req) => {
    const tp = await getTrainingProblem(ctx.db, req.body.id);
    await ownTraining(requireUser(req), tp.tid);
    await updateTrainingProblem(ctx.db, tp, req.body.rank, req.body.displayId);
    return ok(null, 'Update Successfully');
  });

  api.delete('/group/training-problem', { config: { access: 'login', rule: 'groupAuthor' }, schema: { querystring: groupDeleteTrainingProblemQuery, response: answer(noData) } }, async (req) => {
    const t = await ownTraining(requireUser(req), req.query.tid);
    await removeTrainingProblem(ctx.db, t.id, req.query.pid);
    return ok(null, 'Delete Successfully');
  });

  api.post('/group/add-training-problem-from-public', { config: { access: 'login', rule: 'groupAuthor' }, schema: { body: groupTrainingProblemFromPublicBody, response: answer(noData) } }, async (req) => {
    const t = await ownTraining(requireUser(req), req.body.tid);
    await addPublicProblem(ctx.db, t, req.body.pid, req.body.displayId);
    return ok(null, 'Add Successfully');
  });

  // By the group problem's display ID (HOJ's "add from group" dialog).
  api.post('/group/add-training-problem-from-group', { config: { access: 'login', rule: 'groupAuthor' }, schema: { querystring: groupTrainingProblemFromGroupQuery, response: answer(noData) } }, async (req) => {
    const t = await ownTraining(requireUser(req), req.query.tid);
    const p = await problemByDisplayId(ctx.db, req.query.problemId);
    if (!p) throw notFound('problemNotFound');
    if (p.gid !== t.gid) throw badRequest('groupTrainingProblemNotGroup');
    await addTrainingProblem(ctx.db, t, p, p.problem_id);
    return ok(null, 'Add Successfully');
  });
}

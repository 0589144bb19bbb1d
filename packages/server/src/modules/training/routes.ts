import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  JudgeStatus, noData, registerTrainingBody, tidQuery, trainingAccessVo, trainingCategoryVo, trainingDetailVo, trainingListQuery, trainingPage, trainingProblemVo,
  trainingRankPage, trainingRankQuery, userTrainingVo, type TrainingProblemVo,
} from '@verdict/shared';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { requireUser } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { answer } from '../../http/answer.js';
import { unauthorized } from '../../http/errors.js';
import { statusCounts, tagsOf, userProblemStatuses } from '../problem/repo.js';
import { ensureAccess, ensureVisible, hasAccess, isTrainingAdmin, register } from './access.js';
import { ensureParticipant } from './progress.js';
import { TrainingRanks } from './rank.js';
import { acCounts, findCategory, getTraining, problemCounts, siteCategories, siteTrainingPage, toTrainingVo, userTrainings, visibleProblems } from './repo.js';
import { publicRead } from '../account/throttle.js';

/** The user side of trainings (spec 02 §7 "Trainings"). */
export async function trainingRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ranks = new TrainingRanks(ctx);

  api.get('/get-training-category', { config: { access: 'public' }, schema: { response: answer(z.array(trainingCategoryVo)) } }, async () =>
    ok(await siteCategories(ctx.db)));

  // Anyone may browse the list; opening a training needs login (the client asks first).
  api.get('/get-training-list', { config: { access: 'public' }, schema: { querystring: trainingListQuery, response: answer(trainingPage) } }, async (req) => {
    await publicRead(ctx, req, 'list');
    return ok(await siteTrainingPage(ctx.db, ctx.dbKind === 'postgres', req.query, req.user ? req.user.uid : null));
  });

  api.get('/get-training-detail', { config: { access: 'login', rule: 'training' }, schema: { querystring: tidQuery, response: answer(trainingDetailVo) } }, async (req) => {
    const user = requireUser(req);
    const t = await getTraining(ctx.db, req.query.tid);
    await ensureVisible(user, t);
    const cat = await findCategory(ctx.db, t.category_id);
    const access = await hasAccess(ctx.db, user, t);
    const [counts, acs] = await Promise.all([problemCounts(ctx.db, [t.id]), access ? acCounts(ctx.db, user.uid, [t.id]) : new Map<number, number>()]);
    return ok({ ...toTrainingVo(t, cat, counts.get(t.id) ?? 0, acs.get(t.id) ?? 0), access, isTrainingAdmin: await isTrainingAdmin(user, t) });
  });

  api.post('/register-training', { config: { access: 'login', rule: 'training' }, schema: { body: registerTrainingBody, response: answer(noData) } }, async (req) => {
    const user = requireUser(req);
    const t = await getTraining(ctx.db, req.body.tid);
    if (await register(ctx, user, t, req.body.password, req.ip)) await ensureParticipant(ctx.db, t.id, user.uid);
    return ok(null, 'Register training successfully');
  });

  api.get('/get-training-access', { config: { access: 'login', rule: 'training' }, schema: { querystring: tidQuery, response: answer(trainingAccessVo) } }, async (req) => {
    const user = requireUser(req);
    const t = await getTraining(ctx.db, req.query.tid);
    await ensureVisible(user, t);
    return ok({ access: await hasAccess(ctx.db, user, t) });
  });

  api.get('/get-training-problem-list', { config: { access: 'login', rule: 'trainee' }, schema: { querystring: tidQuery, response: answer(z.array(trainingProblemVo)) } }, async (req) => {
    const user = requireUser(req);
    const t = await getTraining(ctx.db, req.query.tid);
    await ensureAccess(ctx.db, user, t);
    return ok(await problemList(ctx, user, t.id));
  });

  // The page's bytes are built once per rank version (and compressed once per encoding), not per request.
  api.get('/get-training-rank', { config: { access: 'login', rule: 'trainee' }, schema: { querystring: trainingRankQuery, response: answer(trainingRankPage) } }, async (req, reply) => {
    const user = requireUser(req);
    const t = await ranks.training(req.query.tid);
    await ensureAccess(ctx.db, user, t);
    const page = await ranks.pageBody(t, req.query, await isTrainingAdmin(user, t));
    return page.send(req, reply);
  });

  // User home: the site trainings a user has progressed in (took part in and solved at least one problem).
  api.get('/get-user-trainings', { config: { access: 'public' }, schema: { querystring: z.object({ uid: z.coerce.number().int().positive().max(2 ** 31 - 1) }), response: answer(z.array(userTrainingVo)) } }, async (req) =>
    ok(await userTrainings(ctx.db, req.query.uid)));

  // Focus mode strip of get-full-screen-problem-list?tid= (the route lives with the contest module).
  ctx.services.trainingFullScreen = async (viewer: AuthUser | null, tid: number) => {
    if (!viewer) throw unauthorized();
    const user = viewer;
    const t = await getTraining(ctx.db, tid);
    await ensureAccess(ctx.db, user, t);
    const list = await problemList(ctx, user, t.id);
    return list.map((p) => ({ pid: p.pid, problemId: p.problemId, title: p.title, status: p.myStatus, score: null }));
  };
}

/** Training problems with difficulty, tags, AC/total and the user's own status. */
async function problemList(ctx: AppContext, user: AuthUser, tid: number): Promise<TrainingProblemVo[]> {
  const problems = await visibleProblems(ctx.db, tid);
  const pids = problems.map((p) => p.pid);
  const [counts, tags, mine] = await Promise.all([statusCounts(ctx, pids), tagsOf(ctx, pids), userProblemStatuses(ctx, user.uid, pids)]);
  return problems.map((p) => ({
    pid: p.pid, problemId: p.problem_id, title: p.title, difficulty: p.difficulty, type: p.type,
    tags: (tags.get(p.pid) ?? []).map((g) => ({ id: g.id, name: g.name, color: g.color })),
    ac: counts.get(p.pid)?.ac ?? 0, total: counts.get(p.pid)?.total ?? 0,
    myStatus: mine.get(p.pid)?.status ?? JudgeStatus.NOT_SUBMITTED,
  }));
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { JudgeStatus, registerTrainingBody, tidQuery, trainingListQuery, trainingRankQuery, type TrainingProblemVo } from '@verdict/shared';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { requireUser } from '../../http/auth.js';
import { ok, page } from '../../http/envelope.js';
import { unauthorized } from '../../http/errors.js';
import { statusCounts, tagsOf, userProblemStatuses } from '../problem/repo.js';
import { ensureAccess, ensureVisible, hasAccess, isTrainingAdmin, register } from './access.js';
import { ensureParticipant } from './progress.js';
import { TrainingRanks } from './rank.js';
import { acCounts, getTraining, likeOf, problemCounts, toCategoryVo, toTrainingVo, visibleProblems } from './repo.js';

/** The user side of trainings (spec 02 §7 "Trainings"). */
export async function trainingRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ranks = new TrainingRanks(ctx);

  api.get('/get-training-category', { config: { access: 'public' } }, async () => {
    const rows = await ctx.db.selectFrom('training_category').selectAll().where('gid', '=', 0).orderBy('id').execute();
    return ok(rows.map(toCategoryVo));
  });

  // Anyone may browse the list; opening a training needs login (the client asks first).
  api.get('/get-training-list', { config: { access: 'public' }, schema: { querystring: trainingListQuery } }, async (req) => {
    const q = req.query;
    let base = ctx.db.selectFrom('training').leftJoin('training_category', 'training_category.id', 'training.category_id')
      .where('training.status', '=', 1).where('training.gid', '=', 0);
    if (q.categoryId) base = base.where('training.category_id', '=', q.categoryId);
    if (q.auth) base = base.where('training.auth', '=', q.auth);
    if (q.keyword) {
      const like = likeOf(q.keyword);
      const op = ctx.dbKind === 'postgres' ? sql.raw('ILIKE') : sql.raw('LIKE');
      base = base.where((eb) => eb.or([
        sql<boolean>`training.title ${op} ${like} ESCAPE '\\'`, sql<boolean>`training.author ${op} ${like} ESCAPE '\\'`,
      ]));
    }
    const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base.selectAll('training')
      .select(['training_category.name as c_name', 'training_category.color as c_color', 'training_category.id as c_id'])
      .orderBy('training.rank', 'asc').orderBy('training.id', 'asc').limit(q.limit).offset((q.currentPage - 1) * q.limit).execute();
    const tids = rows.map((r) => r.id);
    const [counts, acs] = await Promise.all([problemCounts(ctx.db, tids), req.user ? acCounts(ctx.db, req.user.uid, tids) : new Map<number, number>()]);
    const records = rows.map((r) => toTrainingVo(r, r.c_id ? { id: r.c_id, name: r.c_name ?? '', color: r.c_color, gid: 0, gmt_create: 0, gmt_modified: 0 } : undefined,
      counts.get(r.id) ?? 0, acs.get(r.id) ?? 0));
    return ok(page(records, Number(n), q.currentPage, q.limit));
  });

  api.get('/get-training-detail', { config: { access: 'login', rule: 'training' }, schema: { querystring: tidQuery } }, async (req) => {
    const user = requireUser(req);
    const t = await getTraining(ctx.db, req.query.tid);
    await ensureVisible(user, t);
    const cat = await ctx.db.selectFrom('training_category').selectAll().where('id', '=', t.category_id).executeTakeFirst();
    const access = await hasAccess(ctx.db, user, t);
    const [counts, acs] = await Promise.all([problemCounts(ctx.db, [t.id]), access ? acCounts(ctx.db, user.uid, [t.id]) : new Map<number, number>()]);
    return ok({ ...toTrainingVo(t, cat, counts.get(t.id) ?? 0, acs.get(t.id) ?? 0), access, isTrainingAdmin: await isTrainingAdmin(user, t) });
  });

  api.post('/register-training', { config: { access: 'login', rule: 'training' }, schema: { body: registerTrainingBody } }, async (req) => {
    const user = requireUser(req);
    const t = await getTraining(ctx.db, req.body.tid);
    if (await register(ctx, user, t, req.body.password, req.ip)) await ensureParticipant(ctx.db, t.id, user.uid);
    return ok(null, 'Register training successfully');
  });

  api.get('/get-training-access', { config: { access: 'login', rule: 'training' }, schema: { querystring: tidQuery } }, async (req) => {
    const user = requireUser(req);
    const t = await getTraining(ctx.db, req.query.tid);
    await ensureVisible(user, t);
    return ok({ access: await hasAccess(ctx.db, user, t) });
  });

  api.get('/get-training-problem-list', { config: { access: 'login', rule: 'trainee' }, schema: { querystring: tidQuery } }, async (req) => {
    const user = requireUser(req);
    const t = await getTraining(ctx.db, req.query.tid);
    await ensureAccess(ctx.db, user, t);
    return ok(await problemList(ctx, user, t.id));
  });

  // The page's bytes are built once per rank version (and compressed once per encoding), not per request.
  api.get('/get-training-rank', { config: { access: 'login', rule: 'trainee' }, schema: { querystring: trainingRankQuery } }, async (req, reply) => {
    const user = requireUser(req);
    const t = await ranks.training(req.query.tid);
    await ensureAccess(ctx.db, user, t);
    const page = await ranks.pageBody(t, req.query, await isTrainingAdmin(user, t));
    return page.send(req, reply);
  });

  // User home: the site trainings a user has progressed in (took part in and solved at least one problem).
  api.get('/get-user-trainings', { config: { access: 'public' }, schema: { querystring: z.object({ uid: z.coerce.number().int().positive().max(2 ** 31 - 1) }) } }, async (req) => {
    const rows = await ctx.db.selectFrom('training_participant').innerJoin('training', 'training.id', 'training_participant.tid')
      .select(['training.id', 'training.title', 'training.auth', 'training_participant.ac'])
      .where('training_participant.uid', '=', req.query.uid).where('training_participant.ac', '>', 0)
      .where('training.status', '=', 1).where('training.gid', '=', 0)
      .orderBy('training_participant.gmt_modified', 'desc').limit(50).execute();
    const counts = await problemCounts(ctx.db, rows.map((r) => r.id));
    return ok(rows.map((r) => ({ tid: r.id, title: r.title, auth: r.auth, acCount: Number(r.ac), problemCount: counts.get(r.id) ?? 0 })));
  });

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
    tags: (tags.get(p.pid) ?? []).map((g: { id: number; name: string; color: string | null }) => ({ id: g.id, name: g.name, color: g.color })),
    ac: counts.get(p.pid)?.ac ?? 0, total: counts.get(p.pid)?.total ?? 0,
    myStatus: mine.get(p.pid)?.status ?? JudgeStatus.NOT_SUBMITTED,
  }));
}

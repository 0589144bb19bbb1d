import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ContestAuth, ContestStatus, contestAccessVo, contestInfoVo, contestListQuery, contestOutsideInfoVo, contestProblemInfoVo, contestProblemVo,
  contestVoPage, fullScreenProblemVo, noData, optionalQueryBool, registerContestBody, type FullScreenProblemVo,
} from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../http/auth.js';
import { ok, page } from '../../http/envelope.js';
import { answer } from '../../http/answer.js';
import { badRequest } from '../../http/errors.js';
import { now } from '../../lib/time.js';
import { entryPasswordAttempt, publicRead } from '../account/throttle.js';
import { ensureGroupMember, ensureVisible, hasAccess, isContestAdmin, register, resolveGroupAdmin } from './access.js';
import { participantOf, requestContest } from './guard.js';
import { contestProblemCounts, contestProblemDetail, contestProblemList } from './problems.js';
import { participantCounts, publicContestPage, statusOf, toContestVo } from './repo.js';
import type { ContestRankService } from './rank/service.js';

const cidQuery = z.object({ cid: z.coerce.number().int().positive() });

/** Contest list, detail, registration, access and problems (spec 02 §7 "Contests"). */
export async function contestRoutes(app: FastifyInstance, ctx: AppContext, ranks: ContestRankService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/get-contest-list', { config: { access: 'public' }, schema: { querystring: contestListQuery, response: answer(contestVoPage) } }, async (req) => {
    await publicRead(ctx, req, 'list');
    const q = req.query;
    const { rows, total } = await publicContestPage(ctx.db, { ...q, keyword: q.keyword?.trim() || undefined }, now());
    const counts = await participantCounts(ctx.db, rows.map((r) => r.id));
    return ok(page(rows.map((r) => toContestVo(r, counts.get(r.id) ?? 0)), total, q.currentPage, q.limit));
  });

  api.get('/get-contest-info', { config: { access: 'login', rule: 'contest' }, schema: { querystring: cidQuery, response: answer(contestInfoVo) } }, async (req) => {
    const user = requireUser(req);
    const c = await requestContest(ctx, req, req.query.cid);
    await resolveGroupAdmin(user, c);
    ensureVisible(user, c);
    await ensureGroupMember(user, c);
    const counts = await participantCounts(ctx.db, [c.id]);
    return ok({ ...toContestVo(c, counts.get(c.id) ?? 0), isContestAdmin: isContestAdmin(user, c) });
  });

  // Public scoreboard header: the contest and its problems, when the rank is open.
  api.get('/get-contest-outsize-info', { config: { access: 'public', rule: 'contest' }, schema: { querystring: cidQuery, response: answer(contestOutsideInfoVo) } }, async (req) => {
    const c = await requestContest(ctx, req, req.query.cid);
    ensureVisible(req.user, c);
    if (c.open_rank !== 1 && !isContestAdmin(req.user, c)) throw badRequest('contestRankClosed');
    // Before the start the problem list is the contest's secret (spec: problems wait for the start).
    if (statusOf(c) === ContestStatus.SCHEDULED && !isContestAdmin(req.user, c)) return ok({ contest: toContestVo(c), problemList: [] });
    const model = await ranks.model(c.id);
    const problems = await contestProblemList(ctx, model, c, req.user, false);
    return ok({ contest: toContestVo(c), problemList: problems.map(({ myStatus: _status, score: _score, ...p }) => p) });
  });

  api.post('/register-contest', { config: { access: 'login', rule: 'contest' }, schema: { body: registerContestBody, response: answer(noData) } }, async (req) => {
    const user = requireUser(req);
    const c = await requestContest(ctx, req, req.body.cid);
    // Password guesses are throttled per account and address (no more 300 guesses a second).
    const passed = c.auth !== ContestAuth.PUBLIC ? await entryPasswordAttempt(ctx, req.ip, user.uid, `contest:${c.id}`) : null;
    await register(ctx.db, user, c, req.body.password);
    await passed?.();
    return ok(null);
  });

  api.get('/get-contest-access', { config: { access: 'login', rule: 'contest' }, schema: { querystring: z.object({ cid: z.coerce.number().int().positive().optional(), contestId: z.coerce.number().int().positive().optional() }), response: answer(contestAccessVo) } }, async (req) => {
    const user = requireUser(req);
    const cid = req.query.cid ?? req.query.contestId;
    if (!cid) throw badRequest('badRequest');
    const c = await requestContest(ctx, req, cid);
    await resolveGroupAdmin(user, c);
    ensureVisible(user, c);
    await ensureGroupMember(user, c);
    return ok({ access: await hasAccess(ctx.db, user, c) });
  });

  api.get('/get-contest-problem', { config: { access: 'login', rule: 'contestant' }, schema: { querystring: cidQuery.extend({ containsEnd: optionalQueryBool }), response: answer(z.array(contestProblemVo)) } }, async (req) => {
    const { user, c } = await participantOf(ctx, req, req.query.cid);
    const model = await ranks.model(c.id);
    return ok(await contestProblemList(ctx, model, c, user, req.query.containsEnd === true));
  });

  api.get('/get-contest-problem-details', { config: { access: 'login', rule: 'contestant' },
    schema: { querystring: cidQuery.extend({ displayId: z.string().min(1).max(50), containsEnd: optionalQueryBool }), response: answer(contestProblemInfoVo) },
  }, async (req) => {
    const { user, c } = await participantOf(ctx, req, req.query.cid);
    const detail = await contestProblemDetail(ctx, c, req.query.displayId);
    const model = await ranks.model(c.id);
    const containsEnd = req.query.containsEnd === true;
    const mine = (await contestProblemList(ctx, model, c, user, containsEnd)).find((p) => p.pid === detail.problem.id);
    return ok({
      ...detail, problemCount: contestProblemCounts(model, c, user, detail.problem.id, containsEnd),
      myStatus: mine?.myStatus ?? null, myScore: mine?.score ?? null,
    });
  });

  // Focus mode strip: the contest's problems with my status (trainings plug in their own lister).
  api.get('/get-full-screen-problem-list', { config: { access: 'public', rule: 'contestant' },
    schema: { querystring: z.object({ cid: z.coerce.number().int().positive().optional(), tid: z.coerce.number().int().positive().optional() }), response: answer(z.array(fullScreenProblemVo)) },
  }, async (req) => {
    if (req.query.tid && !req.query.cid) {
      const lister = ctx.services.trainingFullScreen;
      if (!lister) throw badRequest('contestFullScreenTarget');
      return ok(await lister(req.user, req.query.tid));
    }
    if (!req.query.cid) throw badRequest('contestFullScreenTarget');
    const { user, c } = await participantOf(ctx, req, req.query.cid);
    const model = await ranks.model(c.id);
    const list = await contestProblemList(ctx, model, c, user, false);
    return ok(list.map((p) => ({ pid: p.pid, problemId: p.displayId, title: p.displayTitle, status: p.myStatus, score: p.score, color: p.color })));
  });
}

declare module '../../context.js' {
  interface Services {
    /** Trainings may offer the focus-mode strip of get-full-screen-problem-list?tid=. */
    trainingFullScreen?: (user: import('../../http/auth.js').AuthUser | null, tid: number) => Promise<FullScreenProblemVo[]>;
  }
}

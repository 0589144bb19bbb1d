import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bankTagVo, codeTemplateVo, ojQuery, parseExamples, problemBankOf, pidQuery, problemDetailQuery, problemInfoVo, problemListQuery, problemAnnexVo, problemPage, problemTagVo, randomProblemVo, tagVo,
  userProblemStatusBody, userProblemStatusMap,
} from '@verdict/shared';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ok, page } from '../../http/envelope.js';
import { answer, fileAnswer } from '../../http/answer.js';
import { requireUser } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { canManageProblem, loadVisibleProblem } from './access.js';
import { listPublicProblems, parseIdList, statusCounts, tagsOf, userProblemStatuses } from './repo.js';
import { problemToApi } from './service.js';
import { listTagsWithClassification } from '../tag/service.js';

const annexQuery = z.object({ pid: z.coerce.number().int().positive().optional(), problemId: z.string().max(100).optional() });

/** The calls of spec 01 §7 "Problems and judging" that belong to problems (not submissions). */
export default async function problemRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/get-problem-list', { config: { access: 'public' }, schema: { querystring: problemListQuery, response: answer(problemPage) } }, async (req) => {
    const q = req.query;
    const { records, total } = await listPublicProblems(ctx, {
      keyword: q.keyword, difficulty: q.difficulty, oj: q.oj, tagIds: parseIdList(q.tagId), currentPage: q.currentPage, limit: q.limit,
      uid: req.user?.uid,
    });
    return ok(page(records, total, q.currentPage, q.limit));
  });

  api.get('/get-all-problem-tags', { config: { access: 'public' }, schema: { querystring: ojQuery, response: answer(z.array(bankTagVo)) } }, async (req) => {
    const bank = problemBankOf(req.query.oj);
    let q = ctx.db.selectFrom('tag').select(['id', 'name', 'color', 'oj', 'classification_id as classificationId']).where('gid', '=', 0);
    if (bank !== 'ALL') q = q.where('oj', '=', bank);
    return ok(await q.orderBy('id').execute());
  });

  api.get('/get-problem-tags-and-classification', { config: { access: 'public' }, schema: { querystring: ojQuery, response: answer(z.array(problemTagVo)) } }, async (req) => {
    return ok(await listTagsWithClassification(ctx, problemBankOf(req.query.oj)));
  });

  // HOJ's problem editor loads a problem's tags on their own (by the problem's id).
  api.get('/get-problem-tags', { config: { access: 'public', rule: 'problem' }, schema: { querystring: pidQuery, response: answer(z.array(tagVo)) } }, async (req) => {
    const p = await loadVisibleProblem(ctx, req, { pid: req.query.pid });
    return ok((await tagsOf(ctx, [p.id])).get(p.id) ?? []);
  });

  api.post('/get-user-problem-status', { config: { access: 'login' }, schema: { body: userProblemStatusBody, response: answer(userProblemStatusMap) } }, async (req) => {
    const u = requireUser(req);
    const b = req.body;
    const map = await userProblemStatuses(ctx, u.uid, b.pidList, { cid: b.isContestProblemList ? (b.cid ?? 0) : 0, gid: b.gid ?? undefined });
    return ok(Object.fromEntries(map));
  });

  api.get('/get-random-problem', { config: { access: 'public' }, schema: { response: answer(randomProblemVo) } }, async () => {
    const base = ctx.db.selectFrom('problem').where('auth', '=', 1).where('gid', '=', 0);
    const [{ n }] = await base.select((eb) => eb.fn.countAll<number>().as('n')).execute();
    if (!Number(n)) throw notFound('noProblems');
    const row = await base.select('problem_id').orderBy('id').offset(Math.floor(Math.random() * Number(n))).limit(1).executeTakeFirst();
    return ok({ problemId: row!.problem_id });
  });

  api.get('/get-problem-detail', { config: { access: 'public', rule: 'problem' }, schema: { querystring: problemDetailQuery, response: answer(problemInfoVo) } }, async (req) => {
    const p = await loadVisibleProblem(ctx, req, { problemId: req.query.problemId });
    const [tags, langs, templates, counts, author] = await Promise.all([
      tagsOf(ctx, [p.id]),
      ctx.db.selectFrom('problem_language').select('language').where('pid', '=', p.id).orderBy('language').execute(),
      ctx.db.selectFrom('code_template').select(['language', 'code']).where('pid', '=', p.id).where('status', '=', 1).execute(),
      statusCounts(ctx, [p.id]),
      ctx.db.selectFrom('user').select(['id', 'username']).where('id', '=', p.author_uid).executeTakeFirst(),
    ]);
    const c = counts.get(p.id)!;
    return ok({
      // Checker code and judge files stay with the people who manage the problem.
      problem: { ...problemToApi(p, { withJudgeFiles: canManageProblem(req, p) }), author: author?.username ?? null, authorUid: author?.id ?? null },
      examples: parseExamples(p.examples),
      tags: tags.get(p.id) ?? [],
      languages: langs.map((l) => l.language),
      codeTemplate: Object.fromEntries(templates.map((t) => [t.language, t.code])),
      problemCount: { total: c.total, ac: c.ac, wa: c.wa, ce: c.ce, pa: c.pa, tle: c.tle, mle: c.mle, re: c.re, pe: c.pe, se: c.se },
    });
  });

  api.get('/get-problem-code-template', { config: { access: 'public', rule: 'problem' }, schema: { querystring: pidQuery, response: answer(z.array(codeTemplateVo)) } }, async (req) => {
    const p = await loadVisibleProblem(ctx, req, { pid: req.query.pid });
    // The problem's editors (HOJ's editor loads templates here) also get the disabled ones.
    let q = ctx.db.selectFrom('code_template').select(['id', 'language', 'code', 'status']).where('pid', '=', p.id);
    if (!canManageProblem(req, p)) q = q.where('status', '=', 1);
    const rows = await q.orderBy('id').execute();
    return ok(rows.map((r) => ({ ...r, status: r.status === 1 })));
  });

  // Problem Annex tab: the user extra files (name and content), also downloadable one by one.
  api.get('/get-problem-annex', { config: { access: 'public', rule: 'problem' }, schema: { querystring: annexQuery, response: answer(z.array(problemAnnexVo)) } }, async (req) => {
    const p = await loadVisibleProblem(ctx, req, req.query.pid ? { pid: req.query.pid } : { problemId: req.query.problemId ?? '' });
    const files = problemToApi(p).userExtraFile ?? {};
    return ok(Object.entries(files).map(([name, content]) => ({ name, content })));
  });

  api.get('/download-problem-annex', { config: { access: 'public', rule: 'problem' }, schema: { querystring: annexQuery.extend({ name: z.string().min(1).max(255) }), response: fileAnswer('a user extra file of the problem') } }, async (req, reply) => {
    const p = await loadVisibleProblem(ctx, req, req.query.pid ? { pid: req.query.pid } : { problemId: req.query.problemId ?? '' });
    const files = problemToApi(p).userExtraFile ?? {};
    if (!Object.prototype.hasOwnProperty.call(files, req.query.name)) throw notFound();
    // The declared answer types a body as text; the file's bytes go through the plain reply.
    const plain: FastifyReply = reply;
    plain.header('Content-Type', 'application/octet-stream');
    plain.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(req.query.name)}`);
    return plain.send(Buffer.from(files[req.query.name], 'utf8'));
  });
}

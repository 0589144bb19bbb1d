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
import { publicRead } from '../account/throttle.js';
import { canManageProblem, loadVisibleProblem } from './access.js';
import {
  enabledTemplateMap, listBankTags, listPublicProblems, parseIdList, problemCodeTemplates, problemLanguages, randomPublicProblemId, statusCounts, tagsOf,
  userNameOf, userProblemStatuses,
} from './repo.js';
import { problemToApi } from './service.js';
import { listTagsWithClassification } from '../tag/service.js';

const annexQuery = z.object({ pid: z.coerce.number().int().positive().optional(), problemId: z.string().max(100).optional() });

/** The calls of spec 01 §7 "Problems and judging" that belong to problems (not submissions). */
export default async function problemRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/get-problem-list', { config: { access: 'public' }, schema: { querystring: problemListQuery, response: answer(problemPage) } }, async (req) => {
    // Counts kept per problem version (counts.ts), pages briefly (list-cache.ts); limited per address.
    await publicRead(ctx, req, 'problem');
    const q = req.query;
    const { records, total } = await listPublicProblems(ctx, {
      keyword: q.keyword, difficulty: q.difficulty, oj: q.oj, tagIds: parseIdList(q.tagId), currentPage: q.currentPage, limit: q.limit,
      uid: req.user?.uid,
    });
    return ok(page(records, total, q.currentPage, q.limit));
  });

  api.get('/get-all-problem-tags', { config: { access: 'public' }, schema: { querystring: ojQuery, response: answer(z.array(bankTagVo)) } }, async (req) => {
    return ok(await listBankTags(ctx, problemBankOf(req.query.oj)));
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

  api.get('/get-random-problem', { config: { access: 'public' }, schema: { response: answer(randomProblemVo) } }, async (req) => {
    await publicRead(ctx, req, 'problem');
    const problemId = await randomPublicProblemId(ctx);
    if (problemId === null) throw notFound('noProblems');
    return ok({ problemId });
  });

  api.get('/get-problem-detail', { config: { access: 'public', rule: 'problem' }, schema: { querystring: problemDetailQuery, response: answer(problemInfoVo) } }, async (req) => {
    await publicRead(ctx, req, 'problem');
    const p = await loadVisibleProblem(ctx, req, { problemId: req.query.problemId });
    const [tags, languages, codeTemplate, counts, author] = await Promise.all([
      tagsOf(ctx, [p.id]), problemLanguages(ctx, p.id), enabledTemplateMap(ctx, p.id), statusCounts(ctx, [p.id]), userNameOf(ctx, p.author_uid),
    ]);
    const c = counts.get(p.id)!;
    return ok({
      // Checker code and judge files stay with the people who manage the problem.
      problem: { ...problemToApi(p, { withJudgeFiles: canManageProblem(req, p) }), author: author?.username ?? null, authorUid: author?.id ?? null },
      examples: parseExamples(p.examples),
      tags: tags.get(p.id) ?? [],
      languages,
      codeTemplate,
      problemCount: { total: c.total, ac: c.ac, wa: c.wa, ce: c.ce, pa: c.pa, tle: c.tle, mle: c.mle, re: c.re, pe: c.pe, se: c.se },
    });
  });

  api.get('/get-problem-code-template', { config: { access: 'public', rule: 'problem' }, schema: { querystring: pidQuery, response: answer(z.array(codeTemplateVo)) } }, async (req) => {
    const p = await loadVisibleProblem(ctx, req, { pid: req.query.pid });
    // The problem's editors (HOJ's editor loads templates here) also get the disabled ones.
    return ok(await problemCodeTemplates(ctx, p.id, { withDisabled: canManageProblem(req, p) }));
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

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  JudgeStatus, cancelJudgeQuery, checkSubmissionsStatusBody, languagesQuery, lastAcCodeQuery, manualJudgeQuery, problemLanguagesQuery,
  rejudgeContestProblemQuery, submissionListQuery, submitIdQuery, submitProblemJudgeBody, submitTestJudgeBody, testJudgeKeyQuery,
  updateSubmissionBody, languageList, submissionVo, submissionPage, submissionInfoVo, submissionStatusMap, judgeCaseVo, noData, lastAcCode,
  testJudgeKey, testJudgeVo, rejudgeCount,
} from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { requestStamps } from '../../http/stamps.js';
import { requireUser } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { answer } from '../../http/answer.js';
import { PackedBody } from '../../http/packed-body.js';
import { forbidden, notFound } from '../../http/errors.js';
import { canSeeProblem, loadVisibleProblem } from '../problem/access.js';
import { caseResultsOf } from './case-results.js';
import { idempotencyKeyOf } from './idempotency.js';
import { SubmissionList } from './list.js';
import { SubmissionService, hideResult, isAdminViewer, toSubmissionVo } from './service.js';
import { submissionStatuses } from './status-poll.js';
import { contestShowsProblem } from '../contest/guard.js';
import { publicRead } from '../account/throttle.js';

declare module '../../context.js' {
  interface Services {
    /**
     * Submissions: submit(user, body, {contest}), setContestRules(rules), setGroupRules(rules),
     * onSubmissionJudged(listener) for incremental scoreboards.
     */
    submission: SubmissionService;
  }
}

/** Submission calls of spec 01 §7 and the super-admin judge actions of spec 03. */
export default async function submissionModule(app: FastifyInstance, ctx: AppContext) {
  const service = new SubmissionService(ctx);
  ctx.services.submission = service;
  const lists = new SubmissionList(ctx, service);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/languages', { config: { access: 'public' }, schema: { querystring: languagesQuery, response: answer(languageList) } }, async (req) => {
    if (req.query.pid) {
      const p = await service.problemVisibility(req.query.pid);
      if (!p) throw notFound('problemNotFound');
      // The editor asks by the problem's id, in contests too (without the contest): a problem the
      // viewer may not open outside contests is answered only when a contest open to them shows it.
      if (!(await canSeeProblem(ctx, req, p)) && !(await contestShowsProblem(ctx, req, p.id))) throw forbidden('noAccess');
      return ok(await service.problemLanguages(p.id));
    }
    const all = await service.languages();
    const live = all.filter((l) => l.available);
    // While no worker is up (e.g. the local worker restarting) the registry is still listed,
    // marked unavailable, so the editor keeps its language choice and templates.
    return ok(req.query.all || live.length === 0 ? all : live);
  });

  // HOJ's problem editors (admin area, groups) ask by the problem's id: the problem's own rule, as get-problem-tags.
  api.get('/get-problem-languages', { config: { access: 'public', rule: 'problem' }, schema: { querystring: problemLanguagesQuery, response: answer(languageList) } }, async (req) => {
    const p = await loadVisibleProblem(ctx, req, { pid: req.query.pid });
    return ok(await service.problemLanguages(p.id));
  });

  api.post('/submit-problem-judge', { config: { access: 'login', rule: 'role' }, schema: { body: submitProblemJudgeBody, response: answer(submissionVo) } }, async (req) => {
    const user = requireUser(req);
    // Optional (HOJ's client sends none): a retry with the same key answers the first submission.
    const idempotencyKey = idempotencyKeyOf(req.headers['idempotency-key']);
    const sub = await service.submit(user, req.body, { ip: req.ip, idempotencyKey, stamps: requestStamps(ctx, req) });
    return ok(toSubmissionVo(sub, null, null));
  });

  api.get('/resubmit', { config: { access: 'login', rule: 'owner' }, schema: { querystring: submitIdQuery, response: answer(submissionVo) } }, async (req) => {
    const sub = await service.resubmit(requireUser(req), req.query.submitId);
    return ok(toSubmissionVo(sub, null, null));
  });

  api.get('/get-submission-list', { config: { access: 'public', rule: 'submission' }, schema: { querystring: submissionListQuery, response: answer(submissionPage) } }, async (req, reply) => {
    await publicRead(ctx, req, 'list');
    const listed = await lists.list(req.user, req.query, requestStamps(ctx, req));
    return listed instanceof PackedBody ? listed.send(req, reply) : ok(listed);
  });

  api.get('/get-submission-detail', { config: { access: 'public', rule: 'submission' }, schema: { querystring: submitIdQuery, response: answer(submissionInfoVo) } }, async (req) => {
    const sub = await service.get(req.query.submitId);
    const stamps = requestStamps(ctx, req);
    if (!(await service.canViewSubmission(req.user, sub, stamps))) throw forbidden('submissionNoAccess');
    const p = await service.detailProblem(sub.pid);
    const codeShare = p?.code_share === 1 && sub.cid === 0;
    const codeVisible = service.canViewCode(req.user, sub, codeShare, (await ctx.services.siteConfig.switches()).hideNonContestSubmissionCode);
    // A private or contest-only problem's title is for who may see the problem (or submitted to it).
    const titleVisible = !!p && (sub.cid > 0 || sub.gid > 0 || req.user?.uid === sub.uid || (await canSeeProblem(ctx, req, p)));
    const vo = toSubmissionVo(sub, titleVisible ? p.title : null, codeVisible ? sub.code : null);
    // Compile output goes with the code; a system error's detail is for admins.
    if (!codeVisible || (sub.status === JudgeStatus.SYSTEM_ERROR && !isAdminViewer(req.user))) vo.errorMessage = null;
    const visible = await service.canSeeResult(req.user, sub, stamps);
    return ok({ submission: visible ? vo : hideResult(vo), codeShare });
  });

  api.post('/check-submissions-status', { config: { access: 'public', rule: 'submission' }, schema: { body: checkSubmissionsStatusBody, response: answer(submissionStatusMap) } }, async (req) =>
    ok(await submissionStatuses(ctx, service, req.user, requestStamps(ctx, req), req.body.submitIds)));

  api.post('/check-contest-submissions-status', { config: { access: 'public', rule: 'submission' }, schema: { body: checkSubmissionsStatusBody, response: answer(submissionStatusMap) } }, async (req) =>
    ok(await submissionStatuses(ctx, service, req.user, requestStamps(ctx, req), req.body.submitIds, req.body.cid ?? undefined)));

  api.get('/get-all-case-result', { config: { access: 'public', rule: 'submission' }, schema: { querystring: submitIdQuery, response: answer(judgeCaseVo) } }, async (req) => {
    const sub = await service.get(req.query.submitId);
    const stamps = requestStamps(ctx, req);
    if (!(await service.canViewSubmission(req.user, sub, stamps))) throw forbidden('submissionNoAccess');
    return ok(await caseResultsOf(ctx, req.user, sub, await service.canSeeResult(req.user, sub, stamps)));
  });

  api.put('/submission', { config: { access: 'login', rule: 'owner' }, schema: { body: updateSubmissionBody, response: answer(noData) } }, async (req) => {
    await service.setShare(requireUser(req), req.body.submitId, req.body.share);
    return ok(null);
  });

  api.get('/get-last-ac-code', { config: { access: 'login', rule: 'owner' }, schema: { querystring: lastAcCodeQuery, response: answer(lastAcCode) } }, async (req) =>
    ok(await service.lastAcceptedCode(requireUser(req), req.query.pid, req.query.cid ?? 0)));

  api.post('/submit-problem-test-judge', { config: { access: 'login', rule: 'role' }, schema: { body: submitTestJudgeBody, response: answer(testJudgeKey) } }, async (req) =>
    ok(await service.submitTestRun(requireUser(req), req.body)));

  api.get('/get-test-judge-result', { config: { access: 'login', rule: 'owner' }, schema: { querystring: testJudgeKeyQuery, response: answer(testJudgeVo) } }, async (req) =>
    ok(await service.testRunResult(requireUser(req), req.query.testJudgeKey)));

  // Super admin actions (spec 01 §6: rejudge, manual judge and cancel are super admin only).
  const root = { config: { access: 'root' } } as const;
  api.get('/admin/judge/rejudge', { ...root, schema: { querystring: submitIdQuery, response: answer(submissionVo) } }, async (req) =>
    ok(toSubmissionVo(await service.rejudge(req.query.submitId), null, null)));

  api.get('/admin/judge/rejudge-contest-problem', { ...root, schema: { querystring: rejudgeContestProblemQuery, response: answer(rejudgeCount) } }, async (req) => {
    const n = await ctx.services.judge.rejudgeContestProblem(req.query.cid, req.query.pid);
    if (n === 0) throw notFound('submissionNotFound');
    return ok({ count: n });
  });

  // HOJ's client sends the verdict as query parameters of a GET.
  api.get('/admin/judge/manual-judge', { ...root, schema: { querystring: manualJudgeQuery, response: answer(submissionVo) } }, async (req) =>
    ok(toSubmissionVo(await service.manualJudge(req.query.submitId, req.query.status, req.query.score), null, null)));

  api.get('/admin/judge/cancel-judge', { ...root, schema: { querystring: cancelJudgeQuery, response: answer(submissionVo) } }, async (req) =>
    ok(toSubmissionVo(await service.cancel(req.query.submitId), null, null)));
}

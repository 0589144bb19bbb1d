import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MSG, formatMsg, plagiarismDecisionBody, plagiarismPairDetailVo, plagiarismPairQuery, plagiarismPairVo, plagiarismQuery, plagiarismReportVo,
  plagiarismStartBody,
} from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { answer } from '../../http/answer.js';
import { ok } from '../../http/envelope.js';
import { contestAdminOf } from '../contest/guard.js';
import { decide, pairDetail, plagiarismReport, startCheck } from './service.js';

/**
 * The contest plagiarism check (issue 31). Contest admins only: the contest's author, the super
 * admin, and the group's admins for a group contest (who need not have an admin-area role, hence
 * `login` at the guard and the contestAdmin rule in the handler, as the contest's other admin files).
 */
export async function plagiarismRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Start a check (a running contest is allowed: the answer's warning says it is partial). A second
  // call while one is queued or running answers that one, with a message saying so.
  api.post('/admin/contest/plagiarism', { config: { access: 'login', rule: 'contestAdmin' },
    schema: { body: plagiarismStartBody, response: answer(plagiarismReportVo) },
  }, async (req) => {
    const { user, c } = await contestAdminOf(ctx, req, req.body.cid);
    const lang = req.locale;
    const { report, queued } = await startCheck(ctx, c, req.body.scope, user, lang);
    return ok(report, queued ? 'success' : formatMsg(MSG.plagiarismRunning, lang));
  });

  api.get('/admin/contest/plagiarism', { config: { access: 'login', rule: 'contestAdmin' },
    schema: { querystring: plagiarismQuery, response: answer(plagiarismReportVo) },
  }, async (req) => {
    const { c } = await contestAdminOf(ctx, req, req.query.cid);
    return ok(await plagiarismReport(ctx, c, req.query, req.locale));
  });

  api.get('/admin/contest/plagiarism/pair', { config: { access: 'login', rule: 'contestAdmin' },
    schema: { querystring: plagiarismPairQuery, response: answer(plagiarismPairDetailVo) },
  }, async (req) => {
    const { c } = await contestAdminOf(ctx, req, req.query.cid);
    return ok(await pairDetail(ctx, c, req.query.left, req.query.right));
  });

  api.put('/admin/contest/plagiarism/decision', { config: { access: 'login', rule: 'contestAdmin' },
    schema: { body: plagiarismDecisionBody, response: answer(plagiarismPairVo) },
  }, async (req) => {
    const { user, c } = await contestAdminOf(ctx, req, req.body.cid);
    return ok(await decide(ctx, c, user, req.body));
  });
}

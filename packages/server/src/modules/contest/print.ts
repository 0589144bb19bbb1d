import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTEST_PAGE_SIZES, LIMITS, contestPrintPage, noData, printTextBody } from '@verdict/shared';
import { answer, fileAnswer } from '../../http/answer.js';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../http/auth.js';
import { ok, page } from '../../http/envelope.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { now } from '../../lib/time.js';
import { isContestAdmin } from './access.js';
import { contestAdminOf, participantOf, requestContest } from './guard.js';
import { readPrintPage, findContestPrint, insertContestPrint, markContestPrinted } from './print-repo.js';

/** Print requests: participants send text (>= 50 characters), contest admins list, mark and download them. */
export async function printRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/submit-print-text', { config: { access: 'login', rule: 'contestant' }, schema: { body: printTextBody, response: answer(noData) } }, async (req) => {
    const { user, c } = await participantOf(ctx, req, req.body.cid);
    if (c.open_print !== 1) throw forbidden('contestPrintClosed');
    const content = req.body.content;
    if (!content.trim()) throw badRequest('contentEmpty');
    if (content.trim().length < LIMITS.printMin) throw badRequest('contestPrintTooShort');
    await insertContestPrint(ctx.db, { cid: c.id, uid: user.uid, username: user.username, content }, now());
    return ok(null);
  });

  api.get('/get-contest-print', { config: { access: 'login', rule: 'contestAdmin' },
    schema: { querystring: z.object({
      cid: z.coerce.number().int().positive(),
      currentPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
      limit: z.coerce.number().int().min(1).max(100).default(CONTEST_PAGE_SIZES.printAdmin),
    }), response: answer(contestPrintPage) },
  }, async (req) => {
    const { c } = await contestAdminOf(ctx, req, req.query.cid);
    const { rows, total } = await readPrintPage(ctx.db, c.id, req.query.currentPage, req.query.limit);
    return ok(page(rows.map((r) => ({ id: r.id, username: r.username, realname: r.realname, status: r.status, gmtCreate: r.gmt_create })),
      total, req.query.currentPage, req.query.limit));
  });

  api.put('/check-contest-print-status', { config: { access: 'login', rule: 'contestAdmin' }, schema: { querystring: z.object({ id: z.coerce.number().int().positive(), cid: z.coerce.number().int().positive() }), response: answer(noData) } }, async (req) => {
    await contestAdminOf(ctx, req, req.query.cid);
    if (!await markContestPrinted(ctx.db, req.query.cid, req.query.id)) throw notFound('contestPrintNotFound');
    return ok(null);
  });

  // The text as a file: for the contest admins and the person who sent it.
  api.get('/file/download-contest-print-text', { config: { access: 'login', rule: 'owner' }, schema: { querystring: z.object({ id: z.coerce.number().int().positive() }), response: fileAnswer('the print request as text', 'text/plain') } }, async (req, reply) => {
    const user = requireUser(req);
    const p = await findContestPrint(ctx.db, req.query.id);
    if (!p) throw notFound('contestPrintNotFound');
    const c = await requestContest(ctx, req, p.cid);
    if (p.uid !== user.uid && !isContestAdmin(user, c)) throw forbidden();
    reply.header('Content-Type', 'text/plain; charset=utf-8');
    reply.header('Content-Disposition', `attachment; filename="contest_${p.cid}_print_${p.id}_${encodeURIComponent(p.username)}.txt"`);
    return reply.send(p.content);
  });
}

import fs from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contestProblemsPdfQuery, printSetQuery, printSetVo, type PrintLang } from '@verdict/shared';
import type { AppContext } from '../../../context.js';
import { answer, fileAnswer } from '../../../http/answer.js';
import { ok } from '../../../http/envelope.js';
import { AppError } from '../../../http/errors.js';
import { contestAdminOf, requestContest } from '../guard.js';
import { contestProblemsPdf, printSetOf } from './service.js';
import { verifyPrintToken } from './token.js';

/** The address this server answers on, for its own Chromium (a wildcard listen is reached on loopback). */
function selfOrigin(req: FastifyRequest): string | null {
  const a = req.server.server.address();
  if (!a || typeof a === 'string') return null;
  const host = a.address === '0.0.0.0' || a.address === '::' ? '127.0.0.1' : a.family === 'IPv6' ? `[${a.address}]` : a.address;
  return `http://${host}:${a.port}`;
}

const langOf = (req: FastifyRequest, asked: PrintLang | undefined): PrintLang => asked ?? req.locale;

/** Printable problem sets (issue 32): a contest's problems as one PDF, and the print page's data. */
export async function printSetRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/file/download-contest-problems-pdf', { config: { access: 'login', rule: 'contestAdmin' },
    schema: { querystring: contestProblemsPdfQuery, response: fileAnswer("the contest's problems as one PDF (cover page, one problem per page or more)", 'application/pdf') },
  }, async (req, reply) => {
    const { c } = await contestAdminOf(ctx, req, req.query.cid);
    const lang = langOf(req, req.query.lang);
    const pdf = await contestProblemsPdf(ctx, c, lang, selfOrigin(req));
    // The declared answer types a body as text; the file is streamed through the plain reply.
    const plain: FastifyReply = reply;
    plain.header('Content-Type', 'application/pdf');
    plain.header('Content-Disposition', `attachment; filename="contest_${c.id}_problems_${lang}.pdf"`);
    plain.header('Cache-Control', 'private, no-store');
    plain.header('X-Print-Set', pdf.cached ? 'cached' : 'made');
    return plain.send(fs.createReadStream(pdf.file));
  });

  // The print page's data: by the print token the PDF job signed for its Chromium (no session), or
  // for a contest admin previewing /print/contest/:cid in their own browser.
  api.get('/print-set/contest', { config: { access: 'public', rule: 'key' },
    schema: { querystring: printSetQuery, response: answer(printSetVo) },
  }, async (req) => {
    const { cid, token } = req.query;
    if (token) {
      const granted = await verifyPrintToken(ctx, token, cid);
      if (!granted) throw new AppError(403, 'printSetTokenInvalid');
      return ok(await printSetOf(ctx, await requestContest(ctx, req, cid), granted.lang));
    }
    const { c } = await contestAdminOf(ctx, req, cid);
    return ok(await printSetOf(ctx, c, langOf(req, req.query.lang)));
  });
}

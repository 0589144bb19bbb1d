import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import yazl from 'yazl';
import { z } from 'zod';
import { optionalQueryBool } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { contestAdminOf } from './guard.js';
import { acceptedContestCodes } from './submission-repo.js';
import { fileAnswer } from '../../http/answer.js';

/** File extension by language name (the registry's names start with the language). */
export function extensionOf(language: string): string {
  const l = language.toLowerCase();
  const table: [RegExp, string][] = [
    [/^c\+\+|^g\+\+|cpp/, 'cpp'], [/^c#|mono|csharp/, 'cs'], [/^c\b|^gcc|^c\s/, 'c'], [/^java/, 'java'], [/^kotlin/, 'kt'],
    [/^pypy|^python/, 'py'], [/^go/, 'go'], [/^rust/, 'rs'], [/^javascript|^node/, 'js'], [/^ruby/, 'rb'], [/^php/, 'php'],
    [/^pascal|^fpc/, 'pas'], [/^haskell|^ghc/, 'hs'], [/^lua/, 'lua'], [/^fortran/, 'f90'],
  ];
  return table.find(([re]) => re.test(l))?.[1] ?? 'txt';
}

const safe = (s: string) => s.replace(/[^\w.\-\u4e00-\u9fa5]/g, '_');

/** download-contest-ac-submission: each user's latest Accepted per problem, foldered by user or problem. */
export async function downloadRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/file/download-contest-ac-submission', { config: { access: 'login', rule: 'contestAdmin' },
    schema: { querystring: z.object({ cid: z.coerce.number().int().positive(), excludeAdmin: optionalQueryBool, splitType: z.enum(['user', 'problem']).default('user') }), response: fileAnswer('the accepted codes as a zip', 'application/zip') },
  }, async (req, reply) => {
    const { c } = await contestAdminOf(ctx, req, req.query.cid);
    const rows = await acceptedContestCodes(ctx.db, c, req.query.excludeAdmin === true);
    const zip = new yazl.ZipFile();
    const seen = new Set<string>();
    for (const r of rows) {
      const key = `${r.uid}|${r.display_pid}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const file = `${r.id}.${extensionOf(r.language)}`;
      const name = req.query.splitType === 'user'
        ? `${safe(r.username)}/${safe(r.display_pid)}_${file}`
        : `${safe(r.display_pid)}/${safe(r.username)}_${file}`;
      zip.addBuffer(Buffer.from(r.code, 'utf8'), name);
    }
    zip.end();
    // The declared answer types a body as text; the zip is streamed through the plain reply.
    const plain: FastifyReply = reply;
    plain.header('Content-Type', 'application/zip');
    plain.header('Content-Disposition', `attachment; filename="contest_${c.id}_ac_submissions.zip"`);
    return plain.send(zip.outputStream);
  });
}

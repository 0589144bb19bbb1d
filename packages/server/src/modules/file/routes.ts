import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UPLOAD_LIMITS, canEnterAdmin, pidQuery } from '@verdict/shared';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { requireUser } from '../../http/auth.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { now } from '../../lib/time.js';
import { getProblemRow } from '../problem/service.js';
import { readProblemCases, stageTestCases, sweepStaging } from '../testcase/testdata.js';
import { readZip, writeZip } from '../testcase/zip.js';
import { sendZip } from './download.js';
import transferRoutes from './transfer-routes.js';
import { readUpload } from './upload.js';

const uploadZipQuery = z.object({ gid: z.coerce.number().int().min(0).optional(), mode: z.string().max(40).default('default') });
const IMAGE_TYPES: Record<string, string> = { gif: 'image/gif', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', bmp: 'image/bmp', webp: 'image/webp' };
const extOf = (name: string) => (/\.([A-Za-z0-9]+)$/.exec(name)?.[1] ?? '').toLowerCase();

/** File calls of spec 03 §7 that belong to problems: test-case zips and statement images. */
export default async function fileRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  await transferRoutes(app, ctx);

  // Staged test data nobody saved is removed when it expires, not only when the next upload comes.
  const sweep = setInterval(() => sweepStaging(ctx), 10 * 60_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  // Pairs the zip's files by name and keeps them staged until the problem form is saved.
  // Admin-area roles, or a group admin uploading for a group problem (gid, spec 03 §7): checked before the body is read.
  api.post('/file/upload-testcase-zip', { config: { access: 'login', rule: 'groupAdmin' }, schema: { querystring: uploadZipQuery } }, async (req) => {
    const u = requireUser(req);
    if (!canEnterAdmin(u.roles)) {
      const gid = req.query.gid ?? 0;
      if (!(gid > 0 && (await ctx.services.groupAccess?.isAdmin(u.uid, gid)))) throw forbidden();
    }
    const { data } = await readUpload(req, {
      maxBytes: UPLOAD_LIMITS.testcaseZipBytes, missing: () => badRequest('zipRequired'),
      accept: (name) => (/\.zip$/i.test(name) ? null : badRequest('zipRequired')),
    });
    const entries = await readZip(data);
    return ok(stageTestCases(ctx, u.uid, entries, req.query.mode.replace(/-/g, '_')), 'Upload Testcase Successfully');
  });

  api.get('/file/download-testcase', { config: { access: 'login', rule: 'owner' }, schema: { querystring: pidQuery } }, async (req, reply) => {
    const u = requireUser(req);
    const p = await getProblemRow(ctx, req.query.pid);
    const groupRoot = p.gid > 0 && !!(await ctx.services.groupAccess?.isRoot(u.uid, p.gid));
    if (!canEnterAdmin(u.roles) && u.uid !== p.author_uid && !groupRoot) throw forbidden();
    const cases = await readProblemCases(ctx, p.id, p.problem_id);
    if (!cases.length) throw badRequest('problemNoTestCases');
    const files = cases.flatMap((c) => [{ path: c.input, data: c.read('input') }, { path: c.output, data: c.read('output') }]);
    return sendZip(reply, `problem_${p.problem_id}_testcase.zip`, await writeZip(files));
  });

  // Admin-area roles, or a group admin writing group content (gid in the query or a field before the image; spec 03 §6).
  api.post('/file/upload-md-img', { config: { access: 'login', rule: 'groupAdmin' }, }, async (req) => {
    const u = requireUser(req);
    let gid = 0;
    // SVG is not among the types: it can carry scripts (imports keep theirs, served sandboxed).
    const { name, data } = await readUpload(req, {
      maxBytes: UPLOAD_LIMITS.mdImageBytes, missing: () => badRequest('imageRequired'),
      accept: (n) => (IMAGE_TYPES[extOf(n)] ? null : badRequest('fileTypeNotSupport')),
      allow: async (fields) => {
        gid = Number((req.query as { gid?: string } | undefined)?.gid ?? fields.gid ?? 0) || 0;
        if (canEnterAdmin(u.roles)) return;
        if (!(Number.isInteger(gid) && gid > 0 && (await ctx.services.groupAccess?.isAdmin(u.uid, gid)))) throw forbidden();
      },
    });
    const ext = extOf(name);
    const key = `md/${crypto.randomBytes(12).toString('hex')}.${ext}`;
    const file = path.join(ctx.config.dataDir, 'files', key);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, data);
    const row = await ctx.db.insertInto('file').values({ uid: u.uid, name: name.slice(0, 255), storage_key: key, mime: IMAGE_TYPES[ext], size: data.length, kind: 'md-img', gid: Number.isInteger(gid) && gid > 0 ? gid : 0, gmt_create: now() })
      .returning('id').executeTakeFirstOrThrow();
    return ok({ link: `/public/${key}`, fileId: row.id });
  });

  // One's own images (group admins upload too), or any as an admin-area role.
  api.get('/file/delete-md-img', { config: { access: 'login', rule: 'owner' }, schema: { querystring: z.object({ fileId: z.coerce.number().int().positive() }) } }, async (req) => {
    const u = requireUser(req);
    const row = await ctx.db.selectFrom('file').selectAll().where('id', '=', req.query.fileId).where('kind', '=', 'md-img').executeTakeFirst();
    if (!row) throw notFound();
    if (row.uid !== u.uid && !canEnterAdmin(u.roles)) throw forbidden();
    await ctx.db.deleteFrom('file').where('id', '=', row.id).execute();
    fs.rmSync(path.join(ctx.config.dataDir, 'files', row.storage_key), { force: true });
    return ok(null, 'Delete Successfully');
  });
}

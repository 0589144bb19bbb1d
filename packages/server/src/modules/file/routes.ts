import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { canEnterAdmin, pidQuery } from '@verdict/shared';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { requireAdminArea, requireUser } from '../../http/auth.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.js';
import { now } from '../../lib/time.js';
import { getProblemRow } from '../problem/service.js';
import { readProblemCases, stageTestCases } from '../testcase/testdata.js';
import { readZip, writeZip } from '../testcase/zip.js';
import { sendZip } from './download.js';
import transferRoutes from './transfer-routes.js';

const uploadZipQuery = z.object({ gid: z.coerce.number().int().min(0).optional(), mode: z.string().max(40).default('default') });
const IMAGE_TYPES: Record<string, string> = { gif: 'image/gif', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', bmp: 'image/bmp', webp: 'image/webp' };
const MD_IMG_MAX = 10 * 1024 * 1024;

/** The one uploaded file of a multipart request, read into memory (multipart caps its size). */
export async function readUpload(req: FastifyRequest, missing: 'zipRequired' | 'imageRequired' | 'zipFileRequired' = 'zipFileRequired') {
  if (!req.isMultipart()) throw badRequest(missing);
  try {
    const part = await req.file();
    if (!part) throw badRequest(missing);
    const data = await part.toBuffer();
    if (part.file.truncated) throw new AppError(413, 'tooLarge');
    return { name: part.filename ?? '', data };
  } catch (e) {
    // A broken multipart body (cut off, no boundary) is the client's error; size limits keep their 413.
    const code = (e as { statusCode?: number }).statusCode;
    if (e instanceof AppError || code === 413) throw e;
    throw badRequest(missing);
  }
}

/** File calls of spec 03 §7 that belong to problems: test-case zips and statement images. */
export default async function fileRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  await transferRoutes(app, ctx);

  // Pairs the zip's files by name and keeps them staged until the problem form is saved.
  api.post('/file/upload-testcase-zip', { config: { access: 'adminArea', rule: 'owner' }, schema: { querystring: uploadZipQuery } }, async (req) => {
    const u = requireAdminArea(req);
    const { name, data } = await readUpload(req, 'zipRequired');
    if (!/\.zip$/i.test(name)) throw badRequest('zipRequired');
    const entries = await readZip(data);
    return ok(stageTestCases(ctx, u.uid, entries, req.query.mode.replace(/-/g, '_')), 'Upload Testcase Successfully');
  });

  api.get('/file/download-testcase', { config: { access: 'login', rule: 'owner' }, schema: { querystring: pidQuery } }, async (req, reply) => {
    const u = requireUser(req);
    const p = await getProblemRow(ctx, req.query.pid);
    if (!canEnterAdmin(u.roles) && u.uid !== p.author_uid) throw forbidden();
    const cases = await readProblemCases(ctx, p.id);
    if (!cases.length) throw badRequest('problemNoTestCases');
    const files = cases.flatMap((c) => [{ path: c.input, data: c.read('input') }, { path: c.output, data: c.read('output') }]);
    return sendZip(reply, `problem_${p.problem_id}_testcase.zip`, await writeZip(files));
  });

  api.post('/file/upload-md-img', { config: { access: 'adminArea' }, }, async (req) => {
    const u = requireAdminArea(req);
    const { name, data } = await readUpload(req, 'imageRequired');
    const ext = (/\.([A-Za-z0-9]+)$/.exec(name)?.[1] ?? '').toLowerCase();
    if (!IMAGE_TYPES[ext]) throw badRequest('fileTypeNotSupport');
    if (data.length > MD_IMG_MAX) throw badRequest('exceedMaxSize');
    const key = `md/${crypto.randomBytes(12).toString('hex')}.${ext}`;
    const file = path.join(ctx.config.dataDir, 'files', key);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, data);
    const row = await ctx.db.insertInto('file').values({ uid: u.uid, name: name.slice(0, 255), storage_key: key, mime: IMAGE_TYPES[ext], size: data.length, kind: 'md-img', gid: 0, gmt_create: now() })
      .returning('id').executeTakeFirstOrThrow();
    return ok({ link: `/public/${key}`, fileId: row.id });
  });

  api.get('/file/delete-md-img', { config: { access: 'adminArea', rule: 'owner' }, schema: { querystring: z.object({ fileId: z.coerce.number().int().positive() }) } }, async (req) => {
    const u = requireAdminArea(req);
    const row = await ctx.db.selectFrom('file').selectAll().where('id', '=', req.query.fileId).where('kind', '=', 'md-img').executeTakeFirst();
    if (!row) throw notFound();
    if (row.uid !== u.uid && !canEnterAdmin(u.roles)) throw forbidden();
    await ctx.db.deleteFrom('file').where('id', '=', row.id).execute();
    fs.rmSync(path.join(ctx.config.dataDir, 'files', row.storage_key), { force: true });
    return ok(null, 'Delete Successfully');
  });
}

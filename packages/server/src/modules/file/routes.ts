import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UPLOAD_LIMITS, canEnterAdmin, markdownFileVo, noData, pidQuery, testcaseZipVo } from '@verdict/shared';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { answer, fileAnswer } from '../../http/answer.js';
import { requireUser } from '../../http/auth.js';
import { badRequest, forbidden, notFound, type AppError } from '../../http/errors.js';
import { getProblemRow } from '../problem/service.js';
import { readProblemCases, stageTestCases, sweepStaging } from '../testcase/testdata.js';
import { readZip, writeZip } from '../testcase/zip.js';
import { sendZip } from './download.js';
import transferRoutes from './transfer-routes.js';
import { readUpload } from './upload.js';
import { chargeUpload, releaseGroupBytes } from './budget.js';
import { deleteFileRow, findFile, insertFile } from './repo.js';

const uploadZipQuery = z.object({ gid: z.coerce.number().int().min(0).optional(), mode: z.string().max(40).default('default') });
const IMAGE_TYPES: Record<string, string> = { gif: 'image/gif', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', bmp: 'image/bmp', webp: 'image/webp' };
/** A file's extension when it is a plain one (letters and digits, at most 10), else ''. */
const extOf = (name: string) => (/\.([A-Za-z0-9]{1,10})$/.exec(name)?.[1] ?? '').toLowerCase();

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
  api.post('/file/upload-testcase-zip', { config: { access: 'login', rule: 'groupAdmin' }, schema: { querystring: uploadZipQuery, response: answer(testcaseZipVo) } }, async (req) => {
    const u = requireUser(req);
    if (!canEnterAdmin(u.roles)) {
      const gid = req.query.gid ?? 0;
      if (!(gid > 0 && (await ctx.services.groupAccess?.isAdmin(u.uid, gid)))) throw forbidden();
    }
    const { data } = await readUpload(req, {
      maxBytes: UPLOAD_LIMITS.testcaseZipBytes, missing: () => badRequest('zipRequired'),
      accept: (name) => (/\.zip$/i.test(name) ? null : badRequest('zipRequired')),
      charge: (bytes) => chargeUpload(ctx, u, req.query.gid ?? 0, bytes),
    });
    const entries = await readZip(data);
    return ok(stageTestCases(ctx, u.uid, entries, req.query.mode.replace(/-/g, '_')), 'Upload Testcase Successfully');
  });

  api.get('/file/download-testcase', { config: { access: 'login', rule: 'owner' }, schema: { querystring: pidQuery, response: fileAnswer('the problem\'s test cases as a zip', 'application/zip') } }, async (req, reply) => {
    const u = requireUser(req);
    const p = await getProblemRow(ctx, req.query.pid);
    const groupRoot = p.gid > 0 && !!(await ctx.services.groupAccess?.isRoot(u.uid, p.gid));
    if (!canEnterAdmin(u.roles) && u.uid !== p.author_uid && !groupRoot) throw forbidden();
    const cases = await readProblemCases(ctx, p.id, p.problem_id);
    if (!cases.length) throw badRequest('problemNoTestCases');
    const files = cases.flatMap((c) => [{ path: c.input, data: c.read('input') }, { path: c.output, data: c.read('output') }]);
    return sendZip(reply, `problem_${p.problem_id}_testcase.zip`, await writeZip(files));
  });

  /**
   * A file for a statement or post: admin-area roles, or a group admin writing group content (gid
   * in the query or a field before the file; spec 03 §6). Stored under a random name that keeps
   * only a plain extension; files other than images are served as downloads (app.ts).
   */
  const receiveMarkdownFile = async (req: FastifyRequest, o: { kind: 'md-img' | 'md-file'; dir: string; maxBytes: number; field?: string; missing: () => AppError; accept: (ext: string) => boolean }) => {
    const u = requireUser(req);
    let gid = 0;
    const { name, data } = await readUpload(req, {
      maxBytes: o.maxBytes, field: o.field, missing: o.missing,
      accept: (n) => (o.accept(extOf(n)) ? null : badRequest('fileTypeNotSupport')),
      allow: async (fields) => {
        gid = Number((req.query as { gid?: string } | undefined)?.gid ?? fields.gid ?? 0) || 0;
        if (canEnterAdmin(u.roles)) return;
        if (!(Number.isInteger(gid) && gid > 0 && (await ctx.services.groupAccess?.isAdmin(u.uid, gid)))) throw forbidden();
      },
      charge: (bytes) => chargeUpload(ctx, u, Number.isInteger(gid) && gid > 0 ? gid : 0, bytes),
    });
    const ext = extOf(name);
    const key = `${o.dir}/${crypto.randomBytes(12).toString('hex')}${ext ? `.${ext}` : ''}`;
    const file = path.join(ctx.config.dataDir, 'files', key);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, data);
    const fileId = await insertFile(ctx, {
      uid: u.uid, name: name.slice(0, 255), storageKey: key, mime: IMAGE_TYPES[ext] ?? 'application/octet-stream', size: data.length, kind: o.kind,
      gid: Number.isInteger(gid) && gid > 0 ? gid : 0,
    });
    return { link: `/public/${key}`, fileId };
  };

  // SVG is not among the image types: it can carry scripts (imports keep theirs, served sandboxed).
  api.post('/file/upload-md-img', { config: { access: 'login', rule: 'groupAdmin' }, schema: { response: answer(markdownFileVo) } }, async (req) => ok(await receiveMarkdownFile(req, {
    kind: 'md-img', dir: 'md', maxBytes: UPLOAD_LIMITS.mdImageBytes, missing: () => badRequest('imageRequired'), accept: (ext) => !!IMAGE_TYPES[ext],
  })));

  // HOJ's editor attaches any file to a statement or post (field `file`) and links it by name.
  api.post('/file/upload-md-file', { config: { access: 'login', rule: 'groupAdmin' }, schema: { response: answer(markdownFileVo) } }, async (req) => ok(await receiveMarkdownFile(req, {
    kind: 'md-file', dir: 'md-file', maxBytes: UPLOAD_LIMITS.mdFileBytes, field: 'file', missing: () => badRequest('fileFieldRequired', { field: 'file' }), accept: () => true,
  })));

  // One's own images (group admins upload too), or any as an admin-area role.
  api.get('/file/delete-md-img', { config: { access: 'login', rule: 'owner' }, schema: { querystring: z.object({ fileId: z.coerce.number().int().positive() }), response: answer(noData) } }, async (req) => {
    const u = requireUser(req);
    const row = await findFile(ctx, req.query.fileId, 'md-img');
    if (!row) throw notFound();
    if (row.uid !== u.uid && !canEnterAdmin(u.roles)) throw forbidden();
    await deleteFileRow(ctx, row.id);
    fs.rmSync(path.join(ctx.config.dataDir, 'files', row.storage_key), { force: true });
    await releaseGroupBytes(ctx, row.gid, row.size);
    return ok(null, 'Delete Successfully');
  });
}

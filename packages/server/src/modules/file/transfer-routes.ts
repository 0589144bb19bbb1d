import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UPLOAD_LIMITS, importReportVo } from '@verdict/shared';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { answer, fileAnswer } from '../../http/answer.js';
import { requireAdminArea } from '../../http/auth.js';
import { AppError, badRequest } from '../../http/errors.js';
import { readZip } from '../testcase/zip.js';
import { countExistingProblems } from '../problem/repo.js';
import { exportProblems } from '../problem/transfer/export.js';
import { readFpsXml } from '../problem/transfer/fps.js';
import { readHojArchive } from '../problem/transfer/hoj.js';
import { readHydroArchive } from '../problem/transfer/hydro.js';
import { readIcpcPackage } from '../problem/transfer/icpc.js';
import { displayIdAllocator, importProblems } from '../problem/transfer/importer.js';
import { exportPolygonPackages } from '../problem/transfer/polygon-export.js';
import { readPolygonPackage } from '../problem/transfer/polygon.js';
import { readQduojArchive } from '../problem/transfer/qduoj.js';
import type { ParsedArchive } from '../problem/transfer/types.js';
import { recognisedNothing, unknownPackage } from '../problem/transfer/archive.js';
import { sendZip } from './download.js';
import { readUpload } from './upload.js';

const idList = z.string().min(1, 'exportSelectProblems').max(5000)
  .transform((v) => [...new Set(v.replace(/[[\]\s]/g, '').split(',').map(Number))])
  .refine((l) => l.length > 0 && l.length <= 500 && l.every((n) => Number.isInteger(n) && n > 0 && n <= 2 ** 31 - 1), 'exportSelectProblems');
/** `pidList` (or `pids`, as the admin page sends it): comma list of problem ids. */
const exportQuery = z.object({ pidList: idList.optional(), pids: idList.optional() })
  .refine((q) => q.pidList || q.pids, { message: 'exportSelectProblems' });
const FORMATS = ['verdict', 'hoj', 'qduoj', 'fps', 'hydro', 'polygon', 'icpc'] as const;
const importQuery = z.object({ format: z.enum(FORMATS).default('verdict') });

type Reader = (entries: Awaited<ReturnType<typeof readZip>>) => ParsedArchive;
/** The format each zip reader reads, as the "not a package this reader knows" answer names it. */
const READER_NAMES = new Map<Reader, string>([
  [readHojArchive, 'Verdict / HOJ'], [readQduojArchive, 'QDUOJ'], [readHydroArchive, 'Hydro'], [readPolygonPackage, 'Polygon'], [readIcpcPackage, 'ICPC / Kattis'],
]);

/** XML in the encoding its declaration names (old FPS files are often GBK). */
function decodeXml(b: Buffer): string {
  const enc = /^[^>]*encoding=["']([\w-]+)["']/.exec(b.subarray(0, 200).toString('latin1'))?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(enc).decode(b);
  } catch {
    return b.toString('utf8');
  }
}

/** Batch operations of the problem admin: export selected problems, import five formats (with a report). */
export default async function transferRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { config: { access: 'adminArea' } } as const;

  const exportWith = (prefix: string, build: (c: AppContext, pids: number[]) => Promise<Buffer>) =>
    async (req: { query: z.infer<typeof exportQuery> }, reply: FastifyReply) => {
      const pids = (req.query.pidList ?? req.query.pids)!;
      if ((await countExistingProblems(ctx, pids)) !== pids.length) throw new AppError(404, 'problemNotFound');
      return sendZip(reply, `${prefix}_${pids.length}.zip`, await build(ctx, pids));
    };
  const exportHandler = exportWith('problems', exportProblems);
  const zipAnswer = fileAnswer('the problems as a zip', 'application/zip');
  api.get('/file/export-problem', { ...admin, schema: { querystring: exportQuery, response: zipAnswer } }, exportHandler);
  api.get('/admin/problem/export-problem', { ...admin, schema: { querystring: exportQuery, response: zipAnswer } }, exportHandler);
  // Polygon-like packages (problem.xml, statements, tests, checker, solutions) that import back as the same problems.
  api.get('/file/export-polygon-problem', { ...admin, schema: { querystring: exportQuery, response: fileAnswer('the problems as Polygon-like packages (zip)', 'application/zip') } }, exportWith('polygon', exportPolygonPackages));

  const importZip = async (req: FastifyRequest, read: (entries: Awaited<ReturnType<typeof readZip>>) => ParsedArchive) => {
    const u = requireAdminArea(req);
    const format = READER_NAMES.get(read) ?? 'zip';
    const { data } = await readUpload(req, {
      maxBytes: UPLOAD_LIMITS.importArchiveBytes, missing: () => badRequest('zipRequired'),
      accept: (name) => (/\.zip$/i.test(name) ? null : unknownPackage(format, /\.xml$/i.test(name) ? [{ path: name, data: Buffer.from('<fps>') }] : [])),
    });
    const entries = await readZip(data);
    const parsed = read(entries);
    // Nothing this reader knows: one answer naming the supported formats (and the one it looks like).
    if (recognisedNothing(parsed)) throw unknownPackage(format, entries);
    return ok(await importProblems(ctx, u, parsed, req.locale));
  };
  const zipImport = (route: string, read: (entries: Awaited<ReturnType<typeof readZip>>) => ParsedArchive) => {
    api.post(route, { ...admin, schema: { response: answer(importReportVo) } }, async (req) => importZip(req, read));
  };
  zipImport('/file/import-problem', readHojArchive);
  zipImport('/file/import-hoj-problem', readHojArchive);
  zipImport('/file/import-qdoj-problem', readQduojArchive);
  zipImport('/file/import-hydro-problem', readHydroArchive);
  zipImport('/file/import-polygon-problem', readPolygonPackage);
  zipImport('/file/import-icpc-problem', readIcpcPackage);

  // FPS: one .xml file, or a zip of several.
  const importFps = async (req: FastifyRequest) => {
    const u = requireAdminArea(req);
    const { name, data } = await readUpload(req, {
      maxBytes: UPLOAD_LIMITS.importArchiveBytes, missing: () => badRequest('zipFileRequired'),
      accept: (n) => (/\.(xml|zip)$/i.test(n) ? null : badRequest('fileTypeNotSupport')),
    });
    let xmls: Buffer[];
    if (/\.xml$/i.test(name)) xmls = [data];
    else if (/\.zip$/i.test(name)) {
      const entries = await readZip(data);
      xmls = entries.filter((e) => /\.xml$/i.test(e.path)).map((e) => e.data);
      if (!xmls.length) throw unknownPackage('FPS', entries);
    } else throw badRequest('fileTypeNotSupport');
    const nextId = await displayIdAllocator(ctx);
    const parsed: ParsedArchive = { problems: [], skipped: [] };
    for (const x of xmls) {
      const one = readFpsXml(decodeXml(x), nextId);
      parsed.problems.push(...one.problems);
      parsed.skipped.push(...one.skipped);
    }
    if (!parsed.problems.length && !parsed.skipped.length) throw badRequest('importNothing');
    return ok(await importProblems(ctx, u, parsed, req.locale));
  };
  api.post('/file/import-fps-problem', { ...admin, schema: { response: answer(importReportVo) } }, importFps);

  // The batch-operation page's single entry: the format chosen in its select.
  const READERS = { verdict: readHojArchive, hoj: readHojArchive, qduoj: readQduojArchive, hydro: readHydroArchive, polygon: readPolygonPackage, icpc: readIcpcPackage } as const;
  api.post('/admin/problem/import-problem', { ...admin, schema: { querystring: importQuery, response: answer(importReportVo) } }, async (req) => {
    const f = req.query.format;
    return f === 'fps' ? importFps(req) : importZip(req, READERS[f]);
  });
}

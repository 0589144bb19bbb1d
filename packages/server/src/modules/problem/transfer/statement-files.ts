import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { UPLOAD_LIMITS } from '@verdict/shared';
import type { AppContext } from '../../../context.js';
import { AppError } from '../../../http/errors.js';
import { now } from '../../../lib/time.js';

/** A statement file an archive brings (FPS images, Hydro additional_file images and PDFs). */
export interface StatementFile { src: string; data: Buffer }

const MIME: Record<string, string> = {
  gif: 'image/gif', jpg: 'image/jpeg', png: 'image/png', bmp: 'image/bmp', webp: 'image/webp', svg: 'image/svg+xml', pdf: 'application/pdf',
};

/** The type the bytes really are (never the name's claim): a random ".png" is none of these. */
export function sniffStatementFile(data: Buffer): keyof typeof MIME | null {
  const head = data.subarray(0, 16);
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg';
  if (/^GIF8[79]a/.test(head.toString('latin1'))) return 'gif';
  if (head.toString('latin1', 0, 2) === 'BM' && data.length > 26) return 'bmp';
  if (head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (head.toString('latin1', 0, 5) === '%PDF-') return 'pdf';
  // SVG is text: an <svg> root near the start (imports keep theirs, served sandboxed under /public).
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(data.subarray(0, 2048).toString('utf8'))) return 'svg';
  return null;
}

/**
 * The checks of the upload route (10 MiB, a real image type; PDFs for Hydro's attachments),
 * run before anything of the problem is stored. Returns the extension the file is stored under.
 */
export function checkStatementFile(f: StatementFile, allowPdf: boolean): string {
  const name = f.src.split('/').pop()!.slice(0, 100) || 'image';
  if (f.data.length > UPLOAD_LIMITS.mdImageBytes) {
    throw new AppError(400, 'importImageTooLarge', { name, mb: (f.data.length / 1048576).toFixed(1), limit: UPLOAD_LIMITS.mdImageBytes / 1048576 });
  }
  const type = sniffStatementFile(f.data);
  if (!type || (type === 'pdf' && !allowPdf)) throw new AppError(400, 'importImageType', { name });
  return type;
}

/** Statement files written to disk for one problem; `undo` removes them when the problem is not saved after all. */
export function writeStatementFiles(ctx: AppContext, files: { file: StatementFile; ext: string }[]) {
  const written: { src: string; key: string; ext: string; size: number }[] = [];
  const undo = () => { for (const w of written) fs.rmSync(path.join(ctx.config.dataDir, 'files', w.key), { force: true }); };
  try {
    for (const { file, ext } of files) {
      const key = `md/${crypto.randomBytes(12).toString('hex')}.${ext}`;
      const disk = path.join(ctx.config.dataDir, 'files', key);
      fs.mkdirSync(path.dirname(disk), { recursive: true });
      fs.writeFileSync(disk, file.data);
      written.push({ src: file.src, key, ext, size: file.data.length });
    }
  } catch (e) {
    undo();
    throw e;
  }
  return {
    links: written.map((w) => ({ src: w.src, link: `/public/${w.key}` })),
    undo,
    /** The file rows (uploads list, clean-up), once the problem is saved. */
    record: async (uid: number) => {
      if (!written.length) return;
      await ctx.db.insertInto('file').values(written.map((w) => ({
        uid, name: path.basename(w.key), storage_key: w.key, mime: MIME[w.ext], size: w.size, kind: w.ext === 'pdf' ? 'md-file' : 'md-img', gid: 0, gmt_create: now(),
      }))).execute();
    },
  };
}

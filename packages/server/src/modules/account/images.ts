import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { LIMITS } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { now } from '../../lib/time.js';
import { readUpload } from '../file/upload.js';
import { chargeUpload } from '../file/budget.js';

/** Image kinds accepted for avatars and carousel pictures, recognised by their first bytes. */
const MAGIC: { ext: string; mime: string; test: (b: Buffer) => boolean }[] = [
  { ext: 'png', mime: 'image/png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: 'jpg', mime: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', mime: 'image/gif', test: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  { ext: 'bmp', mime: 'image/bmp', test: (b) => b.subarray(0, 2).toString('latin1') === 'BM' && b.length > 26 },
  { ext: 'webp', mime: 'image/webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

export function sniffImage(buf: Buffer): { ext: string; mime: string } | null {
  return MAGIC.find((m) => m.test(buf)) ?? null;
}

export interface StoredImage { link: string; fileId: number; storageKey: string }

/**
 * Reads the one multipart file field `field`, checks extension, content and size
 * (fileTypeNotSupport / exceedMaxSize), stores it under DATA_DIR/files/<dir>/ and records it.
 */
export async function receiveImage(ctx: AppContext, req: FastifyRequest, uid: number, field: string, dir: 'avatar' | 'carousel', maxBytes: number = LIMITS.avatarMaxBytes): Promise<StoredImage> {
  const { name: fileName, data: buf } = await readUpload(req, {
    maxBytes, field, missing: () => badRequest('fileFieldRequired', { field }), tooLarge: () => badRequest('exceedMaxSize'),
    accept: (n) => (LIMITS.avatarTypes.includes(path.extname(n).slice(1).toLowerCase()) ? null : badRequest('fileTypeNotSupport')),
    charge: req.user ? (bytes) => chargeUpload(ctx, req.user!, 0, bytes) : undefined,
  });
  const kind = sniffImage(buf);
  if (!kind) throw badRequest('fileTypeNotSupport');
  const name = `${crypto.randomUUID().replace(/-/g, '')}.${kind.ext}`;
  const abs = path.join(ctx.config.dataDir, 'files', dir, name);
  await fs.promises.mkdir(path.dirname(abs), { recursive: true });
  await fs.promises.writeFile(abs, buf);
  const storageKey = `${dir}/${name}`;
  const row = await ctx.db.insertInto('file').values({
    uid, name: (fileName || name).slice(0, 255), storage_key: storageKey, mime: kind.mime, size: buf.length, kind: dir, gid: 0, gmt_create: now(),
  }).returning('id').executeTakeFirstOrThrow();
  return { link: `/public/${storageKey}`, fileId: row.id, storageKey };
}

/** The storage key of an uploaded file of this kind (a carousel picture by the id its upload answered), or null. */
export async function storedFileKey(ctx: AppContext, id: number, kind: 'avatar' | 'carousel'): Promise<string | null> {
  const file = await ctx.db.selectFrom('file').select('storage_key').where('id', '=', id).where('kind', '=', kind).executeTakeFirst();
  return file?.storage_key ?? null;
}

/** Removes a stored file we own (a replaced avatar); links elsewhere are left alone. */
export async function removeStoredFile(ctx: AppContext, link: string | null, dir: 'avatar' | 'carousel') {
  const prefix = `/public/${dir}/`;
  if (!link?.startsWith(prefix)) return;
  const name = path.basename(link);
  await fs.promises.rm(path.join(ctx.config.dataDir, 'files', dir, name), { force: true });
  await ctx.db.deleteFrom('file').where('storage_key', '=', `${dir}/${name}`).execute();
}


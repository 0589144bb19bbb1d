import yauzl from 'yauzl';
import yazl from 'yazl';
import { UPLOAD_LIMITS } from '@verdict/shared';
import { AppError, badRequest } from '../../http/errors.js';

/**
 * Limits for archives users upload: a zip bomb is refused before it is inflated (declared
 * sizes) and while it inflates (counted bytes, for archives that lie about their sizes).
 */
export interface ZipLimits {
  maxTotalBytes: number;
  maxEntries: number;
  /** Per entry, above entryRatioFloorBytes. */
  maxEntryRatio: number;
  entryRatioFloorBytes: number;
  /** Whole archive: inflated bytes may reach max(ratioFloorBytes, maxRatio × archive size). */
  maxRatio: number;
  ratioFloorBytes: number;
}
export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxTotalBytes: UPLOAD_LIMITS.zipMaxUncompressedBytes,
  maxEntries: UPLOAD_LIMITS.zipMaxEntries,
  maxEntryRatio: UPLOAD_LIMITS.zipMaxEntryRatio,
  entryRatioFloorBytes: 8 * 1024 * 1024,
  maxRatio: UPLOAD_LIMITS.zipMaxRatio,
  ratioFloorBytes: UPLOAD_LIMITS.zipRatioFloorBytes,
};

const MiB = 1024 * 1024;

export interface ZipFileEntry {
  /** The entry's path inside the archive, '/'-separated, decoded. */
  path: string;
  data: Buffer;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const gbk = new TextDecoder('gbk');

/** Names without the UTF-8 flag are often GBK (zips made on Chinese Windows); try UTF-8 first. */
function decodeName(raw: Buffer, flags: number): string {
  if (flags & 0x800) return raw.toString('utf8');
  try {
    return utf8.decode(raw);
  } catch {
    return gbk.decode(raw);
  }
}

/** Refuses entries that would escape the folder they are unpacked into. */
export function checkEntryPath(name: string): string {
  const p = name.replace(/\\/g, '/');
  if (p.startsWith('/') || /^[a-zA-Z]:/.test(p) || p.includes('\0')) throw new AppError(400, 'zipUnsafePath', { name });
  if (p.split('/').some((seg) => seg === '..')) throw new AppError(400, 'zipUnsafePath', { name });
  return p;
}

function openBuffer(buf: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true }, (err, zf) => {
      if (err || !zf) reject(badRequest('zipInvalid'));
      else resolve(zf);
    });
  });
}

/**
 * Reads every file of a zip into memory after checking it: no absolute or `..` paths, no
 * symlinks, declared sizes within the total cap and a sane compression ratio; the inflated
 * bytes are counted too, so an archive lying about its sizes fails as well.
 */
export async function readZip(buf: Buffer, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<ZipFileEntry[]> {
  const zf = await openBuffer(buf);
  const out: ZipFileEntry[] = [];
  let declared = 0;
  let inflated = 0;
  const ratioCap = Math.max(limits.ratioFloorBytes, limits.maxRatio * buf.length);
  const tooMuch = (n: number) => {
    if (n > limits.maxTotalBytes) return new AppError(400, 'zipTooLarge', { mb: Math.round(limits.maxTotalBytes / MiB) });
    if (n > ratioCap) return new AppError(400, 'zipExpandsTooMuch', { ratio: limits.maxRatio, mb: Math.round(ratioCap / MiB) });
    return null;
  };
  try {
    await new Promise<void>((resolve, reject) => {
      zf.on('error', () => reject(badRequest('zipInvalid')));
      zf.on('end', () => resolve());
      zf.on('entry', (entry: yauzl.Entry) => {
        try {
          const raw = entry.fileName as unknown as Buffer;
          const name = checkEntryPath(decodeName(Buffer.from(raw), entry.generalPurposeBitFlag));
          const mode = (entry.externalFileAttributes >>> 16) & 0o170000;
          if (mode === 0o120000) throw new AppError(400, 'zipUnsafePath', { name });
          if (name.endsWith('/')) { zf.readEntry(); return; }
          if (out.length >= limits.maxEntries) throw new AppError(400, 'zipTooManyEntries', { n: limits.maxEntries });
          if (entry.uncompressedSize > limits.entryRatioFloorBytes && entry.uncompressedSize / Math.max(1, entry.compressedSize) > limits.maxEntryRatio) {
            throw new AppError(400, 'zipRatio', { name });
          }
          declared += entry.uncompressedSize;
          const over = tooMuch(declared);
          if (over) throw over;
          zf.openReadStream(entry, (err, stream) => {
            if (err || !stream) return reject(badRequest('zipInvalid'));
            const chunks: Buffer[] = [];
            stream.on('data', (c: Buffer) => {
              inflated += c.length;
              const overflow = tooMuch(inflated);
              if (overflow) {
                stream.destroy();
                reject(overflow);
                return;
              }
              chunks.push(c);
            });
            stream.on('error', () => reject(badRequest('zipInvalid')));
            stream.on('end', () => {
              out.push({ path: name, data: Buffer.concat(chunks) });
              zf.readEntry();
            });
          });
        } catch (e) {
          reject(e);
        }
      });
      zf.readEntry();
    });
  } finally {
    zf.close();
  }
  return out;
}

/** Builds a zip in memory from path -> content. */
export function writeZip(files: { path: string; data: Buffer | string }[]): Promise<Buffer> {
  const z = new yazl.ZipFile();
  for (const f of files) z.addBuffer(Buffer.isBuffer(f.data) ? f.data : Buffer.from(f.data, 'utf8'), f.path);
  z.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    z.outputStream.on('data', (c: Buffer) => chunks.push(c));
    z.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    z.outputStream.on('error', reject);
  });
}

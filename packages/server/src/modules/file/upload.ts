import type { FastifyRequest } from 'fastify';
import { UPLOAD_LIMITS } from '@verdict/shared';
import { AppError, badRequest } from '../../http/errors.js';

/** What a multipart body may add around its file: boundaries, part headers, a few small fields. */
const ENVELOPE_BYTES = 64 * 1024 + UPLOAD_LIMITS.fields * UPLOAD_LIMITS.fieldBytes;

export interface UploadOptions {
  /** Largest file accepted; the part is cut off while it streams in, never buffered past this. */
  maxBytes: number;
  /** The answer when the request carries no file (or is not multipart at all). */
  missing: () => AppError;
  /** The answer when the file is larger than maxBytes (default: 413 with the limit in MiB). */
  tooLarge?: () => AppError;
  /** The form field the file must come in, when the route names one. */
  field?: string;
  /** Checks the client's file name before any byte is read (an extension list, say). */
  accept?: (fileName: string) => AppError | null;
  /**
   * A permission that depends on the form's fields sent before the file (a group id, say):
   * awaited after the part's header and before any of its bytes are read.
   */
  allow?: (fields: Record<string, string>) => Promise<void>;
  /**
   * Takes the upload's bytes from the uploader's budgets (file/budget.ts) after `allow` and before
   * any byte is read: the declared length, or maxBytes when none is declared. The returned
   * function is given the bytes really kept (0 when the upload fails) to give the rest back.
   */
  charge?: (bytes: number) => Promise<(usedBytes: number) => Promise<void>>;
}

export interface Upload { field: string; name: string; data: Buffer }

export const uploadTooLarge = (maxBytes: number) => new AppError(413, 'uploadTooLarge', { mb: Math.round((maxBytes / 1048576) * 10) / 10 });

/**
 * The one uploaded file of a multipart request, read with the route's own size limit. Every
 * multipart route comes through here, so a broken body (no boundary, cut off, bad part headers)
 * answers 400 uploadMalformed and a too-large one 413, never a 500; a body whose declared length
 * is already past the limit is refused before it is read.
 */
export async function readUpload(req: FastifyRequest, opts: UploadOptions): Promise<Upload> {
  const tooLarge = opts.tooLarge ?? (() => uploadTooLarge(opts.maxBytes));
  if (!req.isMultipart()) throw opts.missing();
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > opts.maxBytes + ENVELOPE_BYTES) throw tooLarge();
  let settle: ((usedBytes: number) => Promise<void>) | undefined;
  try {
    // One byte over the limit is enough to know; busboy discards anything past it.
    const part = await req.file({ limits: { fileSize: opts.maxBytes + 1, files: 1 }, throwFileSizeLimit: true });
    if (!part) throw opts.missing();
    if (opts.field && part.fieldname !== opts.field) {
      part.file.resume();
      throw opts.missing();
    }
    const refused = opts.accept?.(part.filename ?? '');
    if (refused) {
      part.file.resume();
      throw refused;
    }
    if (opts.allow || opts.charge) {
      const fields: Record<string, string> = {};
      for (const [k, v] of Object.entries(part.fields ?? {})) {
        const f = Array.isArray(v) ? v[0] : v;
        if (f && f.type === 'field') fields[k] = String(f.value);
      }
      try {
        await opts.allow?.(fields);
        settle = await opts.charge?.(Number.isFinite(declared) ? Math.min(declared, opts.maxBytes) : opts.maxBytes);
      } catch (e) {
        part.file.resume();
        throw e;
      }
    }
    // Not toBuffer(): it would read (and discard) the whole rest of a too-large part before failing.
    // Leaving the loop destroys the part, the body is unpiped, and the 413 closes the connection.
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > opts.maxBytes) throw tooLarge();
      chunks.push(chunk);
    }
    if (part.file.truncated) throw tooLarge();
    const settled = settle;
    settle = undefined;
    await settled?.(size);
    return { field: part.fieldname, name: part.filename ?? '', data: Buffer.concat(chunks) };
  } catch (e) {
    await settle?.(0);
    if (e instanceof AppError) throw e;
    const err = e as { code?: string; statusCode?: number };
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (err.statusCode === 413) throw new AppError(413, 'tooLarge');
    // Whatever else the parser throws (busboy's "Unexpected end of form", "Malformed part header",
    // a missing boundary, a premature close) is the client's broken body.
    throw badRequest('uploadMalformed');
  }
}

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isJudgeLibraryName, JUDGE_LIBRARY_LIMITS, type JudgeLibraryFile, type JudgeLibraryList } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { now } from '../../lib/time.js';
import './tables.js';

export type { JudgeLibraryFile };
/** The headers as the judge receives them, and the version they make (it changes whenever any file does). */
export interface JudgeLibrarySnapshot { version: string; files: Record<string, string> }

// ignoreBOM: the text keeps a byte-order mark, so its UTF-8 bytes are exactly the uploaded ones (and their sha256).
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const sha256 = (b: Buffer | string) => crypto.createHash('sha256').update(b).digest('hex');
const versionOf = (rows: { name: string; sha256: string }[]) =>
  rows.length ? sha256(rows.map((r) => `${r.name}:${r.sha256}`).sort().join('\n')).slice(0, 16) : '';
/** The header's text, or null when the bytes are not UTF-8 text (a NUL byte included: PostgreSQL text cannot hold it, and no header has one). */
function asText(data: Buffer): string | null {
  try {
    const text = strictUtf8.decode(data);
    return text.includes('\0') ? null : text;
  } catch {
    return null;
  }
}

/**
 * The site-wide judge library: headers (testlib.h first) uploaded once by an admin and placed
 * beside every checker, interactor and validator compile. The database is the one source: each
 * row holds a header's text and its sha256, so every server of a scaled site sees the same
 * library. A server materialises the files on demand into memory (by hash, verified against the
 * row's sha256), so a task build reads one small table of hashes, not the contents.
 *
 * Sites from before migration 0034 kept the bytes under DATA_DIR/judge-library/<name> and only
 * the hashes in the rows: such a row is filled from the first server that still has the file
 * (same hash), and a row that none can fill is an error naming the file (judgeLibraryFileLost),
 * never a library silently missing a header.
 */
export class JudgeLibraryService {
  private byHash = new Map<string, string>();

  constructor(private readonly ctx: AppContext) {}

  /** Where sites before migration 0034 kept the bytes. */
  private get legacyDir() {
    return path.join(this.ctx.config.dataDir, 'judge-library');
  }

  /** The name is checked again wherever it meets the disk or the database. */
  private checkName(name: string) {
    if (!isJudgeLibraryName(name)) throw badRequest('judgeLibraryNameInvalid', { name: String(name).slice(0, 100) });
  }

  async list(): Promise<JudgeLibraryList> {
    const rows = await this.ctx.db.selectFrom('judge_library').leftJoin('user', 'user.id', 'judge_library.uid')
      .select(['judge_library.name', 'judge_library.size', 'judge_library.sha256', 'judge_library.uid', 'judge_library.gmt_modified', 'user.username'])
      .orderBy('judge_library.name').execute();
    return {
      version: versionOf(rows),
      files: rows.map((r) => ({ name: r.name, size: r.size, sha256: r.sha256, uid: r.uid, username: r.username ?? null, gmtModified: Number(r.gmt_modified) })),
    };
  }

  /** Adds or replaces one header: the row and its bytes change in one transaction, so a reader sees the old file or the new one. */
  async put(uid: number, name: string, data: Buffer): Promise<JudgeLibraryFile> {
    this.checkName(name);
    const text = asText(data);
    if (text === null) throw badRequest('judgeLibraryNotText', { name });
    const existing = await this.ctx.db.selectFrom('judge_library').select('name').execute();
    if (!existing.some((r) => r.name === name) && existing.length >= JUDGE_LIBRARY_LIMITS.files) throw badRequest('judgeLibraryFull', { n: JUDGE_LIBRARY_LIMITS.files });
    const row = { name, size: data.length, sha256: sha256(data), uid, gmt_modified: now(), content: text };
    await this.ctx.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('judge_library').where('name', '=', name).execute();
      await trx.insertInto('judge_library').values(row).execute();
    });
    // A copy this server kept before 0034 is stale now; the database holds the file.
    fs.rmSync(path.join(this.legacyDir, name), { force: true });
    this.byHash.set(row.sha256, text);
    return { name, size: row.size, sha256: row.sha256, uid, username: null, gmtModified: row.gmt_modified };
  }

  async remove(name: string): Promise<void> {
    this.checkName(name);
    const res = await this.ctx.db.deleteFrom('judge_library').where('name', '=', name).executeTakeFirst();
    if (!Number(res.numDeletedRows)) throw notFound('judgeLibraryNotFound');
    fs.rmSync(path.join(this.legacyDir, name), { force: true });
  }

  /** Whether a header of this name is in the library (the import report's testlib.h hint). */
  async has(name: string): Promise<boolean> {
    return !!(await this.ctx.db.selectFrom('judge_library').select('name').where('name', '=', name).executeTakeFirst());
  }

  /**
   * What every checker / interactor compile receives: every header of the library, each checked
   * against its sha256. Reads only names and hashes while this server holds every current file;
   * otherwise reads the contents once. A file without an intact copy throws judgeLibraryFileLost
   * naming it (the admin's Compile button and the import report show it).
   */
  async snapshot(): Promise<JudgeLibrarySnapshot> {
    const rows = await this.ctx.db.selectFrom('judge_library').select(['name', 'sha256']).execute();
    if (rows.some((r) => !this.byHash.has(r.sha256))) return this.load();
    return { version: versionOf(rows), files: Object.fromEntries(rows.map((r) => [r.name, this.byHash.get(r.sha256)!])) };
  }

  private async load(): Promise<JudgeLibrarySnapshot> {
    const rows = await this.ctx.db.selectFrom('judge_library').select(['name', 'sha256', 'content']).execute();
    const byHash = new Map<string, string>();
    const files: Record<string, string> = {};
    for (const r of rows) {
      let text = r.content ?? (await this.adoptLegacyFile(r.name, r.sha256));
      if (text !== null && sha256(Buffer.from(text, 'utf8')) !== r.sha256) text = null;
      if (text === null) {
        this.ctx.log.error({ name: r.name }, 'judge library file has no intact copy');
        throw new AppError(409, 'judgeLibraryFileLost', { name: r.name });
      }
      byHash.set(r.sha256, text);
      files[r.name] = text;
    }
    this.byHash = byHash;
    return { version: versionOf(rows), files };
  }

  /** A row from before 0034: its bytes from this server's DATA_DIR/judge-library when they match the hash, stored in the row for every server. */
  private async adoptLegacyFile(name: string, hash: string): Promise<string | null> {
    if (!isJudgeLibraryName(name)) return null;
    let data: Buffer;
    try {
      data = fs.readFileSync(path.join(this.legacyDir, name));
    } catch {
      return null;
    }
    const text = asText(data);
    if (text === null || sha256(data) !== hash) return null;
    await this.ctx.db.updateTable('judge_library').set({ content: text })
      .where('name', '=', name).where('sha256', '=', hash).where('content', 'is', null).execute();
    return text;
  }
}

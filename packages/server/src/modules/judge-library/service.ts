import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isJudgeLibraryName, JUDGE_LIBRARY_LIMITS, type JudgeLibraryFile, type JudgeLibraryList } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { now } from '../../lib/time.js';
import './tables.js';

export type { JudgeLibraryFile };
/** The headers as the judge receives them, and the version they make (it changes whenever any file does). */
export interface JudgeLibrarySnapshot { version: string; files: Record<string, string> }

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const sha256 = (b: Buffer | string) => crypto.createHash('sha256').update(b).digest('hex');
const versionOf = (rows: { name: string; sha256: string }[]) =>
  rows.length ? sha256(rows.map((r) => `${r.name}:${r.sha256}`).sort().join('\n')).slice(0, 16) : '';

/**
 * The site-wide judge library: headers (testlib.h first) uploaded once by an admin and placed
 * beside every checker, interactor and validator compile. Bytes live under
 * DATA_DIR/judge-library/<name>; rows hold the hashes the version is made of. Contents are kept
 * in memory by hash, so a task build reads one small table, not the disk.
 */
export class JudgeLibraryService {
  private readonly byHash = new Map<string, string>();

  constructor(private readonly ctx: AppContext) {}

  private get dir() {
    return path.join(this.ctx.config.dataDir, 'judge-library');
  }

  /** The file's place on disk; the name is checked again here, where it meets the disk. */
  private diskPath(name: string) {
    if (!isJudgeLibraryName(name)) throw badRequest('judgeLibraryNameInvalid', { name: String(name).slice(0, 100) });
    return path.join(this.dir, name);
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

  /** Adds or replaces one header. Written beside its final name first, so a reader never sees half a file. */
  async put(uid: number, name: string, data: Buffer): Promise<JudgeLibraryFile> {
    const file = this.diskPath(name);
    let text: string;
    try { text = strictUtf8.decode(data); } catch { throw badRequest('judgeLibraryNotText', { name }); }
    const existing = await this.ctx.db.selectFrom('judge_library').select('name').execute();
    if (!existing.some((r) => r.name === name) && existing.length >= JUDGE_LIBRARY_LIMITS.files) throw badRequest('judgeLibraryFull', { n: JUDGE_LIBRARY_LIMITS.files });
    fs.mkdirSync(this.dir, { recursive: true });
    const tmp = path.join(this.dir, `.${crypto.randomBytes(6).toString('hex')}.tmp`);
    fs.writeFileSync(tmp, data);
    const row = { name, size: data.length, sha256: sha256(data), uid, gmt_modified: now() };
    try {
      await this.ctx.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('judge_library').where('name', '=', name).execute();
        await trx.insertInto('judge_library').values(row).execute();
      });
      fs.renameSync(tmp, file);
    } catch (e) {
      fs.rmSync(tmp, { force: true });
      throw e;
    }
    this.byHash.set(row.sha256, text);
    return { name, size: row.size, sha256: row.sha256, uid, username: null, gmtModified: row.gmt_modified };
  }

  async remove(name: string): Promise<void> {
    const file = this.diskPath(name);
    const res = await this.ctx.db.deleteFrom('judge_library').where('name', '=', name).executeTakeFirst();
    if (!Number(res.numDeletedRows)) throw notFound('judgeLibraryNotFound');
    fs.rmSync(file, { force: true });
  }

  /** Whether a header of this name is in the library (the import report's testlib.h hint). */
  async has(name: string): Promise<boolean> {
    return !!(await this.ctx.db.selectFrom('judge_library').select('name').where('name', '=', name).executeTakeFirst());
  }

  /** What every checker / interactor compile receives. A file missing on disk is left out (and logged). */
  async snapshot(): Promise<JudgeLibrarySnapshot> {
    const rows = await this.ctx.db.selectFrom('judge_library').select(['name', 'sha256']).execute();
    const files: Record<string, string> = {};
    for (const r of rows) {
      let text = this.byHash.get(r.sha256);
      if (text === undefined) {
        try {
          const data = fs.readFileSync(this.diskPath(r.name));
          text = data.toString('utf8');
          if (sha256(data) !== r.sha256) this.ctx.log.warn({ name: r.name }, 'judge library file differs from its recorded hash');
          else this.byHash.set(r.sha256, text);
        } catch (err) {
          this.ctx.log.error({ err, name: r.name }, 'judge library file unreadable');
          continue;
        }
      }
      files[r.name] = text;
    }
    return { version: versionOf(rows), files };
  }
}

import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LanguageDef } from '../languages/registry.js';
import { toolVersion } from '../languages/detect.js';
import type { Sandbox } from '../sandbox/types.js';
import { pathInside } from '../sandbox/box-files.js';
import { judgeStateDir } from '../sandbox/paths.js';

/** A compiled checker or interactor: the files the compile step left (names in the box's /w) and the compiler's words. */
export interface CachedCompile { ok: boolean; message: string; files: string[] }

const MANIFEST = '.complete';

/**
 * Checkers and interactors compiled once per (source, extra files, language, compiler version) and
 * kept on the worker's disk beside the test-data cache, shared by every slot and by the admin's
 * compile check. A changed problem (new source or testlib.h) or an upgraded compiler is a new key,
 * so nothing is ever invalidated by hand. Entries are written to a temporary directory and renamed
 * into place, so concurrent slots (or judge processes) never see half an entry.
 */
export class ArtefactCache {
  private pending = new Map<string, Promise<CachedCompile>>();
  /** Compiles saved / done, for tests and the bench. */
  hits = 0;
  misses = 0;

  constructor(readonly dir: string, private readonly maxEntries = 256) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  static key(lang: LanguageDef, code: string, extraFiles: Record<string, string>): string {
    const extra = Object.entries(extraFiles).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return createHash('sha256').update(JSON.stringify([lang.name, lang.compile, toolVersion(lang), code, extra])).digest('hex');
  }

  /** The stored compile of `key`, or null. */
  lookup(key: string): CachedCompile | null {
    const entry = join(this.dir, key);
    try {
      const m = JSON.parse(readFileSync(join(entry, MANIFEST), 'utf8')) as CachedCompile;
      const now = new Date();
      utimesSync(join(entry, MANIFEST), now, now); // least recently used goes first when the cache is full
      return m;
    } catch {
      return null;
    }
  }

  /**
   * The compile of `key`: from the cache, or by running `compile` (once per key however many slots
   * ask at the same time) and storing the files it left in `box`. `compiledHere` tells the caller
   * whether the files are already in its box or must be installed with `install`.
   */
  async obtain(key: string, compile: () => Promise<{ ok: boolean; message: string; box: Sandbox; files: string[] }>): Promise<CachedCompile & { compiledHere: boolean }> {
    const cached = this.lookup(key);
    if (cached) {
      this.hits++;
      return { ...cached, compiledHere: false };
    }
    const running = this.pending.get(key);
    if (running) {
      this.hits++;
      return { ...(await running), compiledHere: false };
    }
    this.misses++;
    const p = compile().then((r) => {
      const entry = { ok: r.ok, message: r.message, files: r.ok ? r.files : [] };
      // Failures are not kept: a compile that timed out on a busy machine deserves another try.
      if (r.ok) this.store(key, r.box, entry);
      return entry;
    });
    this.pending.set(key, p);
    try {
      return { ...(await p), compiledHere: true };
    } finally {
      this.pending.delete(key);
    }
  }

  /** Copies the cached files of `entry` into `box` (executables stay executable). */
  install(key: string, entry: CachedCompile, box: Sandbox): void {
    for (const name of entry.files) {
      const src = pathInside(join(this.dir, key), name, 'compiled file');
      box.copyIn(src, name, statSync(src).mode & 0o777);
    }
  }

  private store(key: string, box: Sandbox, entry: CachedCompile): void {
    const target = join(this.dir, key);
    const tmp = `${target}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
    try {
      mkdirSync(tmp, { mode: 0o755 });
      for (const name of entry.files) {
        const dest = pathInside(tmp, name, 'compiled file');
        chmodSync(dest, box.copyOut(name, dest) & 0o111 ? 0o755 : 0o644);
      }
      writeFileSync(join(tmp, MANIFEST), JSON.stringify(entry));
      renameSync(tmp, target); // fails harmlessly when another process stored the same key first
    } catch {
      rmSync(tmp, { recursive: true, force: true });
      return;
    }
    this.prune();
  }

  private prune(): void {
    const entries = readdirSync(this.dir).filter((n) => /^[0-9a-f]{64}$/.test(n));
    if (entries.length <= this.maxEntries) return;
    const aged = entries.map((n) => {
      try {
        return { n, t: statSync(join(this.dir, n, MANIFEST)).mtimeMs };
      } catch {
        return { n, t: 0 };
      }
    }).sort((a, b) => a.t - b.t);
    for (const { n } of aged.slice(0, entries.length - this.maxEntries)) rmSync(join(this.dir, n), { recursive: true, force: true });
  }

  /** Empties the cache (the bench measures the cost without it). */
  clear(): void {
    for (const n of readdirSync(this.dir)) rmSync(join(this.dir, n), { recursive: true, force: true });
  }
}

let shared: ArtefactCache | null = null;

/** The worker's cache under $VERDICT_JUDGE_DIR/artefacts (beside the test-data cache). */
export function artefactCache(): ArtefactCache {
  const dir = join(judgeStateDir(), 'artefacts');
  if (!shared || shared.dir !== dir || !existsSync(dir)) shared = new ArtefactCache(dir);
  return shared;
}

/** Files of the compile step that the run step needs (the language's artefacts, e.g. main or *.class). */
export function artefactNames(box: Sandbox, lang: LanguageDef): string[] {
  const patterns = lang.artifacts ?? (lang.exeName ? [lang.exeName] : []);
  return box.list().filter((n) => patterns.some((p) => (p.startsWith('*') ? n.endsWith(p.slice(1)) : n === p)));
}

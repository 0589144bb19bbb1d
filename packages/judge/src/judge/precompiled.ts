import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, createReadStream, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { languageEnv, type LanguageDef } from '../languages/registry.js';
import { toolVersion } from '../languages/detect.js';
import type { BoxBind } from '../sandbox/box.js';
import { judgeStateDir } from '../sandbox/paths.js';

/** Where the store is mounted, read-only, in every box. */
export const PRECOMPILED_BOX_DIR = '/.precompiled';
const MANIFEST = '.complete';

interface Manifest { sha256: string; size: number }
/** A PCH checked in this process (with the size and time it had then), one being prepared, or one gcc refused. */
type State = { kind: 'ready'; file: string; size: number; mtimeMs: number } | { kind: 'pending' } | { kind: 'rejected' };

const versions = new Map<string, string | null>();
/** `compiler --version`, first line (asked once per process). */
function compilerVersion(bin: string): string | null {
  if (!versions.has(bin)) {
    try {
      versions.set(bin, execFileSync(bin, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).split('\n')[0]);
    } catch {
      versions.set(bin, null);
    }
  }
  return versions.get(bin)!;
}

const children = new Set<ChildProcess>();
process.once('exit', () => { for (const c of children) c.kill('SIGKILL'); });

/** Runs a trusted build step of the judge's own (system headers, the registry's template) at a low priority. */
function runTool(lang: LanguageDef, args: string[], input = '', cwd?: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('nice', ['-n', '10', lang.compile![0], ...args], { env: languageEnv(lang), cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdout!.on('data', (d: Buffer) => { stderr = (stderr + d.toString('utf8')).slice(-65536); });
    children.add(child);
    let stderr = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (d: string) => { stderr = (stderr + d).slice(-65536); });
    child.stdin!.on('error', () => {});
    child.stdin!.end(input);
    child.on('error', () => resolve({ code: null, stderr }));
    child.on('close', (code) => {
      children.delete(child);
      resolve({ code, stderr });
    });
  });
}

function sha256File(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const h = createHash('sha256');
    createReadStream(path).on('data', (d) => h.update(d)).on('end', () => resolve(h.digest('hex'))).on('error', reject);
  });
}

/** Whether `code` includes `header` at all (only then can a PCH save anything). */
function includesHeader(code: string, header: string): boolean {
  const escaped = header.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`#\\s*include\\s*[<"]${escaped}[>"]`).test(code);
}

/** One kind of precompiled input: the file it is, when it helps, how it is built and checked, how a compile uses it. */
interface Kind {
  file(lang: LanguageDef): string;
  helps(lang: LanguageDef, code: string): boolean;
  /** Writes `file` under `dir` (a fresh directory) and checks that the compiler takes it; false when it does not. */
  build(lang: LanguageDef, dir: string, file: string): Promise<boolean>;
  /** The compile command with the entry, seen in the box at `entry`. */
  argv(lang: LanguageDef, entry: string): string[];
}

/** gcc's precompiled header, found first on the include path (-I entry) as `<header>.gch`. */
const GCC_HEADER: Kind = {
  file: (lang) => `${lang.pch!.header}.gch`,
  helps: (lang, code) => includesHeader(code, lang.pch!.header),
  async build(lang, dir, file) {
    const { header, flags } = lang.pch!;
    // The header gcc would include with these flags ("-H" lists it as ". /usr/include/...").
    const located = await runTool(lang, [...flags, '-x', 'c++', '-E', '-H', '-o', '/dev/null', '-'], `#include <${header}>\n`);
    const source = /^\. (\/\S+)$/m.exec(located.stderr)?.[1];
    if (located.code !== 0 || !source) return false;
    const gch = join(dir, file);
    mkdirSync(dirname(gch), { recursive: true });
    if ((await runTool(lang, [...flags, '-x', 'c++-header', source, '-o', gch])).code !== 0) return false;
    // gcc must take it with exactly these flags ("!" marks a PCH used), or it is of no use.
    const probe = await runTool(lang, ['-I', dir, ...flags, '-H', '-fsyntax-only', '-x', 'c++', '-'], `#include <${header}>\nint main() {}\n`);
    return probe.code === 0 && probe.stderr.split('\n').includes(`! ${gch}`);
  },
  argv: (lang, entry) => [lang.compile![0], '-I', entry, ...lang.compile!.slice(1)],
};

/**
 * A class-data-sharing archive of the classes the JVM compiler loads (javac): its JVM maps them
 * instead of loading and verifying them again. Recorded from a compile of the language's
 * template with the compiler's own flags; checked with -Xshare:on (which fails unless it maps).
 */
const JVM_CLASSES: Kind = {
  file: () => 'classes.jsa',
  helps: () => true,
  async build(lang, dir, file) {
    const work = join(dir, 'sample');
    mkdirSync(work);
    writeFileSync(join(work, lang.sourceName), lang.template);
    const jsa = join(dir, file);
    const args = lang.compile!.slice(1);
    if ((await runTool(lang, [`-J-XX:ArchiveClassesAtExit=${jsa}`, ...args], '', work)).code !== 0) return false;
    const probe = await runTool(lang, [`-J-XX:SharedArchiveFile=${jsa}`, '-J-Xshare:on', ...args], '', work);
    rmSync(work, { recursive: true, force: true });
    return probe.code === 0 && probe.stderr.trim() === '';
  },
  // An archive the JVM refuses only costs its speed: its warning must not reach the compile output.
  // A crash report of a damaged one goes to the box's /tmp, never beside the program.
  argv: (lang, entry) => [lang.compile![0], `-J-XX:SharedArchiveFile=${entry}/classes.jsa`, '-J-Xlog:cds*=off', '-J-XX:ErrorFile=/tmp/hs_err.log',
    ...lang.compile!.slice(1)],
};

const kindOf = (lang: LanguageDef): Kind | null => (lang.pch ? GCC_HEADER : lang.classArchive ? JVM_CLASSES : null);

/**
 * Precompiled compiler inputs: gcc's precompiled `bits/stdc++.h` for every C++ language of the
 * registry, and a class-data-sharing archive for javac. Each is built on the host with exactly the
 * language's compile flags, once per compiler (`--version`, binary) and flags: that is the key of
 * an entry `<key>/<file>`. Boxes see the store read-only at PRECOMPILED_BOX_DIR. gcc itself refuses
 * a PCH that does not fit (other flags, a macro defined before the include) and reads the header
 * instead, and a JVM ignores an archive of another JVM; an input the compiler cannot read makes
 * the compile fail, and session.ts then compiles without it. Nothing here ever waits for a build:
 * a compile whose input is not ready compiles as before while the build runs in the background
 * (first use); entries are checksummed when a process first uses them.
 */
export class PrecompiledStore {
  private states = new Map<string, State>();
  private pending = new Map<string, Promise<boolean>>();
  /**
   * Off: every compile is a plain one (tests and the bench compare; VERDICT_PRECOMPILED=off turns
   * it off in a worker, for an operator who suspects it or a before/after surge on one build).
   */
  enabled = process.env.VERDICT_PRECOMPILED !== 'off';

  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true, mode: 0o755 });
    chmodSync(dir, 0o755);
  }

  /** The entry of `lang` for this compiler and its flags, or null (nothing precompiled for it, or no compiler). */
  key(lang: LanguageDef): string | null {
    if (!kindOf(lang) || !lang.compile) return null;
    const version = compilerVersion(lang.compile[0]);
    if (version === null) return null;
    return createHash('sha256').update(JSON.stringify([lang.compile, version, toolVersion(lang), lang.pch ?? null])).digest('hex');
  }

  /** The bind that shows the store in a box. */
  bind(): BoxBind {
    return { host: this.dir, box: PRECOMPILED_BOX_DIR };
  }

  /**
   * The compile command that uses `lang`'s precompiled input, when it helps `code` and is ready and
   * unchanged since it was checked; otherwise null, and it is prepared meanwhile.
   */
  compileArgv(lang: LanguageDef, code: string): string[] | null {
    const kind = kindOf(lang);
    if (!this.enabled || !kind || !kind.helps(lang, code)) return null;
    const key = this.key(lang);
    if (!key) return null;
    const st = this.states.get(key);
    if (st?.kind === 'ready') {
      try {
        const now = statSync(st.file);
        if (now.size === st.size && Math.abs(now.mtimeMs - st.mtimeMs) < 1) return kind.argv(lang, `${PRECOMPILED_BOX_DIR}/${key}`);
      } catch {}
      this.states.delete(key); // changed or gone: checked (and rebuilt) again
    } else if (st) return null;
    void this.prepare(lang);
    return null;
  }

  /** Checks the stored input of `lang` or builds it; true when it is ready. One preparation per key at a time. */
  prepare(lang: LanguageDef): Promise<boolean> {
    const key = this.key(lang);
    if (!key) return Promise.resolve(false);
    const running = this.pending.get(key);
    if (running) return running;
    this.states.set(key, { kind: 'pending' });
    const p = this.verifyOrBuild(lang, key).catch(() => false).then((ok) => {
      if (!ok) this.states.set(key, { kind: 'rejected' });
      this.pending.delete(key);
      return ok;
    });
    this.pending.set(key, p);
    return p;
  }

  /** Forgets what this process checked (tests change entries behind its back). */
  forget(): void {
    this.states.clear();
  }

  /** The file of `lang`'s entry (a .gch, a .jsa). */
  filePath(lang: LanguageDef): string | null {
    const key = this.key(lang);
    return key ? join(this.dir, key, kindOf(lang)!.file(lang)) : null;
  }

  private async verifyOrBuild(lang: LanguageDef, key: string): Promise<boolean> {
    const entry = join(this.dir, key);
    if (await this.verify(lang, entry, key)) return true;
    rmSync(entry, { recursive: true, force: true });
    await this.build(lang, key);
    return this.verify(lang, entry, key);
  }

  private async verify(lang: LanguageDef, entry: string, key: string): Promise<boolean> {
    const gch = join(entry, kindOf(lang)!.file(lang));
    try {
      const m = JSON.parse(readFileSync(join(entry, MANIFEST), 'utf8')) as Manifest;
      const st = statSync(gch);
      if (st.size !== m.size || (await sha256File(gch)) !== m.sha256) return false;
      this.states.set(key, { kind: 'ready', file: gch, size: st.size, mtimeMs: st.mtimeMs });
      return true;
    } catch {
      return false;
    }
  }

  private async build(lang: LanguageDef, key: string): Promise<void> {
    const kind = kindOf(lang)!;
    const tmp = join(this.dir, `${key}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
    try {
      mkdirSync(tmp, { mode: 0o755 });
      const gch = join(tmp, kind.file(lang));
      if (!(await kind.build(lang, tmp, kind.file(lang)))) return;
      const manifest: Manifest = { sha256: await sha256File(gch), size: statSync(gch).size };
      writeFileSync(join(tmp, MANIFEST), JSON.stringify(manifest));
      for (let d = dirname(gch); d.startsWith(tmp); d = dirname(d)) chmodSync(d, 0o755);
      chmodSync(gch, 0o444);
      renameSync(tmp, join(this.dir, key)); // fails harmlessly when another process stored it first
    } catch {
      // Another process's entry (rename), or a build that failed: verify decides.
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }

  /** Removes entries of other compilers / flags and builds left by dead processes (keeps `keep`). */
  prune(keep: string[]): void {
    for (const name of readdirSync(this.dir)) {
      const tmp = /\.tmp-(\d+)-/.exec(name);
      if (tmp ? !existsSync(`/proc/${tmp[1]}`) : !keep.includes(name)) rmSync(join(this.dir, name), { recursive: true, force: true });
    }
  }
}

let shared: PrecompiledStore | null = null;

/** The worker's store under $VERDICT_JUDGE_DIR/precompiled. */
export function precompiled(): PrecompiledStore {
  const dir = join(judgeStateDir(), 'precompiled');
  if (!shared || shared.dir !== dir || !existsSync(dir)) shared = new PrecompiledStore(dir);
  return shared;
}

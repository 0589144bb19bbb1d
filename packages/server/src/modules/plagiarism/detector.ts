import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * The detector: Dolos (@dodona/dolos-lib, winnowing over tree-sitter token streams, so renamed
 * identifiers, reordered functions, whitespace and comments do not hide a copy). It runs in a
 * worker thread, off the request path: parsing and fingerprinting a few hundred sources takes
 * seconds of CPU, and the server keeps answering meanwhile.
 */

/** A language family: Dolos' language name, or a Verdict family Dolos has no grammar for (compared by characters). */
export interface Family { language: string; dolos: string; charTokens: boolean }

const TREE_SITTER: [RegExp, string][] = [
  [/^(c\+\+|g\+\+|cpp|gnu g\+\+|clang\+\+)/, 'cpp'],
  [/^(c#|mono|csharp|c sharp)/, 'c-sharp'],
  [/^(c|gcc|gnu c|clang)(\b|$)(?!\+)/, 'c'],
  [/^java(?!script)/, 'java'],
  [/^(python|pypy)/, 'python'],
  [/^(go|golang)\b/, 'go'],
  [/^rust/, 'rust'],
  [/^(javascript|node)/, 'javascript'],
  [/^php/, 'php'],
];
const BY_CHARS: [RegExp, string][] = [
  [/^kotlin/, 'kotlin'], [/^ruby/, 'ruby'], [/^(pascal|fpc|free pascal)/, 'pascal'], [/^(haskell|ghc)/, 'haskell'],
  [/^lua/, 'lua'], [/^(fortran|gfortran)/, 'fortran'],
];

/** The family of a Verdict language name ("C++ 17 With O2" → cpp, "PyPy3" → python, "Pascal" → pascal by characters). */
export function familyOf(languageName: string): Family {
  const l = languageName.trim().toLowerCase();
  const ts = TREE_SITTER.find(([re]) => re.test(l));
  if (ts) return { language: ts[1], dolos: ts[1], charTokens: false };
  const ch = BY_CHARS.find(([re]) => re.test(l));
  const name = ch?.[1] ?? (l.split(/\s+/)[0] || 'other').slice(0, 30);
  return { language: name, dolos: 'char', charTokens: true };
}

/** One source of a group: its submission id and code. */
export interface Source { id: number; code: string }

/** A fragment: [leftStartRow, leftEndRow, leftStartCol, leftEndCol, rightStartRow, rightEndRow, rightStartCol, rightEndCol] (0-based rows). */
export type FragmentTuple = [number, number, number, number, number, number, number, number];

/** A pair the detector found; left is the smaller submission id. */
export interface FoundPair {
  left: number;
  right: number;
  similarity: number;
  longestLines: number;
  leftCovered: number;
  rightCovered: number;
  fragments: FragmentTuple[];
}

// Runs in the worker (plain JavaScript: the thread loads no TypeScript).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
let lib = null;
parentPort.on('message', async (m) => {
  try {
    lib ??= Promise.all([import(workerData.lib), import(workerData.core)]);
    const [{ Dolos }, { File }] = await lib;
    const options = { language: m.language };
    // Boilerplate every solution shares (includes, fast IO, the main signature) says nothing about copying:
    // in a large group, fingerprints found in most files are ignored.
    if (m.files.length >= 10) options.maxFingerprintPercentage = 0.8;
    const dolos = new Dolos(options);
    const report = await dolos.analyze(m.files.map((f) => new File(String(f.id), f.code)));
    const pairs = [];
    for (const p of report.allPairs()) {
      if (!(p.similarity >= m.keepMin)) continue;
      let left = Number(p.leftFile.path), right = Number(p.rightFile.path);
      const swap = left > right;
      const fragments = [];
      let longest = 0;
      for (const f of p.buildFragments()) {
        const a = f.leftSelection, b = f.rightSelection;
        const l = [a.startRow, a.endRow, a.startCol, a.endCol], r = [b.startRow, b.endRow, b.startCol, b.endCol];
        fragments.push(swap ? [...r, ...l] : [...l, ...r]);
        longest = Math.max(longest, a.endRow - a.startRow + 1, b.endRow - b.startRow + 1);
      }
      fragments.sort((x, y) => x[0] - y[0] || x[4] - y[4]);
      pairs.push({
        left: swap ? right : left, right: swap ? left : right, similarity: p.similarity, longestLines: longest,
        leftCovered: swap ? p.rightCovered : p.leftCovered, rightCovered: swap ? p.leftCovered : p.rightCovered, fragments,
      });
    }
    parentPort.postMessage({ seq: m.seq, ok: true, pairs });
  } catch (err) {
    parentPort.postMessage({ seq: m.seq, ok: false, message: String((err && err.message) || err) });
  }
});
`;

const require = createRequire(import.meta.url);

/** Whether Dolos and its native grammars load here (false on a machine where tree-sitter did not build). */
export async function detectorAvailable(): Promise<boolean> {
  try {
    await import(pathToFileURL(require.resolve('@dodona/dolos-lib')).href);
    return true;
  } catch {
    return false;
  }
}

/**
 * One worker thread, started on first use and ended when idle; groups are analysed one at a time.
 * A group that runs longer than `timeoutMs` ends the thread (the next group starts a new one).
 */
export class Detector {
  private worker: Worker | null = null;
  private seq = 0;
  private pending = new Map<number, { resolve: (p: FoundPair[]) => void; reject: (e: Error) => void }>();

  constructor(private readonly timeoutMs = 10 * 60_000) {}

  private start(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { lib: pathToFileURL(require.resolve('@dodona/dolos-lib')).href, core: pathToFileURL(require.resolve('@dodona/dolos-core')).href },
    });
    w.on('message', (m: { seq: number; ok: boolean; pairs?: FoundPair[]; message?: string }) => {
      const p = this.pending.get(m.seq);
      if (!p) return;
      this.pending.delete(m.seq);
      if (m.ok) p.resolve(m.pairs ?? []);
      else p.reject(new Error(m.message ?? 'detector failed'));
    });
    const fail = (err: Error) => {
      if (this.worker === w) this.worker = null;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`detector thread exited (${code})`)));
    w.unref();
    this.worker = w;
    return w;
  }

  /** The pairs of one group at or above `keepMin`. */
  analyze(dolosLanguage: string, files: Source[], keepMin: number): Promise<FoundPair[]> {
    if (files.length < 2) return Promise.resolve([]);
    const w = this.start();
    const seq = ++this.seq;
    return new Promise<FoundPair[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(seq);
        reject(new Error('detector timed out'));
        void this.close();
      }, this.timeoutMs);
      timer.unref();
      this.pending.set(seq, {
        resolve: (p) => { clearTimeout(timer); resolve(p); },
        reject: (e) => { clearTimeout(timer); reject(e); },
      });
      w.postMessage({ seq, language: dolosLanguage, files, keepMin });
    });
  }

  async close() {
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }
}

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { UPLOAD_LIMITS, isPlainFileName, splitOiScores } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import { AppError, badRequest } from '../../http/errors.js';
import { now } from '../../lib/time.js';
import type { ZipFileEntry } from './zip.js';

/**
 * Test-data storage contract (the judge relies on it): a problem's files live in
 * DATA_DIR/testcase/<pid>/, named by problem_case.input / .output (plain names), and
 * problem.case_version changes whenever they change. A new set is written to a fresh folder and
 * swapped in while the rows are updated in the same transaction.
 */
export interface TestCaseData {
  input: string | Buffer;
  output: string | Buffer;
  score?: number;
  groupNum?: number;
  /** File names to keep (uploaded cases); default `<n>.in` / `<n>.out`. */
  inputName?: string;
  outputName?: string;
}

export const testcaseRoot = (ctx: AppContext) => path.join(ctx.config.dataDir, 'testcase');
export const problemTestDir = (ctx: AppContext, pid: number) => path.join(testcaseRoot(ctx), String(pid));
const stagingRoot = (ctx: AppContext) => path.join(ctx.config.dataDir, 'testcase-staging');

/** Test files are named by their rows: the shared plain-name rule, and nothing starting with a dot (our own markers). */
export const isSafeFileName = (n: string) => isPlainFileName(n) && !n.startsWith('.');
/** A file name as a message may show it: control characters escaped, length bounded. */
export const shownName = (n: string) => JSON.stringify(n).slice(1, -1).slice(0, 200);

/** Test data written to disk but not yet in use. */
export interface PreparedTestData {
  dir: string;
  version: string;
  rows: { input: string; output: string; score: number; group_num: number; seq: number }[];
}

export function prepareTestData(ctx: AppContext, cases: TestCaseData[]): PreparedTestData {
  const root = testcaseRoot(ctx);
  fs.mkdirSync(root, { recursive: true });
  const dir = fs.mkdtempSync(path.join(root, '.new-'));
  const hash = crypto.createHash('sha256');
  const rows: PreparedTestData['rows'] = [];
  const used = new Set<string>();
  cases.forEach((c, i) => {
    const n = i + 1;
    let inName = c.inputName && isSafeFileName(c.inputName) ? c.inputName : `${n}.in`;
    let outName = c.outputName && isSafeFileName(c.outputName) ? c.outputName : `${n}.out`;
    if (used.has(inName)) inName = `${n}.in`;
    if (used.has(outName) || outName === inName) outName = `${n}.out`;
    used.add(inName);
    used.add(outName);
    fs.writeFileSync(path.join(dir, inName), c.input);
    fs.writeFileSync(path.join(dir, outName), c.output);
    hash.update(`${inName}\0${outName}\0${c.score ?? 0}\0${c.groupNum ?? n}\0`);
    hash.update(crypto.createHash('sha256').update(c.input).digest());
    hash.update(crypto.createHash('sha256').update(c.output).digest());
    rows.push({ input: inName, output: outName, score: c.score ?? 0, group_num: c.groupNum ?? n, seq: n });
  });
  // Unique even when the same content is written again for another problem or after a revert.
  hash.update(crypto.randomBytes(8));
  return { dir, version: hash.digest('hex'), rows };
}

export function discardPrepared(p: PreparedTestData | null | undefined) {
  if (p) fs.rmSync(p.dir, { recursive: true, force: true });
}

/**
 * Inside a transaction: replaces the case rows and version, and swaps the folder. The returned
 * `undo` puts the old folder back (when the transaction fails); `finish` removes it.
 */
export async function applyTestData(ctx: AppContext, trx: Db, pid: number, p: PreparedTestData) {
  await trx.deleteFrom('problem_case').where('pid', '=', pid).execute();
  if (p.rows.length) {
    await trx.insertInto('problem_case').values(p.rows.map((r) => ({ ...r, pid, status: 0 }))).execute();
  }
  await trx.updateTable('problem').set({ case_version: p.version, gmt_modified: now() }).where('id', '=', pid).execute();
  const target = problemTestDir(ctx, pid);
  const old = `${target}.old-${crypto.randomBytes(4).toString('hex')}`;
  const hadOld = fs.existsSync(target);
  if (hadOld) fs.renameSync(target, old);
  fs.renameSync(p.dir, target);
  return {
    undo: () => {
      fs.rmSync(target, { recursive: true, force: true });
      if (hadOld) fs.renameSync(old, target);
    },
    finish: () => {
      if (hadOld) fs.rmSync(old, { recursive: true, force: true });
    },
  };
}

/** Writes a problem's test data and rows atomically (used by tests, seeds and imports). */
export async function writeProblemTestData(ctx: AppContext, pid: number, cases: TestCaseData[]): Promise<string> {
  const p = prepareTestData(ctx, cases);
  let swap: Awaited<ReturnType<typeof applyTestData>> | undefined;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      swap = await applyTestData(ctx, trx, pid, p);
    });
  } catch (e) {
    swap?.undo();
    discardPrepared(p);
    throw e;
  }
  swap?.finish();
  return p.version;
}

export function removeProblemTestData(ctx: AppContext, pid: number) {
  fs.rmSync(problemTestDir(ctx, pid), { recursive: true, force: true });
}

// ---------------------------------------------------------------- uploads (staging)

export interface StagedCase { input: string; output: string; score: number; groupNum?: number }
interface StagingMeta { uid?: number; createdAt?: number; bytes?: number }
const MiB = 1024 * 1024;

const naturalKey = (s: string) => s.replace(/\d+/g, (d) => d.padStart(12, '0'));

/**
 * Pairs uploaded files by name: `x.in` with `x.out` (or `x.ans`), folders flattened. Files
 * with other extensions are ignored; an input or answer without its partner is an error.
 */
export function pairTestFiles(entries: ZipFileEntry[]): { name: string; input: ZipFileEntry; output: ZipFileEntry }[] {
  const byBase = new Map<string, { in?: ZipFileEntry; out?: ZipFileEntry; ans?: ZipFileEntry }>();
  const seen = new Set<string>();
  for (const e of entries) {
    const base = e.path.split('/').pop() ?? '';
    if (!base || e.path.startsWith('__MACOSX/') || base.startsWith('.')) continue;
    const m = /^(.*)\.(in|out|ans)$/i.exec(base);
    if (!m) continue;
    if (seen.has(base)) throw new AppError(400, 'zipDuplicate', { name: base });
    seen.add(base);
    const slot = byBase.get(m[1]) ?? {};
    slot[m[2].toLowerCase() as 'in' | 'out' | 'ans'] = e;
    byBase.set(m[1], slot);
  }
  const pairs: { name: string; input: ZipFileEntry; output: ZipFileEntry }[] = [];
  const unmatched: string[] = [];
  for (const [name, s] of byBase) {
    const output = s.out ?? s.ans;
    if (s.in && output) pairs.push({ name, input: s.in, output });
    else unmatched.push(...[s.in, s.out, s.ans].filter((x): x is ZipFileEntry => !!x).map((x) => x.path.split('/').pop()!));
  }
  if (unmatched.length) throw new AppError(400, 'zipUnmatched', { names: unmatched.slice(0, 20).join(', ') + (unmatched.length > 20 ? ' …' : '') });
  if (!pairs.length) throw badRequest('zipNoPairs');
  pairs.sort((a, b) => naturalKey(a.name).localeCompare(naturalKey(b.name)));
  return pairs;
}

/** Stores paired files in a staging folder; returns its id (random, never a path). */
export function stageTestCases(ctx: AppContext, uid: number, entries: ZipFileEntry[], mode: string): { fileList: StagedCase[]; fileListDir: string } {
  const pairs = pairTestFiles(entries);
  for (const p of pairs) for (const e of [p.input, p.output]) assertUtf8(e);
  // Each user's unsaved uploads share one quota (expired ones are swept first).
  const bytes = pairs.reduce((a, p) => a + p.input.data.length + p.output.data.length, 0);
  const held = sweepStaging(ctx).get(uid) ?? 0;
  if (held + bytes > UPLOAD_LIMITS.stagingBytesPerUser) {
    throw new AppError(413, 'stagingQuotaExceeded', { mb: Math.round(UPLOAD_LIMITS.stagingBytesPerUser / MiB) });
  }
  const id = crypto.randomBytes(16).toString('hex');
  const dir = path.join(stagingRoot(ctx), id);
  fs.mkdirSync(dir, { recursive: true });
  const scores = splitOiScores(pairs.length);
  const subtask = mode.startsWith('subtask');
  const fileList: StagedCase[] = pairs.map((p, i) => {
    const inName = safeStagedName(p.input.path, `${i + 1}.in`);
    let outName = safeStagedName(p.output.path, `${i + 1}.out`);
    if (outName === inName) outName = `${i + 1}.out`;
    fs.writeFileSync(path.join(dir, inName), p.input.data);
    fs.writeFileSync(path.join(dir, outName), p.output.data);
    return { input: inName, output: outName, score: scores[i], ...(subtask ? { groupNum: i + 1 } : {}) };
  });
  fs.writeFileSync(path.join(dir, '.meta.json'), JSON.stringify({ uid, createdAt: now(), bytes, fileList }));
  return { fileList, fileListDir: id };
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Test data is compared as text: bytes that are not UTF-8 (a GBK file, a binary) are refused by name. */
export function assertUtf8(e: ZipFileEntry) {
  try {
    strictUtf8.decode(e.data);
  } catch {
    throw new AppError(400, 'zipNotUtf8', { name: e.path.split('/').pop() ?? e.path });
  }
}

/** The entry's own name (folders flattened); a name that is not plain is refused by name, never renamed silently. */
function safeStagedName(p: string, fallback: string) {
  const base = p.split('/').pop() ?? '';
  if (!isPlainFileName(base)) throw new AppError(400, 'zipUnsafePath', { name: shownName(p) });
  return isSafeFileName(base) ? base : fallback;
}

/** Reads a staged upload back; a forged or expired id is refused. */
export function readStaged(ctx: AppContext, id: string, uid?: number): { dir: string; files: Set<string> } {
  if (!/^[0-9a-f]{32}$/.test(id)) throw badRequest('uploadTestcaseExpired');
  const dir = path.join(stagingRoot(ctx), id);
  const meta = readMeta(dir);
  // Another user's upload is not theirs to use; an expired one waits for the sweep.
  if (!meta || (uid !== undefined && meta.uid !== uid) || isExpired(dir)) throw badRequest('uploadTestcaseExpired');
  return { dir, files: new Set(fs.readdirSync(dir).filter((f) => f !== '.meta.json')) };
}

export function removeStaged(ctx: AppContext, id: string) {
  if (/^[0-9a-f]{32}$/.test(id)) fs.rmSync(path.join(stagingRoot(ctx), id), { recursive: true, force: true });
}

function readMeta(dir: string): StagingMeta | null {
  try { return JSON.parse(fs.readFileSync(path.join(dir, '.meta.json'), 'utf8')) as StagingMeta; } catch { return null; }
}

function isExpired(dir: string) {
  try { return fs.statSync(dir).mtimeMs < Date.now() - UPLOAD_LIMITS.stagingTtlMs; } catch { return true; }
}

/**
 * Removes expired staged uploads (and any left half-written) and returns the bytes each user
 * still holds. Runs on every upload and on a timer (file module), so nothing outlives the TTL by much.
 */
export function sweepStaging(ctx: AppContext): Map<number, number> {
  const held = new Map<number, number>();
  const root = stagingRoot(ctx);
  let names: string[];
  try { names = fs.readdirSync(root); } catch { return held; }
  for (const n of names) {
    const dir = path.join(root, n);
    const meta = readMeta(dir);
    try {
      if (isExpired(dir) || (!meta && fs.statSync(dir).mtimeMs < Date.now() - 60_000)) {
        fs.rmSync(dir, { recursive: true, force: true });
        continue;
      }
    } catch { continue; }
    if (meta?.uid !== undefined) held.set(meta.uid, (held.get(meta.uid) ?? 0) + (meta.bytes ?? 0));
  }
  return held;
}

/**
 * The current test files of a problem, in case order. A row whose name is not plain (stored
 * before names were checked) is refused by name rather than read from outside the folder.
 */
export async function readProblemCases(ctx: AppContext, pid: number, label: string = String(pid)) {
  const rows = await ctx.db.selectFrom('problem_case').selectAll().where('pid', '=', pid).orderBy('seq').execute();
  const dir = problemTestDir(ctx, pid);
  for (const r of rows) {
    for (const name of [r.input, r.output]) {
      if (!isPlainFileName(name)) throw new AppError(400, 'problemFileNameInvalid', { problem: label, name: shownName(name) });
    }
  }
  return rows.map((r) => ({
    ...r,
    read: (which: 'input' | 'output') => {
      try { return fs.readFileSync(path.join(dir, r[which])); } catch { return Buffer.alloc(0); }
    },
  }));
}

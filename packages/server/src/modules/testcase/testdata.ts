import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { splitOiScores } from '@verdict/shared';
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

const SAFE_NAME = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,99}$/;
export const isSafeFileName = (n: string) => SAFE_NAME.test(n) && !n.includes('..');

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
const STAGING_TTL_MS = 24 * 3600_000;

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
  sweepStaging(ctx);
  const pairs = pairTestFiles(entries);
  for (const p of pairs) for (const e of [p.input, p.output]) assertUtf8(e);
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
  fs.writeFileSync(path.join(dir, '.meta.json'), JSON.stringify({ uid, createdAt: now(), fileList }));
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

function safeStagedName(p: string, fallback: string) {
  const base = p.split('/').pop() ?? '';
  return isSafeFileName(base) ? base : fallback;
}

/** Reads a staged upload back; a forged or expired id is refused. */
export function readStaged(ctx: AppContext, id: string, uid?: number): { dir: string; files: Set<string> } {
  if (!/^[0-9a-f]{32}$/.test(id)) throw badRequest('uploadTestcaseExpired');
  const dir = path.join(stagingRoot(ctx), id);
  let meta: { uid?: number };
  try { meta = JSON.parse(fs.readFileSync(path.join(dir, '.meta.json'), 'utf8')); } catch { throw badRequest('uploadTestcaseExpired'); }
  // Another user's upload is not theirs to use.
  if (uid !== undefined && meta.uid !== uid) throw badRequest('uploadTestcaseExpired');
  return { dir, files: new Set(fs.readdirSync(dir).filter((f) => f !== '.meta.json')) };
}

export function removeStaged(ctx: AppContext, id: string) {
  if (/^[0-9a-f]{32}$/.test(id)) fs.rmSync(path.join(stagingRoot(ctx), id), { recursive: true, force: true });
}

function sweepStaging(ctx: AppContext) {
  const root = stagingRoot(ctx);
  let names: string[];
  try { names = fs.readdirSync(root); } catch { return; }
  const cutoff = Date.now() - STAGING_TTL_MS;
  for (const n of names) {
    try {
      if (fs.statSync(path.join(root, n)).mtimeMs < cutoff) fs.rmSync(path.join(root, n), { recursive: true, force: true });
    } catch {}
  }
}

/** The current test files of a problem, in case order. */
export async function readProblemCases(ctx: AppContext, pid: number) {
  const rows = await ctx.db.selectFrom('problem_case').selectAll().where('pid', '=', pid).orderBy('seq').execute();
  const dir = problemTestDir(ctx, pid);
  return rows.map((r) => ({
    ...r,
    read: (which: 'input' | 'output') => {
      try { return fs.readFileSync(path.join(dir, r[which])); } catch { return Buffer.alloc(0); }
    },
  }));
}

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { detectCapabilities } from '../src/sandbox/capabilities.js';
import { runLocal, toReport, type LocalRunReport, type ProblemJson } from '../src/local/problem-dir.js';

export const caps = detectCapabilities();
/** Hostile programs run only in a box that is PID 1 of its own PID namespace. */
export const sandboxReady = caps.isolation !== 'none' && caps.ownPidNamespace;
if (!sandboxReady) console.warn(`\n!!! SANDBOX UNAVAILABLE — judge tests are SKIPPED: ${caps.problems.join('; ')}\n`);

export interface ProblemSpec extends ProblemJson {
  tests: Record<string, [input: string, output: string]>;
  checker?: string;
  interactor?: string;
  userExtra?: Record<string, string>;
  judgeExtra?: Record<string, string>;
}

const dirs: string[] = [];

/** Writes a problem directory (the `verdict-judge run` format) in a temporary folder. */
export function makeProblem(spec: ProblemSpec): string {
  const dir = mkdtempSync(join(tmpdir(), 'verdict-judge-test-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'tests'));
  const { tests, checker, interactor, userExtra, judgeExtra, ...cfg } = spec;
  writeFileSync(join(dir, 'problem.json'), JSON.stringify(cfg));
  for (const [name, [input, output]] of Object.entries(tests)) {
    writeFileSync(join(dir, 'tests', `${name}.in`), input);
    writeFileSync(join(dir, 'tests', `${name}.out`), output);
  }
  if (checker) writeFileSync(join(dir, 'checker.cpp'), checker);
  if (interactor) writeFileSync(join(dir, 'interactor.cpp'), interactor);
  for (const [folder, files] of [['user-extra', userExtra], ['judge-extra', judgeExtra]] as const) {
    if (!files) continue;
    mkdirSync(join(dir, folder));
    for (const [n, c] of Object.entries(files)) writeFileSync(join(dir, folder, n), c);
  }
  return dir;
}

export function cleanupProblems(): void {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
}

export async function judge(problemDir: string, language: string, code: string): Promise<LocalRunReport> {
  return toReport(await runLocal(problemDir, language, code));
}

export const AB = makeProblemLazy(() => makeProblem({ tests: { 1: ['1 2\n', '3\n'], 2: ['100 -7\n', '93\n'] }, timeLimit: 1000, memoryLimit: 128 }));

function makeProblemLazy(f: () => string): () => string {
  let d: string | null = null;
  return () => (d ??= f());
}

/** Host processes with this command name (attack programs name their escapees). */
export function processesNamed(comm: string): number[] {
  const found: number[] = [];
  for (const p of readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      if (readFileSync(`/proc/${p}/comm`, 'utf8').trim() === comm) found.push(Number(p));
    } catch {}
  }
  return found;
}

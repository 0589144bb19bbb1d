import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { detectCapabilities, type Capabilities } from '../src/sandbox/capabilities.js';
import type { CgroupMode } from '../src/sandbox/cgroup.js';
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

/**
 * Boxes (open them with `caps`) that starve while `hogs()` runs, whatever else the machine does: a
 * CPU parent of the normal weight beside "verdict" holds busy loops in a cgroup of the largest
 * weight and the boxes' parent at a quarter of the normal one: a box gets well under 1 % of a core,
 * yet its runner still reaches its deadlines. (Boxes under "verdict" itself would also starve for
 * as long as other test files keep the cores busy.)
 */
export function starvingBoxes(cg: CgroupMode): { caps: Capabilities; hogs(): void; stopHogs(): void; remove(): Promise<void> } {
  const v2 = cg.version === 2;
  // The parent that weighs CPU: v1's cpu hierarchy when apart from cpuacct (v2 has none apart).
  const key = cg.parents.sched ? 'sched' : 'cpu';
  const parent = join(dirname(cg.parents[key]!), `verdict-starve-${process.pid}`);
  const hogDir = join(parent, 'hogs');
  const boxes = join(parent, 'boxes');
  for (const [dir, weight] of [[parent, null], [hogDir, v2 ? '10000' : '262144'], [boxes, v2 ? '25' : '256']] as const) {
    mkdirSync(dir, { recursive: true });
    if (weight) writeFileSync(join(dir, v2 ? 'cpu.weight' : 'cpu.shares'), weight);
    if (v2 && dir !== hogDir) writeFileSync(join(dir, 'cgroup.subtree_control'), '+memory +pids +cpu');
  }
  const parents = v2 ? { memory: boxes, pids: boxes, cpu: boxes } : { ...cg.parents, [key]: boxes };
  const running: ChildProcess[] = [];
  const stopHogs = () => { for (const h of running.splice(0)) h.kill('SIGKILL'); };
  return {
    caps: { ...caps, cgroup: { version: cg.version, parents } },
    // One pinned to each CPU this process may use, so no CPU is ever free of a hog however the
    // scheduler balances: unpinned, a box beside another file's starving test sometimes ran
    // unstarved on a CPU its own hogs had left (CI; 1 run in 4 here). taskset execs the shell,
    // so killing the hog stops the loop.
    hogs() {
      for (const cpu of allowedCpus()) {
        const h = spawn('taskset', ['-c', String(cpu), '/bin/sh', '-c', 'while :; do :; done'], { stdio: 'ignore' });
        running.push(h);
        writeFileSync(join(hogDir, 'cgroup.procs'), String(h.pid));
      }
    },
    stopHogs,
    async remove() {
      stopHogs();
      for (const dir of [hogDir, boxes, parent]) {
        for (let i = 0; i < 200 && existsSync(dir); i++) {
          try { rmdirSync(dir); } catch { await new Promise((r) => setTimeout(r, 10)); }
        }
      }
    },
  };
}

/** The CPUs this process may run on ("0-1,4" in /proc/self/status). */
function allowedCpus(): number[] {
  const list = /Cpus_allowed_list:\s*(\S+)/.exec(readFileSync('/proc/self/status', 'utf8'))![1];
  return list.split(',').flatMap((part) => {
    const [a, b = a] = part.split('-').map(Number);
    return Array.from({ length: b - a + 1 }, (_, i) => a + i);
  });
}

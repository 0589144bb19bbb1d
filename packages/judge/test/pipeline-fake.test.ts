/**
 * The pipeline's logic with a fake sandbox (fake-sandbox.ts), on any machine: case modes, checker
 * verdicts, the interactive verdict order, starvation retries. The same rules run in the real
 * sandbox in judging.test.ts and verdicts.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JudgeStatus, type JudgeTask, type TaskProblem } from '@verdict/shared';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { judgeTask, type PipelineDeps } from '../src/judge/pipeline.js';
import { loadProblemDir } from '../src/local/problem-dir.js';
import { fakeSandboxes, type FakeScript } from './fake-sandbox.js';
import { cleanupProblems, makeProblem, type ProblemSpec } from './helpers.js';

// Fake checkers go to an artefact cache of their own.
const stateDir = mkdtempSync(join(tmpdir(), 'verdict-fake-judge-'));
process.env.VERDICT_JUDGE_DIR = stateDir;

const SIGPIPE = 13;
const tests: ProblemSpec['tests'] = { 1: ['1\n', '1\n'], 2: ['2\n', '2\n'], 3: ['3\n', '3\n'], 4: ['4\n', '4\n'] };
/** Echoes its input; `wrong` on the inputs listed. */
const echo = (...wrong: string[]): FakeScript => ({ stdin }) => ({ stdout: wrong.includes(stdin.trim()) ? 'x\n' : stdin });

async function judgeFake(spec: ProblemSpec, code: string, scripts: Record<string, FakeScript>, over: Partial<JudgeTask> = {}) {
  const problem: TaskProblem = loadProblemDir(makeProblem(spec));
  const dir = join(problem.problemId, 'tests');
  const sandboxes = fakeSandboxes({ [code]: scripts[code] ?? echo(), ...scripts });
  const deps: PipelineDeps = { judger: 'fake', testFile: async (n) => join(dir, n), sandboxes, available: () => true };
  const task: JudgeTask = { taskId: 1, leaseToken: 't', leaseExpiresAt: 0, kind: 'submission', language: 'C++ 17 With O2', code, problem, ...over };
  const result = await judgeTask(task, deps);
  expect(sandboxes.opened.every((b) => b.closed)).toBe(true);
  return result;
}

afterAll(() => {
  cleanupProblems();
  rmSync(stateDir, { recursive: true, force: true });
});

describe('pipeline with a fake sandbox', () => {
  it('compile error: the compiler’s words, no case run', async () => {
    const r = await judgeFake({ tests }, 'COMPILE_ERROR main.cpp:1: expected ;', {});
    expect(r).toMatchObject({ status: JudgeStatus.COMPILE_ERROR, errorMessage: 'COMPILE_ERROR main.cpp:1: expected ;', cases: [] });
  });

  describe('case modes (OI, 4 cases of 25 in groups 1,1,2,2; case 1 wrong)', () => {
    const cases = { 1: { score: 25, groupNum: 1 }, 2: { score: 25, groupNum: 1 }, 3: { score: 25, groupNum: 2 }, 4: { score: 25, groupNum: 2 } };
    const oi = (judgeCaseMode: string) => judgeFake({ tests, cases, type: 'OI', judgeCaseMode } as ProblemSpec, 'wrong-on-1', { 'wrong-on-1': echo('1') });

    it('default runs every case; ergodic_without_error stops at the failure; subtask_lowest skips the rest of the group', async () => {
      expect(await oi('default')).toMatchObject({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 75 });
      const ergodic = await oi('ergodic_without_error');
      expect(ergodic.cases.map((c) => c.status)).toEqual([JudgeStatus.WRONG_ANSWER]);
      const lowest = await oi('subtask_lowest');
      expect(lowest.cases.map((c) => c.seq)).toEqual([1, 3, 4]);
      expect(lowest.score).toBe(25); // group 2's lowest case score
    });

    it('ACM: the first failed case decides and judging stops there', async () => {
      const r = await judgeFake({ tests }, 'wrong-on-2', { 'wrong-on-2': echo('2') });
      expect(r.status).toBe(JudgeStatus.WRONG_ANSWER);
      expect(r.cases.map((c) => c.status)).toEqual([JudgeStatus.ACCEPTED, JudgeStatus.WRONG_ANSWER]);
    });
  });

  it('checker: testlib exit codes give WA with its message, partial points, and a crash is System Error', async () => {
    const checker = (name: string, outcome: ReturnType<FakeScript>) => ({ [name]: (() => outcome) as FakeScript });
    const wa = await judgeFake({ tests: { 1: tests[1] }, checker: 'wa' }, 'ab', checker('wa', { exitCode: 1, outcome: 're', stderr: 'wrong answer expected 1' }));
    expect(wa.cases[0]).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, message: 'wrong answer expected 1' });
    const half = await judgeFake({ tests: { 1: tests[1] }, checker: 'half', type: 'OI', cases: { 1: { score: 40 } } } as ProblemSpec, 'ab',
      checker('half', { exitCode: 7, outcome: 're', stderr: 'points 0.5' }));
    expect(half).toMatchObject({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 20 });
    const crash = await judgeFake({ tests: { 1: tests[1] }, checker: 'crash' }, 'ab', checker('crash', { signal: 11, exitCode: null, outcome: 're' }));
    expect(crash.status).toBe(JudgeStatus.SYSTEM_ERROR);
  });

  describe('interactive verdict order', () => {
    const interactive = (user: ReturnType<FakeScript>, interactor: ReturnType<FakeScript>) =>
      judgeFake({ tests: { 1: tests[1] }, interactor: 'interactor' }, 'user', { user: () => user, interactor: () => interactor });
    const WA = { exitCode: 1, outcome: 're', stderr: 'wrong answer round 1' } as const;

    it('a program failing after the interactor gave WA and ended (EOF: exit 1, EPIPE, SIGPIPE) keeps WA', async () => {
      for (const user of [{ exitCode: 1, outcome: 're' }, { exitCode: 2, outcome: 're' }, { signal: SIGPIPE, exitCode: null, outcome: 're' }] as const) {
        const r = await interactive(user, { ...WA, peerOutputOpen: true });
        expect(r.cases[0], JSON.stringify(user)).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, message: 'wrong answer round 1' });
      }
    });

    it('a program failing before the interactor ended is a Runtime Error; after an AC too; its limits come first', async () => {
      expect((await interactive({ exitCode: 3, outcome: 're' }, { ...WA, peerOutputOpen: false })).cases[0]).toMatchObject({ status: JudgeStatus.RUNTIME_ERROR, message: 'exit code 3' });
      expect((await interactive({ exitCode: 1, outcome: 're' }, { exitCode: 0, stderr: 'ok', peerOutputOpen: true })).status).toBe(JudgeStatus.RUNTIME_ERROR);
      expect((await interactive({ outcome: 'tle', cpuMs: 1500 }, { ...WA, peerOutputOpen: true })).status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
      // Unknown: only SIGPIPE is known to come after the interactor's end.
      expect((await interactive({ exitCode: 1, outcome: 're' }, { ...WA, peerOutputOpen: null })).status).toBe(JudgeStatus.RUNTIME_ERROR);
    });

    it('a broken interactor (FAIL, crash) is a System Error whatever the program did', async () => {
      expect((await interactive({ exitCode: 1, outcome: 're' }, { exitCode: 3, outcome: 're', stderr: 'FAIL bad input' })).status).toBe(JudgeStatus.SYSTEM_ERROR);
      expect((await interactive({}, { signal: 11, exitCode: null, outcome: 're' })).status).toBe(JudgeStatus.SYSTEM_ERROR);
    });
  });

  describe('starvation is never a verdict', () => {
    afterEach(() => { vi.useRealTimers(); });
    const starved = { outcome: 'tle', starved: true, cpuMs: 3, cpuWaitMs: 4000 } as const;

    /** Judges with the pauses between attempts skipped (fake timers run them at once). */
    async function withoutPauses<T>(run: () => Promise<T>): Promise<T> {
      vi.useFakeTimers();
      const p = run();
      for (let i = 0; i < 50; i++) await vi.advanceTimersByTimeAsync(1000);
      return p;
    }

    it('a starved case runs again and is judged; three starved runs are a System Error saying so', async () => {
      const once = await withoutPauses(() => judgeFake({ tests: { 1: tests[1] } }, 'starves-once', { 'starves-once': ({ attempt, stdin }) => (attempt === 1 ? starved : { stdout: stdin }) }));
      expect(once.cases[0]).toMatchObject({ status: JudgeStatus.ACCEPTED, message: null });
      const always = await withoutPauses(() => judgeFake({ tests: { 1: tests[1] } }, 'starves', { starves: () => starved }));
      expect(always.cases[0].status).toBe(JudgeStatus.SYSTEM_ERROR);
      expect(always.cases[0].message).toMatch(/too busy/);
    });

    it('an interactive pair whose interactor starved runs again, whatever the program’s run showed', async () => {
      const r = await withoutPauses(() => judgeFake({ tests: { 1: tests[1] }, interactor: 'slow-interactor' }, 'user', {
        user: ({ attempt }) => (attempt === 1 ? { outcome: 'tle', cpuMs: 2 } : {}),
        'slow-interactor': ({ attempt }) => (attempt === 1 ? starved : { exitCode: 0, stderr: 'ok 1 rounds' }),
      }));
      expect(r.cases[0]).toMatchObject({ status: JudgeStatus.ACCEPTED, message: 'ok 1 rounds' });
    });
  });
});

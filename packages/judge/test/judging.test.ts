/** The judging pipeline end to end in the real sandbox: compare modes, special judges, interactive, file IO, case modes. */
import { join } from 'node:path';
import { JudgeStatus, type JudgeTask } from '@verdict/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { judgeTask } from '../src/judge/pipeline.js';
import { JudgeSession, STARVED_PAUSES_MS } from '../src/judge/session.js';
import { findLanguage } from '../src/languages/registry.js';
import { boxes } from '../src/sandbox/box.js';
import { loadProblemDir } from '../src/local/problem-dir.js';
import { caps, cleanupProblems, judge, makeProblem, sandboxReady, starvingBoxes } from './helpers.js';

const CPP = 'C++ 17 With O2';
const AB_CPP = '#include <cstdio>\nint main(){ long long a,b; scanf("%lld %lld",&a,&b); printf("%lld\\n",a+b); }';
/** Correct except when a == 2. */
const AB_WRONG_ON_2 = '#include <cstdio>\nint main(){ long long a,b; scanf("%lld %lld",&a,&b); printf("%lld\\n", a==2 ? -1 : a+b); }';

/** A checker written against the testlib protocol without testlib.h: argv input, output, answer; exit code + stderr. */
const TESTLIB_CHECKER = `#include <cstdio>
#include <cstring>
int main(int argc, char** argv) {
  FILE* out = fopen(argv[2], "r"); FILE* ans = fopen(argv[3], "r");
  char u[64] = {0}; long long want;
  if (fscanf(ans, "%lld", &want) != 1) { fprintf(stderr, "FAIL bad answer file"); return 3; }
  if (fscanf(out, "%63s", u) != 1) { fprintf(stderr, "wrong output format empty output"); return 2; }
  if (strcmp(u, "half") == 0) { fprintf(stderr, "points 0.5"); return 7; }
  long long got; if (sscanf(u, "%lld", &got) != 1) { fprintf(stderr, "wrong output format not a number"); return 2; }
  if (got != want) { fprintf(stderr, "wrong answer expected %lld, found %lld", want, got); return 1; }
  fprintf(stderr, "ok %lld", got); return 0;
}`;
/** HOJ's legacy protocol: 100 AC, 102 WA, 99 partial with a percentage on stdout. */
const LEGACY_CHECKER = `#include <cstdio>
#include "verdict_extra.h"
int main(int argc, char** argv) {
  FILE* out = fopen(argv[2], "r"); FILE* ans = fopen(argv[3], "r");
  long long got, want; fscanf(ans, "%lld", &want);
  if (fscanf(out, "%lld", &got) != 1) return 102;
  if (got == want) return LEGACY_AC;
  if (got == -want) { printf("40\\n"); return 99; }
  return 102;
}`;
const INTERACTOR = `#include <cstdio>
int main(int argc, char** argv) {
  FILE* in = fopen(argv[1], "r"); int rounds; fscanf(in, "%d", &rounds);
  printf("%d\\n", rounds); fflush(stdout);
  for (int i = 1; i <= rounds; i++) {
    printf("%d %d\\n", i, i * 10); fflush(stdout);
    long long got; if (scanf("%lld", &got) != 1) { fprintf(stderr, "wrong answer no reply in round %d", i); return 1; }
    if (got != i + i * 10) { fprintf(stderr, "wrong answer round %d", i); return 1; }
  }
  fprintf(stderr, "ok %d rounds", rounds); return 0;
}`;
const INTERACTIVE_USER = (delta: number) => `#include <cstdio>
int main(){ int r; scanf("%d",&r); for(int i=0;i<r;i++){ long long a,b; scanf("%lld %lld",&a,&b); printf("%lld\\n",a+b+${delta}); fflush(stdout);} }`;

describe.skipIf(!sandboxReady)('judging pipeline', () => {
  afterAll(cleanupProblems);

  it('PE for layout differences, AC with remove-end-blank', async () => {
    const tests = { 1: ['1 2\n', '3\n'] } as Record<string, [string, string]>;
    const spaces = '#include <cstdio>\nint main(){ int a,b; scanf("%d %d",&a,&b); printf("%d  \\n\\n",a+b); }';
    expect((await judge(makeProblem({ tests }), CPP, spaces)).status).toBe('PE');
    expect((await judge(makeProblem({ tests, isRemoveEndBlank: true }), CPP, spaces)).status).toBe('AC');
  });

  it('testlib-protocol checker: AC, WA with its message, PE, partial points in OI', async () => {
    const p = makeProblem({ tests: { 1: ['1 2\n', '3\n'] }, checker: TESTLIB_CHECKER, type: 'OI', cases: { 1: { score: 30 } } });
    const ac = await judge(p, CPP, AB_CPP);
    expect(ac).toMatchObject({ status: 'AC', score: 30 });
    expect(ac.cases[0].message).toBe('ok 3');
    const wa = await judge(p, CPP, '#include <cstdio>\nint main(){ puts("4"); }');
    expect(wa.status).toBe('WA');
    expect(wa.cases[0].message).toBe('wrong answer expected 3, found 4');
    expect((await judge(p, CPP, '#include <cstdio>\nint main(){ puts("x"); }')).status).toBe('PE');
    const half = await judge(p, CPP, '#include <cstdio>\nint main(){ puts("half"); }');
    expect(half).toMatchObject({ status: 'PA', score: 15 });
  });

  it('legacy HOJ checker codes, with a judge extra file beside the checker', async () => {
    const p = makeProblem({
      tests: { 1: ['1 2\n', '3\n'] }, checker: LEGACY_CHECKER, type: 'OI', cases: { 1: { score: 50 } },
      judgeExtra: { 'verdict_extra.h': '#define LEGACY_AC 100\n' },
    });
    expect(await judge(p, CPP, AB_CPP)).toMatchObject({ status: 'AC', score: 50 });
    expect(await judge(p, CPP, '#include <cstdio>\nint main(){ puts("-3"); }')).toMatchObject({ status: 'PA', score: 20 });
    expect(await judge(p, CPP, '#include <cstdio>\nint main(){ puts("7"); }')).toMatchObject({ status: 'WA', score: 0 });
  });

  it('a checker that does not compile is a System Error with the compiler message', async () => {
    const p = makeProblem({ tests: { 1: ['1 2\n', '3\n'] }, checker: 'int main( { broken' });
    const r = await judge(p, CPP, AB_CPP);
    expect(r.status).toBe('SE');
    expect(r.errorMessage).toMatch(/Checker compile error/);
  });

  it('built-in float checker', async () => {
    const p = makeProblem({ tests: { 1: ['1 3\n', '0.333333333\n'] }, judgeMode: 'spj', spjLanguage: 'Builtin', builtinChecker: 'float:1e-6' });
    const div = '#include <cstdio>\nint main(){ double a,b; scanf("%lf %lf",&a,&b); printf("%.7f\\n",a/b); }';
    expect((await judge(p, CPP, div)).status).toBe('AC');
  });

  it('interactive: the interactor decides; a user who stops answering is judged by the user limits', async () => {
    const p = makeProblem({ tests: { 1: ['3\n', '\n'], 2: ['5\n', '\n'] }, interactor: INTERACTOR, timeLimit: 1000 });
    const ac = await judge(p, CPP, INTERACTIVE_USER(0));
    expect(ac.status, JSON.stringify(ac)).toBe('AC');
    expect(ac.cases[1].message).toBe('ok 5 rounds');
    const wa = await judge(p, CPP, INTERACTIVE_USER(1));
    expect(wa.status).toBe('WA');
    expect(wa.cases[0].message).toBe('wrong answer round 1');
    const tle = await judge(p, CPP, '#include <unistd.h>\nint main(){ for(;;); }');
    expect(tle.status, JSON.stringify(tle)).toBe('TLE');
    const quits = await judge(p, CPP, 'int main(){ return 0; }');
    expect(quits.status).toBe('WA');
  });

  it('file IO: reads and writes the named files; stdout alone is not an answer', async () => {
    const p = makeProblem({ tests: { 1: ['4 5\n', '9\n'] }, ioReadFileName: 'sum.in', ioWriteFileName: 'sum.out' });
    const files = '#include <cstdio>\nint main(){ freopen("sum.in","r",stdin); freopen("sum.out","w",stdout); int a,b; scanf("%d %d",&a,&b); printf("%d\\n",a+b); }';
    expect((await judge(p, CPP, files)).status).toBe('AC');
    const r = await judge(p, CPP, AB_CPP);
    expect(r.status).toBe('WA');
    expect(r.cases[0].message).toMatch(/sum.out not found/);
  });

  it('user extra files sit beside the program', async () => {
    const p = makeProblem({ tests: { 1: ['1 2\n', '3\n'] }, userExtra: { 'add.h': 'long long add(long long a, long long b) { return a + b; }\n' } });
    const code = '#include <cstdio>\n#include "add.h"\nint main(){ long long a,b; scanf("%lld %lld",&a,&b); printf("%lld\\n", add(a,b)); }';
    expect((await judge(p, CPP, code)).status).toBe('AC');
  });

  describe('case modes (OI, 4 cases of 25, groups 1,1,2,2; the program fails case 1)', () => {
    const tests: Record<string, [string, string]> = { 1: ['2 2\n', '4\n'], 2: ['1 1\n', '2\n'], 3: ['3 3\n', '6\n'], 4: ['4 4\n', '8\n'] };
    const cases = { 1: { score: 25, groupNum: 1 }, 2: { score: 25, groupNum: 1 }, 3: { score: 25, groupNum: 2 }, 4: { score: 25, groupNum: 2 } };
    const run = (judgeCaseMode: 'default' | 'ergodic_without_error' | 'subtask_lowest' | 'subtask_average') =>
      judge(makeProblem({ tests, cases, type: 'OI', judgeCaseMode }), CPP, AB_WRONG_ON_2);

    it('default: every case runs, score is the sum', async () => {
      const r = await run('default');
      expect(r).toMatchObject({ status: 'PA', score: 75 });
      expect(r.cases.map((c) => c.status)).toEqual(['WA', 'AC', 'AC', 'AC']);
    });
    it('ergodic_without_error: stops at the first failure', async () => {
      const r = await run('ergodic_without_error');
      expect(r).toMatchObject({ status: 'WA', score: 0 });
      expect(r.cases).toHaveLength(1);
    });
    it('subtask_lowest: the rest of a failed group is skipped, group score is its minimum', async () => {
      const r = await run('subtask_lowest');
      expect(r).toMatchObject({ status: 'PA', score: 25 });
      expect(r.cases.map((c) => c.name)).toEqual(['1', '3', '4']);
    });
    it('subtask_average: group score is the floor of the average', async () => {
      const r = await run('subtask_average');
      expect(r).toMatchObject({ status: 'PA', score: 12 + 25 });
    });
    it('ACM: the first failed case decides, and judging stops there', async () => {
      const r = await judge(makeProblem({ tests, cases }), CPP, AB_WRONG_ON_2);
      expect(r).toMatchObject({ status: 'WA', score: null });
      // Default case mode in ACM: the result is decided there, so the rest is not run.
      expect(r.cases.map((c) => c.status)).toEqual(['WA']);
    });
  });

  describe('tasks other than submissions', () => {
    const problem = () => loadProblemDir(makeProblem({ tests: { 1: ['1 2\n', '3\n'] } }));
    const task = (over: Partial<JudgeTask>): JudgeTask => ({ taskId: 1, leaseToken: 't', leaseExpiresAt: 0, kind: 'submission', language: CPP, code: AB_CPP, problem: problem(), ...over });
    const deps = { judger: 'test', testFile: async (n: string) => n };

    it('test run: custom input, with and without an expected output', async () => {
      const free = await judgeTask(task({ kind: 'test', testInput: '5 6\n', expectedOutput: null }), deps);
      expect(free.status).toBe(JudgeStatus.ACCEPTED);
      expect(free.testRun?.userOutput).toBe('11\n');
      const wrong = await judgeTask(task({ kind: 'test', testInput: '5 6\n', expectedOutput: '12\n' }), deps);
      expect(wrong.status).toBe(JudgeStatus.WRONG_ANSWER);
      expect(wrong.testRun?.expectedOutput).toBe('12\n');
    });

    it('compile task: the admin’s checker compile button', async () => {
      const ok = await judgeTask(task({ kind: 'compile', code: TESTLIB_CHECKER }), deps);
      expect(ok.compile).toEqual({ ok: true, message: '' });
      const bad = await judgeTask(task({ kind: 'compile', code: 'int main( {' }), deps);
      expect(bad.compile?.ok).toBe(false);
      expect(bad.compile?.message).toMatch(/error/);
    });

    it('bad input: unknown language, problem without test data', async () => {
      const unknown = await judgeTask(task({ language: 'Brainfuck' }), deps);
      expect(unknown).toMatchObject({ status: JudgeStatus.SYSTEM_ERROR });
      expect(unknown.errorMessage).toMatch(/Brainfuck/);
      const empty = await judgeTask(task({ problem: { ...problem(), cases: [] } }), deps);
      expect(empty).toMatchObject({ status: JudgeStatus.SYSTEM_ERROR, errorMessage: 'The problem has no test data' });
    });
  });

  it('a case that starved for a CPU is run again once the machine has room, not judged TLE', async () => {
    if (!caps.cgroup) return;
    const dir = makeProblem({ tests: { 1: ['1 2\n', '3\n'] }, timeLimit: 100 });
    const starve = starvingBoxes(caps.cgroup);
    let session: JudgeSession | undefined;
    let stop: NodeJS.Timeout | undefined;
    try {
      session = await JudgeSession.open(findLanguage(CPP)!, loadProblemDir(dir), boxes(starve.caps));
      // 70 ms of its own CPU time (clock() counts the process's CPU), within the 100 ms limit.
      const burn = '#include <cstdio>\n#include <ctime>\nint main(){ while (clock() < CLOCKS_PER_SEC / 1000 * 70); long long a,b; scanf("%lld %lld",&a,&b); printf("%lld\\n",a+b); }';
      expect((await session.compileUser(burn)).ok).toBe(true);
      starve.hogs();
      // The first run starves until its wall limit (1.3 s) and 4x that in waits are spent; the
      // machine is free again during the pause before the second.
      const wall = session.limits.wallMs * 5;
      stop = setTimeout(starve.stopHogs, wall + STARVED_PAUSES_MS[0] / 2);
      const started = Date.now();
      const run = await session.runCase({ inputPath: join(dir, 'tests', '1.in'), answerPath: join(dir, 'tests', '1.out') });
      expect(run).toMatchObject({ status: JudgeStatus.ACCEPTED, message: null });
      expect(run.timeMs).toBeLessThanOrEqual(100);
      expect(run).not.toHaveProperty('starved');
      expect(Date.now() - started).toBeGreaterThan(wall + STARVED_PAUSES_MS[0]);
    } finally {
      clearTimeout(stop);
      await session?.close();
      await starve.remove();
    }
  });

  it('an interactive pair starved of CPU is not a deadlock: no "both waited" TLE, the case is run again and judged', async () => {
    if (!caps.cgroup) return;
    const dir = makeProblem({ tests: { 1: ['3\n', '\n'] }, interactor: INTERACTOR, timeLimit: 100 });
    const starve = starvingBoxes(caps.cgroup);
    let session: JudgeSession | undefined;
    let stop: NodeJS.Timeout | undefined;
    try {
      session = await JudgeSession.open(findLanguage(CPP)!, loadProblemDir(dir), boxes(starve.caps));
      expect((await session.compileUser(INTERACTIVE_USER(0))).ok).toBe(true);
      expect((await session.prepareChecker()).ok).toBe(true);
      starve.hogs();
      // Neither side gets CPU for far longer than the 100 ms limit; the machine is free again
      // before a second run would start (if the first starved to its end).
      stop = setTimeout(starve.stopHogs, session.limits.wallMs * 5 + STARVED_PAUSES_MS[0] / 2);
      const run = await session.runCase({ inputPath: join(dir, 'tests', '1.in'), answerPath: join(dir, 'tests', '1.out') });
      expect(run).toMatchObject({ status: JudgeStatus.ACCEPTED, message: 'ok 3 rounds' });
    } finally {
      clearTimeout(stop);
      await session?.close();
      await starve.remove();
    }
  });
});

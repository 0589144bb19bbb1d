/**
 * Issue 11: verdicts the judge used to get wrong (user-caused System Errors, interactive
 * precedence, runtime out-of-memory far below the limit, deadlocked interactions), checkers
 * compiled once, and the CLI's JSON on a pipe. All in the real sandbox with real compilers.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JudgeTask } from '@verdict/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { artefactCache } from '../src/judge/artefact-cache.js';
import { judgeTask } from '../src/judge/pipeline.js';
import { loadProblemDir } from '../src/local/problem-dir.js';
import { cleanupProblems, judge, makeProblem, sandboxReady } from './helpers.js';

const CPP = 'C++ 17 With O2';
const AB_CPP = '#include <cstdio>\nint main(){ long long a,b; scanf("%lld %lld",&a,&b); printf("%lld\\n",a+b); }';
const AB = () => makeProblem({ tests: { 1: ['1 2\n', '3\n'] }, timeLimit: 1000, memoryLimit: 128 });

/** Sends the round count, then "i i*10" per round and expects the sum back; ignores SIGPIPE so it always reports. */
const INTERACTOR = `#include <cstdio>
#include <csignal>
int main(int argc, char** argv) {
  signal(SIGPIPE, SIG_IGN);
  FILE* in = fopen(argv[1], "r"); int rounds; fscanf(in, "%d", &rounds);
  printf("%d\\n", rounds); fflush(stdout);
  for (int i = 1; i <= rounds; i++) {
    printf("%d %d\\n", i, i * 10); fflush(stdout);
    long long got; if (scanf("%lld", &got) != 1) { fprintf(stderr, "wrong output format no reply in round %d", i); return 2; }
    if (got != i + i * 10) { fprintf(stderr, "wrong answer round %d", i); return 1; }
  }
  fprintf(stderr, "ok %d rounds", rounds); return 0;
}`;
const interactive = (extra: object = {}) =>
  makeProblem({ tests: { 1: ['2\n', '\n'], 2: ['3\n', '\n'], 3: ['4\n', '\n'] }, interactor: INTERACTOR, timeLimit: 1000, memoryLimit: 64, ...extra });

describe.skipIf(!sandboxReady)('verdicts the user causes are never System Error', () => {
  afterAll(cleanupProblems);

  it('Go: a package that is not main compiles to no program: Compile Error with the reason', async () => {
    const r = await judge(AB(), 'Golang', 'package notmain\n\nfunc F() int { return 1 }\n');
    expect(r.status, JSON.stringify(r)).toBe('CE');
    expect(r.errorMessage).toMatch(/not an executable program.*package main/);
  });

  it('Java: the class with main not named Main: Compile Error with the reason', async () => {
    const r = await judge(AB(), 'Java', 'class Solution { public static void main(String[] a) { System.out.println(3); } }');
    expect(r.status, JSON.stringify(r)).toBe('CE');
    expect(r.errorMessage).toMatch(/no Main\.class.*named Main/);
  });

  it('C#: OutOfMemoryException far below the limit is a Runtime Error with the message, not MLE', async () => {
    const code = 'public class P { public static void Main() { throw new System.OutOfMemoryException("capacity of a list"); } }';
    const r = await judge(AB(), 'C#', code);
    expect(r.status, JSON.stringify(r)).toBe('RE');
    expect(r.cases[0].message).toMatch(/out-of-memory error at \d+ MB of the 256 MB limit/);
    expect(r.cases[0].message).toMatch(/OutOfMemoryException: capacity of a list/);
  });
});

describe.skipIf(!sandboxReady)('interactive problems', () => {
  afterAll(cleanupProblems);

  it('the program’s Runtime Error comes before the interactor’s answer', async () => {
    const r = await judge(interactive(), CPP, '#include <cstdio>\nint main(){ int r; scanf("%d",&r); return 3; }');
    expect(r.status, JSON.stringify(r)).toBe('RE');
    expect(r.cases[0].message).toMatch(/exit code 3/);
  });

  it('a program failing only because the interactor gave its verdict and ended (EOF, EPIPE, EOFError) keeps that verdict', async () => {
    // Each answers round 1 wrong: the interactor says WA and ends; then the program reads or writes again.
    const eof = '#include <cstdio>\nint main(){ int n,a,b; scanf("%d %d %d",&n,&a,&b); printf("0\\n"); fflush(stdout); if (scanf("%d %d",&a,&b) != 2) return 1; }';
    const epipe = '#include <cstdio>\n#include <csignal>\nint main(){ signal(SIGPIPE, SIG_IGN); int n,a,b; scanf("%d %d %d",&n,&a,&b); for (;;) if (printf("0\\n") < 0 || fflush(stdout) != 0) return 2; }';
    const python = 'n = int(input())\na, b = map(int, input().split())\nprint(0, flush=True)\ninput()\n';
    for (const [lang, code] of [[CPP, eof], [CPP, epipe], ['Python3', python]]) {
      const r = await judge(interactive(), lang, code);
      expect(r.status, JSON.stringify(r)).toBe('WA');
      expect(r.cases[0].message).toMatch(/wrong answer round 1/);
    }
  });

  it('Java OutOfMemoryError on an interactive problem is MLE (as on an ordinary one), not the interactor’s verdict', async () => {
    const code = `import java.util.*;
public class Main { public static void main(String[] a) { Scanner s = new Scanner(System.in); int r = s.nextInt();
  List<long[]> l = new ArrayList<>(); while (true) l.add(new long[1 << 20]); } }`;
    const r = await judge(interactive(), 'Java', code);
    expect(r.status, JSON.stringify(r)).toBe('MLE');
  });

  it('both sides waiting for each other: TLE at once with the reason; ACM default stops at that first failed case', async () => {
    // The program waits for a line the interactor never sends (it waits for the program first).
    const waiting = makeProblem({
      tests: { 1: ['1\n', '\n'], 2: ['1\n', '\n'], 3: ['1\n', '\n'] }, timeLimit: 1000,
      interactor: '#include <cstdio>\nint main(){ long long x; if (scanf("%lld",&x) != 1) return 2; return 0; }',
    });
    const r = await judge(waiting, CPP, '#include <cstdio>\nint main(){ long long x; scanf("%lld",&x); printf("%lld\\n", x); }');
    expect(r.status, JSON.stringify(r)).toBe('TLE');
    expect(r.cases).toHaveLength(1);
    expect(r.cases[0].message).toMatch(/both waited for each other/);
  });

  it('bad input: a program that closes stdout at once, an interactor that exits early or writes garbage', async () => {
    const closes = await judge(interactive(), CPP, '#include <cstdio>\nint main(){ fclose(stdout); int x; while (scanf("%d",&x) == 1) {} }');
    expect(closes.status, JSON.stringify(closes)).toBe('PE');
    expect(closes.cases[0].message).toMatch(/no reply in round 1/);
    const early = makeProblem({ tests: { 1: ['1\n', '\n'] }, interactor: 'int main(){ return 0; }' });
    const quiet = await judge(early, CPP, '#include <cstdio>\nint main(){ int x; if (scanf("%d",&x) != 1) return 0; }');
    expect(quiet.status, JSON.stringify(quiet)).toBe('AC');
    const garbage = makeProblem({ tests: { 1: ['1\n', '\n'] }, interactor: '#include <cstdio>\nint main(){ puts("zz"); fflush(stdout); return 7; }' });
    const g = await judge(garbage, CPP, AB_CPP);
    expect(g.status, JSON.stringify(g)).toBe('SE');
    expect(g.errorMessage ?? g.cases[0].message).toMatch(/interactor/);
  });
});

describe.skipIf(!sandboxReady)('checkers and interactors compiled once', () => {
  afterAll(cleanupProblems);
  const checker = (nonce: string) => `// ${nonce}
#include <cstdio>
int main(int argc, char** argv) {
  FILE* out = fopen(argv[2], "r"); FILE* ans = fopen(argv[3], "r"); long long a, b;
  if (fscanf(out, "%lld", &a) != 1) { fprintf(stderr, "wrong output format empty"); return 2; }
  fscanf(ans, "%lld", &b);
  if (a != b) { fprintf(stderr, "wrong answer %lld", a); return 1; }
  fprintf(stderr, "ok %lld", a); return 0;
}`;

  it('second submission reuses the compiled checker; concurrent slots compile it once; a new extra file recompiles', async () => {
    const cache = artefactCache();
    const p = makeProblem({ tests: { 1: ['1 2\n', '3\n'] }, checker: checker(randomBytes(8).toString('hex')) });
    const m0 = cache.misses;
    const [a, b] = await Promise.all([judge(p, CPP, AB_CPP), judge(p, CPP, '#include <cstdio>\nint main(){ puts("4"); }')]);
    expect(a.status).toBe('AC');
    expect(b).toMatchObject({ status: 'WA', cases: [{ message: 'wrong answer 4' }] });
    expect(cache.misses - m0).toBe(1);
    const h0 = cache.hits;
    expect((await judge(p, CPP, AB_CPP)).cases[0].message).toBe('ok 3');
    expect(cache.hits - h0).toBe(1);
    expect(cache.misses - m0).toBe(1);
    // Changed problem data (here a judge extra file such as testlib.h) is a new key.
    const p2 = makeProblem({ tests: { 1: ['1 2\n', '3\n'] }, checker: checker(randomBytes(8).toString('hex')), judgeExtra: { 'lib.h': '// v1\n' } });
    await judge(p2, CPP, AB_CPP);
    const p3 = makeProblem({ tests: { 1: ['1 2\n', '3\n'] }, checker: loadProblemDir(p2).spjCode!, judgeExtra: { 'lib.h': '// v2\n' } });
    const m1 = cache.misses;
    expect((await judge(p3, CPP, AB_CPP)).status).toBe('AC');
    expect(cache.misses - m1).toBe(1);
  });

  it('the admin’s compile check fills the same cache the submissions use', async () => {
    const cache = artefactCache();
    const code = checker(randomBytes(8).toString('hex'));
    const problem = loadProblemDir(makeProblem({ tests: { 1: ['1 2\n', '3\n'] }, checker: code }));
    const task: JudgeTask = { taskId: 1, leaseToken: 't', leaseExpiresAt: 0, kind: 'compile', language: CPP, code, problem };
    const m0 = cache.misses;
    expect((await judgeTask(task, { judger: 't', testFile: async (n) => n })).compile).toEqual({ ok: true, message: '' });
    const dir = makeProblem({ tests: { 1: ['1 2\n', '3\n'] }, checker: code });
    expect((await judge(dir, CPP, AB_CPP)).status).toBe('AC');
    expect(cache.misses - m0).toBe(1);
  });

  it('a checker that does not compile: System Error with the compiler’s words, every time', async () => {
    const p = makeProblem({ tests: { 1: ['1 2\n', '3\n'] }, checker: 'int main( { broken' });
    for (let i = 0; i < 2; i++) {
      const r = await judge(p, CPP, AB_CPP);
      expect(r.status).toBe('SE');
      expect(r.errorMessage).toMatch(/Checker compile error.*error/s);
    }
  });
});

describe.skipIf(!sandboxReady)('verdict-judge run on a pipe', () => {
  afterAll(cleanupProblems);

  it('prints the whole JSON of a 65 KiB compile error although the reader is slow', () => {
    const p = AB();
    const src = join(p, 'long.cpp');
    writeFileSync(src, `int main(){ ${'x'.repeat(70_000)}(); }`);
    const cli = ['--import', 'tsx', join(__dirname, '..', 'src', 'cli.ts')].join(' ');
    // The reader starts late: the judge must wait for the pipe instead of exiting with its output cut at 64 KiB.
    const r = spawnSync('sh', ['-c', `node ${cli} run --problem ${p} --language 'C++ 17' --source ${src} | (sleep 2; cat)`], { encoding: 'utf8', maxBuffer: 1 << 24 });
    expect(r.stdout.length).toBeGreaterThan(65_536);
    const report = JSON.parse(r.stdout);
    expect(report.status).toBe('CE');
    expect(report.errorMessage).toMatch(/xxxxxxxx/);
  });
});

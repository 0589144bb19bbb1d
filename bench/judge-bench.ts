/**
 * Judge benchmarks (issues 3, 11 and 27). Prints five tables:
 *  1. per-run overhead: the same tiny binary run directly vs in a reused box vs a fresh box per run;
 *  2. throughput: a bits/stdc++.h A+B C++ submission with 10 cases through the judge, without and with
 *     the precompiled header, vs a plain g++ compile and a plain compile-and-run loop;
 *  3. CPU time of a fixed amount of work over 20 sandboxed runs, on a quiet machine and while another
 *     box (the other judge slot) runs a memory-bandwidth-heavy program: mean, CV, ratio to quiet;
 *  4. judge throughput of a plain, a testlib-checker and an interactive problem, with the checker /
 *     interactor compiled for every submission (cache emptied) and taken from the artefact cache;
 *  5. compile CPU of an A+B in every installed language of the registry, before (plain) and after
 *     (precompiled headers, javac's class archive) — C++ compiles the bits/stdc++.h A+B, the others their template.
 * Run: npm run build && npx tsx bench/judge-bench.ts   (as root, on a machine with bubblewrap)
 * JUDGE_BENCH_TABLES=2,5 runs only those tables; JUDGE_BENCH_QUICK=1 takes fewer samples (a shared machine).
 * testlib.h is not bundled: TESTLIB_H=/path/to/testlib.h makes table 4 use it (as real problems do);
 * without it the checker and interactor include <bits/stdc++.h>, a comparable compile.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { artefactCache, Box, compileInBox, detectCapabilities, isAvailable, LANGUAGE_DEFS, precompiled, runLocal } from '@verdict/judge';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const table = (title: string, rows: (string | number)[][]) => {
  console.log(`\n${title}`);
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  for (const [k, r] of rows.entries()) {
    console.log(`| ${r.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`);
    if (k === 0) console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  }
};

const caps = detectCapabilities();
console.log(`isolation: ${caps.isolation} (cgroup v${caps.cgroup?.version ?? '-'}, seccomp ${caps.seccomp})`);
if (caps.isolation === 'none') throw new Error(caps.problems.join('; '));
const work = mkdtempSync(join(tmpdir(), 'verdict-bench-'));
const cfile = join(work, 'noop.c');
writeFileSync(cfile, 'int main(void){ return 0; }');
execFileSync('gcc', ['-O2', '-o', join(work, 'noop'), cfile]);


const QUICK = process.env.JUDGE_BENCH_QUICK === '1';
const limits = { cpuMs: 1000, wallMs: 3000, memoryBytes: 64 << 20, outputBytes: 1 << 20, pids: 16 };

// 1. per-run overhead
async function perRun() {
  const N = 200;
  const direct: number[] = [];
  for (let i = 0; i < N; i++) {
    const t = process.hrtime.bigint();
    spawnSync(join(work, 'noop'));
    direct.push(ms(t));
  }
  const box = await Box.open({});
  copyFileSync(join(work, 'noop'), box.hostPath('noop'));
  const reused: number[] = [];
  for (let i = 0; i < N; i++) {
    const t = process.hrtime.bigint();
    await box.run({ ...limits, argv: ['/w/noop'] });
    reused.push(ms(t));
  }
  await box.close();
  const fresh: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t = process.hrtime.bigint();
    const b = await Box.open({});
    copyFileSync(join(work, 'noop'), b.hostPath('noop'));
    await b.run({ ...limits, argv: ['/w/noop'] });
    await b.close();
    fresh.push(ms(t));
  }
  table('1. per-run cost of a no-op binary (median ms)', [
    ['mode', 'runs', 'median ms', 'overhead vs direct ms'],
    ['direct exec (spawnSync)', N, median(direct).toFixed(2), '0'],
    ['sandbox, box reused (per case)', N, median(reused).toFixed(2), (median(reused) - median(direct)).toFixed(2)],
    ['sandbox, fresh box per run', fresh.length, median(fresh).toFixed(2), (median(fresh) - median(direct)).toFixed(2)],
  ]);

}

// 2. throughput
const prob = join(work, 'ab');
mkdirSync(join(prob, 'tests'), { recursive: true });
for (let i = 1; i <= 10; i++) {
  writeFileSync(join(prob, 'tests', `${i}.in`), `${i} ${i * 7}\n`);
  writeFileSync(join(prob, 'tests', `${i}.out`), `${i * 8}\n`);
}
const AB = '#include <iostream>\nint main(){ long long a,b; std::cin>>a>>b; std::cout<<a+b<<std::endl; }';
/** What most contest submissions look like: the catch-all header. */
const AB_BITS = '#include <bits/stdc++.h>\nusing namespace std;\nint main(){ long long a,b; cin>>a>>b; cout<<a+b<<endl; }';
const SUBMISSIONS = QUICK ? 3 : 5;
const CPP = LANGUAGE_DEFS.find((l) => l.name === 'C++ 17 With O2')!;

async function throughput() {
  writeFileSync(join(work, 'ab.cpp'), AB_BITS);
  const gxx = () => execFileSync('g++', [...CPP.pch!.flags, join(work, 'ab.cpp'), '-lm', '-o', join(work, 'ab-plain')]);
  let t = process.hrtime.bigint();
  for (let s = 0; s < SUBMISSIONS; s++) gxx();
  const compileMs = ms(t) / SUBMISSIONS;
  t = process.hrtime.bigint();
  for (let s = 0; s < SUBMISSIONS; s++) {
    gxx();
    for (let i = 1; i <= 10; i++) {
      const out = spawnSync(join(work, 'ab-plain'), { input: readFileSync(join(prob, 'tests', `${i}.in`)) }).stdout.toString();
      if (out !== readFileSync(join(prob, 'tests', `${i}.out`), 'utf8')) throw new Error('plain loop: wrong answer');
    }
  }
  const loopMs = ms(t) / SUBMISSIONS;
  const judged = async (pch: boolean) => {
    precompiled().enabled = pch;
    if (pch && !(await precompiled().prepare(CPP))) throw new Error('no precompiled header for C++ 17 With O2');
    const t0 = process.hrtime.bigint();
    for (let s = 0; s < SUBMISSIONS; s++) {
      const r = await runLocal(prob, CPP.name, AB_BITS);
      if (r.status !== 0) throw new Error(`judge: status ${r.status}`);
    }
    return ms(t0) / SUBMISSIONS;
  };
  const before = await judged(false);
  const after = await judged(true);
  table('2. bits/stdc++.h A+B in C++ 17 With O2, 10 cases, per submission (targets: judge after <= 0.5x a plain g++ compile; after >= 2x before)', [
    ['mode', 'submissions', 'ms / submission', 'vs plain g++ compile', 'throughput vs before'],
    ['plain g++ compile only', SUBMISSIONS, compileMs.toFixed(1), '1.00', '-'],
    ['plain compile-and-run loop', SUBMISSIONS, loopMs.toFixed(1), (loopMs / compileMs).toFixed(2), '-'],
    ['judge, plain compile (before)', SUBMISSIONS, before.toFixed(1), (before / compileMs).toFixed(2), '1.00'],
    ['judge, precompiled header (after)', SUBMISSIONS, after.toFixed(1), (after / compileMs).toFixed(2), (before / after).toFixed(2)],
  ]);
}

// 3. CPU time of fixed work, quiet and beside a memory-bandwidth-heavy neighbour
async function noisyNeighbour() {
  // Fixed work (not a loop that stops itself at 1 s): arithmetic plus a walk over an 8 MiB table.
  writeFileSync(join(work, 'work.c'), `#include <stdlib.h>
  int main(void){ unsigned n = 1u << 21; unsigned *t = malloc(n * sizeof *t); for (unsigned i = 0; i < n; i++) t[i] = i * 2654435761u;
    volatile unsigned long long s = 0; unsigned x = 1; for (long k = 0; k < 120000000L; k++) { x = x * 1103515245u + 12345u; s += t[(x >> 7) & (n - 1)]; } return (int)(s & 1); }`);
  execFileSync('gcc', ['-O2', '-o', join(work, 'work'), join(work, 'work.c')]);
  // The neighbour streams through 2 x 96 MiB arrays (read + write: memory bandwidth, not cache).
  writeFileSync(join(work, 'stream.c'), `#include <stdlib.h>
  #include <string.h>
  int main(void){ size_t n = 96u << 20; char *a = malloc(n), *b = malloc(n); memset(a, 1, n); memset(b, 2, n); for (;;) { memcpy(b, a, n); memcpy(a, b, n); } }`);
  execFileSync('gcc', ['-O2', '-o', join(work, 'stream'), join(work, 'stream.c')]);
  const workBox = await Box.open({});
  copyFileSync(join(work, 'work'), workBox.hostPath('work'));
  const RUNS = 20;
  const measure = async () => {
    const cpu: number[] = [];
    for (let i = 0; i < RUNS; i++) cpu.push((await workBox.run({ ...limits, cpuMs: 10_000, wallMs: 30_000, argv: ['/w/work'] })).cpuMs);
    const avg = mean(cpu);
    return { cpu, avg, cv: (Math.sqrt(mean(cpu.map((x) => (x - avg) ** 2))) / avg) * 100 };
  };
  const quiet = await measure();
  const neighbour = await Box.open({});
  copyFileSync(join(work, 'stream'), neighbour.hostPath('stream'));
  const noisy = neighbour.run({ ...limits, memoryBytes: 512 << 20, cpuMs: 600_000, wallMs: 600_000, argv: ['/w/stream'] });
  await new Promise((r) => setTimeout(r, 500));
  const loaded = await measure();
  neighbour.stopRun();
  await noisy;
  await neighbour.close();
  await workBox.close();
  table(`3. CPU time of fixed work (120 M steps over an 8 MiB table), ${RUNS} sandboxed runs each (targets: CV <= 2 %, loaded mean within 5 % of quiet)`, [
    ['machine', 'runs', 'mean ms', 'min ms', 'max ms', 'CV %', 'mean vs quiet'],
    ['quiet', RUNS, quiet.avg.toFixed(1), Math.min(...quiet.cpu), Math.max(...quiet.cpu), quiet.cv.toFixed(2), '1.000'],
    ['other slot streams memory', RUNS, loaded.avg.toFixed(1), Math.min(...loaded.cpu), Math.max(...loaded.cpu), loaded.cv.toFixed(2), (loaded.avg / quiet.avg).toFixed(3)],
  ]);

}

// 4. checker and interactive problems, before / after the artefact cache
async function checkers() {
  const testlibPath = process.env.TESTLIB_H ?? '/usr/include/testlib.h';
  const testlib = existsSync(testlibPath) ? readFileSync(testlibPath, 'utf8') : null;
  const CHECKER = testlib
    ? '#include "testlib.h"\nint main(int argc, char* argv[]) { registerTestlibCmd(argc, argv); long long a = ans.readLong(), b = ouf.readLong(); if (a != b) quitf(_wa, "expected %lld, found %lld", a, b); quitf(_ok, "%lld", a); }'
    : '#include <bits/stdc++.h>\nint main(int argc, char** argv) { std::ifstream o(argv[2]), a(argv[3]); long long x, y; if (!(o >> x)) return 2; a >> y; if (x != y) { std::cerr << "wrong answer"; return 1; } std::cerr << "ok"; return 0; }';
  const INTERACTOR = testlib
    ? '#include "testlib.h"\nint main(int argc, char* argv[]) { registerInteraction(argc, argv); long long a = inf.readLong(), b = inf.readLong(); printf("%lld %lld\\n", a, b); fflush(stdout); long long r = ouf.readLong(); if (r != a + b) quitf(_wa, "wrong sum"); quitf(_ok, "ok"); }'
    : '#include <bits/stdc++.h>\nint main(int argc, char** argv) { std::ifstream in(argv[1]); long long a, b; in >> a >> b; printf("%lld %lld\\n", a, b); fflush(stdout); long long r; if (scanf("%lld", &r) != 1 || r != a + b) { std::cerr << "wrong answer"; return 1; } std::cerr << "ok"; return 0; }';
  const makeKind = (name: string, extra: (dir: string) => void) => {
    const dir = join(work, name);
    mkdirSync(join(dir, 'tests'), { recursive: true });
    for (let i = 1; i <= 10; i++) {
      writeFileSync(join(dir, 'tests', `${i}.in`), `${i} ${i * 7}\n`);
      writeFileSync(join(dir, 'tests', `${i}.out`), `${i * 8}\n`);
    }
    extra(dir);
    if (testlib && name !== 'plain') {
      mkdirSync(join(dir, 'judge-extra'));
      writeFileSync(join(dir, 'judge-extra', 'testlib.h'), testlib);
    }
    return dir;
  };
  const plainDir = makeKind('plain', () => {});
  const checkerDir = makeKind('checker', (d) => writeFileSync(join(d, 'checker.cpp'), CHECKER));
  const interDir = makeKind('interactive', (d) => writeFileSync(join(d, 'interactor.cpp'), INTERACTOR));
  const perSubmission = async (dir: string, cold: boolean) => {
    if (!cold) await runLocal(dir, 'C++ 17 With O2', AB); // the first submission fills the cache
    let total = 0;
    for (let s = 0; s < SUBMISSIONS; s++) {
      if (cold) artefactCache().clear();
      const t0 = process.hrtime.bigint();
      const r = await runLocal(dir, 'C++ 17 With O2', AB);
      total += ms(t0);
      if (r.status !== 0) throw new Error(`${dir}: status ${r.status} ${r.errorMessage ?? ''} ${r.cases[0]?.message ?? ''}`);
    }
    return total / SUBMISSIONS;
  };
  const plain = await perSubmission(plainDir, false);
  const rows: (string | number)[][] = [['problem (10 cases, A+B in C++)', 'checker / interactor', 'ms / submission', 'vs plain']];
  rows.push(['plain (default compare)', '-', plain.toFixed(0), '1.00']);
  for (const [label, dir] of [[`special judge (${testlib ? 'testlib' : 'bits/stdc++'} checker)`, checkerDir], [`interactive (${testlib ? 'testlib' : 'bits/stdc++'} interactor)`, interDir]] as const) {
    const cold = await perSubmission(dir, true);
    const warm = await perSubmission(dir, false);
    rows.push([label, 'compiled every time (before)', cold.toFixed(0), (cold / plain).toFixed(2)]);
    rows.push([label, 'artefact cache (after)', warm.toFixed(0), (warm / plain).toFixed(2)]);
  }
  table(`4. judge throughput per submission, ${SUBMISSIONS} submissions each (target: checker problem <= 1.2x plain after the first submission)`, rows);
}

// 5. compile CPU per language
/** Compile CPU (the box's cgroup) of each installed language's A+B, median of a few compiles, without and with precompiled headers. */
async function compileCpu() {
  const langs = LANGUAGE_DEFS.filter((l) => l.compile && isAvailable(l));
  const store = precompiled();
  for (const l of langs) await store.prepare(l);
  const runs = QUICK ? 1 : 3;
  const b = await Box.open({ binds: [store.bind()] });
  const rows: (string | number)[][] = [['language', 'source', 'before CPU ms', 'after CPU ms', 'after / before']];
  try {
    for (const l of langs) {
      const code = l.pch ? AB_BITS : l.template;
      const cpu = async (pch: boolean) => {
        store.enabled = pch;
        const xs: number[] = [];
        for (let i = 0; i < runs; i++) {
          const r = await compileInBox(b, l, code);
          if (!r.ok) throw new Error(`${l.name}: ${r.message}`);
          xs.push(r.cpuMs ?? 0);
        }
        return median(xs);
      };
      const before = await cpu(false);
      const after = store.key(l) ? await cpu(true) : before;
      rows.push([l.name, l.pch ? 'bits/stdc++.h A+B' : 'template A+B', before, after, (after / Math.max(1, before)).toFixed(2)]);
    }
  } finally {
    store.enabled = true;
    await b.close();
  }
  table(`5. compile CPU per language, median of ${runs} sandboxed compile(s) (before: plain; after: precompiled header / class archive)`, rows);
}

const only = process.env.JUDGE_BENCH_TABLES?.split(',').map(Number);
const tables: [number, () => Promise<void>][] = [[1, perRun], [2, throughput], [3, noisyNeighbour], [4, checkers], [5, compileCpu]];
try {
  for (const [n, run] of tables) if (!only || only.includes(n)) await run();
} finally {
  rmSync(work, { recursive: true, force: true });
}

/**
 * Judge benchmarks (issue 3). Prints three tables:
 *  1. per-run overhead: the same tiny binary run directly vs in a reused box vs a fresh box per run;
 *  2. throughput: an A+B C++ submission with 10 cases through the judge vs a plain compile-and-run loop;
 *  3. CPU-time spread of a 1 s busy loop over 20 sandboxed runs (coefficient of variation).
 * Run: npm run build && npx tsx bench/judge-bench.ts   (as root, on a machine with bubblewrap)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Box, detectCapabilities, runLocal } from '@verdict/judge';

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

// 1. per-run overhead
const N = 200;
const direct: number[] = [];
for (let i = 0; i < N; i++) {
  const t = process.hrtime.bigint();
  spawnSync(join(work, 'noop'));
  direct.push(ms(t));
}
const limits = { cpuMs: 1000, wallMs: 3000, memoryBytes: 64 << 20, outputBytes: 1 << 20, pids: 16 };
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

// 2. throughput
const prob = join(work, 'ab');
mkdirSync(join(prob, 'tests'), { recursive: true });
for (let i = 1; i <= 10; i++) {
  writeFileSync(join(prob, 'tests', `${i}.in`), `${i} ${i * 7}\n`);
  writeFileSync(join(prob, 'tests', `${i}.out`), `${i * 8}\n`);
}
const AB = '#include <iostream>\nint main(){ long long a,b; std::cin>>a>>b; std::cout<<a+b<<std::endl; }';
writeFileSync(join(work, 'ab.cpp'), AB);
const SUBMISSIONS = 5;
let t = process.hrtime.bigint();
for (let s = 0; s < SUBMISSIONS; s++) {
  execFileSync('g++', ['-DONLINE_JUDGE', '-w', '-std=c++17', '-O2', join(work, 'ab.cpp'), '-lm', '-o', join(work, 'ab-plain')]);
  for (let i = 1; i <= 10; i++) {
    const out = spawnSync(join(work, 'ab-plain'), { input: readFileSync(join(prob, 'tests', `${i}.in`)) }).stdout.toString();
    if (out !== readFileSync(join(prob, 'tests', `${i}.out`), 'utf8')) throw new Error('plain loop: wrong answer');
  }
}
const plainMs = ms(t) / SUBMISSIONS;
t = process.hrtime.bigint();
for (let s = 0; s < SUBMISSIONS; s++) {
  const r = await runLocal(prob, 'C++ 17 With O2', AB);
  if (r.status !== 0) throw new Error(`judge: status ${r.status}`);
}
const judgeMs = ms(t) / SUBMISSIONS;
table('2. A+B C++ with 10 cases, per submission (compile + run + compare)', [
  ['mode', 'submissions', 'ms / submission', 'throughput ratio'],
  ['plain compile-and-run loop', SUBMISSIONS, plainMs.toFixed(1), '1.00'],
  ['judge (sandboxed compile, 10 cases in one box)', SUBMISSIONS, judgeMs.toFixed(1), (plainMs / judgeMs).toFixed(2)],
]);

// 3. CPU-time spread
writeFileSync(join(work, 'busy.c'), '#include <time.h>\nint main(void){ volatile unsigned long x = 0; while (clock() < CLOCKS_PER_SEC) x++; return 0; }');
execFileSync('gcc', ['-O2', '-o', join(work, 'busy'), join(work, 'busy.c')]);
const busyBox = await Box.open({});
copyFileSync(join(work, 'busy'), busyBox.hostPath('busy'));
const cpu: number[] = [];
for (let i = 0; i < 20; i++) cpu.push((await busyBox.run({ ...limits, cpuMs: 3000, wallMs: 10_000, argv: ['/w/busy'] })).cpuMs);
await busyBox.close();
const avg = mean(cpu);
const sd = Math.sqrt(mean(cpu.map((x) => (x - avg) ** 2)));
table('3. CPU time of a 1 s busy loop, 20 sandboxed runs', [
  ['runs', 'mean ms', 'min ms', 'max ms', 'stddev ms', 'CV %'],
  [cpu.length, avg.toFixed(1), Math.min(...cpu), Math.max(...cpu), sd.toFixed(2), ((sd / avg) * 100).toFixed(2)],
]);
rmSync(work, { recursive: true, force: true });

import { splitOiScores } from '@verdict/shared';
import type { TestCaseData } from '../modules/testcase/testdata.js';
import { AVERAGE_CHECKER, GUESS_INTERACTOR } from './checkers.js';
import { Rng, lines } from './random.js';

/** One demo problem: statement, settings and a deterministic test-data generator. */
export interface SeedProblem {
  problemId: string;
  title: string;
  type: 0 | 1;
  difficulty: number;
  timeLimit?: number;
  memoryLimit?: number;
  description: string;
  input: string;
  output: string;
  examples: { input: string; output: string }[];
  hint?: string;
  source?: string;
  tags: string[];
  judgeMode?: 'default' | 'spj' | 'interactive';
  judgeCaseMode?: 'default' | 'subtask_lowest' | 'subtask_average' | 'ergodic_without_error';
  spjCode?: string;
  fileIO?: { read: string; write: string };
  userExtraFile?: Record<string, string>;
  cases: () => TestCaseData[];
}

const SOURCE = 'Verdict demo';
const oi = (cases: { input: string; output: string }[]): TestCaseData[] => {
  const scores = splitOiScores(cases.length);
  return cases.map((c, i) => ({ ...c, score: scores[i] }));
};

function aPlusB(): TestCaseData[] {
  const r = new Rng(1000);
  const fixed: [number, number][] = [[1, 2], [0, 0], [-5, 5], [1_000_000_000, 1_000_000_000], [-1_000_000_000, -1_000_000_000]];
  while (fixed.length < 10) fixed.push([r.int(-1e9, 1e9), r.int(-1e9, 1e9)]);
  return fixed.map(([a, b]) => ({ input: lines(`${a} ${b}`), output: lines(a + b) }));
}

function arraySum(): TestCaseData[] {
  const r = new Rng(1001);
  return [1, 5, 100, 1000, 50_000, 100_000, 100_000, 100_000].map((n, k) => {
    const a = Array.from({ length: n }, () => (k === 6 ? 1e9 : k === 7 ? -1e9 : r.int(-1e9, 1e9)));
    // |sum| <= 10^14 stays exact in a double.
    return { input: lines(n, a.join(' ')), output: lines(a.reduce((s, x) => s + x, 0)) };
  });
}

const MOD = 1_000_000_007n;
/** F(n) mod p by fast doubling. */
function fib(n: bigint): bigint {
  const go = (k: bigint): [bigint, bigint] => {
    if (k === 0n) return [0n, 1n];
    const [a, b] = go(k >> 1n);
    const c = (a * (((2n * b - a) % MOD + MOD) % MOD)) % MOD;
    const d = (a * a + b * b) % MOD;
    return k & 1n ? [d, (c + d) % MOD] : [c, d];
  };
  return go(n)[0];
}
function fibonacci(): TestCaseData[] {
  const r = new Rng(1002);
  const ns = [1n, 2n, 10n, 50n, 90n, 1000n, 123456789n, 10n ** 18n];
  while (ns.length < 10) ns.push(r.big(1n, 10n ** 18n));
  return ns.map((n) => ({ input: lines(n), output: lines(fib(n)) }));
}

function sorting(): TestCaseData[] {
  const r = new Rng(1003);
  return [1, 10, 1000, 100_000, 100_000].map((n, k) => {
    const a = Array.from({ length: n }, () => (k === 4 ? r.int(-5, 5) : r.int(-1e9, 1e9)));
    return { input: lines(n, a.join(' ')), output: lines([...a].sort((x, y) => x - y).join(' ')) };
  });
}

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));
function gcdLcm(): TestCaseData[] {
  const r = new Rng(1004);
  return [3, 100, 2000, 20_000].map((t) => {
    const qs = Array.from({ length: t }, () => [BigInt(r.int(1, 1e9)), BigInt(r.int(1, 1e9))] as const);
    if (t === 3) qs.splice(0, 3, [12n, 18n], [7n, 7n], [1n, 1_000_000_000n]);
    return {
      input: lines(t, qs.map(([a, b]) => `${a} ${b}`).join('\n')),
      output: lines(qs.map(([a, b]) => `${gcd(a, b)} ${(a / gcd(a, b)) * b}`).join('\n')),
    };
  });
}

function primeCount(): TestCaseData[] {
  const N = 10_000_000;
  const composite = new Uint8Array(N + 1);
  const count = new Int32Array(N + 1);
  for (let i = 2; i * i <= N; i++) if (!composite[i]) for (let j = i * i; j <= N; j += i) composite[j] = 1;
  for (let i = 2; i <= N; i++) count[i] = count[i - 1] + (composite[i] ? 0 : 1);
  return oi([1, 2, 10, 100, 1000, 65_536, 999_983, 2_000_000, 5_000_000, N].map((n) => ({ input: lines(n), output: lines(count[n]) })));
}

function knapsack(): TestCaseData[] {
  const r = new Rng(1006);
  // Subtask 1 (30 points): n <= 10, W <= 100; subtask 2 (30): n <= 100, W <= 10^4; subtask 3 (40): n <= 500, W <= 10^4.
  // In subtask modes every case of a group carries the group's points; the group scores its lowest (or average) case.
  const groups: [number, number, number, number][] = [[1, 10, 100, 30], [2, 100, 10_000, 30], [3, 500, 10_000, 40]];
  const out: TestCaseData[] = [];
  for (const [g, maxN, maxW, score] of groups) {
    for (let k = 0; k < (g === 3 ? 2 : 3); k++) {
      const n = k === 0 ? maxN : r.int(1, maxN);
      const W = k === 0 ? maxW : r.int(1, maxW);
      const items = Array.from({ length: n }, () => [r.int(1, Math.max(1, Math.floor(maxW / 4))), r.int(1, 1_000_000)] as const);
      const dp = new Float64Array(W + 1);
      for (const [w, v] of items) for (let c = W; c >= w; c--) if (dp[c - w] + v > dp[c]) dp[c] = dp[c - w] + v;
      out.push({ input: lines(`${n} ${W}`, items.map(([w, v]) => `${w} ${v}`).join('\n')), output: lines(dp[W]), score, groupNum: g });
    }
  }
  return out;
}

function average(): TestCaseData[] {
  const r = new Rng(1007);
  return [2, 3, 10, 1000, 100_000].map((n, k) => {
    const a = k === 0 ? [1, 2] : Array.from({ length: n }, () => r.int(-1_000_000, 1_000_000));
    const sum = a.reduce((s, x) => s + x, 0);
    return { input: lines(n, a.join(' ')), output: lines((sum / n).toFixed(10)) };
  });
}

function guess(): TestCaseData[] {
  const r = new Rng(1008);
  const tests: [number, number][] = [[1, 1], [10, 7], [100, 1], [100, 100], [1_000_000_000, 1], [1_000_000_000, 1_000_000_000]];
  while (tests.length < 10) { const n = r.int(1, 1e9); tests.push([n, r.int(1, n)]); }
  return tests.map(([n, x]) => ({ input: lines(`${n} ${x}`), output: lines(x) }));
}

function maximum(): TestCaseData[] {
  const r = new Rng(1009);
  return [1, 5, 1000, 100_000].map((n) => {
    const a = Array.from({ length: n }, () => r.int(-1e9, 1e9));
    return { input: lines(n, a.join(' ')), output: lines(a.reduce((m, x) => (x > m ? x : m), a[0])) };
  });
}

function lis(): TestCaseData[] {
  const r = new Rng(1010);
  return oi([1, 8, 100, 1000, 5000, 10_000, 50_000, 100_000, 100_000, 100_000].map((n, k) => {
    const a = Array.from({ length: n }, (_, i) => (k === 8 ? i : k === 9 ? n - i : r.int(1, 1e9)));
    const tails: number[] = [];
    for (const x of a) {
      let lo = 0, hi = tails.length;
      while (lo < hi) { const m = (lo + hi) >> 1; if (tails[m] < x) lo = m + 1; else hi = m; }
      tails[lo] = x;
    }
    return { input: lines(n, a.join(' ')), output: lines(tails.length) };
  }));
}

function shortestPath(): TestCaseData[] {
  const r = new Rng(1011);
  return [[2, 1], [5, 6], [100, 300], [1000, 5000], [30_000, 60_000], [1000, 10]].map(([n, m]) => {
    const edges = Array.from({ length: m }, () => [r.int(1, n), r.int(1, n), r.int(1, 1_000_000)] as const);
    if (n === 2) edges[0] = [1, 2, 5];
    const adj: [number, number][][] = Array.from({ length: n + 1 }, () => []);
    for (const [u, v, w] of edges) adj[u].push([v, w]);
    const dist = new Array<number>(n + 1).fill(Infinity);
    dist[1] = 0;
    // Binary heap of [dist, node].
    const heap: [number, number][] = [[0, 1]];
    const push = (e: [number, number]) => { heap.push(e); let i = heap.length - 1; while (i > 0) { const p = (i - 1) >> 1; if (heap[p][0] <= heap[i][0]) break; [heap[p], heap[i]] = [heap[i], heap[p]]; i = p; } };
    const pop = () => { const top = heap[0]; const last = heap.pop()!; if (heap.length) { heap[0] = last; let i = 0; for (;;) { const l = 2 * i + 1, rr = l + 1; let s = i; if (l < heap.length && heap[l][0] < heap[s][0]) s = l; if (rr < heap.length && heap[rr][0] < heap[s][0]) s = rr; if (s === i) break; [heap[s], heap[i]] = [heap[i], heap[s]]; i = s; } } return top; };
    while (heap.length) {
      const [d, u] = pop();
      if (d > dist[u]) continue;
      for (const [v, w] of adj[u]) if (d + w < dist[v]) { dist[v] = d + w; push([dist[v], v]); }
    }
    return { input: lines(`${n} ${m}`, edges.map((e) => e.join(' ')).join('\n')), output: lines(dist[n] === Infinity ? -1 : dist[n]) };
  });
}

export const SEED_PROBLEMS: SeedProblem[] = [
  {
    problemId: '1000', title: 'A+B Problem', type: 0, difficulty: 0, tags: ['Getting Started'],
    description: 'Given two integers $a$ and $b$, print $a+b$.\n\n给定两个整数 $a$ 和 $b$，输出 $a+b$。',
    input: 'One line with two integers $a$ and $b$ ($-10^9 \\le a, b \\le 10^9$).',
    output: 'One integer: $a+b$.',
    examples: [{ input: '1 2', output: '3' }],
    hint: 'The sum may not fit in a 32-bit integer: use `long long`.',
    cases: aPlusB,
  },
  {
    problemId: '1001', title: 'Sum of an Array', type: 0, difficulty: 0, tags: ['Getting Started'],
    description: 'Print the sum of $n$ integers.\n\n输出 $n$ 个整数之和。',
    input: 'The first line holds $n$ ($1 \\le n \\le 2 \\times 10^5$); the second line holds $a_1, \\ldots, a_n$ ($|a_i| \\le 10^9$).',
    output: 'The sum $\\sum a_i$.',
    examples: [{ input: '3\n1 2 3', output: '6' }],
    cases: arraySum,
  },
  {
    problemId: '1002', title: 'Huge Fibonacci', type: 0, difficulty: 1, tags: ['Math', 'Matrix'],
    description: '$F_0 = 0$, $F_1 = 1$, $F_n = F_{n-1} + F_{n-2}$. Print $F_n \\bmod (10^9+7)$.\n\n求斐波那契数列第 $n$ 项模 $10^9+7$ 的值。',
    input: 'One integer $n$ ($1 \\le n \\le 10^{18}$).',
    output: '$F_n \\bmod 1000000007$.',
    examples: [{ input: '10', output: '55' }],
    cases: fibonacci,
  },
  {
    problemId: '1003', title: 'Sorting', type: 0, difficulty: 0, tags: ['Sorting'],
    description: 'Sort $n$ integers in non-decreasing order.\n\n将 $n$ 个整数从小到大排序。',
    input: 'The first line holds $n$ ($1 \\le n \\le 10^5$); the second line holds the integers ($|a_i| \\le 10^9$).',
    output: 'The sorted integers on one line, separated by single spaces.',
    examples: [{ input: '5\n3 1 2 5 4', output: '1 2 3 4 5' }],
    cases: sorting,
  },
  {
    problemId: '1004', title: 'GCD and LCM', type: 0, difficulty: 0, tags: ['Math'],
    description: 'Answer $T$ queries: for each pair $a, b$ print $\\gcd(a,b)$ and $\\operatorname{lcm}(a,b)$.\n\n对每组 $a, b$ 输出最大公约数与最小公倍数。',
    input: 'The first line holds $T$ ($1 \\le T \\le 10^5$); each of the next $T$ lines holds $a$ and $b$ ($1 \\le a, b \\le 10^9$).',
    output: 'For each query one line with the gcd and the lcm.',
    examples: [{ input: '2\n12 18\n7 7', output: '6 36\n7 7' }],
    cases: gcdLcm,
  },
  {
    problemId: '1005', title: 'Counting Primes', type: 1, difficulty: 1, tags: ['Math', 'Sieve'], timeLimit: 2000,
    description: 'Count the primes not greater than $n$. Each of the 10 tests is worth 10 points.\n\n统计不超过 $n$ 的质数个数。',
    input: 'One integer $n$ ($1 \\le n \\le 10^7$).',
    output: 'The number of primes $p \\le n$.',
    examples: [{ input: '10', output: '4' }],
    hint: 'The sieve of Eratosthenes runs in $O(n \\log \\log n)$.',
    cases: primeCount,
  },
  {
    problemId: '1006', title: '0/1 Knapsack', type: 1, difficulty: 1, tags: ['Dynamic Programming'], judgeCaseMode: 'subtask_lowest',
    description: 'Choose items of total weight at most $W$ with the largest total value; each item is used at most once.\n\n'
      + '| Subtask | Points | $n$ | $W$ |\n|---|---|---|---|\n| 1 | 30 | $\\le 10$ | $\\le 100$ |\n| 2 | 30 | $\\le 100$ | $\\le 10^4$ |\n| 3 | 40 | $\\le 500$ | $\\le 10^4$ |\n\n'
      + 'A subtask scores only when all its tests pass.',
    input: 'The first line holds $n$ and $W$. Each of the next $n$ lines holds the weight $w_i$ and the value $v_i$ ($1 \\le v_i \\le 10^6$).',
    output: 'The largest total value.',
    examples: [{ input: '3 5\n2 3\n3 4\n4 5', output: '7' }],
    cases: knapsack,
  },
  {
    problemId: '1007', title: 'Average', type: 0, difficulty: 0, tags: ['Special Judge'], judgeMode: 'spj', spjCode: AVERAGE_CHECKER,
    description: 'Print the average of $n$ integers. Any answer within $10^{-6}$ (absolute or relative) is accepted.\n\n输出 $n$ 个整数的平均值，误差不超过 $10^{-6}$ 即可。',
    input: 'The first line holds $n$ ($1 \\le n \\le 10^5$); the second line holds the integers ($|a_i| \\le 10^6$).',
    output: 'The average as a real number.',
    examples: [{ input: '2\n1 2', output: '1.5' }],
    cases: average,
  },
  {
    problemId: '1008', title: 'Guess the Number', type: 0, difficulty: 1, tags: ['Interactive', 'Binary Search'], judgeMode: 'interactive', spjCode: GUESS_INTERACTOR,
    description: 'The judge hides an integer $x$ with $1 \\le x \\le n$. First read $n$. Then ask at most 40 questions `? y`; '
      + 'the answer is `<` when $y < x$, `>` when $y > x$ and `=` when $y = x$. Finish with `! x`. Flush the output after every line.\n\n'
      + '交互题：最多询问 40 次，每次输出后请刷新缓冲区。',
    input: 'Interactive: the first line holds $n$ ($1 \\le n \\le 10^9$), then one answer per question.',
    output: 'Questions `? y` and finally `! x`.',
    examples: [{ input: '10\n<\n=', output: '? 5\n? 7\n! 7' }],
    cases: guess,
  },
  {
    problemId: '1009', title: 'Maximum (File IO)', type: 0, difficulty: 0, tags: ['Getting Started'], fileIO: { read: 'max.in', write: 'max.out' },
    description: 'Read $n$ integers from the file `max.in` and write the largest to the file `max.out`.\n\n从文件 `max.in` 读入，向文件 `max.out` 输出最大值。',
    input: 'File `max.in`: $n$ ($1 \\le n \\le 10^5$), then the integers ($|a_i| \\le 10^9$).',
    output: 'File `max.out`: the largest integer.',
    examples: [{ input: '3\n-1 7 2', output: '7' }],
    cases: maximum,
  },
  {
    problemId: '1010', title: 'Longest Increasing Subsequence', type: 1, difficulty: 1, tags: ['Dynamic Programming', 'Binary Search'],
    description: 'Find the length of the longest strictly increasing subsequence. 10 tests, 10 points each.\n\n求最长严格上升子序列的长度。',
    input: 'The first line holds $n$ ($1 \\le n \\le 10^5$); the second line holds $a_i$ ($1 \\le a_i \\le 10^9$).',
    output: 'The length.',
    examples: [{ input: '6\n1 5 2 4 3 6', output: '4' }],
    userExtraFile: { 'lis-notes.md': '# LIS in O(n log n)\n\nKeep `tails[k]` = the smallest tail of an increasing subsequence of length k+1, and binary search each element.\n' },
    cases: lis,
  },
  {
    problemId: '1011', title: 'Shortest Path', type: 0, difficulty: 2, tags: ['Graph', 'Shortest Path'], judgeCaseMode: 'ergodic_without_error', timeLimit: 2000,
    description: 'A directed graph has $n$ nodes and $m$ weighted edges. Print the length of the shortest path from node 1 to node $n$, or -1 if there is none.\n\n求有向图中从 1 号点到 $n$ 号点的最短路，不存在输出 -1。',
    input: 'The first line holds $n$ and $m$ ($2 \\le n \\le 10^5$, $1 \\le m \\le 2 \\times 10^5$); each of the next $m$ lines holds $u$, $v$, $w$ ($1 \\le w \\le 10^6$).',
    output: 'The shortest distance or -1.',
    examples: [{ input: '3 3\n1 2 1\n2 3 2\n1 3 5', output: '3' }],
    cases: shortestPath,
  },
].map((p) => ({ source: SOURCE, ...p }) as SeedProblem);

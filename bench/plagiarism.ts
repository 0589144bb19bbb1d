/**
 * Contest plagiarism check (issue 31): a contest of N participants (default 300) who each solved
 * 5 problems, half in C++ and half in Python (1,500 sources; 10 groups of 150), with a few copy
 * rings. Prints how long the check takes (target: ≤ 60 s) and the latency of a list page
 * (GET /api/get-contest-list) while idle and while the check runs (target: p99 within 2× of idle).
 *
 *   npx tsx bench/plagiarism.ts [sqlite|postgres] [--users 300] [--requests 200]
 *
 * The server runs in this process (the detector in its worker thread, as in production); the list
 * requests go through real HTTP on loopback, one after another.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { buildApp } from '../packages/server/src/app.js';
import { throwawayPgDatabase } from './lib/bench-db.js';
import { loadConfig } from '../packages/server/src/config.js';
import { issueToken } from '../packages/server/src/http/auth.js';
import { JudgeStatus } from '../packages/shared/src/index.js';
import { argv, opt } from './lib/args.js';
import { problemRow, userRow as benchUser } from './lib/rows.js';

const KIND = argv.includes('postgres') ? 'postgres' : 'sqlite';
const USERS = opt('users', 300);
const PROBLEMS = 5;
const REQUESTS = opt('requests', 200);
const MIN = 60_000;

let seed = 7;
const rand = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
const shuffle = <T>(xs: T[]) => {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

const NAMES = ['a', 'b', 'c', 'x', 'y', 'n', 'm', 'k', 'cnt', 'res', 'ans', 'sum', 'val', 'tmp', 'cur', 'nxt', 'arr', 'lst', 'q', 'st'];
const name = () => `${pick(NAMES)}${Math.floor(rand() * 100)}`;

// Building blocks of contest solutions: each source is a random choice of them, renamed, in a random order.
const CPP_BLOCKS = [
  (f: string) => `long long ${f}(long long a, long long b) { return b ? ${f}(b, a % b) : a; }`,
  (f: string) => `long long ${f}(long long b, long long e, long long m) { long long r = 1; b %= m; while (e) { if (e & 1) r = r * b % m; b = b * b % m; e >>= 1; } return r; }`,
  (f: string) => `int ${f}(vector<int>& v, int x) { int lo = 0, hi = v.size(); while (lo < hi) { int mid = (lo + hi) / 2; if (v[mid] < x) lo = mid + 1; else hi = mid; } return lo; }`,
  (f: string) => `vector<int> ${f}(int n) { vector<int> p; vector<bool> s(n + 1, true); for (int i = 2; i <= n; i++) { if (s[i]) { p.push_back(i); for (long long j = 1LL * i * i; j <= n; j += i) s[j] = false; } } return p; }`,
  (f: string) => `int ${f}(int x, vector<int>& par) { while (par[x] != x) { par[x] = par[par[x]]; x = par[x]; } return x; }`,
  (f: string) => `void ${f}(vector<long long>& t, int i, long long d) { for (; i < (int)t.size(); i += i & -i) t[i] += d; }`,
  (f: string) => `long long ${f}(vector<long long>& t, int i) { long long s = 0; for (; i > 0; i -= i & -i) s += t[i]; return s; }`,
  (f: string) => `string ${f}(string s) { reverse(s.begin(), s.end()); for (auto& ch : s) ch = toupper(ch); return s; }`,
  (f: string) => `int ${f}(const vector<int>& a) { int best = INT_MIN, cur = 0; for (int x : a) { cur = max(x, cur + x); best = max(best, cur); } return best; }`,
  (f: string) => `bool ${f}(int n) { if (n < 2) return false; for (int d = 2; 1LL * d * d <= n; d++) if (n % d == 0) return false; return true; }`,
];
const PY_BLOCKS = [
  (f: string) => `def ${f}(a, b):\n    while b:\n        a, b = b, a % b\n    return a\n`,
  (f: string) => `def ${f}(n):\n    s = [True] * (n + 1)\n    out = []\n    for i in range(2, n + 1):\n        if s[i]:\n            out.append(i)\n            for j in range(i * i, n + 1, i):\n                s[j] = False\n    return out\n`,
  (f: string) => `def ${f}(v, x):\n    lo, hi = 0, len(v)\n    while lo < hi:\n        mid = (lo + hi) // 2\n        if v[mid] < x:\n            lo = mid + 1\n        else:\n            hi = mid\n    return lo\n`,
  (f: string) => `def ${f}(par, x):\n    while par[x] != x:\n        par[x] = par[par[x]]\n        x = par[x]\n    return x\n`,
  (f: string) => `def ${f}(a):\n    best, cur = a[0], 0\n    for x in a:\n        cur = max(x, cur + x)\n        best = max(best, cur)\n    return best\n`,
  (f: string) => `def ${f}(s):\n    return ''.join(reversed(s)).upper()\n`,
  (f: string) => `def ${f}(b, e, m):\n    r = 1\n    b %= m\n    while e:\n        if e & 1:\n            r = r * b % m\n        b = b * b % m\n        e >>= 1\n    return r\n`,
  (f: string) => `def ${f}(graph, s):\n    from collections import deque\n    d = {s: 0}\n    q = deque([s])\n    while q:\n        u = q.popleft()\n        for w in graph.get(u, []):\n            if w not in d:\n                d[w] = d[u] + 1\n                q.append(w)\n    return d\n`,
];

function cppSource(): string {
  const blocks = shuffle([...CPP_BLOCKS]).slice(0, 4).map((b) => b(name()));
  const v = name();
  return `#include <bits/stdc++.h>\nusing namespace std;\n${blocks.join('\n\n')}\n\nint main() {\n    int ${v};\n    cin >> ${v};\n    vector<int> ${v}_a(${v});\n    for (auto& e : ${v}_a) cin >> e;\n    long long t = ${Math.floor(rand() * 1000)};\n    for (int i = 0; i < ${v}; i++) t += ${v}_a[i] * ${1 + Math.floor(rand() * 9)};\n    cout << t << endl;\n    return 0;\n}\n`;
}

function pySource(): string {
  const blocks = shuffle([...PY_BLOCKS]).slice(0, 3).map((b) => b(name()));
  const v = name();
  return `import sys\n\n${blocks.join('\n\n')}\n\ndef main():\n    ${v} = list(map(int, sys.stdin.read().split()))\n    print(sum(${v}) * ${1 + Math.floor(rand() * 9)} + ${Math.floor(rand() * 1000)})\n\nmain()\n`;
}

/** A copy: identifiers renamed (one consistent renaming), a comment added. */
const disguise = (code: string) => {
  const map = new Map<string, string>();
  return `// my solution\n${code.replace(/\b([a-z]+\d+)\b/g, (m) => {
    if (!map.has(m)) map.set(m, `${m}z`);
    return map.get(m)!;
  })}`;
};

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-bench-plag-'));
  let databaseUrl: string | undefined;
  let dropDb: (() => Promise<void>) | undefined;
  if (KIND === 'postgres') ({ databaseUrl, drop: dropDb } = await throwawayPgDatabase('verdict_bench'));
  // TRUST_PROXY: the probe's visitors come from many addresses (X-Forwarded-For), as a site's do;
  // from one address its loop would soon be refused by the per-address limit of public reads.
  const config = loadConfig({ DATA_DIR: dataDir, JUDGE_LOCAL_SLOTS: '0', LOG_LEVEL: 'error', TRUST_PROXY: 'true' }, { databaseUrl });
  const { app, ctx } = await buildApp(config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const db = ctx.db;
  try {
    const ts = Date.now();
    const userRow = (username: string, role: number) => benchUser(username, role, ts);
    const org = await db.insertInto('user').values(userRow('organiser', 1001)).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('user').values(Array.from({ length: USERS }, (_, k) => userRow(`team${k + 1}`, 1002))).execute();
    const uids = (await db.selectFrom('user').select(['id', 'username']).where('role', '=', 1002).orderBy('id').execute());
    const start = ts - 5 * 60 * MIN;
    const c = await db.insertInto('contest').values({
      title: 'Plagiarism bench', description: '', type: 0, auth: 0, pwd: null, start_time: start, end_time: ts - MIN, duration: ts - MIN - start,
      seal_rank: 0, seal_rank_time: null, auto_real_rank: 1, open_rank: 0, open_print: 0, allow_end_submit: 0, rank_show_name: 'username',
      open_account_limit: 0, account_limit_rule: null, star_account: '[]', oi_rank_score_type: 'Recent', award_type: 0, award_config: '[]', visible: 1,
      uid: org.id, author: 'organiser', gid: 0, rank_ver: 0, gmt_create: ts, gmt_modified: ts,
    }).returning('id').executeTakeFirstOrThrow();
    const pids: number[] = [];
    for (let p = 0; p < PROBLEMS; p++) {
      const row = await db.insertInto('problem').values(problemRow(`PB${p}`, `Problem ${p}`, org.id, ts, { description: 'd' })).returning('id').executeTakeFirstOrThrow();
      pids.push(row.id);
      await db.insertInto('contest_problem').values({ cid: c.id, pid: row.id, display_id: String.fromCharCode(65 + p), display_title: `Problem ${p}`, color: null, gmt_create: ts }).execute();
    }
    // Each participant solves every problem, half of them in C++ and half in Python; every 20th copies the one before.
    const rows = [];
    for (const [p, pid] of pids.entries()) {
      let prev = '';
      for (const [i, u] of uids.entries()) {
        const cpp = (i + p) % 2 === 0;
        const code = i % 20 === 19 && prev ? disguise(prev) : cpp ? cppSource() : pySource();
        prev = code;
        rows.push({
          pid, display_pid: String.fromCharCode(65 + p), uid: u.id, username: u.username, cid: c.id, cpid: 0, gid: 0, tid: 0, status: JudgeStatus.ACCEPTED,
          score: null, oi_rank_score: null, time: 10, memory: 1000, length: code.length, language: cpp ? 'C++ 17' : 'Python3', code, share: 0,
          error_message: null, judger: 'bench', is_manual: 0, case_done: 1, case_total: 1, ip: null, submit_time: start + 10 * MIN + i * 1000,
          judge_time: start + 10 * MIN + i * 1000 + 500, gmt_modified: ts,
        });
      }
    }
    for (let i = 0; i < rows.length; i += 200) await db.insertInto('submission').values(rows.slice(i, i + 200)).execute();
    const fakeReq = { ip: '127.0.0.1', headers: {} } as unknown as FastifyRequest;
    const token = await issueToken(ctx, org.id, fakeReq);

    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let visitor = 0;
    const get = (url: string) => new Promise<number>((resolve, reject) => {
      const t0 = performance.now();
      const from = `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor++ & 255}`;
      http.get({ host: '127.0.0.1', port, path: url, agent, headers: { 'x-forwarded-for': from } }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - t0) : reject(new Error(`${url}: ${res.statusCode}`))));
      }).on('error', reject);
    });
    const listPage = '/api/get-contest-list?currentPage=1&limit=10';
    for (let i = 0; i < 20; i++) await get(listPage); // warm up
    const idle: number[] = [];
    for (let i = 0; i < REQUESTS; i++) idle.push(await get(listPage));

    const t0 = Date.now();
    const post = await fetch(`http://127.0.0.1:${port}/api/admin/contest/plagiarism`, {
      method: 'POST', headers: { authorization: token, 'content-type': 'application/json' }, body: JSON.stringify({ cid: c.id }),
    });
    if (post.status !== 200) throw new Error(`POST: ${post.status} ${await post.text()}`);
    const busy: number[] = [];
    let status = 'queued';
    let report: { status: string; total: number; clusters: unknown[]; groups: { submissions: number; pairs: number; error: string | null }[] } | null = null;
    while (status === 'queued' || status === 'running') {
      for (let i = 0; i < 20; i++) busy.push(await get(listPage));
      const r = await fetch(`http://127.0.0.1:${port}/api/admin/contest/plagiarism?cid=${c.id}&min=0.7`, { headers: { authorization: token } });
      report = (await r.json()).data;
      status = report!.status;
      if (Date.now() - t0 > 600_000) throw new Error('check did not finish in 10 minutes');
    }
    const took = (Date.now() - t0) / 1000;
    agent.destroy();
    const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
    console.log(`plagiarism check, ${KIND}: ${USERS} participants × ${PROBLEMS} problems = ${rows.length} sources (C++ and Python, ${report!.groups.length} groups)`);
    console.log(`  status ${status}; took ${took.toFixed(1)} s (target ≤ 60 s); pairs ≥ 0.7: ${report!.total}; clusters: ${report!.clusters.length}`);
    console.log(`  groups with errors: ${report!.groups.filter((g) => g.error).length}; pairs kept: ${report!.groups.reduce((s, g) => s + g.pairs, 0)}`);
    console.log('  list page GET /api/get-contest-list       p50        p99     n');
    console.log(`    idle                                  ${fmt(pct(idle, 50)).padStart(9)}  ${fmt(pct(idle, 99)).padStart(9)}  ${idle.length}`);
    console.log(`    during the check                      ${fmt(pct(busy, 50)).padStart(9)}  ${fmt(pct(busy, 99)).padStart(9)}  ${busy.length}`);
    console.log(`  p99 ratio during/idle: ${(pct(busy, 99) / pct(idle, 99)).toFixed(2)} (target ≤ 2)`);
  } finally {
    await app.close();
    if (dropDb) await dropDb();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

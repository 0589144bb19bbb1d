/**
 * Virtual participation and ratings (issue 30): an ended ACM contest of 5,000 participants, 15
 * problems and 300,000 submissions, with virtual runners part-way through their runs. Prints
 * p50/p99 of POST get-virtual-contest-rank (the runner's scoreboard: ghosts of the real contest at
 * the runner's elapsed time beside the runners) at 50 keep-alive connections over real HTTP
 * (server in a child process) in three scenarios: one runner asking random pages; every runner
 * refreshing their first page (what a runner watching the scoreboard does); every runner asking
 * random pages (almost every page one nobody asked before: the CPU bound). Then the rating
 * computation of the contest's participants (the formula alone, and the admin's calculate-rating:
 * standings, formula and the transaction that writes the changes).
 *
 *   npx tsx bench/virtual-rank.ts [sqlite|postgres] [--participants 5000] [--submissions 300000]
 *     [--runners 200] [--seconds 15] [--limit 50] [--processes 1] [--scenario N (only the Nth)]
 *
 * Targets (issue 30): a virtual rank page p99 <= 50 ms; the rating computation for 5,000
 * participants <= 2 s. SQLite data lives in a fresh directory under /tmp, PostgreSQL in a
 * throwaway database on BENCH_PG_URL; both are removed afterwards.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyRequest } from 'fastify';
import { buildApp } from '../packages/server/src/app.js';
import { loadConfig } from '../packages/server/src/config.js';
import { issueToken } from '../packages/server/src/http/auth.js';
import { calculateRatings } from '../packages/server/src/modules/rating/algorithm.js';
import { JudgeStatus } from '../packages/shared/src/index.js';
import { argv, opt } from './lib/args.js';
import { throwawayPgDatabase } from './lib/bench-db.js';
import { serve, startCluster, startServer, stopServer } from './lib/http-load.js';
import { problemRow, userRow as benchUser } from './lib/rows.js';

const KIND = argv.includes('postgres') ? 'postgres' : 'sqlite';
const USERS = opt('participants', 5000);
const PROBLEMS = opt('problems', 15);
const SUBMISSIONS = opt('submissions', 300_000);
const RUNNERS = opt('runners', 200);
/** Submissions of each virtual runner. */
const RUNNER_SUBS = opt('runner-submissions', 30);
const SECONDS = opt('seconds', 15);
const LIMIT = opt('limit', 50);
const CONNECTIONS = 50;
/** `--processes 2`: the site's own cluster (WEB_CONCURRENCY) instead of one server process. */
const PROCESSES = opt('processes', 1);
const MIN = 60_000;
const DURATION = 5 * 60 * MIN;

// A deterministic generator (mulberry32) so runs are comparable.
let seed = 30;
const rand = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const statuses = [JudgeStatus.ACCEPTED, JudgeStatus.ACCEPTED, JudgeStatus.ACCEPTED, JudgeStatus.WRONG_ANSWER, JudgeStatus.WRONG_ANSWER,
  JudgeStatus.WRONG_ANSWER, JudgeStatus.WRONG_ANSWER, JudgeStatus.TIME_LIMIT_EXCEEDED, JudgeStatus.COMPILE_ERROR, JudgeStatus.RUNTIME_ERROR];
const subRow = (cid: number, pid: number, uid: number, at: number, isVirtual: number) => {
  const status = pick(statuses);
  return {
    pid, display_pid: 'A', uid, username: 'u', cid, cpid: 0, gid: 0, tid: 0, status, score: null, oi_rank_score: null,
    time: Math.floor(rand() * 1000), memory: 1000, length: 10, language: 'C++', code: 'x', share: 0, error_message: null,
    judger: 'bench', is_manual: 0, case_done: 1, case_total: 1, ip: null, submit_time: at, judge_time: at, gmt_modified: at, is_virtual: isVirtual,
  };
};

/** One keep-alive POST of JSON; the latency in ms, rejecting unless HTTP 200. */
const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
function timedPost(port: number, url: string, body: unknown, token: string): Promise<number> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const req = http.request({ host: '127.0.0.1', port, path: url, method: 'POST', agent,
      headers: { authorization: token, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve(Number(process.hrtime.bigint() - t0) / 1e6) : reject(new Error(`${url}: HTTP ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-bench-virtual-'));
  let databaseUrl: string | undefined;
  let dropDb: (() => Promise<void>) | undefined;
  if (KIND === 'postgres') ({ databaseUrl, drop: dropDb } = await throwawayPgDatabase('verdict_bench_virtual'));
  const config = loadConfig({ DATA_DIR: dataDir, JUDGE_LOCAL_SLOTS: '0', LOG_LEVEL: 'error' }, { databaseUrl });
  const { app, ctx } = await buildApp(config, { logger: false });
  await app.ready();
  const db = ctx.db;
  const vdb = db.withTables<{ submission: { is_virtual: number } }>();
  const t0 = Date.now();

  // Users: an organiser, the participants and the virtual runners.
  const ts = Date.now();
  const userRow = (username: string, role: number) => benchUser(username, role, ts);
  const org = await db.insertInto('user').values(userRow('organiser', 1001)).returning('id').executeTakeFirstOrThrow();
  const names = [...Array.from({ length: USERS }, (_, i) => `team${i + 1}`), ...Array.from({ length: RUNNERS }, (_, i) => `runner${i + 1}`)];
  for (let i = 0; i < names.length; i += 1000) await db.insertInto('user').values(names.slice(i, i + 1000).map((n) => userRow(n, 1002))).execute();
  const idOf = new Map((await db.selectFrom('user').select(['id', 'username']).execute()).map((r) => [r.username, r.id]));
  const uids = names.slice(0, USERS).map((n) => idOf.get(n)!);
  const runnerUids = names.slice(USERS).map((n) => idOf.get(n)!);

  // The contest ended an hour ago; rated.
  const end = Date.now() - 60 * MIN;
  const start = end - DURATION;
  const pids: number[] = [];
  for (let p = 0; p < PROBLEMS; p++) {
    const r = await db.insertInto('problem').values(problemRow(`V${p}`, `Virtual ${p}`, org.id, ts)).returning('id').executeTakeFirstOrThrow();
    pids.push(r.id);
  }
  const cid = (await db.insertInto('contest').values({
    title: 'Virtual bench', description: '', type: 0, auth: 0, pwd: null, start_time: start, end_time: end, duration: DURATION, seal_rank: 1,
    seal_rank_time: end - 60 * MIN, auto_real_rank: 1, open_rank: 1, open_print: 0, allow_end_submit: 0, rank_show_name: 'username',
    open_account_limit: 0, account_limit_rule: null, star_account: '[]', oi_rank_score_type: 'Highest', award_type: 0, award_config: '[]',
    visible: 1, uid: org.id, author: 'organiser', gid: 0, rank_ver: 0, rated: 1, gmt_create: ts, gmt_modified: ts,
  }).returning('id').executeTakeFirstOrThrow()).id;
  await db.insertInto('contest_problem').values(pids.map((pid, i) => ({
    cid, pid, display_id: String.fromCharCode(65 + i), display_title: `Virtual ${i}`, color: null, gmt_create: ts,
  }))).execute();
  // Every participant submits at least once (each is a row of the rank), the rest at random.
  for (let i = 0; i < SUBMISSIONS; i += 1000) {
    await vdb.insertInto('submission').values(Array.from({ length: Math.min(1000, SUBMISSIONS - i) }, (_, k) => {
      const n = i + k;
      return subRow(cid, pick(pids), n < USERS ? uids[n]! : pick(uids), start + Math.floor(rand() * DURATION), 0);
    })).execute();
  }
  // Virtual runners part-way through their runs (elapsed spread over the whole duration), with their own submissions.
  const now = Date.now();
  const runs = runnerUids.map((uid) => {
    const elapsed = Math.floor(rand() * DURATION);
    return { cid, uid, start_time: now - elapsed, end_time: now - elapsed + DURATION, gmt_create: now - elapsed, elapsed };
  });
  for (let i = 0; i < runs.length; i += 500) {
    await db.insertInto('contest_virtual').values(runs.slice(i, i + 500).map(({ elapsed: _e, ...r }) => r)).execute();
  }
  const vsubs = runs.flatMap((r) => Array.from({ length: RUNNER_SUBS }, () => subRow(cid, pick(pids), r.uid, r.start_time + Math.floor(rand() * Math.max(1, r.elapsed)), 1)));
  for (let i = 0; i < vsubs.length; i += 1000) await vdb.insertInto('submission').values(vsubs.slice(i, i + 1000)).execute();
  const genMs = Date.now() - t0;

  // Ratings: the formula alone, then the admin's computation (final standings, formula, one transaction of writes).
  const c = await db.selectFrom('contest').selectAll().where('id', '=', cid).executeTakeFirstOrThrow();
  // The rank cells of the generated submissions (a judge writes them one verdict at a time).
  const s0 = performance.now();
  await ctx.services.contestRank.rebuild(c);
  const rebuildMs = performance.now() - s0;
  const s1 = performance.now();
  const changes = await ctx.services.rating.compute(c);
  const standingsAndFormula = performance.now() - s1;
  const s2 = performance.now();
  calculateRatings(changes.map((ch) => ({ uid: ch.uid, rank: ch.rank, rating: null })));
  const formulaOnly = performance.now() - s2;
  const s3 = performance.now();
  await ctx.services.rating.recompute(c);
  const adminCompute = performance.now() - s3;
  // Again (after a rejudge): the earlier result is replaced.
  const s4 = performance.now();
  await ctx.services.rating.recompute(c);
  const adminRecompute = performance.now() - s4;

  const fakeReq = { ip: '127.0.0.1', headers: {} } as unknown as FastifyRequest;
  const tokens = await Promise.all(runnerUids.map((uid) => issueToken(ctx, uid, fakeReq)));
  await app.close();

  // The server alone in a child process; this process only sends.
  const port = 18700 + Math.floor(Math.random() * 200);
  const env: NodeJS.ProcessEnv = {
    ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', JUDGE_LOCAL_SLOTS: '0', LOG_LEVEL: 'error',
    DATABASE_URL: databaseUrl ?? '', REDIS_URL: '', PUBLIC_READ_LIMIT: 'off',
  };
  const child = PROCESSES > 1 ? await startCluster(env, PROCESSES) : await startServer(fileURLToPath(import.meta.url), env);
  const rows: string[][] = [];
  try {
    const totalRows = USERS + RUNNERS;
    const pages = Math.max(1, Math.ceil(totalRows / LIMIT));
    const url = '/api/get-virtual-contest-rank';
    const randomPage = () => 1 + Math.floor(rand() * pages);
    const scenarios: [string, () => string, () => number][] = [
      ['one runner, random pages', () => tokens[0]!, randomPage],
      [`${RUNNERS} runners, each refreshing their first page`, () => pick(tokens), () => 1],
      [`${RUNNERS} runners, random pages (each page asked about once)`, () => pick(tokens), randomPage],
    ];
    const only = opt('scenario', 0);
    for (const [scenario, tokenOf, pageOf] of scenarios.filter((_, k) => !only || k + 1 === only)) {
      const body = () => ({ cid, currentPage: pageOf(), limit: LIMIT });
      // Warm: one request per runner token (fills the live rank's model and whatever the route keeps).
      for (const tk of scenario.startsWith('one') ? [tokens[0]!] : tokens) await timedPost(port, url, body(), tk);
      const lat: number[] = [];
      const stop = Date.now() + SECONDS * 1000;
      await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
        while (Date.now() < stop) lat.push(await timedPost(port, url, body(), tokenOf()));
      }));
      lat.sort((a, b) => a - b);
      rows.push([scenario, String(lat.length), (lat.length / SECONDS).toFixed(0), pct(lat, 50).toFixed(1), pct(lat, 99).toFixed(1)]);
    }
  } finally {
    agent.destroy();
    await stopServer(child);
  }

  console.log(`\nVirtual rank bench on ${KIND}: ${USERS} participants, ${PROBLEMS} problems, ${SUBMISSIONS} submissions, ${RUNNERS} virtual runners × ${RUNNER_SUBS} submissions`);
  console.log(`(data generated in ${(genMs / 1000).toFixed(1)} s, rank cells built in ${(rebuildMs / 1000).toFixed(1)} s; pages of ${LIMIT} rows; ${CONNECTIONS} connections for ${SECONDS} s per scenario; ${PROCESSES} server process(es); target p99 <= 50 ms)\n`);
  const head = ['scenario', 'requests', 'req/s', 'p50 ms', 'p99 ms'];
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((x, i) => (i === 0 ? x.padEnd(w[i]!) : x.padStart(w[i]!))).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${w.map((x, i) => (i === 0 ? '-'.repeat(x + 2) : `${'-'.repeat(x + 1)}:`)).join('|')}|`);
  for (const r of rows) console.log(line(r));
  console.log(`\nRatings of ${changes.length} rated participants (target <= 2 s):`);
  console.log(`  formula alone (all newcomers):                 ${formulaOnly.toFixed(0)} ms`);
  console.log(`  final standings + formula:                     ${standingsAndFormula.toFixed(0)} ms`);
  console.log(`  calculate-rating (standings, formula, writes): ${adminCompute.toFixed(0)} ms first, ${adminRecompute.toFixed(0)} ms again (replacing the first result)`);
  console.log(`load average during the run: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} cores`);

  if (dropDb) await dropDb();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

if (argv.includes('--serve')) {
  void serve();
} else {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

/**
 * Contest-day surge (issue 16): a generated ACM contest with registered users, each a browser of
 * its own (kept-alive connections) that has opened the contest's problem list before the start;
 * submissions sent open-loop at a fixed pace (mixed AC / WA / TLE / CE in C++ and Python, judged
 * for real), while watchers, subscribed before the start, hold the public scoreboard's live
 * stream and refetch the rank on each signal the way the web client does (after a random wait of
 * up to half a second, at most once a second). Prints one row per setup:
 *
 *   accepted-submit p50/p99 · submissions lost · judged twice · stuck · wrong verdicts (a final
 *   verdict other than the program's: an accepted program starved into a TLE) · time until the queue is
 *   drained · rank equal to a recomputation from scratch · scoreboard staleness p99 (verdict →
 *   a watcher holds a rank page fetched after it) · peak server RSS
 *
 *   npx tsx bench/surge.ts [sqlite] [scaled] [--fault] [--users 500] [--submissions 2000]
 *     [--seconds 60] [--watchers 200] [--drain-timeout 3600]
 *
 * Full size is the default (500 users, 2,000 submissions in 60 s, 200 watchers). Setups:
 *   sqlite  the embedded default: SQLite, one server process, its local judge worker (1 slot);
 *   scaled  PostgreSQL (BENCH_PG_URL) + Redis (BENCH_REDIS_URL), WEB_CONCURRENCY=2 and two judge
 *           worker processes (1 slot each) started by the bench.
 * --server-times logs every request at info level to a file and prints the server's own time for
 * the accepted submits beside the load generator's (the gap is queueing outside the handler:
 * the socket, the event loop, the scheduler); the logging itself costs the server some CPU.
 * BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server processes.
 * --fault kills (SIGKILL) one server process and one judge worker halfway through the sending and
 * restarts them (the cluster primary restarts its server process; the bench restarts the worker,
 * and on SQLite the server); the same table must then show 0 lost, 0 judged twice, 0 stuck.
 * Submits that fail at the connection level (or with a 5xx) are retried for up to a minute, as
 * the web client retries a submit click: with the same Idempotency-Key, so a retry whose first
 * try had committed answers that submission (a "duplicate" would be a second one made anyway).
 * "refused" counts 4xx answers and submits given up after a minute.
 * "judged twice" counts submissions queued more than once; "re-claimed" tasks whose lease
 * expired with a killed worker and were judged again from scratch (their verdict applied once).
 *
 * Needs the judge built (packages/judge/dist/cli.js), root, bubblewrap, g++ and python3.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyRequest } from 'fastify';
import pg from 'pg';
import { JudgeStatus, Role, isFinalStatus } from '@verdict/shared';
import { buildApp } from '../packages/server/src/app.js';
import { loadConfig } from '../packages/server/src/config.js';
import { openDatabase } from '../packages/server/src/db/index.js';
import { issueToken } from '../packages/server/src/http/auth.js';
import { acceptedBy } from '../packages/server/test/proc-sockets.js';
import { childPids } from './lib/proc.js';
import { startWatchers } from './lib/scoreboard-watchers.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const SERVER_MAIN = path.join(root, 'packages/server/src/main.ts');
const JUDGE_CLI = path.join(root, 'packages/judge/dist/cli.js');
const argv = process.argv.slice(2);
const opt = (name: string, dflt: number) => (argv.includes(`--${name}`) ? Number(argv[argv.indexOf(`--${name}`) + 1]) : dflt);
const USERS = opt('users', 500);
const SUBMISSIONS = opt('submissions', 2000);
const SECONDS = opt('seconds', 60);
const WATCHERS = opt('watchers', 200);
const DRAIN_TIMEOUT_S = opt('drain-timeout', 3600);
const FAULT = argv.includes('--fault');
const SERVER_TIMES = argv.includes('--server-times');
const SERVER_LOG = '/tmp/verdict-bench-surge-server.log';
const PG_BASE = process.env.BENCH_PG_URL ?? 'postgres://root@127.0.0.1:5432/test';
const REDIS = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PORT = { sqlite: 18960, scaled: 18961 } as const;
type Setup = keyof typeof PORT;
const JWT_SECRET = 'surge-bench-jwt-secret-0123456789abcdef';
const JUDGE_TOKEN = 'surge-bench-judge-token';
const RETRY_FOR_MS = 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

// ---- programs ------------------------------------------------------------------------------

/** The mix: share, language, verdict wanted, code (a problem reads "a b" and prints a+b). */
const EXPECTED_STATUS: Record<string, number> = {
  AC: JudgeStatus.ACCEPTED, WA: JudgeStatus.WRONG_ANSWER, TLE: JudgeStatus.TIME_LIMIT_EXCEEDED, CE: JudgeStatus.COMPILE_ERROR,
};
const MIX: { share: number; language: string; expect: string; code: string }[] = [
  { share: 40, language: 'C++', expect: 'AC', code: '#include <cstdio>\nint main(){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",a+b);}' },
  { share: 15, language: 'Python3', expect: 'AC', code: 'a, b = map(int, input().split())\nprint(a + b)' },
  { share: 17, language: 'C++', expect: 'WA', code: '#include <cstdio>\nint main(){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",a-b);}' },
  { share: 10, language: 'Python3', expect: 'WA', code: 'a, b = map(int, input().split())\nprint(a * b + 1)' },
  { share: 5, language: 'C++', expect: 'TLE', code: 'int main(){volatile unsigned long long x=0;for(;;)x++;}' },
  { share: 13, language: 'C++', expect: 'CE', code: 'int main(){ return undefined_name; }' },
];
function pick(i: number) {
  // Deterministic spread of the mix over the sequence.
  const r = (i * 7919) % 100;
  let acc = 0;
  for (const m of MIX) if (r < (acc += m.share)) return m;
  return MIX[0];
}

// ---- setup ---------------------------------------------------------------------------------

function envFor(setup: Setup, dataDir: string, pgUrl?: string): NodeJS.ProcessEnv {
  return {
    ...process.env, PORT: String(PORT[setup]), HOST: '127.0.0.1', DATA_DIR: dataDir, JWT_SECRET, JUDGE_TOKEN, LOG_LEVEL: SERVER_TIMES ? 'info' : 'warn',
    // All watchers share one address; the streams of a killed process keep their places in Redis
    // until their lease runs out (30 s), while the watchers reconnect.
    WEB_DIST: '/nonexistent', LIVE_MAX_PER_IP: String(2 * WATCHERS + 100), ADMIN_PASSWORD: 'surge-admin-pass',
    ...(setup === 'sqlite'
      ? { DATABASE_URL: '', REDIS_URL: '', WEB_CONCURRENCY: '1' }
      : { DATABASE_URL: pgUrl, REDIS_URL: REDIS, WEB_CONCURRENCY: '2', JUDGE_LOCAL_SLOTS: '0' }),
  };
}

interface World { cid: number; admin: string; tokens: string[]; displayIds: string[] }

/** A fresh site: users with sessions, two problems with test data, one running public contest. */
async function prepare(setup: Setup): Promise<{ env: NodeJS.ProcessEnv; world: World }> {
  const dataDir = `/tmp/verdict-bench-surge-${setup}`;
  fs.rmSync(dataDir, { recursive: true, force: true });
  let pgUrl: string | undefined;
  if (setup === 'scaled') {
    const c = new pg.Client({ connectionString: PG_BASE });
    await c.connect();
    await c.query('DROP DATABASE IF EXISTS verdict_bench_surge WITH (FORCE)');
    await c.query('CREATE DATABASE verdict_bench_surge');
    await c.end();
    pgUrl = Object.assign(new URL(PG_BASE), { pathname: '/verdict_bench_surge' }).toString();
  }
  const env = envFor(setup, dataDir, pgUrl);
  const { app, ctx } = await buildApp(loadConfig(env), { logger: false });
  try {
    const db = ctx.db;
    const t = Date.now();
    const fake = { ip: '127.0.0.1', headers: {} } as unknown as FastifyRequest;
    const mkUser = async (username: string, role: number) => {
      const row = await db.insertInto('user').values({
        username, password_hash: 'x', email: `${username}@example.com`, role, status: 0, gender: 'secrecy', gmt_create: t, gmt_modified: t,
      } as never).returning('id').executeTakeFirstOrThrow();
      return issueToken(ctx, row.id, fake);
    };
    const admin = await mkUser('surge_root', Role.ROOT);
    const tokens: string[] = [];
    for (let i = 0; i < USERS; i++) tokens.push(await mkUser(`surge${i}`, Role.DEFAULT_USER));
    const cases = [['1 2\n', '3\n'], ['100000 234567\n', '334567\n'], ['-5 5\n', '0\n']];
    const inject = async (method: 'POST', url: string, body: unknown) => {
      const r = await app.inject({ method, url, headers: { authorization: admin }, payload: body as object });
      if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
      return r.json().data;
    };
    const pids: number[] = [];
    for (const id of ['S1', 'S2']) {
      const p = await db.insertInto('problem').values({
        problem_id: id, title: `Sum ${id}`, author_uid: 1, type: 0, auth: 1, time_limit: 1000, memory_limit: 256, case_version: `v-${id}`,
        gmt_create: t, gmt_modified: t,
      } as never).returning('id').executeTakeFirstOrThrow();
      const dir = path.join(dataDir, 'testcase', String(p.id));
      fs.mkdirSync(dir, { recursive: true });
      for (const [i, [input, output]] of cases.entries()) {
        fs.writeFileSync(path.join(dir, `${i + 1}.in`), input);
        fs.writeFileSync(path.join(dir, `${i + 1}.out`), output);
        await db.insertInto('problem_case').values({ pid: p.id, input: `${i + 1}.in`, output: `${i + 1}.out`, score: 0, group_num: i + 1, seq: i + 1, status: 0 } as never).execute();
      }
      pids.push(p.id);
    }
    const contest = await inject('POST', '/api/admin/contest', {
      title: 'Surge', description: 'Contest-day surge', type: 0, auth: 0, openRank: 1,
      startTime: t - 10 * 60_000, endTime: t + 5 * 3600_000,
    });
    const cid = contest.id as number;
    const displayIds = ['A', 'B'];
    for (const [i, pid] of pids.entries()) await inject('POST', '/api/admin/contest/add-problem-from-public', { cid, pid, displayId: displayIds[i] });
    return { env, world: { cid, admin, tokens, displayIds } };
  } finally {
    await app.close();
  }
}

// ---- processes -----------------------------------------------------------------------------

function startServer(env: NodeJS.ProcessEnv): ChildProcess {
  const out = SERVER_TIMES ? fs.openSync(SERVER_LOG, 'a') : 'ignore';
  // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server processes.
  const extra = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  return spawn(process.execPath, [...extra, '--import', 'tsx', SERVER_MAIN], { cwd: path.join(root, 'packages/server'), env, stdio: ['ignore', out, 'inherit'] });
}

function startWorker(port: number, name: string): ChildProcess {
  return spawn(process.execPath, [JUDGE_CLI, '--server', `http://127.0.0.1:${port}`, '--slots', '1', '--name', name], {
    env: { ...process.env, JUDGE_TOKEN }, stdio: ['ignore', 'ignore', 'ignore'],
  });
}

/**
 * Until every server process of the cluster answers on the port: the one listening first would
 * otherwise hold every long-lived connection (watchers, kept-alive submit sockets) and a kill of
 * it would test a site with no second process. Returns how long that took.
 */
async function untilAllServe(server: ChildProcess, port: number, processes: number, timeoutMs = 180_000): Promise<number> {
  const start = Date.now();
  const seen = new Set<number>();
  while (Date.now() - start < timeoutMs) {
    const pids = childPids(server.pid!, 'main.ts');
    if (pids.length >= processes && pids.every((p) => seen.has(p))) return Date.now() - start;
    const by = await new Promise<number | null>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/api/health', agent: false, headers: { connection: 'keep-alive' } }, (res) => {
        const pid = acceptedBy(port, req.socket!.localPort!, pids);
        res.resume();
        res.on('end', () => { req.destroy(); resolve(pid); });
      });
      req.on('error', () => resolve(null));
      req.setTimeout(5000, () => { req.destroy(); resolve(null); });
    });
    if (by) seen.add(by);
    else await sleep(200);
  }
  throw new Error(`the ${processes} server processes did not all come up`);
}

const rssMiB = (pid: number) => {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
};

// ---- HTTP ----------------------------------------------------------------------------------

/** Each contestant is a browser of their own: its own kept-alive connections (so, in a cluster, mostly one server process). */
const agents = new Map<string, http.Agent>();
const agentOf = (token = '') => {
  let a = agents.get(token);
  if (!a) agents.set(token, (a = new http.Agent({ keepAlive: true, maxSockets: 2 })));
  return a;
};

function post(port: number, url: string, body: unknown, token?: string, timeoutMs = 30_000, extra: Record<string, string> = {}): Promise<{ code: number; data: any; msg: string }> {
  return send(port, 'POST', url, body, token, timeoutMs, extra);
}

function send(port: number, method: 'GET' | 'POST', url: string, body: unknown, token?: string, timeoutMs = 30_000, extra: Record<string, string> = {}): Promise<{ code: number; data: any; msg: string }> {
  return new Promise((resolve, reject) => {
    const payload = method === 'POST' ? JSON.stringify(body) : '';
    const req = http.request({
      host: '127.0.0.1', port, path: url, method, agent: agentOf(token),
      headers: { ...(method === 'POST' ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}), ...(token ? { authorization: token } : {}), ...extra },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { text += c; });
      res.on('end', () => {
        try {
          const j = JSON.parse(text);
          resolve({ code: res.statusCode!, data: j.data, msg: j.msg });
        } catch {
          resolve({ code: res.statusCode!, data: null, msg: text.slice(0, 200) });
        }
      });
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(payload);
  });
}

async function waitUp(port: number, timeoutMs = 120_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const ok = await new Promise<boolean>((resolve) => {
      http.get({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (res) => { res.resume(); resolve(res.statusCode === 200); })
        .on('error', () => resolve(false));
    });
    if (ok) return;
    await sleep(200);
  }
  throw new Error('server did not come up');
}

// ---- one run -------------------------------------------------------------------------------

interface Row {
  setup: string; sent: number; accepted: number; retried: number; refused: number; p50: number; p99: number; lost: number; duplicates: number;
  twice: number; reclaimed: number; stuck: number; drainS: number; rankOk: string; staleP99: number; staleMissing: number; rssMiB: number;
  verdicts: string; breakdown: string; wrong: number; wrongOf: string;
}

async function run(setup: Setup): Promise<Row> {
  const port = PORT[setup];
  console.log(`[${setup}] preparing ${USERS} users and the contest...`);
  const { env, world } = await prepare(setup);
  if (SERVER_TIMES) fs.writeFileSync(SERVER_LOG, '');
  let server = startServer(env);
  const workers: ChildProcess[] = [];
  let watcherProcess: ReturnType<typeof startWatchers> | null = null;
  const cleanup = () => {
    watcherProcess?.kill();
    for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
    if (server.exitCode === null) server.kill('SIGTERM');
  };
  process.once('SIGINT', () => { cleanup(); process.exit(130); });
  try {
    await waitUp(port);
    if (setup === 'scaled') {
      const ms = await untilAllServe(server, port, 2);
      console.log(`[${setup}] both server processes answer (${(ms / 1000).toFixed(1)} s after the first)`);
      for (const n of [1, 2]) workers.push(startWorker(port, `surge-w${n}`));
    }
    // Workers register their toolchains before submissions are offered a language.
    await sleep(3000);
    // In a process of their own (bench/lib/scoreboard-watchers.ts says why).
    watcherProcess = startWatchers(port, world.cid, WATCHERS);
    // The watchers are there before the surge: every stream open and its first rank fetched.
    const t = Date.now();
    await Promise.race([watcherProcess.ready, sleep(60_000)]);
    console.log(`[${setup}] ${WATCHERS} watchers subscribed in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    // The contestants are on the contest's page when it starts: each browser has loaded its problem list.
    for (let i = 0; i < world.tokens.length; i += 50) {
      await Promise.all(world.tokens.slice(i, i + 50).map((tk) => send(port, 'GET', `/api/get-contest-problem?cid=${world.cid}`, null, tk)));
    }
    await sleep(1000);

    let peakRss = 0;
    const serverPids = () => [server.pid!, ...childPids(server.pid!, 'main.ts')];
    const rssTimer = setInterval(() => { peakRss = Math.max(peakRss, serverPids().reduce((s, p) => s + rssMiB(p), 0)); }, 500);

    const accepted = new Map<number, { at: number; expect: string }>();
    const latencies: number[] = [];
    /** When the slow submits were sent (a warm-up at the start, or a stall later). */
    const slowest: { at: number; ms: number }[] = [];
    let retried = 0;
    let refused = 0;
    const refusals = new Map<string, number>();
    const t0 = Date.now();
    let faultDone = !FAULT;
    const sends: Promise<void>[] = [];
    console.log(`[${setup}] sending ${SUBMISSIONS} submissions in ${SECONDS} s with ${WATCHERS} scoreboard watchers${FAULT ? ' (fault run)' : ''}...`);
    for (let i = 0; i < SUBMISSIONS; i++) {
      const due = t0 + (i * SECONDS * 1000) / SUBMISSIONS;
      if (due > Date.now()) await sleep(due - Date.now());
      if (!faultDone && i >= SUBMISSIONS / 2) {
        faultDone = true;
        server = await fault(setup, server, workers, env, port);
      }
      const m = pick(i);
      const token = world.tokens[(i * 31) % world.tokens.length];
      const body = { pid: world.displayIds[i % 2], cid: world.cid, language: m.language, code: m.code };
      sends.push((async () => {
        const start = Date.now();
        // One key per submit, reused by its retries (the web client does the same per click).
        const key = { 'idempotency-key': crypto.randomUUID() };
        // Retried for up to a minute (a restarting server).
        while (Date.now() - start < RETRY_FOR_MS) {
          try {
            const r = await post(port, '/api/submit-problem-judge', body, token, 30_000, key);
            if (r.code === 200) {
              latencies.push(Date.now() - start);
              slowest.push({ at: start - t0, ms: Date.now() - start });
              accepted.set(Number(r.data.submitId), { at: Date.now(), expect: m.expect });
              return;
            }
            if (r.code < 500) {
              refused++;
              refusals.set(`${r.code} ${r.msg}`, (refusals.get(`${r.code} ${r.msg}`) ?? 0) + 1);
              return;
            }
          } catch { /* connection lost (a killed process): try again */ }
          retried++;
          await sleep(500);
        }
        refused++;
      })());
    }
    await Promise.all(sends);
    const sentDone = Date.now();
    console.log(`[${setup}] sent in ${((sentDone - t0) / 1000).toFixed(1)} s; waiting for the queue to drain...`);

    // Drained: every accepted submission has a final verdict.
    const handle = openDatabase({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR! });
    const db = handle.db;
    let drainedAt = NaN;
    const ids = [...accepted.keys()];
    const finalOf = async () => {
      const rows: { id: number; status: number; judge_time: number | null }[] = [];
      for (let i = 0; i < ids.length; i += 500) {
        rows.push(...await db.selectFrom('submission').select(['id', 'status', 'judge_time']).where('id', 'in', ids.slice(i, i + 500)).execute());
      }
      return rows;
    };
    let rows = await finalOf();
    const drainEnd = Date.now() + DRAIN_TIMEOUT_S * 1000;
    let lastLog = 0;
    while (Date.now() < drainEnd) {
      rows = await finalOf();
      const open = rows.filter((r) => !isFinalStatus(r.status)).length;
      if (open === 0 && rows.length === ids.length) { drainedAt = Date.now(); break; }
      if (Date.now() - lastLog > 10_000) { lastLog = Date.now(); console.log(`[${setup}]   ${open} not judged yet`); }
      await sleep(500);
    }
    // Let the last rank signals reach the watchers.
    await sleep(2500);
    clearInterval(rssTimer);
    const watchers = (await watcherProcess.stop()).map((w) => ({ ...w, spans: w.spans.map((sp) => ({ open: sp.open, close: sp.close ?? Infinity })) }));

    const found = new Set(rows.map((r) => r.id));
    const lost = ids.filter((id) => !found.has(id)).length;
    const stuck = rows.filter((r) => !isFinalStatus(r.status)).length;
    const contestRows = await db.selectFrom('submission').select('id').where('cid', '=', world.cid).execute();
    const duplicates = contestRows.filter((r) => !accepted.has(r.id)).length;
    const tasks = await db.selectFrom('judge_task').select(['ref_id', 'attempts']).where('kind', '=', 'submission').execute();
    const perSub = new Map<string, number>();
    for (const t of tasks) perSub.set(t.ref_id, (perSub.get(t.ref_id) ?? 0) + 1);
    const twice = [...perSub.values()].filter((n) => n > 1).length;
    const reclaimed = tasks.filter((t) => t.attempts > 1).length;
    const verdictCount = new Map<number, number>();
    for (const r of rows) verdictCount.set(r.status, (verdictCount.get(r.status) ?? 0) + 1);
    const name = (s: number) => Object.entries(JudgeStatus).find(([, v]) => v === s)?.[0] ?? String(s);
    const verdicts = [...verdictCount].map(([s, n]) => `${name(s)} ${n}`).join(', ');
    // A verdict other than the program's own (e.g. an accepted program starved into a wall-time TLE).
    const wrongOf = new Map<string, number>();
    for (const r of rows) {
      const expect = accepted.get(r.id)!.expect;
      const key = `${expect} as ${name(r.status)}`;
      if (isFinalStatus(r.status) && r.status !== EXPECTED_STATUS[expect]) wrongOf.set(key, (wrongOf.get(key) ?? 0) + 1);
    }
    const wrong = [...wrongOf.values()].reduce((a, b) => a + b, 0);
    await handle.close();

    // Rank as served, then recomputed from scratch (forceRefresh rebuilds every cell).
    const rankAll = async (force: boolean) => {
      const out: unknown[] = [];
      for (let page = 1; ; page++) {
        const r = await post(port, '/api/get-contest-rank', { cid: world.cid, currentPage: page, limit: 300, forceRefresh: force && page === 1 }, world.admin);
        if (r.code !== 200) throw new Error(`rank: ${r.code} ${r.msg}`);
        out.push(...r.data.records);
        if (out.length >= r.data.total || !r.data.records.length) return out;
      }
    };
    const served = JSON.stringify(await rankAll(false));
    const recomputed = JSON.stringify(await rankAll(true));
    const rankOk = served === recomputed ? 'yes' : 'NO';
    if (rankOk === 'NO') {
      const [a, b] = [JSON.parse(served) as unknown[], JSON.parse(recomputed) as unknown[]];
      const differ = a.map((r, i) => [r, b[i]]).filter(([x, y]) => JSON.stringify(x) !== JSON.stringify(y));
      console.log(`[${setup}] rank rows that differ from the recomputation (${differ.length} of ${a.length} served, ${b.length} recomputed), served / recomputed:`);
      for (const [x, y] of differ.slice(0, 5)) console.log(`  ${JSON.stringify(x)}\n  ${JSON.stringify(y)}`);
    }

    // Staleness: each verdict → the end of the first rank fetch a watcher started after it.
    const stale: number[] = [];
    let staleMissing = 0;
    // Where the time goes: verdict -> first rank signal after it -> that fetch's start -> its end,
    // split by whether the watcher's stream was open when the verdict landed.
    const parts = { connected: [] as number[], disconnected: [] as number[], toSignal: [] as number[], toFetch: [] as number[], fetch: [] as number[] };
    for (const r of rows) {
      if (r.judge_time == null) continue;
      const jt = r.judge_time;
      for (const w of watchers) {
        const f = w.fetches.find((x) => x.start >= jt);
        if (!f) { staleMissing++; continue; }
        stale.push(f.end - jt);
        const open = w.spans.some((sp) => sp.open <= jt && jt < sp.close);
        (open ? parts.connected : parts.disconnected).push(f.end - jt);
        const sig = w.signals.find((x) => x >= jt);
        if (sig !== undefined && sig <= f.start) {
          parts.toSignal.push(sig - jt);
          parts.toFetch.push(f.start - sig);
        }
        parts.fetch.push(f.end - f.start);
      }
    }
    const q = (xs: number[]) => `p50 ${(pct(xs, 50) / 1000).toFixed(2)} / p99 ${(pct(xs, 99) / 1000).toFixed(2)} s (${xs.length})`;
    const breakdown = `staleness with the stream open ${q(parts.connected)}; while reconnecting ${q(parts.disconnected)}; ` +
      `verdict->signal ${q(parts.toSignal)}; signal->fetch ${q(parts.toFetch)}; fetch ${q(parts.fetch)}; ` +
      `watchers reconnected ${watchers.filter((w) => w.spans.length > 1).length}/${watchers.length}, gaps ${q(watchers.flatMap((w) => w.spans.slice(1).map((sp, i) => sp.open - w.spans[i].close)))}` +
      `; stream answers refused: ${JSON.stringify(watchers.reduce<Record<string, number>>((all, w) => { for (const [k, n] of Object.entries(w.refused)) all[k] = (all[k] ?? 0) + n; return all; }, {}))}`;

    if (refusals.size) console.log(`[${setup}] refused submits:`, Object.fromEntries(refusals));
    if (SERVER_TIMES) console.log(`[${setup}] submit time inside the server: ${serverSubmitTimes()}`);
    const slow = slowest.sort((a, b) => b.ms - a.ms).slice(0, Math.ceil(slowest.length / 100));
    console.log(`[${setup}] the slowest 1 % of submits, sent at (s) / answered in (ms): ${slow.sort((a, b) => a.at - b.at).map((x) => `${(x.at / 1000).toFixed(1)}/${x.ms}`).join(' ')}`);
    return {
      setup: `${setup}${FAULT ? ' + fault' : ''}`, sent: SUBMISSIONS, accepted: accepted.size, retried, refused,
      p50: pct(latencies, 50), p99: pct(latencies, 99), lost, duplicates, twice, reclaimed, stuck, wrong, wrongOf: JSON.stringify(Object.fromEntries(wrongOf)),
      drainS: (drainedAt - t0) / 1000, rankOk, staleP99: pct(stale, 99), staleMissing, rssMiB: peakRss, verdicts, breakdown,
    };
  } finally {
    watcherProcess?.kill();
    for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
  }
}

/** p50 / p99 of the server's own response time (ms) for the submits it answered 200, from its log. */
function serverSubmitTimes(): string {
  const ms: number[] = [];
  for (const line of fs.readFileSync(SERVER_LOG, 'utf8').split('\n')) {
    if (!line.includes('submit-problem-judge')) continue;
    try {
      const j = JSON.parse(line);
      if (j.res?.statusCode === 200 && typeof j.responseTime === 'number') ms.push(j.responseTime);
    } catch { /* a line cut by a killed process */ }
  }
  return `p50 ${pct(ms, 50).toFixed(1)} / p99 ${pct(ms, 99).toFixed(1)} ms over ${ms.length} submits`;
}

/** SIGKILL one server process and one judge worker, and restart what the system does not. */
async function fault(setup: Setup, server: ChildProcess, workers: ChildProcess[], env: NodeJS.ProcessEnv, port: number): Promise<ChildProcess> {
  if (setup === 'scaled') {
    const victim = childPids(server.pid!, 'main.ts')[0];
    console.log(`[${setup}] fault: SIGKILL server process ${victim} (the cluster primary restarts it) and judge worker ${workers[0].pid}`);
    if (victim) process.kill(victim, 'SIGKILL');
    workers[0].kill('SIGKILL');
    setTimeout(() => { workers[0] = startWorker(port, 'surge-w1'); }, 2000);
    return server;
  }
  // SQLite: one server process; its local worker is killed first, then the server, then both return.
  const local = childPids(server.pid!, 'cli.js')[0];
  console.log(`[${setup}] fault: SIGKILL local judge worker ${local} and the server ${server.pid}; restarting the server`);
  if (local) process.kill(local, 'SIGKILL');
  server.kill('SIGKILL');
  await new Promise((r) => server.once('exit', r));
  const next = startServer(env);
  void waitUp(port).catch(() => {});
  return next;
}

// ---- main ----------------------------------------------------------------------------------

const chosen = argv.filter((a): a is Setup => a === 'sqlite' || a === 'scaled');
const setups: Setup[] = chosen.length ? chosen : ['sqlite', 'scaled'];
if (!fs.existsSync(JUDGE_CLI)) throw new Error(`build the judge first: ${JUDGE_CLI}`);
const results: Row[] = [];
for (const s of setups) results.push(await run(s));

const full = USERS === 500 && SUBMISSIONS === 2000 && SECONDS === 60 && WATCHERS === 200;
console.log(`\nContest-day surge: ${USERS} users, ${SUBMISSIONS} submissions in ${SECONDS} s, ${WATCHERS} scoreboard watchers` +
  `${full ? '' : ' (REDUCED size)'}; load average ${(await import('node:os')).loadavg()[0].toFixed(1)} on this machine\n`);
const cols: [string, (r: Row) => string][] = [
  ['setup', (r) => r.setup], ['accepted/sent', (r) => `${r.accepted}/${r.sent}`], ['retried', (r) => String(r.retried)], ['refused', (r) => String(r.refused)],
  ['submit p50 ms', (r) => r.p50.toFixed(0)], ['submit p99 ms', (r) => r.p99.toFixed(0)], ['lost', (r) => String(r.lost)],
  ['duplicates', (r) => String(r.duplicates)], ['judged twice', (r) => String(r.twice)], ['re-claimed', (r) => String(r.reclaimed)],
  ['stuck', (r) => String(r.stuck)], ['wrong verdicts', (r) => String(r.wrong)], ['drained after s', (r) => (Number.isNaN(r.drainS) ? 'not drained' : r.drainS.toFixed(1))],
  ['rank = recomputed', (r) => r.rankOk], ['staleness p99 s', (r) => (r.staleP99 / 1000).toFixed(2)], ['never refreshed', (r) => String(r.staleMissing)],
  ['server RSS MiB', (r) => r.rssMiB.toFixed(0)],
];
console.log(`| ${cols.map(([h]) => h).join(' | ')} |`);
console.log(`|${cols.map(() => '---').join('|')}|`);
for (const r of results) console.log(`| ${cols.map(([, f]) => f(r)).join(' | ')} |`);
for (const r of results) console.log(`verdicts (${r.setup}): ${r.verdicts}${r.wrong ? `; wrong: ${r.wrongOf}` : ''}`);
for (const r of results) console.log(`scoreboard (${r.setup}): ${r.breakdown}`);
process.exit(0);

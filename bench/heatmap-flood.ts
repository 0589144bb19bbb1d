/**
 * Heatmap flood (issue 26 item 1): p50 of a cheap call (`get-website-config`) from one client,
 * idle and while 4 anonymous clients loop `get-user-calendar-heatmap` of a user with SUBMISSIONS
 * submissions (default 30,000) over the last year. Two floods: from one address (the per-address
 * limit answers most of them 429) and from a new address per request (behind a trusted proxy:
 * only the kept per-user aggregates keep each answer cheap). Target: within 2x of idle. The
 * server's CPU per answer (from /proc) is printed too: on a shared machine it is steadier than latency;
 * so is the clients' own CPU (this process: the probe and the flooders), which shares the machine's
 * cores with the server: near one core, the clients themselves slow the probe.
 *
 *   npx tsx bench/heatmap-flood.ts [sqlite|postgres] [--seconds 5] [--submissions 30000]
 *
 * The server runs in a child process; the data is generated once and kept (SQLite under
 * /tmp/verdict-bench-heatmap, PostgreSQL database verdict_bench_heatmap on BENCH_PG_URL).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { JudgeStatus } from '../packages/shared/src/index.js';
import { buildApp } from '../packages/server/src/app.js';
import { loadConfig } from '../packages/server/src/config.js';
import { serve, startServer, stopServer } from './lib/http-load.js';
import { benchDatabase, type Kind } from './lib/bench-db.js';
import { cpuMs } from './lib/proc.js';
import { argv, opt } from './lib/args.js';

const KIND: Kind = argv.includes('postgres') ? 'postgres' : 'sqlite';
const SECONDS = opt('seconds', 5);
const SUBMISSIONS = opt('submissions', 30_000);
const FLOODERS = 4;
const PORT = KIND === 'postgres' ? 18281 : 18280;
const SQLITE_DIR = '/tmp/verdict-bench-heatmap';
const { envFor, ensurePgDatabase } = benchDatabase('verdict_bench_heatmap', SQLITE_DIR);
const DAY = 86_400_000;

/** The flooded user with SUBMISSIONS submissions spread over the last year (kept between runs). */
async function prepare() {
  if (KIND === 'postgres') await ensurePgDatabase();
  else fs.mkdirSync(SQLITE_DIR, { recursive: true });
  const { app, ctx } = await buildApp(loadConfig(envFor(KIND, PORT)), { logger: false });
  const db = ctx.db;
  try {
    let u = await db.selectFrom('user').select('id').where('username', '=', 'flooded').executeTakeFirst();
    const have = u ? Number((await db.selectFrom('submission').select((eb) => eb.fn.countAll<number>().as('n')).where('uid', '=', u!.id).executeTakeFirstOrThrow()).n) : 0;
    if (u && have === SUBMISSIONS) return;
    process.stdout.write(`[${KIND}] generating ${SUBMISSIONS.toLocaleString()} submissions... `);
    const t = Date.now();
    if (!u) {
      u = await db.insertInto('user').values({
        username: 'flooded', password_hash: 'x', email: 'flooded@example.com', role: 1002, status: 0, gender: 'secrecy', gmt_create: t, gmt_modified: t,
      } as never).returning('id').executeTakeFirstOrThrow();
    }
    await db.deleteFrom('submission').where('uid', '=', u.id).execute();
    for (let i = 0; i < SUBMISSIONS; i += 500) {
      const rows = Array.from({ length: Math.min(500, SUBMISSIONS - i) }, (_, k) => {
        const at = t - Math.floor(((i + k) / SUBMISSIONS) * 360 * DAY);
        return {
          pid: 1, display_pid: '1000', uid: u!.id, username: 'flooded', cid: 0, cpid: 0, gid: 0, tid: 0,
          status: (i + k) % 3 === 0 ? JudgeStatus.ACCEPTED : JudgeStatus.WRONG_ANSWER, score: null, oi_rank_score: null, time: 1, memory: 1,
          length: 10, language: 'C++', code: 'int main(){}', share: 0, error_message: null, judger: 'bench', is_manual: 0, case_done: 1,
          case_total: 1, ip: null, submit_time: at, judge_time: at, gmt_modified: at,
        };
      });
      await db.insertInto('submission').values(rows).execute();
    }
    process.stdout.write(`${((Date.now() - t) / 1000).toFixed(1)} s\n`);
  } finally {
    await app.close();
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: FLOODERS + 1 });

/** One GET; resolves with its status and latency in ms. */
function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    http.get({ host: '127.0.0.1', port: PORT, path, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: Number(process.hrtime.bigint() - t0) / 1e6 }));
    }).on('error', reject);
  });
}

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/**
 * p50 of the cheap call from one client for SECONDS, while `flood` (if any) runs beside it, and the
 * server process's CPU per answer (steadier than latency on a shared machine).
 */
async function measure(serverPid: number, flood?: (stop: () => boolean) => Promise<number>) {
  const end = Date.now() + SECONDS * 1000;
  const stop = () => Date.now() >= end;
  const lat: number[] = [];
  const cpu0 = cpuMs(serverPid) ?? 0;
  const mine0 = process.cpuUsage();
  const t0 = Date.now();
  const probe = (async () => {
    while (!stop()) lat.push((await get('/api/get-website-config')).ms);
  })();
  const [, flooded = 0] = await Promise.all([probe, flood?.(stop)]);
  const mine = process.cpuUsage(mine0);
  // The clients' own CPU (probe and flooders share this process and the machine's cores with the server).
  const clientsCpu = (mine.user + mine.system) / 1000 / (Date.now() - t0);
  return { p50: p50(lat), cpuPerAnswer: ((cpuMs(serverPid) ?? 0) - cpu0) / (lat.length + flooded), clientsCpu };
}

/** FLOODERS clients looping the heatmap; `address` gives each request's client address. */
function flooders(address: (n: number) => string, codes: Map<number, number>) {
  let n = 0;
  return async (stop: () => boolean) => {
    await Promise.all(Array.from({ length: FLOODERS }, async () => {
      while (!stop()) {
        const r = await get('/api/get-user-calendar-heatmap?username=flooded', { 'x-forwarded-for': address(n++) });
        codes.set(r.status, (codes.get(r.status) ?? 0) + 1);
      }
    }));
    return n;
  };
}

async function main() {
  if (argv.includes('--serve')) return serve();
  await prepare();
  const server = await startServer(fileURLToPath(import.meta.url), { ...envFor(KIND, PORT), TRUST_PROXY: 'true', PUBLIC_READ_LIMIT: 'on' });
  try {
    const pid = server.pid!;
    await measure(pid); // warm up
    const idle = await measure(pid);
    const oneAddress = new Map<number, number>();
    const fromOne = await measure(pid, flooders(() => '203.0.113.1', oneAddress));
    const manyAddresses = new Map<number, number>();
    const fromMany = await measure(pid, flooders((n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`, manyAddresses));
    const codes = (m: Map<number, number>) => [...m].map(([c, k]) => `${k} × ${c}`).join(', ');
    const row = (name: string, r: { p50: number; cpuPerAnswer: number; clientsCpu: number }, answers = '') =>
      console.log(`| ${name} | ${r.p50.toFixed(2)} ms | ${(r.p50 / idle.p50).toFixed(2)} | ${r.cpuPerAnswer.toFixed(2)} ms | ${(r.clientsCpu * 100).toFixed(0)} % | ${answers} |`);
    console.log(`\nHeatmap flood (${KIND}, ${SUBMISSIONS.toLocaleString()} submissions, ${FLOODERS} flooders, ${SECONDS} s each, ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)})\n`);
    console.log('| scenario | get-website-config p50 | × idle | server CPU per answer | clients\' CPU (of one core) | heatmap answers |');
    console.log('|---|---:|---:|---:|---:|---|');
    row('idle', idle);
    row('flood from one address', fromOne, codes(oneAddress));
    row('flood from a new address per request', fromMany, codes(manyAddresses));
  } finally {
    agent.destroy();
    await stopServer(server);
  }
}

await main();

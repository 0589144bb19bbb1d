/**
 * The fixed cost of one request in the HTTP stack (security headers, auth, site switches,
 * logging, envelope): server CPU per request and latency at 50 connections on calls that do
 * almost nothing else, so what the table shows is what every other call pays on top of its work.
 *
 *   npx tsx bench/http-overhead.ts [sqlite|postgres ...] [--seconds 5] [--log]
 *
 * --log runs the server at LOG_LEVEL=info (production's default; output goes to /dev/null) instead
 * of errors only. CPU per request is read from /proc for the server process alone: on a shared
 * machine it is much steadier than latency. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"
 * profiles the server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyRequest } from 'fastify';
import { loadConfig } from '../packages/server/src/config.js';
import { buildApp } from '../packages/server/src/app.js';
import { issueToken } from '../packages/server/src/http/auth.js';
import { load, printTable, type LoadResult } from './lib/http-load.js';
import { benchDatabase, type Kind } from './lib/bench-db.js';
import { cpuMs } from './lib/proc.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const SECONDS = argv.includes('--seconds') ? Number(argv[argv.indexOf('--seconds') + 1]) : 5;
const LOG = argv.includes('--log');
const PORTS = { sqlite: 18270, postgres: 18271 } as const;
const { envFor, ensurePgDatabase } = benchDatabase('verdict_bench_overhead', '/tmp/verdict-bench-overhead');

/** Child mode: the server with the logger the environment asks for (pino writes to stdout). */
async function serve() {
  const config = loadConfig(process.env);
  const { app } = await buildApp(config, { logger: config.logLevel !== 'error' });
  await app.listen({ port: config.port, host: '127.0.0.1' });
  process.send?.('ready');
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

function start(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const extra = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  // Logs go to /dev/null: their cost is producing them, not a terminal drawing them.
  const child = spawn(process.execPath, [...extra, '--import', 'tsx', path.join(here, 'http-overhead.ts'), '--serve'], { env, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

/** A user and a token for the logged-in scenarios (the database is made on first start). */
async function prepare(kind: Kind): Promise<string> {
  if (kind === 'postgres') await ensurePgDatabase();
  const { app, ctx } = await buildApp(loadConfig(envFor(kind, PORTS[kind])), { logger: false });
  try {
    const t = Date.now();
    await ctx.db.insertInto('user').values({ username: 'overhead', password_hash: 'x', email: 'overhead@example.com', role: 1002, status: 0, gender: 'secrecy', gmt_create: t, gmt_modified: t })
      .onConflict((oc) => oc.column('username').doNothing()).execute();
    const { id } = await ctx.db.selectFrom('user').select('id').where('username', '=', 'overhead').executeTakeFirstOrThrow();
    return await issueToken(ctx, id, { ip: '127.0.0.1', headers: {} } as unknown as FastifyRequest);
  } finally {
    await app.close();
  }
}

async function main() {
  const kinds = argv.filter((a): a is Kind => a === 'sqlite' || a === 'postgres');
  const rows: { kind: string; scenario: string; r: LoadResult }[] = [];
  const cpu: string[] = [];
  for (const kind of kinds.length ? kinds : (['sqlite'] as Kind[])) {
    const token = await prepare(kind);
    const server = await start({ ...envFor(kind, PORTS[kind]), LOG_LEVEL: LOG ? 'info' : 'error' });
    try {
      const port = PORTS[kind];
      await load(port, ['/api/health'], { seconds: 1 });
      const scenarios: [string, () => Promise<LoadResult>][] = [
        ['health, anonymous', () => load(port, ['/api/health'], { seconds: SECONDS })],
        ['health, logged in', () => load(port, ['/api/health'], { seconds: SECONDS, token })],
        ['get-website-config (switches)', () => load(port, ['/api/get-website-config'], { seconds: SECONDS })],
        ['get-user-auth-info, logged in', () => load(port, ['/api/get-user-auth-info'], { seconds: SECONDS, token })],
      ];
      for (const [name, f] of scenarios) {
        const c0 = cpuMs(server.pid) ?? 0;
        const r = await f();
        const us = Math.round((((cpuMs(server.pid) ?? 0) - c0) / r.requests) * 1000);
        rows.push({ kind, scenario: name, r });
        cpu.push(`| ${kind.padEnd(8)} | ${name.padEnd(30)} | ${`${us} µs`.padStart(14)} |`);
      }
    } finally {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
  }
  printTable(`Fixed cost of a request (log level ${LOG ? 'info' : 'error'}), ${SECONDS} s per scenario`, rows);
  console.log(`\nServer CPU per request (user + system of the server process; steadier than latency on a shared machine)\n`);
  console.log(`| database | ${'scenario'.padEnd(30)} | server CPU/req |\n|----------|${'-'.repeat(32)}|---------------:|\n${cpu.join('\n')}`);
  http.globalAgent.destroy();
}

if (argv[0] === '--serve') await serve();
else await main();

/**
 * What the list benchmarks share: the server in a child process (so the load generator does not
 * share its event loop), N keep-alive connections sending back to back, and the result table.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../packages/server/src/app.js';
import { loadConfig } from '../../packages/server/src/config.js';
import { childPids } from './proc.js';

export const CONNECTIONS = 50;
const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

/** Child mode (`<script> --serve`): just the server, configured by the environment. */
export async function serve() {
  // The latency benches send thousands of reads a second from one client: without this, the flood
  // limit of public reads would answer most of them 429 (heatmap-flood.ts turns it on: it measures it).
  const config = loadConfig({ PUBLIC_READ_LIMIT: 'off', ...process.env });
  const { app } = await buildApp(config, { logger: false });
  await app.listen({ port: config.port, host: '127.0.0.1' });
  process.send?.('ready');
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

/** Runs `script --serve` with `env` and resolves once it listens. */
export function startServer(script: string, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server alone.
  const extra = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...extra, '--import', 'tsx', script, '--serve'], { env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

/**
 * The site's own entry point (packages/server/src/main.ts) with WEB_CONCURRENCY = `processes`: its
 * cluster as a site runs it (the primary hands out connections to the server processes). Resolves
 * once the site answers and every server process has started.
 */
export async function startCluster(env: NodeJS.ProcessEnv, processes: number): Promise<ChildProcess> {
  const main = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/server/src/main.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', main], { env: { ...env, WEB_CONCURRENCY: String(processes) }, stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`server exited with ${code}`))));
  const up = async () => {
    const port = Number(env.PORT);
    for (;;) {
      const ok = await new Promise<boolean>((resolve) => {
        http.get({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (res) => { res.resume(); resolve(res.statusCode === 200); }).on('error', () => resolve(false));
      });
      if (ok && childPids(child.pid!).length >= processes) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    // The last processes forked are still loading; give them the time a start takes.
    await new Promise((r) => setTimeout(r, 4000));
  };
  await Promise.race([up(), exited]);
  return child;
}

export async function stopServer(child: ChildProcess) {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/** What a browser sends: the server may answer brotli or gzip. */
export const BROWSER_ENCODING = 'gzip, deflate, br';

/** One GET; resolves with the latency in ms, rejects unless HTTP 200. */
export function timedGet(port: number, url: string, token?: string, acceptEncoding?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const headers: Record<string, string> = {};
    if (token) headers.authorization = token;
    if (acceptEncoding) headers['accept-encoding'] = acceptEncoding;
    http.get({ host: '127.0.0.1', port, path: url, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve(Number(process.hrtime.bigint() - t0) / 1e6) : reject(new Error(`${url}: HTTP ${res.statusCode}`))));
    }).on('error', reject);
  });
}

/** The `data` of one GET's JSON envelope. */
export function getJson<T>(port: number, url: string): Promise<T> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: url, agent }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve(JSON.parse(body).data as T));
    }).on('error', reject);
  });
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * CONNECTIONS clients sending `urls` round robin, back to back, for `seconds`, after one unmeasured
 * request per URL (at most `warm`) that fills the caches. Latency percentiles in ms. With
 * `acceptEncoding` the requests carry that Accept-Encoding (a browser's: BROWSER_ENCODING).
 */
export async function load(port: number, urls: string[], opts: { token?: string; seconds: number; warm?: number; acceptEncoding?: string }) {
  for (const u of urls.slice(0, opts.warm ?? urls.length)) await timedGet(port, u, opts.token, opts.acceptEncoding);
  const lat: number[] = [];
  const end = Date.now() + opts.seconds * 1000;
  let next = 0;
  await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
    while (Date.now() < end) lat.push(await timedGet(port, urls[next++ % urls.length], opts.token, opts.acceptEncoding));
  }));
  lat.sort((a, b) => a - b);
  return { requests: lat.length, rps: lat.length / opts.seconds, p50: pct(lat, 50), p99: pct(lat, 99) };
}

export type LoadResult = Awaited<ReturnType<typeof load>>;

/** Prints the markdown table of (database, scenario) rows under a title with the machine's load. */
export function printTable(title: string, rows: { kind: string; scenario: string; r: LoadResult }[]) {
  agent.destroy();
  const head = ['database', 'scenario', 'requests', 'req/s', 'p50 ms', 'p99 ms'];
  const cells = rows.map(({ kind, scenario, r }) => [kind, scenario, String(r.requests), r.rps.toFixed(0), r.p50.toFixed(1), r.p99.toFixed(1)]);
  const w = head.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i].length)));
  const line = (r: string[]) => `| ${r.map((c, i) => (i < 2 ? c.padEnd(w[i]) : c.padStart(w[i]))).join(' | ')} |`;
  console.log(`\n${title}, ${CONNECTIONS} connections, ${os.cpus().length} CPUs (load average ${os.loadavg()[0].toFixed(1)}: the figures include whatever else runs on the machine)\n`);
  console.log(line(head));
  console.log(`|${w.map((x, i) => (i < 2 ? '-'.repeat(x + 2) : `${'-'.repeat(x + 1)}:`)).join('|')}|`);
  for (const r of cells) console.log(line(r));
}

/**
 * In-process cost of a JSON answer (issue 29: declared response schemas must not slow answers):
 * server CPU per request through Fastify's inject (routing, hooks, handler, serialisation, no
 * sockets), best of 5 rounds of 3,000 requests after a warm-up, on a fresh SQLite site. Steadier
 * than socket benches on a shared machine; compare two checkouts by pointing ROOT at each.
 *
 *   npx tsx bench/answer-cost.ts [ROOT]     # ROOT: a checkout (default: this one)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = process.argv[2] ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { loadConfig } = await import(`${root}/packages/server/src/config.ts`);
const { buildApp } = await import(`${root}/packages/server/src/app.ts`);
const dir = `/tmp/inject-bench-${process.pid}`;
fs.rmSync(dir, { recursive: true, force: true });
const { app } = await buildApp(loadConfig({ DATA_DIR: dir, JUDGE_LOCAL_SLOTS: '0', LOG_LEVEL: 'error', PUBLIC_READ_LIMIT: 'off' }), { logger: false });
await app.ready();
const urls = ['/api/health', '/api/get-website-config', '/api/get-recent-contest', '/api/get-problem-list?limit=20'];
const out: string[] = ['| call | server CPU/answer (best of 5) | median |', '| --- | ---: | ---: |'];
for (const url of urls) {
  for (let i = 0; i < 500; i++) await app.inject({ url });
  const best: number[] = [];
  for (let round = 0; round < 5; round++) {
    const t = process.cpuUsage();
    for (let i = 0; i < 3000; i++) await app.inject({ url });
    const d = process.cpuUsage(t);
    best.push((d.user + d.system) / 3000);
  }
  best.sort((a, b) => a - b);
  out.push(`| \`${url}\` | ${best[0].toFixed(1)} µs | ${best[2].toFixed(1)} µs |`);
}
console.log(out.join('\n'));
await app.close();
fs.rmSync(dir, { recursive: true, force: true });
process.exit(0);

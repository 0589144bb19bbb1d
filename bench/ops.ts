/**
 * Operations at scale (issue 34): backup, restore and move of a generated site with USERS users
 * and SUBMISSIONS submissions (default 100,000 and 1,000,000; each submission with one case
 * result), time and peak memory (max RSS and the JS heap's sampled peak) of each, every operation in
 * a child process of its own.
 * Memory must not grow with the site: run two sizes and compare the peaks.
 *
 *   npx tsx bench/ops.ts [--source sqlite|postgres] [--users 100000] [--submissions 1000000] [--heap-mb 64]
 *
 * The site is generated anew each run under /tmp/verdict-bench-ops (PostgreSQL: databases
 * verdict_bench_ops_src / _restore / _move on BENCH_PG_URL), and removed afterwards.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { migrateToLatest, openDatabase } from '../packages/server/src/db/index.js';
import { backup } from '../packages/server/src/ops/backup.js';
import { move } from '../packages/server/src/ops/move.js';
import { restore } from '../packages/server/src/ops/restore.js';
import type { SiteLocation } from '../packages/server/src/ops/site.js';

const argv = process.argv.slice(2);
const arg = (name: string) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : undefined);
const USERS = Number(arg('users') ?? 100_000);
const SUBMISSIONS = Number(arg('submissions') ?? 1_000_000);
const SOURCE = (arg('source') ?? 'sqlite') as 'sqlite' | 'postgres';
/** `--heap-mb 64`: the children's V8 old-space limit; an operation that kept rows would run out of it on a large site. */
const HEAP_MB = arg('heap-mb');
const ROOT = '/tmp/verdict-bench-ops';
const PG_BASE = process.env.BENCH_PG_URL ?? 'postgres://root@127.0.0.1:5432/test';
const here = fileURLToPath(import.meta.url);

const pgUrl = (db: string) => Object.assign(new URL(PG_BASE), { pathname: `/${db}` }).toString();
async function pgAdmin(query: string) {
  const c = new pg.Client({ connectionString: PG_BASE });
  await c.connect();
  await c.query(query);
  await c.end();
}
async function freshPg(db: string): Promise<string> {
  await pgAdmin(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  await pgAdmin(`CREATE DATABASE ${db}`);
  return pgUrl(db);
}

/** Child mode: one operation, then its wall time and max RSS as JSON on stdout. */
async function child(op: string, payload: { from: SiteLocation; to: SiteLocation; file: string }) {
  // The JS heap's peak, sampled: RSS also holds the runtime and tsx's compiled sources.
  let heapPeak = 0;
  const sample = setInterval(() => { heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed); }, 20);
  const t0 = performance.now();
  if (op === 'backup') await backup(payload.from, payload.file);
  if (op === 'restore') await restore(payload.to, payload.file);
  if (op === 'move') await move(payload.from, payload.to);
  clearInterval(sample);
  process.stdout.write(JSON.stringify({ ms: performance.now() - t0, maxRssMb: process.resourceUsage().maxRSS / 1024, heapMb: heapPeak / 1048576 }));
}

async function generate(site: SiteLocation) {
  const h = openDatabase({ dataDir: site.dataDir, databaseUrl: site.databaseUrl });
  const db = h.db as Kysely<any>;
  await migrateToLatest(h.db);
  const now = Date.now();
  const BATCH = 1000;
  for (let i = 0; i < USERS; i += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, USERS - i) }, (_, k) => ({
      username: `u${i + k}`, password_hash: 'x'.repeat(60), email: `u${i + k}@example.com`, gender: 'secrecy', role: 1002, status: 0, gmt_create: now, gmt_modified: now,
    }));
    await db.insertInto('user').values(rows).execute();
  }
  await db.insertInto('problem').values({
    problem_id: '1000', title: 'A+B', author_uid: 1, type: 0, time_limit: 1000, memory_limit: 256, stack_limit: 128, description: 'd', input: 'i', output: 'o',
    examples: '', hint: '', source: '', difficulty: 0, auth: 1, io_score: 100, code_share: 1, judge_mode: 'default', judge_case_mode: 'default',
    spj_compile_ok: 0, is_remove_end_blank: 1, open_case_result: 1, is_upload_case: 1, is_file_io: 0, is_remote: 0, case_version: 'v1', gid: 0, gmt_create: now, gmt_modified: now,
  }).execute();
  const code = '#include <cstdio>\nint main(){int a,b;scanf("%d%d",&a,&b);printf("%d\\n",a+b);}\n';
  for (let i = 0; i < SUBMISSIONS; i += BATCH) {
    const n = Math.min(BATCH, SUBMISSIONS - i);
    await db.transaction().execute(async (trx) => {
      const subs = Array.from({ length: n }, (_, k) => ({
        pid: 1, display_pid: '1000', uid: ((i + k) % USERS) + 1, username: `u${(i + k) % USERS}`, cid: 0, cpid: 0, gid: 0, tid: 0, status: (i + k) % 3 ? 0 : -1,
        score: null, time: 12, memory: 1024, length: code.length, language: 'C++17', code, share: 0, judger: 'bench', is_manual: 0, case_done: 1, case_total: 1,
        submit_time: now - (SUBMISSIONS - i - k) * 1000, judge_time: now, gmt_modified: now,
      }));
      await trx.insertInto('submission').values(subs).execute();
      await trx.insertInto('judge_case').values(subs.map((_, k) => ({ submit_id: i + k + 1, pid: 1, case_id: null, seq: 1, status: subs[k].status, time: 12, memory: 1024 }))).execute();
    });
    if (i % 100_000 === 0) process.stderr.write(`\rgenerating: ${i} / ${SUBMISSIONS} submissions`);
  }
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM submission`.execute(db);
  process.stderr.write(`\rgenerated: ${USERS} users, ${Number(rows[0].n)} submissions\n`);
  await h.close();
  fs.mkdirSync(path.join(site.dataDir, 'testcase', '1'), { recursive: true });
  fs.writeFileSync(path.join(site.dataDir, 'testcase', '1', '1.in'), '1 2\n');
  fs.writeFileSync(path.join(site.dataDir, 'testcase', '1', '1.out'), '3\n');
}

async function main() {
  const op = arg('child');
  if (op) return child(op, JSON.parse(arg('payload')!));
  fs.rmSync(ROOT, { recursive: true, force: true });
  const dir = (name: string) => fs.mkdirSync(path.join(ROOT, name), { recursive: true }) ?? path.join(ROOT, name);
  const onPg = SOURCE === 'postgres';
  const from: SiteLocation = { dataDir: dir('src'), databaseUrl: onPg ? await freshPg('verdict_bench_ops_src') : undefined };
  const restored: SiteLocation = { dataDir: dir('restore'), databaseUrl: onPg ? await freshPg('verdict_bench_ops_restore') : undefined };
  const moved: SiteLocation = onPg
    ? { dataDir: from.dataDir, databaseUrl: `sqlite:${path.join(ROOT, 'moved.db')}` }
    : { dataDir: from.dataDir, databaseUrl: await freshPg('verdict_bench_ops_move') };
  const file = path.join(ROOT, 'site.zip');
  try {
    await generate(from);
    const results: { op: string; ms: number; maxRssMb: number; heapMb: number }[] = [];
    for (const [name, o] of [['backup', 'backup'], ['restore', 'restore'], [`move to ${onPg ? 'SQLite' : 'PostgreSQL'}`, 'move']] as const) {
      const r = spawnSync(process.execPath, [...(HEAP_MB ? [`--max-old-space-size=${Number(HEAP_MB)}`] : []), '--import', 'tsx', here, '--child', o, '--payload', JSON.stringify({ from, to: o === 'move' ? moved : restored, file })], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
      if (r.status !== 0) throw new Error(`${name} failed (exit ${r.status})`);
      results.push({ op: name, ...(JSON.parse(r.stdout) as { ms: number; maxRssMb: number; heapMb: number }) });
    }
    console.log(`\n${SOURCE}: ${USERS} users, ${SUBMISSIONS} submissions (one case result each); archive ${(fs.statSync(file).size / 1048576).toFixed(1)} MB${HEAP_MB ? `; children limited to a ${HEAP_MB} MB heap` : ''}\n`);
    console.log('| operation | time | rows/s | peak RSS | peak JS heap |\n| --- | ---: | ---: | ---: | ---: |');
    const rows = USERS + 2 * SUBMISSIONS;
    for (const r of results) console.log(`| ${r.op} | ${(r.ms / 1000).toFixed(1)} s | ${Math.round(rows / (r.ms / 1000))} | ${r.maxRssMb.toFixed(0)} MB | ${r.heapMb.toFixed(0)} MB |`);
  } finally {
    fs.rmSync(ROOT, { recursive: true, force: true });
    for (const db of ['verdict_bench_ops_src', 'verdict_bench_ops_restore', 'verdict_bench_ops_move']) await pgAdmin(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`).catch(() => {});
  }
}

main().then(() => process.exit(0), (err: unknown) => { console.error(err); process.exit(1); });

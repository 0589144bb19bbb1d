/**
 * Submission list latency (issue 4): p50/p99 of `get-submission-list` at 50 concurrent connections
 * on a generated database of 1,000,000 submissions (10,000 problems, 2,000 users), on SQLite and
 * PostgreSQL, printed as a table.
 *
 *   npx tsx bench/submission-list.ts [sqlite|postgres ...] [--seconds 10] [--rows 1000000] [--only 'only mine']
 *
 * BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" with --only profiles one scenario.
 *
 * The database is generated once and kept (SQLite under /tmp/verdict-bench-submissions, PostgreSQL
 * database verdict_bench_submissions on BENCH_PG_URL) and reused while it has the asked row count.
 * The server runs in its own process, so the load generator does not share its event loop.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { loadConfig } from '../packages/server/src/config.js';
import { buildApp } from '../packages/server/src/app.js';
import { issueToken } from '../packages/server/src/http/auth.js';
import type { FastifyRequest } from 'fastify';
import { load, printTable, serve, startServer, stopServer, type LoadResult } from './lib/http-load.js';
import { benchDatabase, type Kind } from './lib/bench-db.js';
import { argv, opt } from './lib/args.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = opt('seconds', 10);
const ROWS = opt('rows', 1_000_000);
/** `--only 'only mine'` runs just the scenarios whose name starts so. */
const ONLY = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : '';
const PROBLEMS = 10_000;
const USERS = 2_000;
const PORTS = { sqlite: 18250, postgres: 18251 } as const;
const SQLITE_DIR = '/tmp/verdict-bench-submissions';
const { envFor, ensurePgDatabase } = benchDatabase('verdict_bench_submissions', SQLITE_DIR);



// ---- server process ------------------------------------------------------------------------

// ---- data generation -----------------------------------------------------------------------


/** Creates (or reuses) the benchmark database; returns a token of a user who has submissions. */
async function prepare(kind: Kind): Promise<string> {
  if (kind === 'postgres') await ensurePgDatabase();
  const env = envFor(kind, PORTS[kind]);
  const config = loadConfig(env);
  const { app, ctx } = await buildApp(config, { logger: false });
  const db = ctx.db;
  try {
    const count = Number((await db.selectFrom('submission').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    if (count !== ROWS) {
      const t0 = Date.now();
      process.stdout.write(`[${kind}] generating ${ROWS.toLocaleString()} submissions... `);
      for (const table of ['submission', 'problem', 'judge_task', 'user_accept'] as const) await db.deleteFrom(table).execute();
      await db.deleteFrom('user').where('username', 'like', 'bench%').execute();
      await generate(kind, db);
      process.stdout.write(`${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
    }
    const u = await db.selectFrom('user').select('id').where('username', '=', 'bench2').executeTakeFirstOrThrow();
    return await issueToken(ctx, u.id, { ip: '127.0.0.1', headers: {} } as unknown as FastifyRequest);
  } finally {
    await app.close();
  }
}

type Db = Awaited<ReturnType<typeof buildApp>>['ctx']['db'];

/** Users, problems and submissions in bulk, generated inside the database (fast on both). */
async function generate(kind: Kind, db: Db) {
  const t = Date.now();
  // Statuses weighted like a real judge: mostly AC and WA.
  const statusExpr = (i: string) => `(CASE (${i} * 7919) % 20 WHEN 0 THEN -2 WHEN 1 THEN 1 WHEN 2 THEN 2 WHEN 3 THEN 3 WHEN 4 THEN -3 WHEN 5 THEN 8 ` +
    `WHEN 6 THEN -1 WHEN 7 THEN -1 WHEN 8 THEN -1 WHEN 9 THEN -1 WHEN 10 THEN -1 ELSE 0 END)`;
  if (kind === 'postgres') {
    await sql.raw(`INSERT INTO "user" (username, password_hash, email, role, status, gender, gmt_create, gmt_modified)
      SELECT 'bench' || i, 'x', 'bench' || i || '@example.com', 1002, 0, 'secrecy', ${t}, ${t} FROM generate_series(1, ${USERS}) i`).execute(db);
    await sql.raw(`INSERT INTO problem (problem_id, title, author_uid, gmt_create, gmt_modified)
      SELECT 'B' || i, 'Bench problem ' || i, 1, ${t}, ${t} FROM generate_series(1, ${PROBLEMS}) i`).execute(db);
    await sql.raw(`INSERT INTO submission (pid, display_pid, uid, username, cid, status, score, time, memory, length, language, code, submit_time, gmt_modified)
      SELECT p.id, p.problem_id, u.id, u.username, CASE WHEN g.i % 10 = 0 THEN 1 + g.i % 50 ELSE 0 END, ${statusExpr('g.i::bigint')}, NULL, g.i % 1000, 1024 + g.i % 65536, 20,
             'C++17', 'int main(){return 0;}', ${t} - (${ROWS} - g.i) * 1000, ${t}
      FROM generate_series(1, ${ROWS}) g(i)
      JOIN problem p ON p.problem_id = 'B' || (1 + (g.i * 31) % ${PROBLEMS})
      JOIN "user" u ON u.username = 'bench' || (1 + (g.i * 17) % ${USERS})`).execute(db);
    // What autovacuum does on a live site: statistics and the visibility map (index-only counts).
    await sql.raw('VACUUM ANALYZE submission').execute(db);
  } else {
    const series = (n: number) => `WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${n})`;
    await sql.raw(`${series(USERS)} INSERT INTO user (username, password_hash, email, role, status, gender, gmt_create, gmt_modified)
      SELECT 'bench' || i, 'x', 'bench' || i || '@example.com', 1002, 0, 'secrecy', ${t}, ${t} FROM s`).execute(db);
    await sql.raw(`${series(PROBLEMS)} INSERT INTO problem (problem_id, title, author_uid, gmt_create, gmt_modified)
      SELECT 'B' || i, 'Bench problem ' || i, 1, ${t}, ${t} FROM s`).execute(db);
    const minUser = Number((await sql<{ m: number }>`SELECT min(id) AS m FROM user WHERE username LIKE 'bench%'`.execute(db)).rows[0].m);
    const minProblem = Number((await sql<{ m: number }>`SELECT min(id) AS m FROM problem`.execute(db)).rows[0].m);
    await sql.raw(`${series(ROWS)} INSERT INTO submission (pid, display_pid, uid, username, cid, status, score, time, memory, length, language, code, submit_time, gmt_modified)
      SELECT ${minProblem} + (i * 31) % ${PROBLEMS}, 'B' || (1 + (i * 31) % ${PROBLEMS}), ${minUser} + (i * 17) % ${USERS}, 'bench' || (1 + (i * 17) % ${USERS}),
             CASE WHEN i % 10 = 0 THEN 1 + i % 50 ELSE 0 END, ${statusExpr('i')}, NULL, i % 1000, 1024 + i % 65536, 20,
             'C++17', 'int main(){return 0;}', ${t} - (${ROWS} - i) * 1000, ${t} FROM s`).execute(db);
    await sql.raw('ANALYZE').execute(db);
  }
}

// ---- load ----------------------------------------------------------------------------------

async function main() {
  const kinds = (argv.filter((a) => a === 'sqlite' || a === 'postgres') as Kind[]);
  const run = kinds.length ? kinds : (['sqlite', 'postgres'] as Kind[]);
  const scenarios: { name: string; urls: string[]; auth?: boolean }[] = [
    { name: 'first page', urls: ['/api/get-submission-list?currentPage=1&limit=15'] },
    { name: 'pages 1-100', urls: Array.from({ length: 100 }, (_, i) => `/api/get-submission-list?currentPage=${i + 1}&limit=15`) },
    { name: 'status filter', urls: [-1, 0, 1, 3].map((s) => `/api/get-submission-list?status=${s}&limit=15`) },
    { name: 'username filter', urls: Array.from({ length: 20 }, (_, i) => `/api/get-submission-list?username=bench${i + 1}&limit=15`) },
    { name: 'problem filter', urls: Array.from({ length: 20 }, (_, i) => `/api/get-submission-list?problemID=B${i * 37 + 1}&completeProblemID=true&limit=15`) },
    { name: 'only mine', urls: ['/api/get-submission-list?onlyMine=true&limit=15'], auth: true },
  ];
  const rows: { kind: string; scenario: string; r: LoadResult }[] = [];
  for (const kind of run) {
    const token = await prepare(kind);
    if (kind === 'sqlite') fs.mkdirSync(SQLITE_DIR, { recursive: true });
    const server = await startServer(path.join(here, 'submission-list.ts'), envFor(kind, PORTS[kind]));
    try {
      // Unmeasured warm-up: JIT, the database's page cache, connection pools.
      await load(PORTS[kind], scenarios.flatMap((s) => (s.auth ? [] : s.urls)), { seconds: 3 });
      for (const s of scenarios.filter((x) => x.name.startsWith(ONLY))) {
        const r = await load(PORTS[kind], s.urls, { token: s.auth ? token : undefined, seconds: SECONDS });
        rows.push({ kind, scenario: s.name, r });
        console.log(`[${kind}] ${s.name}: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`);
      }
    } finally {
      await stopServer(server);
    }
  }
  printTable(`get-submission-list, ${ROWS.toLocaleString()} submissions, ${SECONDS} s per scenario`, rows);
}

if (argv[0] === '--serve') await serve();
else await main();

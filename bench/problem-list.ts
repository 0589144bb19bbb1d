/**
 * Problem list latency (issue 4): p50/p99 of `get-problem-list` at 50 concurrent connections on a
 * generated database of 10,000 problems (40 tags, 1-3 per problem) and their submissions, on
 * SQLite and PostgreSQL, printed as a table. Target: p99 <= 50 ms on SQLite.
 *
 *   npx tsx bench/problem-list.ts [sqlite|postgres ...] [--seconds 10] [--submissions 300000]
 *
 * The database is generated once and reused while its sizes match (SQLite under
 * /tmp/verdict-bench-problems, PostgreSQL database verdict_bench_problems on BENCH_PG_URL).
 * The server runs in its own process so the load generator does not share its event loop.
 */
import { fileURLToPath } from 'node:url';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../packages/server/src/app.js';
import { loadConfig } from '../packages/server/src/config.js';
import { issueToken } from '../packages/server/src/http/auth.js';
import { getJson, load, printTable, serve, startServer, stopServer, type LoadResult } from './lib/http-load.js';

const self = fileURLToPath(import.meta.url);
const args = process.argv.slice(2);
const num = (name: string, fallback: number) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback);
const SECONDS = num('seconds', 10);
const SUBMISSIONS = num('submissions', 300_000);
const PROBLEMS = 10_000;
const TAGS = 40;
const USERS = 1_000;
const PG_BASE = process.env.BENCH_PG_URL ?? 'postgres://root@127.0.0.1:5432/test';
const PG_DB = 'verdict_bench_problems';
const DATA_DIR = '/tmp/verdict-bench-problems';
const PORTS = { sqlite: 18600, postgres: 18601 } as const;
type Kind = keyof typeof PORTS;
type Db = Awaited<ReturnType<typeof buildApp>>['ctx']['db'];

const pgUrl = () => Object.assign(new URL(PG_BASE), { pathname: `/${PG_DB}` }).toString();
const envFor = (kind: Kind): NodeJS.ProcessEnv => ({
  ...process.env, DATA_DIR: `${DATA_DIR}-${kind}`, PORT: String(PORTS[kind]), HOST: '127.0.0.1', JUDGE_LOCAL_SLOTS: '0', LOG_LEVEL: 'error',
  DATABASE_URL: kind === 'postgres' ? pgUrl() : '', REDIS_URL: '',
});

/** Rows made inside the database with a number series (fast on both engines). */
async function generate(kind: Kind, db: Db) {
  const t = Date.now();
  const series = (n: number, body: string) => (kind === 'postgres'
    ? body.replace('FROM s', `FROM generate_series(1::bigint, ${n}::bigint) AS s(i)`)
    : `WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${n}) ${body}`);
  const user = kind === 'postgres' ? '"user"' : 'user';
  await sql.raw(series(USERS, `INSERT INTO ${user} (username, password_hash, email, role, status, gender, gmt_create, gmt_modified)
    SELECT 'pbench' || i, 'x', 'pbench' || i || '@example.com', 1002, 0, 'secrecy', ${t}, ${t} FROM s`)).execute(db);
  await sql.raw(series(TAGS, `INSERT INTO tag (name, color, oj, gid, gmt_create) SELECT 'tag ' || i, '#409eff', 'ME', 0, ${t} FROM s`)).execute(db);
  // Titles with words to search for; every 50th problem is private, difficulty cycles 0-2.
  await sql.raw(series(PROBLEMS, `INSERT INTO problem (problem_id, title, author_uid, difficulty, auth, type, case_version, gmt_create, gmt_modified)
    SELECT '' || (1000 + i), CASE i % 4 WHEN 0 THEN 'Graph walk ' WHEN 1 THEN 'String game ' WHEN 2 THEN 'Tree queries ' ELSE 'Number theory ' END || i,
      1, i % 3, CASE WHEN i % 50 = 0 THEN 2 ELSE 1 END, i % 2, 'v', ${t}, ${t} FROM s`)).execute(db);
  const p0 = Number((await sql<{ m: number }>`SELECT min(id) AS m FROM problem`.execute(db)).rows[0].m);
  const t0 = Number((await sql<{ m: number }>`SELECT min(id) AS m FROM tag`.execute(db)).rows[0].m);
  const u0 = Number((await sql<{ m: number }>`SELECT min(id) AS m FROM ${sql.raw(user)} WHERE username LIKE 'pbench%'`.execute(db)).rows[0].m);
  for (const k of [0, 1, 2]) {
    await sql.raw(series(PROBLEMS, `INSERT INTO problem_tag (pid, tid) SELECT ${p0} + i - 1, ${t0} + ((i * ${7 + k * 11}) + ${k * 13}) % ${TAGS} FROM s
      WHERE i % 3 >= ${k} ON CONFLICT DO NOTHING`)).execute(db);
  }
  const status = `(CASE (i * 7919) % 10 WHEN 0 THEN -2 WHEN 1 THEN 1 WHEN 2 THEN -1 WHEN 3 THEN -1 WHEN 4 THEN 3 ELSE 0 END)`;
  await sql.raw(series(SUBMISSIONS, `INSERT INTO submission (pid, display_pid, uid, username, cid, status, length, language, code, submit_time, gmt_modified)
    SELECT ${p0} + (i * 31) % ${PROBLEMS}, '' || (1000 + 1 + (i * 31) % ${PROBLEMS}), ${u0} + (i * 17) % ${USERS}, 'pbench' || (1 + (i * 17) % ${USERS}),
      0, ${status}, 20, 'C++', 'int main(){}', ${t} - i * 1000, ${t} FROM s`)).execute(db);
  // The status marks' table, as the submit and verdict paths would have kept it.
  await sql.raw(`INSERT INTO user_problem_status (uid, pid, cid, gid, last_id, ac, best_score)
    SELECT uid, pid, cid, gid, max(id), max(CASE WHEN status = 0 THEN 1 ELSE 0 END), max(score) FROM submission GROUP BY uid, pid, cid, gid`).execute(db);
  await sql.raw('ANALYZE').execute(db);
}

async function prepare(kind: Kind): Promise<string> {
  if (kind === 'postgres') {
    const c = new pg.Client({ connectionString: PG_BASE });
    await c.connect();
    if (!(await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [PG_DB])).rowCount) await c.query(`CREATE DATABASE ${PG_DB}`);
    await c.end();
  }
  const { app, ctx } = await buildApp(loadConfig(envFor(kind)), { logger: false });
  const db = ctx.db;
  try {
    const count = async (table: 'problem' | 'submission') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    if ((await count('problem')) !== PROBLEMS || (await count('submission')) !== SUBMISSIONS) {
      const t0 = Date.now();
      process.stdout.write(`[${kind}] generating ${PROBLEMS} problems and ${SUBMISSIONS.toLocaleString()} submissions... `);
      for (const table of ['problem_tag', 'tag', 'problem', 'submission', 'user_problem_status'] as const) await db.deleteFrom(table).execute();
      await db.deleteFrom('user').where('username', 'like', 'pbench%').execute();
      await generate(kind, db);
      process.stdout.write(`${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
    }
    const u = await db.selectFrom('user').select('id').where('username', '=', 'pbench1').executeTakeFirstOrThrow();
    return await issueToken(ctx, u.id, { ip: '127.0.0.1', headers: {} } as unknown as FastifyRequest);
  } finally {
    await app.close();
  }
}

async function main() {
  const chosen = args.filter((a): a is Kind => a === 'sqlite' || a === 'postgres');
  const kinds: Kind[] = chosen.length ? chosen : ['sqlite', 'postgres'];
  const list = '/api/get-problem-list?limit=30';
  const scenarios: { name: string; urls: string[]; auth?: boolean }[] = [
    { name: 'first page', urls: [`${list}&currentPage=1`] },
    { name: 'pages 1-300', urls: Array.from({ length: 300 }, (_, i) => `${list}&currentPage=${i + 1}`) },
    { name: 'keyword', urls: ['graph', 'string', 'tree', '12', 'theory 99'].map((k) => `${list}&keyword=${encodeURIComponent(k)}`) },
    { name: 'difficulty', urls: [0, 1, 2].map((d) => `${list}&difficulty=${d}&currentPage=${d + 3}`) },
    { name: 'one tag', urls: Array.from({ length: 10 }, (_, i) => `${list}&tagId=${i + 1}`) },
    { name: 'two tags', urls: Array.from({ length: 10 }, (_, i) => `${list}&tagId=${i + 1},${i + 12}`) },
    { name: 'logged in (status marks)', urls: Array.from({ length: 50 }, (_, i) => `${list}&currentPage=${i + 1}`), auth: true },
  ];
  const rows: { kind: string; scenario: string; r: LoadResult }[] = [];
  for (const kind of kinds) {
    const token = await prepare(kind);
    const server = await startServer(self, envFor(kind));
    try {
      // Tag ids differ per database; the scenarios' 1-based ids are shifted onto the real ones.
      const tagBase = await firstTagId(PORTS[kind]);
      for (const s of scenarios) {
        const urls = s.urls.map((u) => u.replace(/tagId=([\d,]+)/, (_, ids: string) => `tagId=${ids.split(',').map((x) => Number(x) - 1 + tagBase).join(',')}`));
        const r = await load(PORTS[kind], urls, { token: s.auth ? token : undefined, seconds: SECONDS, warm: 20 });
        rows.push({ kind, scenario: s.name, r });
        console.log(`[${kind}] ${s.name}: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`);
      }
    } finally {
      await stopServer(server);
    }
  }
  printTable(`get-problem-list, ${PROBLEMS.toLocaleString()} problems, ${SUBMISSIONS.toLocaleString()} submissions, ${SECONDS} s per scenario`, rows);
}

async function firstTagId(port: number): Promise<number> {
  return Math.min(...(await getJson<{ id: number }[]>(port, '/api/get-all-problem-tags?oj=ME')).map((x) => x.id));
}

if (args[0] === '--serve') await serve();
else await main();

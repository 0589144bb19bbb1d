/**
 * Global ranks and training rank latency (issue 13): p50/p99 of get-rank-list (ACM and OI, first
 * and deep pages, a username search) and of get-training-rank (a 200-problem private training with
 * 5,000 participants: first and deep pages, a search) at 50 concurrent connections, on SQLite and
 * PostgreSQL, then the time to apply one verdict to the ranks (global rank + training progress:
 * the judge's in-transaction steps, and the whole verdict transaction around them, measured
 * in-process). Printed as tables.
 * Requests carry a browser's Accept-Encoding (the server answers brotli, as it does for the web
 * client); one scenario repeats the first training rank page without it (285 KB of JSON per page).
 *
 *   npx tsx bench/training-rank.ts [sqlite|postgres ...] [--seconds 10] [--users 100000] [--problems 10000] [--submissions 2000000]
 *
 * `--only NAME` runs the scenarios whose name starts with NAME (`--only verdicts`: only the verdicts).
 * BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server.
 *
 * The database is generated once inside the database (number series) and reused while its sizes
 * match (SQLite under /tmp/verdict-bench-ranks-sqlite, PostgreSQL database verdict_bench_ranks on
 * BENCH_PG_URL). The global rank tables are filled from the submissions with the migration's own
 * backfill; the training's 5,000 x 200 rank cells are generated directly (a realistic spread of
 * solved and tried problems), not replayed from submissions.
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../packages/server/src/app.js';
import { loadConfig } from '../packages/server/src/config.js';
import { issueToken } from '../packages/server/src/http/auth.js';
import { BROWSER_ENCODING, load, printTable, serve, startServer, stopServer, type LoadResult } from './lib/http-load.js';

const self = fileURLToPath(import.meta.url);
const args = process.argv.slice(2);
const num = (name: string, fallback: number) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback);
const SECONDS = num('seconds', 10);
const USERS = num('users', 100_000);
const PROBLEMS = num('problems', 10_000);
const SUBMISSIONS = num('submissions', 2_000_000);
const T_PROBLEMS = 200;
const T_USERS = 5_000;
const VERDICTS = num('verdicts', 300);
/** `--only "ACM rank"` runs just the scenarios whose name starts so, and no verdicts unless `--only verdicts` (e.g. while profiling the server). */
const ONLY = args.includes('--only') ? args[args.indexOf('--only') + 1] : '';
const PG_BASE = process.env.BENCH_PG_URL ?? 'postgres://root@127.0.0.1:5432/test';
const PG_DB = 'verdict_bench_ranks';
const DATA_DIR = '/tmp/verdict-bench-ranks';
const PORTS = { sqlite: 18610, postgres: 18611 } as const;
type Kind = keyof typeof PORTS;
type Db = Awaited<ReturnType<typeof buildApp>>['ctx']['db'];

const pgUrl = () => Object.assign(new URL(PG_BASE), { pathname: `/${PG_DB}` }).toString();
const envFor = (kind: Kind): NodeJS.ProcessEnv => ({
  ...process.env, DATA_DIR: `${DATA_DIR}-${kind}`, PORT: String(PORTS[kind]), HOST: '127.0.0.1', JUDGE_LOCAL_SLOTS: '0', LOG_LEVEL: 'error',
  DATABASE_URL: kind === 'postgres' ? pgUrl() : '', REDIS_URL: '',
});

async function generate(kind: Kind, db: Db) {
  const t = Date.now();
  const series = (n: number, body: string) => (kind === 'postgres'
    ? body.replace('FROM s', `FROM generate_series(1::bigint, ${n}::bigint) AS s(i)`)
    : `WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${n}) ${body}`);
  const user = kind === 'postgres' ? '"user"' : 'user';
  // PostgreSQL: each step in one transaction with memory enough to aggregate and sort in RAM.
  const step = async (label: string, ...qs: string[]) => {
    const s = Date.now();
    if (kind === 'postgres') {
      await db.transaction().execute(async (trx) => {
        for (const set of ["work_mem = '256MB'", "maintenance_work_mem = '512MB'", 'synchronous_commit = off']) await sql.raw(`SET LOCAL ${set}`).execute(trx);
        for (const q of qs) await sql.raw(q).execute(trx);
      });
    } else {
      for (const q of qs) await sql.raw(q).execute(db);
    }
    process.stdout.write(`${label} ${((Date.now() - s) / 1000).toFixed(0)}s; `);
  };
  await step('users', series(USERS, `INSERT INTO ${user} (username, password_hash, email, nickname, role, status, gender, signature, gmt_create, gmt_modified)
    SELECT 'tbench' || i, 'x', 'tbench' || i || '@example.com', 'nick' || i, 1002, 0, 'secrecy', 'keep going', ${t}, ${t} FROM s`));
  // Every 50th problem is private (it never counts); half are OI problems; difficulty cycles 0-2.
  await step('problems', series(PROBLEMS, `INSERT INTO problem (problem_id, title, author_uid, difficulty, auth, type, case_version, gmt_create, gmt_modified)
    SELECT 'R' || i, 'Rank bench ' || i, 1, i % 3, CASE WHEN i % 50 = 0 THEN 2 ELSE 1 END, i % 2, 'v', ${t}, ${t} FROM s`));
  const p0 = Number((await sql<{ m: number }>`SELECT min(id) AS m FROM problem`.execute(db)).rows[0].m);
  const u0 = Number((await sql<{ m: number }>`SELECT min(id) AS m FROM ${sql.raw(user)} WHERE username LIKE 'tbench%'`.execute(db)).rows[0].m);
  // Users are skewed: low ids submit far more (i*i keeps a long tail).
  const uidExpr = `${u0} + ((i * 17) % ${USERS}) * ((i * 17) % ${USERS}) / ${USERS}`;
  const pidExpr = `${p0} + (i * 31) % ${PROBLEMS}`;
  const status = `(CASE (i * 7919) % 10 WHEN 0 THEN -2 WHEN 1 THEN 1 WHEN 2 THEN -1 WHEN 3 THEN -1 WHEN 4 THEN 8 ELSE 0 END)`;
  // The submission indexes are built once after the bulk insert (far faster than row by row),
  // from their own definitions, so they are exactly the migrations' indexes.
  const indexes = (kind === 'postgres'
    ? await sql<{ name: string; def: string }>`SELECT indexname AS name, indexdef AS def FROM pg_indexes i WHERE tablename = 'submission'
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`.execute(db)
    : await sql<{ name: string; def: string }>`SELECT name, sql AS def FROM sqlite_master WHERE type = 'index' AND tbl_name = 'submission' AND sql IS NOT NULL`.execute(db)).rows;
  for (const i of indexes) await sql.raw(`DROP INDEX ${i.name}`).execute(db);
  try {
    await step('submissions', series(SUBMISSIONS, `INSERT INTO submission (pid, display_pid, uid, username, cid, status, score, oi_rank_score, time, length, language, code, submit_time, gmt_modified)
    SELECT ${pidExpr}, 'R', ${uidExpr}, 'tbench', 0, ${status},
      CASE WHEN (i * 31) % ${PROBLEMS} % 2 = 1 THEN (i * 13) % 11 * 10 END,
      CASE WHEN (i * 31) % ${PROBLEMS} % 2 = 1 THEN (i * 13) % 11 + 2 * ((i * 31) % ${PROBLEMS} % 3) END,
      (i * 7) % 1000, 20, 'C++', 'x', ${t} - i * 1000, ${t} FROM s`));
  } finally {
    await step('submission indexes', ...indexes.map((i) => i.def));
  }
  // The migration's backfill of the global ranks.
  await step('rank rows', `INSERT INTO rank_user_problem (uid, pid, ac, subs, best_oi)
    SELECT s.uid, s.pid, MAX(CASE WHEN s.status = 0 THEN 1 ELSE 0 END), COUNT(*), COALESCE(MAX(s.oi_rank_score), 0)
    FROM submission s JOIN problem p ON p.id = s.pid WHERE s.cid = 0 AND p.auth = 1 AND p.gid = 0 AND s.status NOT IN (5, 6, 7, 9) GROUP BY s.uid, s.pid`);
  await step('rank users', `INSERT INTO rank_user (uid, ac, total, score, gmt_modified) SELECT uid, SUM(ac), SUM(subs), SUM(best_oi), ${t} FROM rank_user_problem GROUP BY uid`);

  // The training: a coach, a category, 200 public problems, 5,000 participants with their cells.
  await sql.raw(`INSERT INTO ${user} (username, password_hash, email, role, status, gender, gmt_create, gmt_modified) VALUES ('tbench-coach', 'x', null, 1001, 0, 'secrecy', ${t}, ${t})`).execute(db);
  const coach = Number((await sql<{ id: number }>`SELECT id FROM ${sql.raw(user)} WHERE username = 'tbench-coach'`.execute(db)).rows[0].id);
  await sql.raw(`INSERT INTO training_category (name, color, gid, gmt_create, gmt_modified) VALUES ('Bench', '#2f6bff', 0, ${t}, ${t})`).execute(db);
  const cat = Number((await sql<{ id: number }>`SELECT id FROM training_category WHERE name = 'Bench'`.execute(db)).rows[0].id);
  await sql.raw(`INSERT INTO training (title, description, author, uid, auth, private_pwd, status, rank, gid, category_id, rank_show_name, gmt_create, gmt_modified)
    VALUES ('Bench camp', 'd', 'tbench-coach', ${coach}, 'Private', 'pw', 1, 1, 0, ${cat}, 'username', ${t}, ${t})`).execute(db);
  const tid = Number((await sql<{ id: number }>`SELECT id FROM training WHERE title = 'Bench camp'`.execute(db)).rows[0].id);
  // Problems 1..200 that are public (skip every 50th).
  await step('training problems', series(T_PROBLEMS + 10, `INSERT INTO training_problem (tid, pid, display_id, rank, gmt_create, gmt_modified)
    SELECT ${tid}, ${p0} + i - 1, 'R' || i, i, ${t}, ${t} FROM s WHERE i % 50 <> 0 AND i <= ${T_PROBLEMS + 4}`));
  await step('participants', series(T_USERS, `INSERT INTO training_participant (tid, uid, ac, total_run_time, gmt_modified) SELECT ${tid}, ${u0} + i - 1, 0, 0, ${t} FROM s`));
  await sql.raw(`INSERT INTO training_register (tid, uid, status, gmt_create) SELECT tid, uid, 1, ${t} FROM training_participant WHERE tid = ${tid}`).execute(db);
  // Cells: user k tried about (1 - k/T_USERS) of the problems, solved about 60% of those.
  await step('cells', `INSERT INTO training_rank_cell (tid, uid, pid, status, ac, run_time)
    SELECT tp.tid, p.uid, tp.pid,
      CASE WHEN (p.uid * 7 + tp.pid * 13) % 10 < 6 THEN 0 ELSE -1 END,
      CASE WHEN (p.uid * 7 + tp.pid * 13) % 10 < 6 THEN 1 ELSE 0 END,
      CASE WHEN (p.uid * 7 + tp.pid * 13) % 10 < 6 THEN (p.uid + tp.pid) % 900 + 10 END
    FROM training_participant p JOIN training_problem tp ON tp.tid = p.tid
    WHERE p.tid = ${tid} AND (p.uid * 31 + tp.pid * 17) % ${T_USERS} >= p.uid - ${u0}`);
  await step('participant totals', `UPDATE training_participant SET
      ac = (SELECT COUNT(*) FROM training_rank_cell c WHERE c.tid = training_participant.tid AND c.uid = training_participant.uid AND c.ac = 1),
      total_run_time = (SELECT COALESCE(SUM(c.run_time), 0) FROM training_rank_cell c WHERE c.tid = training_participant.tid AND c.uid = training_participant.uid AND c.ac = 1)
    WHERE tid = ${tid}`);
  await sql.raw('ANALYZE').execute(db);
}

interface Prepared { coachToken: string; tid: number; counts: Record<string, number> }

async function prepare(kind: Kind): Promise<Prepared> {
  if (kind === 'postgres') {
    const c = new pg.Client({ connectionString: PG_BASE });
    await c.connect();
    if (!(await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [PG_DB])).rowCount) await c.query(`CREATE DATABASE ${PG_DB}`);
    await c.end();
  }
  const { app, ctx } = await buildApp(loadConfig(envFor(kind)), { logger: false });
  const db = ctx.db;
  try {
    const count = async (table: 'problem' | 'submission' | 'rank_user' | 'training_rank_cell') =>
      Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const users = Number((await db.selectFrom('user').select((eb) => eb.fn.countAll<number>().as('n')).where('username', 'like', 'tbench%').executeTakeFirstOrThrow()).n);
    if ((await count('problem')) !== PROBLEMS || (await count('submission')) !== SUBMISSIONS || users !== USERS + 1) {
      const t0 = Date.now();
      process.stdout.write(`[${kind}] generating ${USERS.toLocaleString()} users, ${PROBLEMS.toLocaleString()} problems, ${SUBMISSIONS.toLocaleString()} submissions: `);
      for (const table of ['training_rank_cell', 'training_participant', 'training_register', 'training_problem', 'training', 'training_category',
        'rank_user_problem', 'rank_user', 'problem', 'submission'] as const) await db.deleteFrom(table).execute();
      await db.deleteFrom('user').where('username', 'like', 'tbench%').execute();
      await generate(kind, db);
      process.stdout.write(`\n[${kind}] generated in ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
    }
    const coach = await db.selectFrom('user').select('id').where('username', '=', 'tbench-coach').executeTakeFirstOrThrow();
    const tr = await db.selectFrom('training').select('id').where('title', '=', 'Bench camp').executeTakeFirstOrThrow();
    return {
      coachToken: await issueToken(ctx, coach.id, { ip: '127.0.0.1', headers: {} } as unknown as FastifyRequest),
      tid: tr.id, counts: { rankUsers: await count('rank_user'), cells: await count('training_rank_cell') },
    };
  } finally {
    await app.close();
  }
}

/** One verdict applied to the ranks: a new submission row, then the judge module's result event (global rank + training). */
async function verdictTimes(kind: Kind, tid: number) {
  const { app, ctx } = await buildApp(loadConfig(envFor(kind)), { logger: false });
  await app.ready();
  const db = ctx.db;
  try {
    const uids = (await db.selectFrom('training_participant').select('uid').where('tid', '=', tid).limit(500).execute()).map((r) => r.uid);
    const pids = (await db.selectFrom('training_problem').select('pid').where('tid', '=', tid).execute()).map((r) => r.pid);
    const times: number[] = [];
    const whole: number[] = [];
    const made: number[] = [];
    for (let i = 0; i < VERDICTS; i++) {
      const uid = uids[(i * 37) % uids.length];
      const pid = pids[(i * 11) % pids.length];
      const status = i % 3 === 0 ? 0 : -1;
      const at = Date.now();
      const row = await db.insertInto('submission').values({
        pid, display_pid: 'R', uid, username: 'tbench', cid: 0, cpid: 0, gid: 0, tid, status, score: null, oi_rank_score: null, time: 100 + i,
        memory: 1000, length: 10, language: 'C++', code: 'x', share: 0, error_message: null, judger: 'bench', is_manual: 0, case_done: 1, case_total: 1,
        ip: null, submit_time: at, judge_time: at, gmt_modified: at,
      }).returning('id').executeTakeFirstOrThrow();
      made.push(row.id);
      // What the judge does with a worker's verdict: the submission row and the in-transaction
      // steps (ranks) in one transaction, then the listeners. Timed: the ranks' steps alone, and
      // the whole transaction with its commit.
      const e = { submitId: row.id, uid, pid, cid: 0, gid: 0, status, score: null, time: 100 + i, memory: 1000, source: 'judge' as const, submitTime: at };
      const s = performance.now();
      let steps = 0;
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('submission').set({ judge_time: Date.now() }).where('id', '=', row.id).execute();
        await ctx.services.judge.refreshAccept(trx, uid, pid, 0, 0);
        const s2 = performance.now();
        await ctx.services.judge.verdictWritten(trx, e);
        steps = performance.now() - s2;
      });
      whole.push(performance.now() - s);
      times.push(steps);
      await ctx.services.judge.emitResult(e);
    }
    // Leave the generated database as it was (later runs reuse it).
    for (let i = 0; i < made.length; i += 500) await db.deleteFrom('submission').where('id', 'in', made.slice(i, i + 500)).execute();
    const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
    return { p50: pct(times, 0.5), p99: pct(times, 0.99), wholeP50: pct(whole, 0.5), wholeP99: pct(whole, 0.99) };
  } finally {
    await app.close();
  }
}

async function main() {
  const chosen = args.filter((a): a is Kind => a === 'sqlite' || a === 'postgres');
  const kinds: Kind[] = chosen.length ? chosen : ['sqlite', 'postgres'];
  const rows: { kind: string; scenario: string; r: LoadResult }[] = [];
  const verdicts: string[] = [];
  for (const kind of kinds) {
    const prep = await prepare(kind);
    const deepAcm = Math.max(1, Math.floor(prep.counts.rankUsers / 30) - 5);
    const rank = (type: number, q: string) => `/api/get-rank-list?type=${type}&limit=30${q}`;
    const trank = (q: string) => `/api/get-training-rank?tid=${prep.tid}&limit=30${q}`;
    const scenarios: { name: string; urls: string[]; auth?: boolean; plain?: boolean }[] = [
      { name: 'ACM rank, page 1', urls: [rank(0, '&currentPage=1')] },
      { name: 'ACM rank, deep pages', urls: Array.from({ length: 20 }, (_, i) => rank(0, `&currentPage=${deepAcm - i * 7}`)) },
      { name: 'ACM rank, username search', urls: ['tbench42', 'tbench7', 'nick999', 'tbench12345'].map((s) => rank(0, `&searchUser=${s}`)) },
      { name: 'OI rank, page 1', urls: [rank(1, '&currentPage=1')] },
      { name: 'OI rank, deep pages', urls: Array.from({ length: 20 }, (_, i) => rank(1, `&currentPage=${deepAcm - i * 7}`)) },
      { name: 'OI rank, username search', urls: ['tbench42', 'tbench7', 'nick999', 'tbench12345'].map((s) => rank(1, `&searchUser=${s}`)) },
      { name: 'training rank, page 1', urls: [trank('&currentPage=1')], auth: true },
      { name: 'training rank, page 1, uncompressed', urls: [trank('&currentPage=1')], auth: true, plain: true },
      { name: 'training rank, deep pages', urls: Array.from({ length: 20 }, (_, i) => trank(`&currentPage=${160 - i * 7}`)), auth: true },
      { name: 'training rank, search', urls: ['tbench42', 'tbench7', 'tbench4999'].map((s) => trank(`&keyword=${s}`)), auth: true },
    ];
    const server = await startServer(self, envFor(kind));
    try {
      // Unmeasured: the first reads of both ranks and the server's warm-up (JIT) fall here, not
      // on the first scenario.
      await load(PORTS[kind], [rank(0, '&currentPage=1'), rank(1, '&currentPage=2')], { seconds: 2, warm: 2, acceptEncoding: BROWSER_ENCODING });
      await load(PORTS[kind], [trank('&currentPage=2')], { token: prep.coachToken, seconds: 2, warm: 1, acceptEncoding: BROWSER_ENCODING });
      for (const s of scenarios.filter((x) => !ONLY || x.name.startsWith(ONLY))) {
        const r = await load(PORTS[kind], s.urls, { token: s.auth ? prep.coachToken : undefined, seconds: SECONDS, warm: 5, acceptEncoding: s.plain ? undefined : BROWSER_ENCODING });
        rows.push({ kind, scenario: s.name, r });
        console.log(`[${kind}] ${s.name}: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`);
      }
    } finally {
      await stopServer(server);
    }
    if (ONLY && ONLY !== 'verdicts') continue;
    const v = await verdictTimes(kind, prep.tid);
    verdicts.push(`| ${kind} | ${VERDICTS} | ${v.p50.toFixed(2)} | ${v.p99.toFixed(2)} | ${v.wholeP50.toFixed(2)} | ${v.wholeP99.toFixed(2)} |`);
    console.log(`[${kind}] one verdict applied: p50 ${v.p50.toFixed(2)} ms, p99 ${v.p99.toFixed(2)} ms (whole verdict transaction p50 ${v.wholeP50.toFixed(2)}, p99 ${v.wholeP99.toFixed(2)})`);
  }
  printTable(`get-rank-list and get-training-rank, ${USERS.toLocaleString()} users, ${PROBLEMS.toLocaleString()} problems, ${SUBMISSIONS.toLocaleString()} submissions, `
    + `a ${T_PROBLEMS}-problem training with ${T_USERS.toLocaleString()} participants, ${SECONDS} s per scenario`, rows);
  console.log(`\nOne verdict applied to the ranks (the judge's in-transaction steps: global rank row + every training of the problem the user is in), and the whole verdict transaction around them (submission row, status rows, the steps, commit), in-process, load average ${os.loadavg()[0].toFixed(1)}\n`);
  console.log('| database | verdicts | ranks p50 ms | ranks p99 ms | transaction p50 ms | transaction p99 ms |\n|---|--:|--:|--:|--:|--:|');
  for (const l of verdicts) console.log(l);
}

if (args[0] === '--serve') await serve();
else await main();

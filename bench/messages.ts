/**
 * Message centre and comment paging at scale (issue 14): p50/p99 at 50 concurrent connections of
 * `msg/unread` and of a message page for many different users, on a generated database of USERS
 * users and MESSAGES messages (default 100,000 and 5,000,000), of a message page of one user
 * whose discuss tab holds HEAVY more messages (default 100,000: the page's total must not cost a
 * count of the tab), and of `comments` on one discussion with 10,000 comments (every page of it),
 * printed as a table.
 *
 *   npx tsx bench/messages.ts [sqlite|postgres ...] [--processes 1] [--seconds 10] [--users 100000] [--messages 5000000] [--heavy 100000] [--comments 10000] [--only msg/like] [--tag NAME]
 *
 * A second table gives the CPU each answer costs the server process and (PostgreSQL) the database
 * backends serving it: on a shared machine latencies mostly measure the other load, CPU per request
 * much less so. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server.
 *
 * The database is generated once and kept (SQLite under /tmp/verdict-bench-messages, PostgreSQL
 * database verdict_bench_messages on BENCH_PG_URL; with `--tag NAME` their own copies, suffixed
 * -NAME / _NAME, so a run at other sizes leaves the default data alone) and reused while it has
 * the asked sizes.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import type { FastifyRequest } from 'fastify';
import { loadConfig } from '../packages/server/src/config.js';
import { buildApp } from '../packages/server/src/app.js';
import { issueToken } from '../packages/server/src/http/auth.js';
import { CONNECTIONS, load, printTable, serve, startCluster, startServer, stopServer, timedGet, type LoadResult } from './lib/http-load.js';
import { cpuMs, treeCpuMs } from './lib/proc.js';
import { benchDatabase, type Kind } from './lib/bench-db.js';
import { argv, opt } from './lib/args.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = opt('seconds', 10);
const USERS = opt('users', 100_000);
const MESSAGES = opt('messages', 5_000_000);
const HEAVY = opt('heavy', 100_000);
const COMMENTS = opt('comments', 10_000);
const TOKENS = 500;
/** `--processes 2`: the site's own cluster (WEB_CONCURRENCY) instead of one server process. */
const PROCESSES = opt('processes', 1);
/** `--only msg/like` runs just the scenarios whose name starts so (e.g. while profiling the server). */
const ONLY = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : '';
const TAG = argv.includes('--tag') ? argv[argv.indexOf('--tag') + 1].replace(/[^a-z0-9_]/gi, '').toLowerCase() : '';
// A tagged run has ports of its own too (it may run beside an untagged one).
const PORTS = TAG ? { sqlite: 18270, postgres: 18271 } : { sqlite: 18260, postgres: 18261 };
const SQLITE_DIR = `/tmp/verdict-bench-messages${TAG ? `-${TAG}` : ''}`;
const { envFor, ensurePgDatabase, pgUrl } = benchDatabase(`verdict_bench_messages${TAG ? `_${TAG}` : ''}`, SQLITE_DIR);




type Db = Awaited<ReturnType<typeof buildApp>>['ctx']['db'];
const n = async (db: Db, table: 'msg_remind' | 'comment' | 'user') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

/** Creates (or reuses) the database; returns tokens of TOKENS users (the first holds the heavy tab) and the busy discussion's id. */
async function prepare(kind: Kind): Promise<{ tokens: string[]; did: number }> {
  if (kind === 'postgres') await ensurePgDatabase();
  else fs.mkdirSync(SQLITE_DIR, { recursive: true });
  const config = loadConfig(envFor(kind, PORTS[kind]));
  const { app, ctx } = await buildApp(config, { logger: false });
  const db = ctx.db;
  try {
    const users = Number((await db.selectFrom('user').select((eb) => eb.fn.countAll<number>().as('n')).where('username', 'like', 'mb%').executeTakeFirstOrThrow()).n);
    if (users !== USERS || (await n(db, 'msg_remind')) !== MESSAGES + HEAVY || (await n(db, 'comment')) !== COMMENTS) {
      const t0 = Date.now();
      process.stdout.write(`[${kind}] generating ${USERS.toLocaleString()} users, ${MESSAGES.toLocaleString()} + ${HEAVY.toLocaleString()} messages, ${COMMENTS.toLocaleString()} comments... `);
      for (const table of ['msg_remind', 'user_msg_count', 'comment', 'reply', 'discussion'] as const) await db.deleteFrom(table).execute();
      await db.deleteFrom('user').where('username', 'like', 'mb%').execute();
      await generate(kind, db);
      process.stdout.write(`${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
    }
    const did = (await db.selectFrom('discussion').select('id').executeTakeFirstOrThrow()).id;
    const ids = await db.selectFrom('user').select('id').where('username', 'like', 'mb%').orderBy('id').limit(TOKENS).execute();
    const tokens = await Promise.all(ids.map((u) => issueToken(ctx, u.id, { ip: '127.0.0.1', headers: {} } as unknown as FastifyRequest)));
    return { tokens, did };
  } finally {
    await app.close();
  }
}

/**
 * Users; messages spread over them (50 each on average, a third unread) and HEAVY more in the
 * first user's discuss tab (a tenth unread), with the counters they imply; one discussion with
 * COMMENTS comments (each with a reply every tenth). Generated inside the database.
 */
async function generate(kind: Kind, db: Db) {
  const t = Date.now();
  const series = (count: number) => (kind === 'postgres' ? `generate_series(1, ${count}) s(i)` : `s`);
  const withS = (count: number) => (kind === 'postgres' ? '' : `WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${count}) `);
  const user = kind === 'postgres' ? '"user"' : 'user';
  const cat = kind === 'postgres' ? "'mb' || i" : "'mb' || i";
  await sql.raw(`${withS(USERS)}INSERT INTO ${user} (username, password_hash, email, role, status, gender, gmt_create, gmt_modified)
    SELECT ${cat}, 'x', 'mb' || i || '@example.com', 1002, 0, 'secrecy', ${t}, ${t} FROM ${series(USERS)}`).execute(db);
  const minUser = Number((await sql<{ m: number }>`SELECT min(id) AS m FROM ${sql.raw(user)} WHERE username LIKE 'mb%'`.execute(db)).rows[0].m);
  const d = await db.insertInto('discussion').values({
    category_id: 1, title: 'Busy discussion', description: 'Many comments', content: 'x', pid: null, uid: minUser, role: 'user', view_num: 0, like_num: 0,
    comment_num: COMMENTS, root_comment_num: COMMENTS, top_priority: 0, status: 0, gid: null, gmt_create: t, gmt_modified: t,
  }).returning('id').executeTakeFirstOrThrow();
  // Recipient of message i: user (i % USERS); tab by i % 3; unread when i % 3 = 0.
  await sql.raw(`${withS(MESSAGES)}INSERT INTO msg_remind (action, tab, source_id, source_type, source_content, quote_id, quote_type, url, recipient_id, sender_id, origin_type, origin_id, state, gmt_create)
    SELECT CASE i % 3 WHEN 0 THEN 'Discuss' WHEN 1 THEN 'Reply' ELSE 'Like_Post' END, CASE i % 3 WHEN 0 THEN 'comment' WHEN 1 THEN 'reply' ELSE 'like' END,
      ${d.id}, 'Discussion', 'A message of the benchmark', NULL, NULL, '/discussion-detail/${d.id}', ${minUser} + i % ${USERS}, ${minUser} + (i * 7) % ${USERS},
      'comment', i, CASE WHEN (i / ${USERS}) % 3 = 0 THEN 0 ELSE 1 END, ${t} - i FROM ${series(MESSAGES)}`).execute(db);
  if (HEAVY > 0) {
    await sql.raw(`${withS(HEAVY)}INSERT INTO msg_remind (action, tab, source_id, source_type, source_content, quote_id, quote_type, url, recipient_id, sender_id, origin_type, origin_id, state, gmt_create)
      SELECT 'Discuss', 'comment', ${d.id}, 'Discussion', 'A message of the heavy tab', NULL, NULL, '/discussion-detail/${d.id}', ${minUser}, ${minUser} + 1 + i % ${USERS - 1},
        'comment', ${MESSAGES} + i, CASE WHEN i % 10 = 0 THEN 0 ELSE 1 END, ${t} - i FROM ${series(HEAVY)}`).execute(db);
  }
  const per = (tab: string, unread: boolean) => `SUM(CASE WHEN tab = '${tab}'${unread ? ' AND state = 0' : ''} THEN 1 ELSE 0 END)`;
  await sql.raw(`INSERT INTO user_msg_count (uid, comment, reply, "like", sys, mine)
    SELECT recipient_id, ${per('comment', true)}, ${per('reply', true)}, ${per('like', true)}, 0, 0 FROM msg_remind GROUP BY recipient_id`).execute(db);
  // The tab totals (migration 0020), when the schema has them: the bench also runs on the code before them.
  const hasTotals = await sql`SELECT comment_total FROM user_msg_count WHERE uid = 0`.execute(db).then(() => true, () => false);
  if (hasTotals) {
    await sql.raw(`UPDATE user_msg_count SET comment_total = t.c, reply_total = t.r, like_total = t.l
      FROM (SELECT recipient_id, ${per('comment', false)} AS c, ${per('reply', false)} AS r, ${per('like', false)} AS l FROM msg_remind GROUP BY recipient_id) t
      WHERE t.recipient_id = user_msg_count.uid`).execute(db);
  }
  await sql.raw(`${withS(COMMENTS)}INSERT INTO comment (did, cid, content, from_uid, from_role, like_num, reply_num, gmt_create)
    SELECT ${d.id}, NULL, 'Comment number ' || i || ' with **markdown**', ${minUser} + i % 1000, 'user', i % 7, CASE WHEN i % 10 = 0 THEN 5 ELSE 0 END, ${t} FROM ${series(COMMENTS)}`).execute(db);
  await sql.raw(`INSERT INTO reply (comment_id, content, from_uid, from_role, to_uid, gmt_create)
    SELECT c.id, 'A reply', c.from_uid, 'user', c.from_uid, ${t} FROM comment c ${kind === 'postgres' ? 'CROSS JOIN generate_series(1, 5) k' : 'CROSS JOIN (SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4 UNION ALL SELECT 5) k'}
    WHERE c.reply_num = 5`).execute(db);
  await sql.raw(kind === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE').execute(db);
}

/**
 * CPU (ms) used so far by the PostgreSQL backends serving the bench database (the server's pool):
 * what PostgreSQL spends per answer. Backends are looked up by database name each time.
 */
async function pgCpu(kind: Kind): Promise<Map<number, number> | null> {
  if (kind !== 'postgres') return null;
  const c = new pg.Client({ connectionString: pgUrl() });
  await c.connect();
  try {
    const rows = (await c.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')).rows as { pid: number }[];
    return new Map(rows.map((r) => [r.pid, cpuMs(r.pid) ?? 0]));
  } finally {
    await c.end();
  }
}
const pgCpuDelta = (a: Map<number, number> | null, b: Map<number, number> | null) =>
  a && b ? [...b].reduce((sum, [pid, ms]) => sum + ms - (a.get(pid) ?? 0), 0) : null;

/** Like load() but each request carries the token of the next of many users (per-user data, no single hot row). */
async function loadUsers(port: number, urls: string[], tokens: string[], seconds: number): Promise<LoadResult> {
  const lat: number[] = [];
  const end = Date.now() + seconds * 1000;
  let next = 0;
  await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
    while (Date.now() < end) {
      const i = next++;
      lat.push(await timedGet(port, urls[i % urls.length], tokens[i % tokens.length]));
    }
  }));
  lat.sort((a, b) => a - b);
  const pct = (p: number) => lat[Math.min(lat.length - 1, Math.floor((p / 100) * lat.length))];
  return { requests: lat.length, rps: lat.length / seconds, p50: pct(50), p99: pct(99) };
}

async function main() {
  const kinds = argv.filter((a) => a === 'sqlite' || a === 'postgres') as Kind[];
  const run = kinds.length ? kinds : (['sqlite'] as Kind[]);
  const rows: { kind: string; scenario: string; r: LoadResult }[] = [];
  const cpu: string[] = [];
  for (const kind of run) {
    const { tokens, did } = await prepare(kind);
    const server = PROCESSES > 1 ? await startCluster(envFor(kind, PORTS[kind]), PROCESSES) : await startServer(path.join(here, 'messages.ts'), envFor(kind, PORTS[kind]));
    try {
      const port = PORTS[kind];
      const pages = Math.ceil(COMMENTS / 10);
      const commentUrls = Array.from({ length: pages }, (_, i) => `/api/comments?did=${did}&currentPage=${i + 1}&limit=10`);
      await loadUsers(port, ['/api/msg/unread'], tokens, 2);
      // The heavy tab read once first: its unread ones are marked read (one big write, not measured).
      const heavyTab = `${HEAVY.toLocaleString()}-message tab`;
      await timedGet(port, '/api/msg/comment?currentPage=1&limit=6', tokens[0]);
      const scenarios: [string, () => Promise<LoadResult>][] = [
        ['msg/unread, 500 users', () => loadUsers(port, ['/api/msg/unread'], tokens, SECONDS)],
        ['msg/comment page 1, 500 users', () => loadUsers(port, ['/api/msg/comment?currentPage=1&limit=6'], tokens, SECONDS)],
        ['msg/like pages 1-5, 500 users', () => loadUsers(port, [1, 2, 3, 4, 5].map((p) => `/api/msg/like?currentPage=${p}&limit=6`), tokens, SECONDS)],
        [`msg/comment page 1, ${heavyTab}`, () => loadUsers(port, ['/api/msg/comment?currentPage=1&limit=6'], tokens.slice(0, 1), SECONDS)],
        [`msg/comment page 50, ${heavyTab}`, () => loadUsers(port, ['/api/msg/comment?currentPage=50&limit=6'], tokens.slice(0, 1), SECONDS)],
        [`comments, all ${pages} pages`, () => load(port, commentUrls, { seconds: SECONDS, warm: 50 })],
      ];
      for (const [name, f] of scenarios) {
        if (ONLY && !name.startsWith(ONLY)) continue;
        const [c0, p0] = [treeCpuMs(server.pid), await pgCpu(kind)];
        const r = await f();
        const [c1, p1] = [treeCpuMs(server.pid), await pgCpu(kind)];
        const us = (ms: number | null) => (ms === null ? 'n/a' : `${Math.round((ms / r.requests) * 1000)} µs`);
        const [onServer, onDb] = [us(c0 === null || c1 === null ? null : c1 - c0), us(pgCpuDelta(p0, p1))];
        rows.push({ kind, scenario: name, r });
        cpu.push(`| ${kind.padEnd(8)} | ${name.padEnd(42)} | ${onServer.padStart(14)} | ${onDb.padStart(18)} |`);
        console.log(`[${kind}] ${name}: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, CPU per request: server ${onServer}, PostgreSQL ${onDb}`);
      }
    } finally {
      await stopServer(server);
    }
  }
  printTable(`Message centre and comments: ${USERS.toLocaleString()} users, ${MESSAGES.toLocaleString()} messages, a discussion of ${COMMENTS.toLocaleString()} comments, ${SECONDS} s per scenario, ${PROCESSES} server process${PROCESSES > 1 ? 'es (WEB_CONCURRENCY)' : ''}`, rows);
  console.log(`\nCPU per request: the server process${PROCESSES > 1 ? 'es (all of them)' : ''}, and the PostgreSQL backends serving it (less disturbed by other load than latency)\n`);
  console.log(`| database | ${'scenario'.padEnd(42)} | server CPU/req | PostgreSQL CPU/req |\n|----------|${'-'.repeat(44)}|---------------:|-------------------:|\n${cpu.join('\n')}`);
  http.globalAgent.destroy();
}

if (argv[0] === '--serve') await serve();
else await main();

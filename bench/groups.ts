/**
 * Group latency (issue 15): p50/p99 at 50 concurrent connections of the group list (first and
 * deep pages, a keyword), the member list of a 1,000-member group, that group's problem list with
 * the caller's solve status (500 problems), and its rank (ACM and OI, first and deep pages), on
 * SQLite and PostgreSQL. Printed as a table.
 *
 *   npx tsx bench/groups.ts [sqlite|postgres ...] [--seconds 10] [--groups 2000] [--memberships 200000]
 *                          [--users 20000] [--members 1000] [--problems 500] [--submissions 100000]
 *
 * Data is generated once inside the database (number series) and reused while its sizes match
 * (SQLite under /tmp/verdict-bench-groups-sqlite, PostgreSQL database verdict_bench_groups on
 * BENCH_PG_URL). Small sizes (e.g. --groups 50 --memberships 2000 --users 500 --members 100
 * --problems 20 --submissions 2000 --seconds 2) prove the script works; the shared machine's load
 * makes any figure measured here indicative only.
 */
import { fileURLToPath } from 'node:url';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../packages/server/src/app.js';
import { loadConfig } from '../packages/server/src/config.js';
import { issueToken } from '../packages/server/src/http/auth.js';
import { benchDatabase, type Kind } from './lib/bench-db.js';
import { load, printTable, serve, startServer, stopServer, type LoadResult } from './lib/http-load.js';

const self = fileURLToPath(import.meta.url);
const args = process.argv.slice(2);
const num = (name: string, fallback: number) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback);
const SECONDS = num('seconds', 10);
const GROUPS = num('groups', 2_000);
const MEMBERSHIPS = num('memberships', 200_000);
const USERS = num('users', 20_000);
const MEMBERS = num('members', 1_000);
const PROBLEMS = num('problems', 500);
const SUBMISSIONS = num('submissions', 100_000);
const PORTS = { sqlite: 18620, postgres: 18621 } as const;
const { envFor, ensurePgDatabase } = benchDatabase('verdict_bench_groups', '/tmp/verdict-bench-groups-sqlite');
type Db = Awaited<ReturnType<typeof buildApp>>['ctx']['db'];

async function generate(kind: Kind, db: Db) {
  const t = Date.now();
  const series = (n: number, body: string) => (kind === 'postgres'
    ? body.replace('FROM s', `FROM generate_series(1::bigint, ${n}::bigint) AS s(i)`)
    : `WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${n}) ${body}`);
  const user = kind === 'postgres' ? '"user"' : 'user';
  const div = (a: string, b: number) => (kind === 'postgres' ? `(${a}) / ${b}` : `CAST((${a}) / ${b} AS INTEGER)`);
  const step = async (label: string, q: string) => {
    const s = Date.now();
    await sql.raw(q).execute(db);
    process.stdout.write(`${label} ${((Date.now() - s) / 1000).toFixed(0)}s; `);
  };
  await step('users', series(USERS, `INSERT INTO ${user} (username, password_hash, email, nickname, role, status, gender, gmt_create, gmt_modified)
    SELECT 'gbench' || i, 'x', 'gbench' || i || '@example.com', 'gnick' || i, 1002, 0, 'secrecy', ${t}, ${t} FROM s`));
  const u0 = Number((await sql<{ m: number }>`SELECT min(id) AS m FROM ${sql.raw(user)} WHERE username LIKE 'gbench%'`.execute(db)).rows[0].m);
  // Group 1 is the big class; the others are owned by a user each, every third one protected.
  await step('groups', series(GROUPS, `INSERT INTO group_info (avatar, name, short_name, brief, description, owner, uid, auth, code, visible, status, gmt_create, gmt_modified)
    SELECT NULL, 'Bench group ' || i, 'GB' || i, 'A bench group', 'Generated for the group benchmark', 'gbench' || (i % ${USERS} + 1),
      ${u0} + i % ${USERS}, CASE WHEN i % 3 = 0 THEN 2 ELSE 1 END, CASE WHEN i % 3 = 0 THEN 'CODE12' END, 1, 0, ${t} - i * 1000, ${t} FROM s`));
  const g0 = Number((await sql<{ m: number }>`SELECT min(id) AS m FROM group_info WHERE name LIKE 'Bench group %'`.execute(db)).rows[0].m);
  await sql.raw(`UPDATE group_info SET owner = 'gbench1', uid = ${u0} WHERE id = ${g0}`).execute(db);
  // The big group's members: the first MEMBERS users, the first one its owner (5), ten admins (4).
  await step('big group members', series(MEMBERS, `INSERT INTO group_member (gid, uid, auth, reason, gmt_create, gmt_modified)
    SELECT ${g0}, ${u0} + i - 1, CASE WHEN i = 1 THEN 5 WHEN i <= 11 THEN 4 ELSE 3 END, NULL, ${t} - i * 1000, ${t} FROM s`));
  // The other memberships spread over the other groups: k-th member of group g is user (g*37 + k*199) mod USERS.
  const rest = Math.max(0, MEMBERSHIPS - MEMBERS);
  const others = Math.max(1, GROUPS - 1);
  await step('memberships', series(rest, `INSERT INTO group_member (gid, uid, auth, reason, gmt_create, gmt_modified)
    SELECT ${g0} + 1 + i % ${others}, ${u0} + ((1 + i % ${others}) * 37 + ${div('i', others)} * 199) % ${USERS},
      CASE WHEN i % 25 = 0 THEN 1 ELSE 3 END, 'please', ${t}, ${t} FROM s`));
  await step('problems', series(PROBLEMS, `INSERT INTO problem (problem_id, title, author_uid, difficulty, auth, type, case_version, gid, gmt_create, gmt_modified)
    SELECT 'GB1P' || i, 'Group bench ' || i, ${u0}, i % 3, 1, i % 2, 'v', ${g0}, ${t}, ${t} FROM s`));
  const p0 = Number((await sql<{ m: number }>`SELECT min(id) AS m FROM problem WHERE problem_id LIKE 'GB1P%'`.execute(db)).rows[0].m);
  const status = `(CASE (i * 7919) % 10 WHEN 0 THEN -2 WHEN 1 THEN 1 WHEN 2 THEN -1 WHEN 3 THEN -1 WHEN 4 THEN 8 ELSE 0 END)`;
  await step('submissions', series(SUBMISSIONS, `INSERT INTO submission (pid, display_pid, uid, username, cid, gid, status, score, oi_rank_score, time, length, language, code, submit_time, gmt_modified)
    SELECT ${p0} + (i * 31) % ${PROBLEMS}, 'GB1P', ${u0} + ((i * 17) % ${MEMBERS}) * ((i * 17) % ${MEMBERS}) / ${MEMBERS}, 'gbench', 0, ${g0}, ${status},
      CASE WHEN (i * 31) % ${PROBLEMS} % 2 = 1 THEN (i * 13) % 11 * 10 END,
      CASE WHEN (i * 31) % ${PROBLEMS} % 2 = 1 THEN (i * 13) % 11 END,
      (i * 7) % 1000, 20, 'C++', 'x', ${t} - i * 1000, ${t} FROM s`));
  // Each member's standing per problem, as verdicts keep it (migration 0018's backfill).
  await step('status marks', `INSERT INTO user_problem_status (uid, pid, cid, gid, last_id, ac, best_score)
    SELECT uid, pid, cid, gid, MAX(id), MAX(CASE WHEN status = 0 THEN 1 ELSE 0 END), MAX(score) FROM submission WHERE gid = ${g0} GROUP BY uid, pid, cid, gid`);
  await sql.raw('ANALYZE').execute(db);
}

async function prepare(kind: Kind) {
  if (kind === 'postgres') await ensurePgDatabase();
  const { app, ctx } = await buildApp(loadConfig(envFor(kind, PORTS[kind])), { logger: false });
  const db = ctx.db;
  try {
    const count = async (table: 'group_info' | 'group_member' | 'submission' | 'problem') =>
      Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const want = { group_info: GROUPS, group_member: MEMBERS + Math.max(0, MEMBERSHIPS - MEMBERS), submission: SUBMISSIONS, problem: PROBLEMS };
    const have = { group_info: await count('group_info'), group_member: await count('group_member'), submission: await count('submission'), problem: await count('problem') };
    if (JSON.stringify(want) !== JSON.stringify(have)) {
      const t0 = Date.now();
      process.stdout.write(`[${kind}] generating ${GROUPS.toLocaleString()} groups, ${MEMBERSHIPS.toLocaleString()} memberships, `
        + `${PROBLEMS} problems and ${SUBMISSIONS.toLocaleString()} submissions in a ${MEMBERS}-member group: `);
      for (const table of ['user_problem_status', 'group_member', 'group_info', 'submission', 'problem'] as const) await db.deleteFrom(table).execute();
      await db.deleteFrom('user').where('username', 'like', 'gbench%').execute();
      await generate(kind, db);
      process.stdout.write(`\n[${kind}] generated in ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
    }
    const g = await db.selectFrom('group_info').select('id').where('short_name', '=', 'GB1').executeTakeFirstOrThrow();
    // A plain member of the big group asks (its status marks are per user).
    const m = await db.selectFrom('group_member').select('uid').where('gid', '=', g.id).where('auth', '=', 3).orderBy('uid').limit(1).executeTakeFirstOrThrow();
    return { gid: g.id, token: await issueToken(ctx, m.uid, { ip: '127.0.0.1', headers: {} } as unknown as FastifyRequest) };
  } finally {
    await app.close();
  }
}

/**
 * The same URLs in-process, one at a time: the server's own CPU time per request (process
 * CPU around app.inject), a figure the other processes on a shared machine hardly move.
 */
async function cpuCosts(kind: Kind, token: string, scenarios: { name: string; urls: string[]; auth?: boolean }[]) {
  const { app } = await buildApp(loadConfig(envFor(kind, PORTS[kind])), { logger: false });
  await app.ready();
  const out: string[] = [];
  const pct = (a: number[], p: number) => a[Math.min(a.length - 1, Math.floor((p / 100) * a.length))];
  try {
    for (const s of scenarios) {
      const headers = s.auth ? { authorization: token } : {};
      for (const url of s.urls.slice(0, 5)) await app.inject({ url, headers });
      const cpu: number[] = [];
      for (let i = 0; i < 200; i++) {
        const c0 = process.cpuUsage();
        const res = await app.inject({ url: s.urls[i % s.urls.length], headers });
        const used = process.cpuUsage(c0);
        if (res.statusCode !== 200) throw new Error(`${s.urls[i % s.urls.length]}: HTTP ${res.statusCode}`);
        cpu.push((used.user + used.system) / 1000);
      }
      cpu.sort((a, b) => a - b);
      out.push(`| ${kind} | ${s.name} | ${pct(cpu, 50).toFixed(2)} | ${pct(cpu, 99).toFixed(2)} |`);
    }
  } finally {
    await app.close();
  }
  return out;
}

async function main() {
  const chosen = args.filter((a): a is Kind => a === 'sqlite' || a === 'postgres');
  const kinds: Kind[] = chosen.length ? chosen : ['sqlite', 'postgres'];
  const rows: { kind: string; scenario: string; r: LoadResult }[] = [];
  const costs: string[] = [];
  for (const kind of kinds) {
    const prep = await prepare(kind);
    const lastList = Math.max(1, Math.ceil(GROUPS / 15));
    const lastMembers = Math.max(1, Math.ceil(MEMBERS / 10));
    const lastProblems = Math.max(1, Math.ceil(PROBLEMS / 10));
    const lastRank = Math.max(1, Math.ceil(MEMBERS / 30));
    const pages = (last: number) => Array.from({ length: Math.min(20, last) }, (_, i) => Math.max(1, last - i * Math.max(1, Math.floor(last / 20))));
    const scenarios: { name: string; urls: string[]; auth?: boolean }[] = [
      { name: 'group list, page 1', urls: ['/api/get-group-list?currentPage=1&limit=15'] },
      { name: 'group list, deep pages', urls: pages(lastList).map((p) => `/api/get-group-list?currentPage=${p}&limit=15`) },
      { name: 'group list, keyword', urls: ['Bench group 1', 'group 77', 'GB19', 'nothing'].map((k) => `/api/get-group-list?keyword=${encodeURIComponent(k)}&limit=15`) },
      { name: `member list (${MEMBERS.toLocaleString()} members)`, urls: pages(lastMembers).map((p) => `/api/group/get-member-list?gid=${prep.gid}&currentPage=${p}&limit=10`), auth: true },
      { name: 'group problem list with status', urls: pages(lastProblems).map((p) => `/api/group/get-problem-list?gid=${prep.gid}&currentPage=${p}&limit=10`), auth: true },
      { name: 'group rank ACM', urls: pages(lastRank).map((p) => `/api/get-group-rank-list?gid=${prep.gid}&type=0&currentPage=${p}&limit=30`), auth: true },
      { name: 'group rank OI', urls: pages(lastRank).map((p) => `/api/get-group-rank-list?gid=${prep.gid}&type=1&currentPage=${p}&limit=30`), auth: true },
    ];
    const server = await startServer(self, envFor(kind, PORTS[kind]));
    try {
      for (const s of scenarios) {
        const r = await load(PORTS[kind], s.urls, { token: s.auth ? prep.token : undefined, seconds: SECONDS, warm: 5 });
        rows.push({ kind, scenario: s.name, r });
        console.log(`[${kind}] ${s.name}: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`);
      }
    } finally {
      await stopServer(server);
    }
    costs.push(...await cpuCosts(kind, prep.token, scenarios));
  }
  printTable(`Group calls, ${GROUPS.toLocaleString()} groups, ${MEMBERSHIPS.toLocaleString()} memberships, a ${MEMBERS.toLocaleString()}-member group with `
    + `${PROBLEMS} problems and ${SUBMISSIONS.toLocaleString()} submissions, ${SECONDS} s per scenario`, rows);
  console.log('\nServer CPU time per request (in-process, one request at a time, 200 requests per scenario)\n');
  console.log('| database | scenario | cpu p50 ms | cpu p99 ms |\n|---|---|--:|--:|');
  for (const l of costs) console.log(l);
}

if (args[0] === '--serve') await serve();
else await main();

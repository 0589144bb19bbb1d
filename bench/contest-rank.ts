/**
 * Contest rank latency (issue 5): a generated contest of 5,000 participants, 15 problems and
 * 300,000 submissions (one ACM contest and one OI contest of that size). Prints p50/p99 of a rank
 * page request (ACM and OI, sealed and unsealed) through the real HTTP stack, the time to apply
 * one new judge result, and the first page request after a result (sync + table rebuild).
 *
 *   npx tsx bench/contest-rank.ts [sqlite|postgres] [--requests 300] [--results 50]
 *
 * Runs in-process. SQLite: the generated database is kept under /tmp/verdict-bench-contest and
 * reused by later runs of the same size (--fresh regenerates). PostgreSQL: a new database on
 * BENCH_PG_URL, dropped afterwards.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { buildApp } from '../packages/server/src/app.js';
import { throwawayPgDatabase } from './lib/bench-db.js';
import { loadConfig } from '../packages/server/src/config.js';
import { issueToken } from '../packages/server/src/http/auth.js';
import { JudgeStatus } from '../packages/shared/src/index.js';
import { argv, opt } from './lib/args.js';
import { problemRow, userRow as benchUser } from './lib/rows.js';

const KIND = argv.includes('postgres') ? 'postgres' : 'sqlite';
const USERS = opt('users', 5000);
const PROBLEMS = 15;
const SUBMISSIONS = opt('submissions', 300_000);
const REQUESTS = opt('requests', 300);
const RESULTS = opt('results', 50);
const MIN = 60_000;

// A deterministic generator (mulberry32) so runs are comparable.
let seed = 42;
const rand = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
};

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

// Submissions: random users and problems over the first five hours (the last hour is sealed).
const statuses = [JudgeStatus.ACCEPTED, JudgeStatus.ACCEPTED, JudgeStatus.ACCEPTED, JudgeStatus.WRONG_ANSWER, JudgeStatus.WRONG_ANSWER,
  JudgeStatus.WRONG_ANSWER, JudgeStatus.WRONG_ANSWER, JudgeStatus.TIME_LIMIT_EXCEEDED, JudgeStatus.COMPILE_ERROR, JudgeStatus.RUNTIME_ERROR];
const subRow = (cid: number, g: { oi: number; pidsOf: number[]; uids: number[]; start: number; now: number }) => {
  const status = statuses[Math.floor(rand() * statuses.length)];
  const at = g.start + Math.floor(rand() * (g.now - g.start));
  return {
    pid: g.pidsOf[Math.floor(rand() * PROBLEMS)], display_pid: 'A', uid: g.uids[Math.floor(rand() * g.uids.length)], username: 'u', cid, cpid: 0,
    gid: 0, tid: 0, status, score: cid === g.oi ? (status === JudgeStatus.ACCEPTED ? 100 : Math.floor(rand() * 10) * 10) : null,
    oi_rank_score: null, time: Math.floor(rand() * 1000), memory: 1000, length: 10, language: 'C++', code: 'x', share: 0, error_message: null,
    judger: 'bench', is_manual: 0, case_done: 1, case_total: 1, ip: null, submit_time: at, judge_time: at, gmt_modified: at,
  };
};

async function main() {
  const keep = KIND === 'sqlite';
  const dataDir = keep ? path.join(os.tmpdir(), `verdict-bench-contest-${USERS}-${SUBMISSIONS}`) : fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-bench-contest-'));
  if (keep && argv.includes('--fresh')) fs.rmSync(dataDir, { recursive: true, force: true });
  let databaseUrl: string | undefined;
  let dropDb: (() => Promise<void>) | undefined;
  if (KIND === 'postgres') ({ databaseUrl, drop: dropDb } = await throwawayPgDatabase('verdict_bench_contest'));
  const config = loadConfig({ DATA_DIR: dataDir, JUDGE_LOCAL_SLOTS: '0', LOG_LEVEL: 'error' }, { databaseUrl });
  const { app, ctx } = await buildApp(config, { logger: false });
  await app.ready();
  const db = ctx.db;
  const t0 = Date.now();
  const fakeReq = { ip: '127.0.0.1', headers: {} } as unknown as FastifyRequest;
  const existing = await db.selectFrom('contest').select(['id', 'type', 'start_time', 'end_time']).orderBy('id').execute();
  const reuse = existing.length === 2;
  const { acm, oi, org, uids, pidsOf, start, now } = reuse ? await loadExisting() : await generate();

  async function loadExisting() {
    const org = await db.selectFrom('user').select('id').where('username', '=', 'organiser').executeTakeFirstOrThrow();
    const uids = (await db.selectFrom('user').select('id').where('role', '=', 1002).execute()).map((r) => r.id);
    const pidsOf = (await db.selectFrom('problem').select('id').orderBy('id').execute()).map((r) => r.id);
    // Keep the original timeline: move the contests so "now" is where it was when generated.
    const shift = Date.now() - (existing[0].end_time - 60 * MIN);
    for (const c of existing) {
      await db.updateTable('contest').set({ start_time: c.start_time + shift, end_time: c.end_time + shift, seal_rank_time: c.end_time + shift - 60 * MIN }).where('id', '=', c.id).execute();
    }
    await db.updateTable('submission').set((eb) => ({ submit_time: eb('submit_time', '+', shift) })).execute();
    const start = existing[0].start_time + shift;
    return { acm: existing[0].id, oi: existing[1].id, org, uids, pidsOf, start, now: Date.now() };
  }

  async function generate() {

    // Users: an organiser and the participants.
    const ts = Date.now();
    const userRow = (username: string, role: number) => benchUser(username, role, ts);
    const org = await db.insertInto('user').values(userRow('organiser', 1001)).returning('id').executeTakeFirstOrThrow();
    for (let i = 0; i < USERS; i += 1000) {
      await db.insertInto('user').values(Array.from({ length: Math.min(1000, USERS - i) }, (_, k) => userRow(`team${i + k + 1}`, 1002))).execute();
    }
    const uids = (await db.selectFrom('user').select('id').where('role', '=', 1002).execute()).map((r) => r.id);

    const now = Date.now();
    const start = now - 5 * 60 * MIN;
    const end = now + 60 * MIN;
    const pidsOf: number[] = [];
    for (let p = 0; p < PROBLEMS; p++) {
      const r = await db.insertInto('problem').values(problemRow(`B${p}`, `Bench ${p}`, org.id, ts)).returning('id').executeTakeFirstOrThrow();
      pidsOf.push(r.id);
    }
    const contestRow = (type: number, title: string) => ({
      title, description: '', type, auth: 0, pwd: null, start_time: start, end_time: end, duration: end - start, seal_rank: 1,
      seal_rank_time: end - 60 * MIN, auto_real_rank: 1, open_rank: 1, open_print: 0, allow_end_submit: 0, rank_show_name: 'username',
      open_account_limit: 0, account_limit_rule: null, star_account: '[]', oi_rank_score_type: 'Highest', award_type: 1,
      award_config: JSON.stringify([{ priority: 1, name: 'Gold', background: '#e6bf25', color: '#fff', num: 10 }]), visible: 1,
      uid: org.id, author: 'organiser', gid: 0, rank_ver: 0, gmt_create: ts, gmt_modified: ts,
    });
    const acm = (await db.insertInto('contest').values(contestRow(0, 'ACM bench')).returning('id').executeTakeFirstOrThrow()).id;
    const oi = (await db.insertInto('contest').values(contestRow(1, 'OI bench')).returning('id').executeTakeFirstOrThrow()).id;
    for (const cid of [acm, oi]) {
      await db.insertInto('contest_problem').values(pidsOf.map((pid, i) => ({
        cid, pid, display_id: String.fromCharCode(65 + i), display_title: `Bench ${i}`, color: null, gmt_create: ts,
      }))).execute();
    }

    for (const cid of [acm, oi]) {
      for (let i = 0; i < SUBMISSIONS; i += 1000) {
        await db.insertInto('submission').values(Array.from({ length: Math.min(1000, SUBMISSIONS - i) }, () => subRow(cid, { oi, pidsOf, uids, start, now }))).execute();
      }
    }


    return { acm, oi, org, uids, pidsOf, start, now };
  }
  const genMs = Date.now() - t0;
  const orgToken = await issueToken(ctx, org.id, fakeReq);
  const userToken = await issueToken(ctx, uids[0], fakeReq);
  const ranks = ctx.services.contestRank;
  const rebuild: Record<string, number> = {};
  for (const [name, cid] of [['ACM', acm], ['OI', oi]] as const) {
    const c = await db.selectFrom('contest').selectAll().where('id', '=', cid).executeTakeFirstOrThrow();
    const s = performance.now();
    await ranks.rebuild(c);
    rebuild[name] = performance.now() - s;
  }

  const request = async (cid: number, token: string, page: number) => {
    const s = performance.now();
    const cpu0 = process.cpuUsage();
    const res = await app.inject({ method: 'POST', url: '/api/get-contest-rank', headers: { authorization: token },
      payload: { cid, currentPage: page, limit: 50 } });
    const ms = performance.now() - s;
    // CPU time of this process during the request: the cost without other processes' contention.
    const used = process.cpuUsage(cpu0);
    const cpu = (used.user + used.system) / 1000;
    if (res.statusCode !== 200) throw new Error(`rank request ${res.statusCode}: ${res.body}`);
    return { ms, cpu, body: res.json() };
  };

  const rows: string[][] = [];
  for (const [name, cid] of [['ACM', acm], ['OI', oi]] as const) {
    for (const [view, token] of [['unsealed (contest admin)', orgToken], ['sealed (participant)', userToken]] as const) {
      const first = await request(cid, token, 1);
      const pages = Math.ceil(first.body.data.total / 50);
      const times: number[] = [];
      const cpus: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const r = await request(cid, token, 1 + Math.floor(rand() * pages));
        times.push(r.ms);
        cpus.push(r.cpu);
      }
      rows.push([`${name} ${view}`, String(first.body.data.total), fmt(first.ms), fmt(pct(times, 50)), fmt(pct(times, 99)), fmt(pct(cpus, 50)), fmt(pct(cpus, 99))]);
    }
  }

  // One new result at a time: the judge's verdict step (cell recompute) and result event, then the next page request.
  const apply: number[] = [];
  const after: number[] = [];
  const applyCpu: number[] = [];
  const afterCpu: number[] = [];
  for (let i = 0; i < RESULTS; i++) {
    const cid = i % 2 ? oi : acm;
    const r = subRow(cid, { oi, pidsOf, uids, start, now });
    r.submit_time = now - 30 * MIN;
    const row = await db.insertInto('submission').values(r).returning('id').executeTakeFirstOrThrow();
    const s = performance.now();
    const cpu0 = process.cpuUsage();
    const ev = { submitId: row.id, uid: r.uid, pid: r.pid, cid, gid: 0, status: r.status, score: r.score, time: r.time, memory: 1000, source: 'judge' as const };
    await db.transaction().execute((trx) => ctx.services.judge.verdictWritten(trx, ev));
    await ctx.services.judge.emitResult(ev);
    apply.push(performance.now() - s);
    const used = process.cpuUsage(cpu0);
    applyCpu.push((used.user + used.system) / 1000);
    const next = await request(cid, orgToken, 1);
    after.push(next.ms);
    afterCpu.push(next.cpu);
  }

  console.log(`\nContest rank bench on ${KIND}: ${USERS} participants, ${PROBLEMS} problems, ${SUBMISSIONS} submissions per contest`);
  console.log(`(data ${reuse ? 'reused' : 'generated'} in ${(genMs / 1000).toFixed(1)} s; full cell rebuild ACM ${fmt(rebuild.ACM)}, OI ${fmt(rebuild.OI)}; ${REQUESTS} page requests of 50 rows per view)\n`);
  const table = [['view', 'rows', 'first (cold)', 'p50', 'p99', 'cpu p50', 'cpu p99'], ...rows];
  const widths = table[0].map((_, i) => Math.max(...table.map((r) => r[i].length)));
  for (const r of table) console.log(r.map((c, i) => c.padEnd(widths[i])).join('  '));
  console.log('');
  console.log(`apply one result (cell recompute + AC info), ${RESULTS} results: p50 ${fmt(pct(apply, 50))}, p99 ${fmt(pct(apply, 99))}; cpu p50 ${fmt(pct(applyCpu, 50))}, p99 ${fmt(pct(applyCpu, 99))}`);
  console.log(`first page request after a result (sync + re-sort): p50 ${fmt(pct(after, 50))}, p99 ${fmt(pct(after, 99))}; cpu p50 ${fmt(pct(afterCpu, 50))}, p99 ${fmt(pct(afterCpu, 99))}`);
  console.log(`load average during the run: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} cores`);

  await app.close();
  if (dropDb) await dropDb();
  if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

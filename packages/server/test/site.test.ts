import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createTestApp, type TestApp } from './helpers.js';
import { addUser, en, login } from './account-fixtures.js';
import { runStartup } from '../src/modules/site/startup.js';
import { verifyPassword } from '../src/modules/account/password.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

const get = (url: string) => t.app.inject({ method: 'GET', url });
const DAY = 86_400_000;

async function addProblem(problemId: string, authorUid: number, opts: { auth?: number; gid?: number; modified?: number } = {}) {
  const at = opts.modified ?? Date.now();
  const row = await t.ctx.db.insertInto('problem').values({
    problem_id: problemId, title: `Title ${problemId}`, author_uid: authorUid, type: 0, time_limit: 1000, memory_limit: 256, stack_limit: 128,
    description: '', input: '', output: '', examples: '', hint: '', source: '', difficulty: 0, auth: opts.auth ?? 1, io_score: 100, code_share: 1,
    judge_mode: 'default', judge_case_mode: 'default', spj_code: null, spj_language: null, spj_compile_ok: 0, is_remove_end_blank: 1,
    open_case_result: 1, is_upload_case: 1, user_extra_file: null, judge_extra_file: null, is_file_io: 0, io_read_file_name: null,
    io_write_file_name: null, is_remote: 0, remote_oj: null, case_version: 'v1', gid: opts.gid ?? 0, apply_public_progress: null, modified_user: null,
    gmt_create: at, gmt_modified: at,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

async function addSubmission(uid: number, username: string, pid: number, status: number, at: number, cid = 0) {
  const s = await t.ctx.db.insertInto('submission').values({
    pid, display_pid: '', uid, username, cid, cpid: 0, gid: 0, tid: 0, status, score: null, oi_rank_score: null, time: 1, memory: 1,
    length: 10, language: 'C', code: 'x', share: 0, error_message: null, judger: null, is_manual: 0, case_done: 0, case_total: 0,
    ip: null, submit_time: at, judge_time: at, gmt_modified: at,
  }).returning('id').executeTakeFirstOrThrow();
  if (status === 0) await t.ctx.db.insertInto('user_accept').values({ uid, pid, submit_id: s.id, cid, gmt_create: at }).execute();
}

describe('website config', () => {
  it('has defaults with the register and discussion switches on', async () => {
    const r = await get('/api/get-website-config');
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({ name: 'Verdict', shortName: 'VD', register: true, openPublicDiscussion: true, openGroupDiscussion: true, openContestComment: true });
    expect(r.json().data).not.toHaveProperty('carousel');
    expect((await get('/api/home-carousel')).json().data).toEqual([]);
  });
});

describe('home calls', () => {
  it('pages visible site announcements, newest first', async () => {
    const uid = await addUser(t, 'writer', 'pass123', { role: 1000 });
    const base = Date.now() - 1000;
    for (let i = 1; i <= 7; i++) {
      await t.ctx.db.insertInto('announcement').values({ title: `A${i}`, content: `c${i}`, uid, status: i === 7 ? 1 : 0, cid: 0, gid: 0, gmt_create: base + i, gmt_modified: base + i }).execute();
    }
    await t.ctx.db.insertInto('announcement').values({ title: 'contest only', content: 'x', uid, status: 0, cid: 3, gid: 0, gmt_create: base, gmt_modified: base }).execute();
    const p1 = (await get('/api/get-common-announcement')).json().data;
    expect(p1.total).toBe(6);
    expect(p1.size).toBe(5);
    expect(p1.records.map((r: { title: string }) => r.title)).toEqual(['A6', 'A5', 'A4', 'A3', 'A2']);
    expect(p1.records[0].username).toBe('writer');
    const p2 = (await get('/api/get-common-announcement?currentPage=2&limit=5')).json().data;
    expect(p2.records.map((r: { title: string }) => r.title)).toEqual(['A1']);
    expect((await get('/api/get-common-announcement?currentPage=-1')).statusCode).toBe(400);
    expect((await get('/api/get-common-announcement?limit=100000')).statusCode).toBe(400);
  });

  it('counts last week\'s submissions per day, today last', async () => {
    const uid = await addUser(t, 'subber', 'pass123');
    const pid = await addProblem('H1', uid);
    const now = Date.now();
    await addSubmission(uid, 'subber', pid, 0, now);
    await addSubmission(uid, 'subber', pid, -1, now);
    await addSubmission(uid, 'subber', pid, 0, now - 2 * DAY);
    await addSubmission(uid, 'subber', pid, -1, now - 10 * DAY);
    await addUser(t, 'statadmin', 'pass123', { role: 1001 });
    const admin = await login(t, 'statadmin', 'pass123');
    const forced = () => t.app.inject({ method: 'GET', url: '/api/get-last-week-submission-statistics?forceRefresh=true', headers: { authorization: admin } });
    const s = (await forced()).json().data;
    expect(s.dateStrList).toHaveLength(7);
    expect(s.totalCountList.at(-1)).toBe(2);
    expect(s.acCountList.at(-1)).toBe(1);
    expect(s.totalCountList.at(-3)).toBe(1);
    expect(s.totalCountList.reduce((a: number, b: number) => a + b, 0)).toBe(3);
    // Cached for a minute unless an admin forces a new count (anybody else forcing it would make a flood of counts).
    await addSubmission(uid, 'subber', pid, 0, now);
    expect((await get('/api/get-last-week-submission-statistics')).json().data.totalCountList.at(-1)).toBe(2);
    expect((await get('/api/get-last-week-submission-statistics?forceRefresh=true')).json().data.totalCountList.at(-1)).toBe(2);
    expect((await forced()).json().data.totalCountList.at(-1)).toBe(3);
  });

  it('lists recently updated public problems only', async () => {
    const uid = await addUser(t, 'setter', 'pass123');
    const now = Date.now();
    await addProblem('NEW1', uid, { modified: now + 10 });
    await addProblem('PRIV', uid, { auth: 2, modified: now + 20 });
    await addProblem('GRP', uid, { gid: 5, modified: now + 30 });
    await addProblem('OLD', uid, { modified: now - 100 * DAY });
    const rows = (await get('/api/get-recent-updated-problem')).json().data;
    expect(rows[0]).toMatchObject({ problemId: 'NEW1', title: 'Title NEW1' });
    expect(rows.map((r: { problemId: string }) => r.problemId)).not.toContain('PRIV');
    expect(rows.map((r: { problemId: string }) => r.problemId)).not.toContain('GRP');
  });

  it('ranks users by distinct problems accepted in the last seven days outside contests', async () => {
    const a = await addUser(t, 'ranker_a', 'pass123');
    const b = await addUser(t, 'ranker_b', 'pass123');
    const p = [await addProblem('R1', a), await addProblem('R2', a), await addProblem('R3', a)];
    const now = Date.now();
    await addSubmission(a, 'ranker_a', p[0], 0, now);
    await addSubmission(a, 'ranker_a', p[0], 0, now); // the same problem twice counts once
    await addSubmission(b, 'ranker_b', p[0], 0, now);
    await addSubmission(b, 'ranker_b', p[1], 0, now);
    await addSubmission(b, 'ranker_b', p[2], 0, now - 9 * DAY); // too old
    await addSubmission(a, 'ranker_a', p[2], 0, now, 7); // in a contest
    const rows = (await get('/api/get-recent-seven-ac-rank')).json().data;
    const mine = rows.filter((r: { username: string }) => r.username.startsWith('ranker_'));
    expect(mine.map((r: { username: string; ac: number }) => [r.username, r.ac])).toEqual([['ranker_b', 2], ['ranker_a', 1]]);
  });

  it('answers the contest lists with arrays', async () => {
    const r = await get('/api/get-recent-contest');
    expect(r.statusCode).toBe(200);
    expect(Array.isArray(r.json().data)).toBe(true);
    const o = await get('/api/get-recent-other-contest');
    expect(o.statusCode).toBe(200);
    expect(Array.isArray(o.json().data)).toBe(true);
  });
});

describe('start-up', () => {
  it('creates the super admin once, with a generated password printed once', async () => {
    const fresh = await createTestApp();
    try {
      const printed: string[] = [];
      const first = await runStartup(fresh.ctx, { print: (s) => printed.push(s) });
      expect(first.created).toBe(true);
      expect(printed).toHaveLength(1);
      const pw = /password: (\S+)/.exec(printed[0])?.[1];
      expect(pw).toBeTruthy();
      const login = await fresh.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: 'admin', password: pw } });
      expect(login.statusCode).toBe(200);
      const again = await runStartup(fresh.ctx, { print: (s) => printed.push(s) });
      expect(again.created).toBe(false);
      expect(printed).toHaveLength(1);
      // A brand-new site greets with one announcement, written once.
      const home = (await fresh.app.inject({ method: 'GET', url: '/api/get-common-announcement' })).json().data;
      expect(home.total).toBe(1);
      expect(home.records[0]).toMatchObject({ title: '欢迎使用 Verdict · Welcome to Verdict', username: 'admin' });
      const row = await fresh.ctx.db.selectFrom('site_config').select('key').execute();
      expect(row.map((r) => r.key).sort()).toEqual(expect.arrayContaining(['switch', 'web']));
    } finally {
      await fresh.close();
    }
  });

  it('uses ADMIN_USERNAME and ADMIN_PASSWORD when given and prints nothing', async () => {
    const fresh = await createTestApp({}, { ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'bosspass1' });
    try {
      const printed: string[] = [];
      const r = await runStartup(fresh.ctx, { print: (s) => printed.push(s) });
      expect(r).toMatchObject({ username: 'boss', created: true });
      expect(printed).toEqual([]);
      const u = await fresh.ctx.db.selectFrom('user').selectAll().where('username', '=', 'boss').executeTakeFirstOrThrow();
      expect(u.role).toBe(1000);
      expect(await verifyPassword('bosspass1', u.password_hash)).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});

describe('mail without SMTP', () => {
  it('writes the register code to the server log and registration still works', async () => {
    const logged: string[] = [];
    const original = t.ctx.log;
    t.ctx.log = { ...original, warn: (_obj: unknown, msg?: string) => { logged.push(String(msg ?? '')); } } as unknown as FastifyBaseLogger;
    try {
      const r = await t.app.inject({ method: 'GET', url: '/api/get-register-code?email=nomail@example.com', headers: en });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().data).toMatchObject({ email: 'nomail@example.com', delivered: false });
      expect(r.json().msg).toBe('Mail is not configured; the code was written to the server log');
      const code = /code[^:]*: ([A-Z0-9]{6})/.exec(logged.join('\n'))?.[1];
      expect(code).toBeTruthy();
      const reg = await t.app.inject({ method: 'POST', url: '/api/register', payload: { username: 'nomail', password: 'secret123', email: 'nomail@example.com', code } });
      expect(reg.statusCode, reg.body).toBe(200);
    } finally {
      t.ctx.log = original;
    }
  });
});

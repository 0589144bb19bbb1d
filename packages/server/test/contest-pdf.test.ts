import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { addProblem, call, contest, MIN, problem, Role, user, type CUser } from './contest-fixtures.js';
import { castGroup, cast, type Cast } from './group-fixtures.js';
import { signPrintToken } from '../src/modules/contest/pdf/token.js';

/**
 * Printable problem sets (issue 32), the server's side: who may download a contest's problems as
 * a PDF, and the answers to bad input. The PDF itself is made from the built web client by
 * Chromium: e2e/test/contest-pdf.test.ts checks its pages and text against the built site. These
 * tests run without a web client (no WEB_DIST), where an allowed request gets a clear 503.
 */
let t: TestApp;
let org: CUser;
let stranger: CUser;
let other: CUser;
let root: CUser;
let cid = 0;
let empty = 0;
const PDF = '/file/download-contest-problems-pdf';
const DATA = '/print-set/contest';

beforeAll(async () => {
  t = await createTestApp();
  org = await user(t, 'pdf_org', Role.PROBLEM_ADMIN);
  other = await user(t, 'pdf_other_admin', Role.PROBLEM_ADMIN);
  stranger = await user(t, 'pdf_user');
  root = await user(t, 'pdf_root', Role.ROOT);
  const now = Date.now();
  cid = await contest(t, org, { startTime: now + 60 * MIN, endTime: now + 120 * MIN, auth: 0 });
  await addProblem(t, org, cid, await problem(t, 'PDF2', { author: org.uid }), 'B');
  await addProblem(t, org, cid, await problem(t, 'PDF1', { author: org.uid }), 'A');
  empty = await contest(t, org, { startTime: now + 60 * MIN, endTime: now + 120 * MIN, auth: 0 });
});
afterAll(async () => t?.close());

describe('download-contest-problems-pdf', () => {
  it('refuses anonymous (401), a user and another contest admin (403), with a message', async () => {
    expect((await call(t, 'GET', PDF, { query: { cid } })).code).toBe(401);
    for (const u of [stranger, other]) {
      const res = await call(t, 'GET', PDF, { as: u, query: { cid } });
      expect(res.code, u.username).toBe(403);
      expect(res.msg).toBeTruthy();
    }
  });

  it('an unknown contest is a 404 in the caller\'s language; a contest without problems a 400', async () => {
    const en = await call(t, 'GET', PDF, { as: root, query: { cid: 987654 } });
    expect([en.code, en.msg]).toEqual([404, 'The contest does not exist']);
    const zh = await call(t, 'GET', PDF, { as: root, query: { cid: 987654 }, lang: 'zh-CN' });
    expect([zh.code, zh.msg]).toEqual([404, '该比赛不存在']);
    const none = await call(t, 'GET', PDF, { as: org, query: { cid: empty } });
    expect(none.code).toBe(400);
    expect(none.msg).toMatch(/no problems/);
    const bad = await call(t, 'GET', PDF, { as: org, query: { cid: 'x' } });
    expect(bad.code).toBe(400);
    const badLang = await call(t, 'GET', PDF, { as: org, query: { cid, lang: 'fr-FR' } });
    expect(badLang.code).toBe(400);
  });

  it('the contest author and the super admin pass; without a built web client the answer is a clear 503', async () => {
    for (const u of [org, root]) {
      const res = await call(t, 'GET', PDF, { as: u, query: { cid } });
      expect(res.code, u.username).toBe(503);
      expect(res.msg).toMatch(/web client/);
    }
    const zh = await call(t, 'GET', PDF, { as: org, query: { cid }, lang: 'zh-CN' });
    expect(zh.msg).toContain('网页客户端');
  });

  it('a group contest: its group admins pass, a group member does not', async () => {
    const c: Cast = await cast(t, 'pdfg');
    const g = await castGroup(t, c);
    const now = Date.now();
    const made = await call(t, 'POST', '/group/contest', { as: c.admin, body: {
      title: 'Group contest', description: 'Weekly', startTime: now + MIN, endTime: now + 60 * MIN, type: 0, auth: 0, gid: g.gid,
    } });
    expect(made.code, made.msg).toBe(200);
    const gcid = made.data?.id ?? (await t.ctx.db.selectFrom('contest').select('id').where('gid', '=', g.gid).executeTakeFirstOrThrow()).id;
    await t.ctx.db.insertInto('contest_problem').values({ cid: gcid, pid: await problem(t, 'PDFG1'), display_id: 'A', display_title: 'G', color: null, gmt_create: now }).execute();
    for (const u of [c.admin, c.root, c.owner]) expect((await call(t, 'GET', PDF, { as: u, query: { cid: gcid } })).code, u.username).toBe(503);
    for (const u of [c.member, c.stranger]) expect((await call(t, 'GET', PDF, { as: u, query: { cid: gcid } })).code, u.username).toBe(403);
  });
});

describe('the print page\'s data (print-set/contest)', () => {
  it('answers a contest admin, and Chromium by a print token for that contest only; problems in contest order', async () => {
    const mine = await call(t, 'GET', DATA, { as: org, query: { cid } });
    expect(mine.code, mine.msg).toBe(200);
    expect(mine.data.lang).toBe('en-US');
    expect(mine.data.problems.map((p: { displayId: string }) => p.displayId)).toEqual(['A', 'B']);
    expect(mine.data.problems[0]).toMatchObject({ title: 'Problem PDF1', timeLimit: 1000, memoryLimit: 256, othersDoubled: true });
    expect((await call(t, 'GET', DATA, { query: { cid } })).code).toBe(401);
    expect((await call(t, 'GET', DATA, { as: stranger, query: { cid } })).code).toBe(403);

    const token = await signPrintToken(t.ctx, cid, 'zh-CN');
    const byToken = await call(t, 'GET', DATA, { query: { cid, token } });
    expect(byToken.code, byToken.msg).toBe(200);
    expect(byToken.data.lang).toBe('zh-CN');
    const elsewhere = await call(t, 'GET', DATA, { query: { cid: empty, token } });
    expect(elsewhere.code).toBe(403);
    expect(elsewhere.msg).toMatch(/print link/);
    expect((await call(t, 'GET', DATA, { query: { cid, token: token.slice(0, -3) + 'AAA' } })).code).toBe(403);
    // A print token logs no one in.
    expect((await call(t, 'GET', '/get-user-info', { as: { uid: 0, username: 'x', token } })).code).not.toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import crypto from 'node:crypto';
import { call, user } from './contest-fixtures.js';
import { makeGroup } from './group-fixtures.js';
import { multipart } from './problem-helpers.js';
import { writeZip } from '../src/modules/testcase/zip.js';
import { forumCalls, forumCast } from './forum-fixtures.js';
import { addUser, solvedCaptcha } from './account-fixtures.js';
import { take } from '../src/modules/account/throttle.js';

/** Issue 26 items 2, 3 and 7: report floods, upload budgets, login throttling per (account, address). */
let t: TestApp;
let cast: Awaited<ReturnType<typeof forumCast>>;
const { post } = forumCalls(() => t);
beforeAll(async () => {
  t = await createTestApp();
  cast = await forumCast(t);
});
afterAll(async () => { await t?.close(); });

const report = (as: typeof cast.a, did: number, lang = 'en-US') => call(t, 'POST', '/discussion-report', { as, lang, body: { did, content: '#spam ads' } });

describe('discussion reports', () => {
  it('keep one open report per user and discussion, also when sent at once', async () => {
    const d = await post(cast.a);
    const burst = await Promise.all([1, 2, 3, 4, 5].map(() => report(cast.b, d)));
    expect(burst.map((r) => r.code).sort()).toEqual([200, 400, 400, 400, 400]);
    expect(burst.find((r) => r.code === 400)!.msg).toBe('You have already reported this discussion; an administrator will review it');
    expect((await report(cast.b, d, 'zh-CN')).msg).toBe('您已举报过该讨论，管理员会尽快处理');
    const open = await t.ctx.db.selectFrom('discussion_report').select('id').where('did', '=', d).execute();
    expect(open).toHaveLength(1);
    // Another user may report it too; once handled, the first reporter may report it again.
    expect((await report(cast.c, d)).code).toBe(200);
    expect((await call(t, 'PUT', '/admin/discussion-report', { as: cast.admin, body: { id: open[0].id, status: true } })).code).toBe(200);
    expect((await report(cast.b, d)).code).toBe(200);
    // Reopening the handled one while the new one is open: a clear 400, not a 500.
    const reopen = await call(t, 'PUT', '/admin/discussion-report', { as: cast.admin, body: { id: open[0].id, status: false } });
    expect(reopen.code).toBe(400);
  });

  it('throttle each user\'s reports across discussions', async () => {
    const dids = [];
    for (let i = 0; i < 8; i++) dids.push(await post(cast.a, { title: `post ${i}` }));
    const codes = [];
    for (const d of dids) codes.push((await report(cast.c, d)).code);
    expect(codes.filter((c) => c === 200).length).toBeLessThanOrEqual(5);
    const slow = await report(cast.c, await post(cast.a));
    expect([slow.code, slow.msg]).toEqual([429, expect.stringMatching(/reporting too often, please wait \d+ seconds/)]);
  });
});

describe('login throttling per (account, address)', () => {
  let proxied: TestApp;
  beforeAll(async () => { proxied = await createTestApp({}, { TRUST_PROXY: 'true' }); });
  afterAll(async () => { await proxied?.close(); });
  // Both clients come through the trusted proxy (the loopback); the server sees their own addresses.
  const login = (from: string, password: string, extra: Record<string, string> = {}, lang = 'en-US') => proxied.app.inject({
    method: 'POST', url: '/api/login', headers: { 'x-forwarded-for': from, 'accept-language': lang }, payload: { username: 'root', password, ...extra },
  });

  it('lets the owner in from an address that is not failing while an attacker keeps failing, with a solved captcha', async () => {
    await addUser(proxied, 'root', 'rightpass', { role: 1000 });
    for (let i = 0; i < 10; i++) expect((await login('203.0.113.7', 'wrongpass')).statusCode).toBe(400);
    // The attacker's address is slowed down, the right password there too.
    const slowed = await login('203.0.113.7', 'rightpass');
    expect(slowed.statusCode).toBe(429);
    // The owner elsewhere: the account's failures ask for the captcha, never refuse a solved one.
    const asked = await login('198.51.100.4', 'rightpass');
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toMatchObject({ msg: 'This account had many failed logins: enter the captcha to log in', data: { needCaptcha: true } });
    expect((await login('198.51.100.4', 'rightpass', {}, 'zh-CN')).json().msg).toBe('该账号近期登录失败次数过多，请输入验证码后登录');
    const wrongCaptcha = await login('198.51.100.4', 'rightpass', { captcha: 'zzzz', captchaKey: 'nokey' });
    expect([wrongCaptcha.statusCode, wrongCaptcha.json().msg]).toEqual([400, 'The captcha is wrong']);
    const ok = await login('198.51.100.4', 'rightpass', await solvedCaptcha(proxied, '127.0.0.1'));
    expect(ok.statusCode).toBe(200);
    expect(ok.headers.authorization).toBeTruthy();
    // A wrong password with a solved captcha is still just wrong.
    for (let i = 0; i < 10; i++) await login('203.0.113.8', 'wrongpass');
    const guess = await login('198.51.100.5', 'wrongpass', await solvedCaptcha(proxied, '127.0.0.1'));
    expect([guess.statusCode, guess.json().msg]).toEqual([400, 'The username or password is wrong']);
  });
});

describe('upload budgets', () => {
  const KiB = 1024;
  const switches = async (over: Record<string, number>) =>
    t.ctx.services.siteConfig.set('switch', { ...(await t.ctx.services.siteConfig.switches()), ...over });

  it('refuse a group admin\'s uploads past the group\'s and the day\'s budget before storing them, atomically, with a bilingual 413', async () => {
    await switches({ uploadGroupMb: 1, uploadUserDailyMb: 2 });
    const owner = await user(t, 'uploader');
    const send = (url: string, body: ReturnType<typeof multipart>, lang = 'en-US') =>
      t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, authorization: owner.token, 'accept-language': lang } });
    const image = (gid: number, kib: number, lang?: string) => send(`/api/file/upload-md-img?gid=${gid}`, multipart('file', 'a.png', crypto.randomBytes(kib * KiB)), lang);
    const g1 = (await makeGroup(t, owner)).gid;
    const stored = async () => (await t.ctx.db.selectFrom('file').select('id').where('uid', '=', owner.uid).execute()).length;

    // Five images of 300 KiB at once against 1 MiB for the group: three are stored, two refused unread.
    const burst = await Promise.all([1, 2, 3, 4, 5].map(() => image(g1, 300)));
    expect(burst.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 413, 413]);
    expect(burst.find((r) => r.statusCode === 413)!.json().msg).toMatch(/^This group's uploads would pass the limit of 1 MiB per group \(\d+(\.\d)? MiB left\)$/);
    expect((await image(g1, 300, 'zh-CN')).json().msg).toMatch(/^本团队的上传将超过每个团队 1 MiB 的上限/);
    expect(await stored()).toBe(3);
    // A deleted image gives its bytes back to the group (not to the day).
    const first = burst.find((r) => r.statusCode === 200)!.json().data.fileId;
    expect((await call(t, 'GET', '/file/delete-md-img', { as: owner, query: { fileId: first } })).code).toBe(200);
    expect((await image(g1, 300)).statusCode).toBe(200);

    // The day: 1.2 MiB so far; staged test data counts too (another group, whose budget is roomy).
    await switches({ uploadGroupMb: 100, uploadUserDailyMb: 2 });
    const g2 = (await makeGroup(t, owner)).gid;
    const zip = await writeZip([{ path: '1.in', data: crypto.randomBytes(600 * KiB).toString('base64') }, { path: '1.out', data: '1\n' }]);
    const staged = await send(`/api/file/upload-testcase-zip?gid=${g2}&mode=default`, multipart('file', 'cases.zip', zip));
    expect(staged.statusCode, staged.body).toBe(200);
    const over = await image(g2, 300);
    expect([over.statusCode, over.json().msg]).toEqual([413, expect.stringMatching(/^Your uploads today would pass the daily limit of 2 MiB per user/)]);
    expect((await image(g2, 300, 'zh-CN')).json().msg).toMatch(/^今日上传将超过每位用户每天 2 MiB 的上限/);
    // 0 lifts a budget.
    await switches({ uploadUserDailyMb: 0 });
    expect((await image(g2, 300)).statusCode).toBe(200);
    await switches({ uploadGroupMb: 200, uploadUserDailyMb: 50 });
  });
});

describe('flood limits refused in memory', () => {
  it('count every process\'s attempts in the shared store, and refuse in memory only what the shared store would refuse', async () => {
    // Two server processes of one site: two contexts over the same database.
    const other = { ...t.ctx } as typeof t.ctx;
    const rate = { burst: 6, intervalMs: 60_000, refusedInProcess: true };
    const key = `flood-test:${crypto.randomUUID()}`;
    const here: number[] = [];
    for (let i = 0; i < 4; i++) here.push(await take(t.ctx, key, rate));
    const there: number[] = [];
    for (let i = 0; i < 4; i++) there.push(await take(other, key, rate));
    expect(here).toEqual([0, 0, 0, 0]);
    // The shared bucket holds 6: the other process gets the 2 left, then the shared store refuses.
    expect(there.map((w) => w > 0)).toEqual([false, false, true, true]);
    // This process alone has not emptied its copy (4 of 6), so it asks the shared store: refused there.
    expect(await take(t.ctx, key, rate)).toBeGreaterThan(0);
    // A limit not marked as a flood limit always asks the shared store.
    const plain = `plain-test:${crypto.randomUUID()}`;
    for (let i = 0; i < 2; i++) expect(await take(t.ctx, plain, { burst: 2, intervalMs: 60_000 })).toBe(0);
    await t.ctx.db.deleteFrom('throttle').where('key', '=', plain).execute();
    expect(await take(t.ctx, plain, { burst: 2, intervalMs: 60_000 })).toBe(0);
  });

  it('refuses in memory once this process alone has emptied the bucket (no round trip)', async () => {
    const rate = { burst: 3, intervalMs: 60_000, refusedInProcess: true };
    const key = `flood-test:${crypto.randomUUID()}`;
    for (let i = 0; i < 3; i++) expect(await take(t.ctx, key, rate)).toBe(0);
    // The shared row is gone (as if the store had been emptied behind this process's back): the
    // copy in memory still refuses, which shows the refusal did not ask the shared store.
    await t.ctx.db.deleteFrom('throttle').where('key', '=', key).execute();
    expect(await take(t.ctx, key, rate)).toBeGreaterThan(0);
  });
});

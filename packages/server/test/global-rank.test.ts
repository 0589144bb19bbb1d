import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus as S } from '@verdict/shared';
import { createTestApp, type TestApp } from './helpers.js';
import { Role, call, problem, user, type CUser } from './contest-fixtures.js';
import { rejudge, verdict } from './training-fixtures.js';
import { GlobalRankService } from '../src/modules/rank/service.js';
import { expectPackedAnswer } from './packed-fixtures.js';

/**
 * Global ACM and OI ranks pinned by hand-computed tables (spec 02: ACM by distinct problems
 * solved desc then submissions asc; OI by the sum of best OI rank scores then AC desc; only
 * public problems' submissions outside contests count). Like HOJ (UserRecordMapper lists every
 * user_info row with status 0), every enabled account is listed, with or without submissions:
 * 0 solved / 0 submissions comes before 0 solved / 2 submissions by the ACM order.
 */
let t: TestApp;
let root: CUser, amy: CUser, ben: CUser, cat: CUser, dan: CUser, eli: CUser;
const p: Record<string, number> = {};

const ranks = async (type: number, query: Record<string, unknown> = {}, lang = 'en-US') =>
  call(t, 'GET', '/get-rank-list', { query: { type, currentPage: 1, limit: 30, ...query }, lang });
const table = (records: any[]) => records.map((r) => [r.rank, r.username, r.ac, r.total, r.score]);

beforeAll(async () => {
  t = await createTestApp();
  root = await user(t, 'root1', Role.ROOT);
  // One after another: equal rows are listed by account id.
  const made: CUser[] = [];
  for (const n of ['amy', 'ben', 'cat', 'dan', 'eli']) made.push(await user(t, n, Role.DEFAULT_USER, { nickname: `nick-${n}` }));
  [amy, ben, cat, dan, eli] = made;
  p.A = await problem(t, 'GA'); // public ACM
  p.O = await problem(t, 'GO', { type: 1 }); // public OI, difficulty 3 below
  p.H = await problem(t, 'GH', { auth: 2 }); // private
  p.B = await problem(t, 'GB'); // public ACM
  await t.ctx.db.updateTable('problem').set({ difficulty: 3 }).where('id', '=', p.O).execute();

  // amy: A accepted, O 100 points (round(0.1*100 + 2*3) = 16)       -> ACM 2 solved / 2 subs, OI 16
  await verdict(t, { u: amy, pid: p.A, status: S.ACCEPTED });
  await verdict(t, { u: amy, pid: p.O, status: S.ACCEPTED, score: 100, difficulty: 3 });
  // ben: A wrong then accepted, B accepted                          -> ACM 2 / 3, OI 0
  await verdict(t, { u: ben, pid: p.A, status: S.WRONG_ANSWER });
  await verdict(t, { u: ben, pid: p.A, status: S.ACCEPTED });
  await verdict(t, { u: ben, pid: p.B, status: S.ACCEPTED });
  // cat: O partial 50 then 80 (best: round(8 + 6) = 14)             -> ACM 0 / 2, OI 14
  await verdict(t, { u: cat, pid: p.O, status: S.PARTIAL_ACCEPTED, score: 50, difficulty: 3 });
  await verdict(t, { u: cat, pid: p.O, status: S.PARTIAL_ACCEPTED, score: 80, difficulty: 3 });
  // dan: accepted in a contest and on a private problem: counts nowhere
  await verdict(t, { u: dan, pid: p.A, status: S.ACCEPTED, cid: 99 });
  await verdict(t, { u: dan, pid: p.H, status: S.ACCEPTED });
  // eli: A and B accepted                                           -> ACM 2 / 2 (ties amy), OI 0
  await verdict(t, { u: eli, pid: p.A, status: S.ACCEPTED });
  await verdict(t, { u: eli, pid: p.B, status: S.ACCEPTED });
  // the super admin is a user like any other here
  void root;
});
afterAll(async () => t?.close());

describe('global ACM rank', () => {
  it('orders by solved desc then submissions asc; equal rows share a position', async () => {
    const res = await ranks(0);
    expect(res.code).toBe(200);
    expect(res.data.total).toBe(6);
    expect(table(res.data.records)).toEqual([
      [1, 'amy', 2, 2, 16],
      [1, 'eli', 2, 2, 0],
      [3, 'ben', 2, 3, 0],
      [4, 'root1', 0, 0, 0],
      [4, 'dan', 0, 0, 0],
      [6, 'cat', 0, 2, 14],
    ]);
    expect(res.data.records[0]).toMatchObject({ nickname: 'nick-amy', titleName: null });
  });

  it('searches by username or nickname and keeps the real position', async () => {
    const res = await ranks(0, { searchUser: 'nick-ben' });
    expect(table(res.data.records)).toEqual([[3, 'ben', 2, 3, 0]]);
  });

  it('pages: 2 per page, page 2 starts at ben; past the end is an empty page with the total', async () => {
    const p2 = await ranks(0, { limit: 2, currentPage: 2 });
    expect(table(p2.data.records).map((r) => r[1])).toEqual(['ben', 'root1']);
    const past = await ranks(0, { limit: 2, currentPage: 9 });
    expect(past.code).toBe(200);
    expect(past.data).toMatchObject({ records: [], total: 6, current: 9 });
  });
});

describe('global OI rank', () => {
  it('orders by the sum of best OI rank scores, then AC desc', async () => {
    const res = await ranks(1);
    expect(table(res.data.records)).toEqual([
      [1, 'amy', 2, 2, 16],
      [2, 'cat', 0, 2, 14],
      [3, 'ben', 2, 3, 0],
      [3, 'eli', 2, 2, 0],
      [5, 'root1', 0, 0, 0],
      [5, 'dan', 0, 0, 0],
    ]);
  });
});

describe('rank maintenance', () => {
  it('a problem made private leaves the ranks; public again, it comes back', async () => {
    const admin = await user(t, 'padmin', Role.ADMIN);
    expect((await call(t, 'PUT', '/admin/problem/change-problem-auth', { as: admin, body: { pid: p.B, auth: 2 } })).code).toBe(200);
    expect(table((await ranks(0)).data.records)).toEqual([
      [1, 'amy', 2, 2, 16],
      [2, 'eli', 1, 1, 0],
      [3, 'ben', 1, 2, 0],
      [4, 'root1', 0, 0, 0],
      [4, 'dan', 0, 0, 0],
      [4, 'padmin', 0, 0, 0],
      [7, 'cat', 0, 2, 14],
    ]);
    expect((await call(t, 'PUT', '/admin/problem/change-problem-auth', { as: admin, body: { pid: p.B, auth: 1 } })).code).toBe(200);
    expect(table((await ranks(0)).data.records).map((r) => r[1])).toEqual(['amy', 'eli', 'ben', 'root1', 'dan', 'padmin', 'cat']);
  });

  it('a rejudge takes the verdict away until the new one lands', async () => {
    const id = await verdict(t, { u: cat, pid: p.A, status: S.ACCEPTED });
    expect(table((await ranks(0, { searchUser: 'cat' })).data.records)).toEqual([[4, 'cat', 1, 3, 14]]);
    await rejudge(t, id);
    expect(table((await ranks(0, { searchUser: 'cat' })).data.records)).toEqual([[7, 'cat', 0, 2, 14]]);
  });

  it('another server catches up from the rank version (it holds its own sorted copy)', async () => {
    const other = new GlobalRankService(t.ctx);
    const before = await other.page({ type: 0, currentPage: 1, limit: 30 });
    expect(before.records.find((r) => r.username === 'cat')?.ac).toBe(0);
    const id = await verdict(t, { u: cat, pid: p.B, status: S.ACCEPTED });
    const after = await other.page({ type: 0, currentPage: 1, limit: 30 });
    expect(after.records.map((r) => [r.rank, r.username, r.ac, r.total])).toContainEqual([4, 'cat', 1, 3]);
    await rejudge(t, id);
    expect((await other.page({ type: 0, currentPage: 1, limit: 30 })).records.find((r) => r.username === 'cat')).toMatchObject({ rank: 7, ac: 0, total: 2 });
  });

  it('the user home position matches the table', async () => {
    const res = await call(t, 'GET', '/get-user-rank-position', { query: { uid: ben.uid } });
    expect(res.data).toEqual({ acmRank: 3, oiRank: 3 });
    // dan's submissions count nowhere (a contest, a private problem): listed with nothing, like HOJ.
    expect((await call(t, 'GET', '/get-user-rank-position', { query: { uid: dan.uid } })).data).toEqual({ acmRank: 4, oiRank: 5 });
  });

  it('a new account is listed at once; a disabled one leaves the ranks', async () => {
    const before = (await ranks(0)).data.total;
    const fay = await user(t, 'fay');
    const res = await ranks(0, { searchUser: 'fay' });
    expect(table(res.data.records)).toEqual([[4, 'fay', 0, 0, 0]]);
    expect((await ranks(0)).data.total).toBe(before + 1);
    await t.ctx.db.updateTable('user').set({ status: 1 }).where('id', '=', fay.uid).execute();
    // A server reads the disabled accounts when it loads its copy (then every 30 s).
    const other = new GlobalRankService(t.ctx);
    expect((await other.page({ type: 0, currentPage: 1, limit: 30, searchUser: 'fay' })).records).toEqual([]);
    expect((await other.page({ type: 1, currentPage: 1, limit: 30 })).total).toBe(before);
    expect(await other.userPositions(fay.uid)).toEqual({ acmRank: null, oiRank: null });
  });
});

describe('bad input', () => {
  it('a wrong rank type is a bilingual 400', async () => {
    const en = await ranks(2);
    expect(en.code).toBe(400);
    expect(en.msg).toContain('0 (ACM) or 1 (OI)');
    expect((await ranks(2, {}, 'zh-CN')).msg).toContain('排行榜类型代码不正确');
  });

  it('a 10,000-character search is refused with a message, not scanned', async () => {
    const res = await ranks(0, { searchUser: 'x'.repeat(10_000) });
    expect(res.code).toBe(400);
    expect(res.msg).toBe('The search text is too long (at most 200 characters)');
    expect((await ranks(0, { searchUser: 'x'.repeat(10_000) }, 'zh-CN')).msg).toBe('搜索内容过长（最多200个字符）');
  });
});

describe('the page as sent', () => {
  it('sends a kept page brotli- or gzip-compressed to clients that accept it, the same JSON as uncompressed, and moves with the ranks', async () => {
    const get = (enc?: string) => t.app.inject({ url: '/api/get-rank-list?type=0&limit=30', headers: enc ? { 'accept-encoding': enc } : {} });
    const body = await expectPackedAnswer(get);
    expect(body).toMatchObject({ status: 200, msg: 'success' });
    expect(body.data.records.length).toBeGreaterThan(4);
    // A verdict moves the ranks: the kept bytes (compressed ones too) are not served again.
    const sid = await verdict(t, { u: dan, pid: p.B, status: S.ACCEPTED });
    const after = JSON.parse(zlib.brotliDecompressSync((await get('br')).rawPayload).toString());
    expect(after.data.records.find((r: { username: string }) => r.username === 'dan')).toMatchObject({ ac: 1, total: 1 });
    await rejudge(t, sid);
  });
});

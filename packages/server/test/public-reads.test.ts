import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, acRate } from '@verdict/shared';
import { createTestApp, type TestApp } from './helpers.js';
import { addProblem, call, contest, judged, MIN, problem, Role, user, type CUser } from './contest-fixtures.js';
import { plainSubmission } from './submission-fixtures.js';
import { ProtocolWorker, casesOf, displayIdOf, makeProblem } from './judge-fixtures.js';
import { bumpProblemVer } from '../src/modules/problem/counts.js';

/**
 * Issue 26 item 1: the public reads whose cost grows with the data besides profiles (a problem's
 * verdict counts on its page and in the problem list, rank lists, the home statistics) are read
 * once per version and limited per client (the account when signed in, else the address).
 */
let t: TestApp;
let admin: CUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await user(t, 'proot', Role.ROOT);
});
afterAll(async () => { await t?.close(); });

const detailCount = async (problemId: string) => (await call(t, 'GET', '/get-problem-detail', { query: { problemId } })).data.problemCount;
const listRow = async (problemId: string) =>
  (await call(t, 'GET', '/get-problem-list', { query: { keyword: problemId, limit: 10 } })).data.records.find((r: { problemId: string }) => r.problemId === problemId);

describe('problem verdict counts', () => {
  it('are read once per problem version: a repeat serves the kept counts; a submission and a verdict move them', async () => {
    const u = await user(t, 'counter');
    const pid = await makeProblem(t, { problemId: 'CNT1' });
    const display = await displayIdOf(t, pid);
    const first = await plainSubmission(t, u, pid, { status: JudgeStatus.WRONG_ANSWER });
    expect(await detailCount(display)).toMatchObject({ total: 1, ac: 0, wa: 1 });
    expect(await listRow(display)).toMatchObject({ total: 1, ac: 0, wa: 1 });
    // A new submission (anywhere) adds only the newer submissions to the kept counts.
    await plainSubmission(t, u, pid, { status: JudgeStatus.ACCEPTED });
    expect(await detailCount(display)).toMatchObject({ total: 2, ac: 1, wa: 1 });
    expect(await listRow(display)).toMatchObject({ total: 2, ac: 1 });
    // A change behind the version's back (an older row's status rewritten, no verdict written) is
    // not read: the repeat did not count the problem's submissions again.
    await t.ctx.db.updateTable('submission').set({ status: JudgeStatus.TIME_LIMIT_EXCEEDED }).where('id', '=', first).execute();
    expect(await detailCount(display)).toMatchObject({ total: 2, wa: 1, tle: 0 });
    expect(await listRow(display)).toMatchObject({ total: 2, wa: 1, tle: 0 });
    await t.ctx.db.transaction().execute((trx) => bumpProblemVer(trx, pid));
    expect(await detailCount(display)).toMatchObject({ total: 2, wa: 0, tle: 1 });
    expect(await listRow(display)).toMatchObject({ total: 2, wa: 0, tle: 1 });
  });

  it('move with a real submit and with its verdict, on the problem page and in the list', async () => {
    const u = await user(t, 'submitter');
    const pid = await makeProblem(t, { problemId: 'CNT2' });
    const display = await displayIdOf(t, pid);
    const sw = await t.ctx.services.siteConfig.switches();
    await t.ctx.services.siteConfig.set('switch', { ...sw, defaultSubmitInterval: 0, submitCaptchaPerMinute: 0 });
    const worker = new ProtocolWorker(t, 'count-worker');
    await worker.register(['C++17']);
    expect(await detailCount(display)).toMatchObject({ total: 0, ac: 0 });
    const sent = await call(t, 'POST', '/submit-problem-judge', { as: u, body: { pid: display, language: 'C++17', code: '// count' } });
    expect(sent.code, sent.msg).toBe(200);
    expect(await detailCount(display)).toMatchObject({ total: 1, ac: 0 });
    expect(await listRow(display)).toMatchObject({ total: 1, ac: 0 });
    const task = (await worker.claim())!;
    expect(await worker.result(task, { status: JudgeStatus.ACCEPTED, score: null, cases: casesOf(task, JudgeStatus.ACCEPTED) })).toBe(true);
    expect(await detailCount(display)).toMatchObject({ total: 1, ac: 1 });
    expect(await listRow(display)).toMatchObject({ total: 1, ac: 1 });
    // An admin's rejudge resets it to Pending: the figures follow.
    expect((await call(t, 'GET', '/admin/judge/rejudge', { as: admin, query: { submitId: sent.data.submitId } })).code).toBe(200);
    expect(await detailCount(display)).toMatchObject({ total: 1, ac: 0 });
  });
});

describe('per-address limits of the growing public reads', () => {
  const calls: [string, string, string][] = [
    ['problem', '/get-problem-detail', 'problemId=CNT1'],
    ['problem', '/get-problem-list', 'limit=10'],
    ['rank', '/get-rank-list', 'type=0&currentPage=1&limit=30'],
    ['rank', '/get-user-rank-position', 'uid=1'],
    ['home', '/get-last-week-submission-statistics', ''],
    ['home', '/get-recent-seven-ac-rank', ''],
    ['list', '/get-submission-list', 'currentPage=1&limit=10'],
    ['list', '/get-contest-list', 'currentPage=1&limit=10'],
    ['list', '/get-training-list', 'currentPage=1&limit=10'],
    ['rank', '/get-rating-rank', 'currentPage=1&limit=10'],
  ];
  for (const [family, url, query] of calls) {
    it(`refuses a flood of ${url} from one address with a bilingual 429 (${family} bucket), not another address`, async () => {
      const ip = `10.26.${calls.findIndex((c) => c[1] === url)}.1`;
      const get = (remoteAddress: string, lang = 'en-US') =>
        t.app.inject({ method: 'GET', url: `/api${url}?${query}`, remoteAddress, headers: { 'accept-language': lang } });
      // 240 at once, then 10 a second: a loaded machine's slower calls get a few more through.
      const codes: number[] = [];
      while (codes.length < 2000 && !codes.includes(429)) codes.push((await get(ip)).statusCode);
      expect(codes.slice(0, 240).every((c) => c === 200), `${url}: ${codes.slice(0, 240).filter((c) => c !== 200)}`).toBe(true);
      expect(codes).toContain(429);
      // The bucket refills 10 calls a second: the refusal is read from the next calls refused.
      const refusal = async (lang: string) => {
        for (let i = 0; i < 50; i++) {
          const res = await get(ip, lang);
          if (res.statusCode === 429) return res.json().msg as string;
        }
        return null;
      };
      const [en, zh] = [await refusal('en-US'), await refusal('zh-CN')];
      expect(en).toMatch(/[a-z]/i);
      expect(zh).toMatch(/[\u4e00-\u9fff]/);
      expect((await get(`10.27.0.${calls.findIndex((c) => c[1] === url)}`)).statusCode).toBe(200);
    });
  }

  it('gives a signed-in caller a bucket of their own: a class behind one NAT address is not one visitor', async () => {
    const ip = '10.28.0.1';
    const student = await user(t, 'natstudent');
    const get = (token?: string) =>
      t.app.inject({ method: 'GET', url: '/api/get-problem-list?limit=10', remoteAddress: ip, headers: token ? { authorization: token } : {} });
    const codes: number[] = [];
    while (codes.length < 2000 && !codes.includes(429)) codes.push((await get()).statusCode);
    expect(codes).toContain(429);
    // Five at once: from the emptied address bucket (10 a second) at most one would pass.
    expect(await Promise.all([1, 2, 3, 4, 5].map(() => get(student.token).then((r) => r.statusCode)))).toEqual([200, 200, 200, 200, 200]);
  });
});

describe('accuracy (issue 26 item 14e)', () => {
  it('is one figure for one user on the profile and on both rank lists: contest and pending submissions in neither', async () => {
    const u = await user(t, 'accu');
    const [p1, p2] = [await problem(t, 'ACC1'), await problem(t, 'ACC2')];
    const now = Date.now();
    await judged(t, { cid: 0, pid: p1, u, at: now - 3000, status: JudgeStatus.WRONG_ANSWER });
    await judged(t, { cid: 0, pid: p1, u, at: now - 2000, status: JudgeStatus.ACCEPTED });
    await judged(t, { cid: 0, pid: p2, u, at: now - 1000, status: JudgeStatus.WRONG_ANSWER });
    await t.ctx.db.transaction().execute((trx) => t.ctx.services.judge.refreshAccept(trx, u.uid, p1, 0));
    const cid = await contest(t, admin, { startTime: now - MIN, endTime: now + 60 * MIN });
    await addProblem(t, admin, cid, p2, 'A');
    await judged(t, { cid, pid: p2, u, at: now, status: JudgeStatus.ACCEPTED });
    await plainSubmission(t, u, p2, { status: JudgeStatus.PENDING });
    const home = (await call(t, 'GET', '/get-user-home-info', { query: { username: 'accu' } })).data;
    // 1 problem solved outside contests out of 3 judged submissions outside contests.
    expect(home).toMatchObject({ total: 3, rating: 33.33 });
    for (const type of [0, 1]) {
      const rank = await call(t, 'GET', '/get-rank-list', { query: { type, searchUser: 'accu', currentPage: 1, limit: 30 } });
      const row = rank.data.records.find((r: { uid: number }) => r.uid === u.uid);
      expect(row.total).toBe(home.total);
      // The rank page shows acRate(ac, total) of its row.
      expect(Number(acRate(row.ac, row.total))).toBe(home.rating);
    }
  });
});

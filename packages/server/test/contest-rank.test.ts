import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus as S } from '@verdict/shared';
import { createTestApp, type TestApp } from './helpers.js';
import { MIN, Role, addProblem, call, contest, judged, problem, user, type CUser } from './contest-fixtures.js';
import { readSheet } from './xlsx-read.js';

/**
 * Rank semantics pinned by hand-computed tables. ACM contest: started 180 min ago, ends in 30 min,
 * sealed for the last hour (seal at minute 150).
 */
let t: TestApp;
let org: CUser, root: CUser, alice: CUser, bob: CUser, carol: CUser, dave: CUser, eve: CUser;
let cid: number;
let start: number;
const pids: Record<string, number> = {};

const row = (rows: any[], username: string) => rows.find((r) => r.username === username);
const rank = async (as: CUser, body: Record<string, unknown> = {}) => {
  const res = await call(t, 'POST', '/get-contest-rank', { as, body: { cid, limit: 50, ...body } });
  expect(res.code, res.msg).toBe(200);
  return res.data;
};

beforeAll(async () => {
  t = await createTestApp();
  org = await user(t, 'org', Role.ADMIN);
  root = await user(t, 'root1', Role.ROOT);
  alice = await user(t, 'alice');
  bob = await user(t, 'bob');
  carol = await user(t, 'carol', Role.DEFAULT_USER, { realname: 'Carol Real' });
  dave = await user(t, 'dave');
  eve = await user(t, 'eve');
  const now = Date.now();
  start = now - 180 * MIN;
  cid = await contest(t, org, {
    type: 0, auth: 0, startTime: start, endTime: now + 30 * MIN, sealRank: true, sealRankChoice: 1, autoRealRank: true,
    starAccount: ['dave'], openRank: true,
  });
  for (const d of ['A', 'B', 'C']) {
    pids[d] = await problem(t, `R${d}`);
    await addProblem(t, org, cid, pids[d], d);
  }
  const at = (m: number, ms = 0) => start + m * MIN + ms;
  const sub = (u: CUser, d: string, m: number, status: number, ms = 0) => judged(t, { cid, pid: pids[d], u, at: at(m, ms), status });
  // alice: A WA@10 CE@12 AC@15 -> 15 + 20 = 35; B SE@20 AC@30 -> 30. Total 2 / 65.
  await sub(alice, 'A', 10, S.WRONG_ANSWER);
  await sub(alice, 'A', 12, S.COMPILE_ERROR);
  await sub(alice, 'A', 15, S.ACCEPTED);
  await sub(alice, 'B', 20, S.SYSTEM_ERROR);
  await sub(alice, 'B', 30, S.ACCEPTED);
  // bob: A AC@16 -> 16; B WA@5 AC@29 -> 29 + 20 = 49. Total 2 / 65 (tie with alice).
  await sub(bob, 'A', 16, S.ACCEPTED);
  await sub(bob, 'B', 5, S.WRONG_ANSWER);
  await sub(bob, 'B', 29, S.ACCEPTED);
  // carol: A AC@15 (+0.5 s, same second as alice); C WA@100, AC@160 (inside the seal). Real 2 / 15+180 = 195.
  await sub(carol, 'A', 15, S.ACCEPTED, 500);
  await sub(carol, 'C', 100, S.TIME_LIMIT_EXCEEDED);
  await sub(carol, 'C', 160, S.ACCEPTED);
  // dave (star): A AC@5. org (author) and root: excluded entirely.
  await sub(dave, 'A', 5, S.ACCEPTED);
  await sub(org, 'A', 1, S.ACCEPTED);
  await sub(root, 'B', 1, S.ACCEPTED);
  // eve: A TLE@50 -> 0 solved.
  await sub(eve, 'A', 50, S.TIME_LIMIT_EXCEEDED);
});
afterAll(async () => { await t?.close(); });

describe('ACM rank', () => {
  it('computes solved, penalty (CE and SE free), shared ranks, star users and leaves out author and root (admin view)', async () => {
    // HOJ's units: cells keyed by display ID, ACTime in seconds, the penalty in seconds (minutes × 60).
    const data = await rank(org);
    const got = data.records.map((r: any) => [r.username, r.rank, r.ac, r.totalTime]);
    expect(got).toEqual([
      ['alice', 1, 2, 65 * 60],
      ['bob', 1, 2, 65 * 60],
      ['carol', 3, 2, 195 * 60],
      ['dave', -1, 1, 5 * 60],
      ['eve', 4, 0, 0],
    ]);
    expect(data.total).toBe(5);
    const a = row(data.records, 'alice').submissionInfo;
    expect(a.A).toMatchObject({ isAC: true, errorNum: 1, ACTime: 15 * 60 });
    expect(a.B).toMatchObject({ isAC: true, errorNum: 0, ACTime: 30 * 60 });
    expect(row(data.records, 'eve').submissionInfo.A).toMatchObject({ isAC: false, errorNum: 1 });
  });

  it('marks first blood for simultaneous solves and not for star users', async () => {
    const data = await rank(org);
    expect(row(data.records, 'alice').submissionInfo.A.isFirstAC).toBe(true);
    expect(row(data.records, 'carol').submissionInfo.A.isFirstAC).toBe(true);
    expect(row(data.records, 'bob').submissionInfo.A.isFirstAC).toBe(false);
    expect(row(data.records, 'dave').submissionInfo.A.isFirstAC).toBe(false);
    expect(row(data.records, 'bob').submissionInfo.B.isFirstAC).toBe(true);
    expect(row(data.records, 'carol').submissionInfo.C.isFirstAC).toBe(true);
  });

  it('hides results inside the seal from a participant: sealed submissions count only as tries', async () => {
    const data = await rank(alice);
    const got = data.records.map((r: any) => [r.username, r.rank, r.ac, r.totalTime]);
    expect(got).toEqual([
      ['alice', 1, 2, 65 * 60],
      ['bob', 1, 2, 65 * 60],
      ['dave', -1, 1, 5 * 60],
      ['carol', 3, 1, 15 * 60],
      ['eve', 4, 0, 0],
    ]);
    expect(row(data.records, 'carol').submissionInfo.C).toMatchObject({ isAC: false, errorNum: 1, tryNum: 1 });
    // The problem list hides AC/total from those without the real-time rank.
    const probs = await call(t, 'GET', '/get-contest-problem', { as: alice, query: { cid } });
    expect(probs.data.map((p: any) => [p.displayId, p.ac, p.total, p.myStatus])).toEqual([['A', null, null, 0], ['B', null, null, 0], ['C', null, null, -10]]);
    const adminProbs = await call(t, 'GET', '/get-contest-problem', { as: org, query: { cid } });
    // Counted: ranked users and star users (author and root left out). A: alice 3 + bob 1 + carol 1 + dave 1 + eve 1.
    expect(adminProbs.data.map((p: any) => [p.displayId, p.ac, p.total])).toEqual([['A', 4, 7], ['B', 2, 4], ['C', 1, 2]]);
    // The problem page's statistics (HOJ's ProblemCountVO, its pie): per verdict for the admin, withheld while sealed.
    const detail = async (as: typeof org) => (await call(t, 'GET', '/get-contest-problem-details', { as, query: { cid, displayId: 'A' } })).data.problemCount;
    const forAdmin = await detail(org);
    expect([forAdmin.total, forAdmin.ac]).toEqual([7, 4]);
    expect(forAdmin.total - forAdmin.ac).toBe(forAdmin.wa + forAdmin.tle + forAdmin.mle + forAdmin.re + forAdmin.pe + forAdmin.ce + forAdmin.se + forAdmin.pa);
    expect(await detail(alice)).toEqual({ total: 0, ac: 0, wa: 0, ce: 0, pa: 0, tle: 0, mle: 0, re: 0, pe: 0, se: 0 });
  });

  it('removes star users, filters by keyword and pins followed users', async () => {
    const noStar = await rank(org, { removeStar: true });
    expect(noStar.records.map((r: any) => r.username)).toEqual(['alice', 'bob', 'carol', 'eve']);
    const kw = await rank(org, { keyword: 'Carol Real' });
    expect(kw.records.map((r: any) => [r.username, r.rank])).toEqual([['carol', 3]]);
    const paged = await rank(org, { limit: 2, currentPage: 2, concernedList: [eve.uid] });
    expect(paged.records.map((r: any) => [r.username, r.isConcerned])).toEqual([['eve', true], ['carol', false], ['dave', false]]);
    expect(paged.total).toBe(5);
  });

  it('updates incrementally on a new verdict and on a rejudged one', async () => {
    // eve solves A at minute 60 after her TLE: 60 + 20 = 80.
    const id = await judged(t, { cid, pid: pids.A, u: eve, at: start + 60 * MIN, status: S.ACCEPTED });
    let data = await rank(org);
    expect(row(data.records, 'eve')).toMatchObject({ rank: 4, ac: 1, totalTime: 80 * 60 });
    // A rejudge turns it into a WA: the cell is recomputed from the rows.
    const judge = t.ctx.services.judge;
    const e = { submitId: id, uid: eve.uid, pid: pids.A, cid, gid: 0, status: S.WRONG_ANSWER, score: null, time: 1, memory: 1, source: 'judge' as const };
    await t.ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('submission').set({ status: S.WRONG_ANSWER }).where('id', '=', id).execute();
      await judge.verdictWritten(trx, e);
    });
    await judge.emitResult(e);
    data = await rank(org);
    expect(row(data.records, 'eve')).toMatchObject({ rank: 4, ac: 0, totalTime: 0 });
    expect(row(data.records, 'eve').submissionInfo.A.errorNum).toBe(2);
  });

  it('keeps AC info (balloons) with first-blood flags and a checked toggle', async () => {
    const res = await call(t, 'GET', '/get-contest-ac-info', { as: org, query: { cid } });
    expect(res.code).toBe(200);
    const got = res.data.records.map((r: any) => [r.username, r.displayId, r.firstBlood]);
    // Oldest first; the star user gets a balloon but never first blood.
    expect(got).toEqual([
      ['dave', 'A', false], ['alice', 'A', true], ['carol', 'A', true], ['bob', 'A', false], ['bob', 'B', true], ['alice', 'B', false], ['carol', 'C', true],
    ]);
    const id = res.data.records[0].id;
    expect((await call(t, 'PUT', '/check-contest-ac-info', { as: org, body: { id, cid, checked: true } })).code).toBe(200);
    const after = await call(t, 'GET', '/get-contest-ac-info', { as: org, query: { cid } });
    expect(after.data.records.at(-1)).toMatchObject({ id, checked: true });
    expect((await call(t, 'GET', '/get-contest-ac-info', { as: alice, query: { cid } })).code).toBe(403);
  });

  it('shows the public scoreboard sealed to anonymous visitors and exports the rank', async () => {
    const pub = await call(t, 'POST', '/get-contest-outside-scoreboard', { body: { cid } });
    expect(pub.code).toBe(200);
    expect(row(pub.data.records, 'carol')).toMatchObject({ ac: 1, rank: 3 });
    const xlsx = await call(t, 'GET', '/export-contest-rank', { as: org, query: { cid } });
    expect(xlsx.raw.headers['content-type']).toMatch(/spreadsheetml/);
    expect(xlsx.raw.headers['content-disposition']).toContain(`contest_${cid}_rank.xlsx`);
    const sheet = await readSheet(xlsx.raw.rawPayload);
    expect(sheet[0]).toEqual(['Rank', 'Username', 'Name', 'Real Name', 'School', 'AC', 'Penalty (min)', 'A', 'B', 'C']);
    expect(sheet[1]).toEqual([1, 'alice', 'alice', null, null, 2, 65, '0:15:00 (-1)', '0:30:00']);
    expect(sheet[3]).toEqual([3, 'carol', 'carol', 'Carol Real', null, 2, 195, '0:15:00', null, '2:40:00 (-1)']);
    const csv = await call(t, 'GET', '/export-contest-rank', { as: org, query: { cid, format: 'csv' } });
    expect(csv.raw.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.raw.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Rank,Username,Name,Real Name,School,AC,Penalty (min),A,B,C');
    expect(lines[1]).toBe('1,alice,alice,,,2,65,0:15:00 (-1),0:30:00,');
    expect(lines[3]).toBe('3,carol,carol,Carol Real,,2,195,0:15:00,,2:40:00 (-1)');
    expect((await call(t, 'GET', '/export-contest-rank', { as: org, query: { cid, format: 'pdf' } })).code).toBe(400);
  });

  it('gives the scroll board the frozen and the final table, the sealed submissions and the medals', async () => {
    const res = await call(t, 'GET', '/get-contest-scroll-board-info', { as: org, query: { cid, removeStar: true } });
    expect(res.code).toBe(200);
    expect(row(res.data.frozenRows, 'carol').ac).toBe(1);
    expect(row(res.data.finalRows, 'carol').ac).toBe(2);
    expect(res.data.submissions.map((s: any) => [s.uid, s.status])).toEqual([[carol.uid, S.ACCEPTED]]);
    // 4 ranked users: gold floor(0.4) = 0, silver floor(0.8) = 0, bronze floor(1.2) = 1.
    expect(res.data.medals).toEqual({ gold: 0, silver: 0, bronze: 1 });
  });

  it('rebuilds every cell from the submissions on a force update by a contest admin', async () => {
    const before = await rank(org);
    await t.ctx.db.deleteFrom('contest_rank_cell').where('cid', '=', cid).execute();
    const forced = await rank(org, { forceRefresh: true });
    expect(forced.records.map((r: any) => [r.username, r.rank, r.ac, r.totalTime])).toEqual(before.records.map((r: any) => [r.username, r.rank, r.ac, r.totalTime]));
  });
});

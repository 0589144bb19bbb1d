import zlib from 'node:zlib';
import { stampsOf } from '../src/http/stamps.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus as S } from '@verdict/shared';
import { withVirtualMark } from '../src/modules/contest/virtual-repo.js';
import { createTestApp, type TestApp } from './helpers.js';
import { MIN, Role, addProblem, call, contest, judged, problem, user, type CUser } from './contest-fixtures.js';
import { ProtocolWorker, casesOf, makeProblem } from './judge-fixtures.js';

/**
 * Virtual participation: an ended ACM contest (120 minutes, ended an hour ago) with two real
 * participants; virtual runners' clocks are moved by shifting their runs' start in the database.
 */
let t: TestApp;
let org: CUser, alice: CUser, bob: CUser, vic: CUser, vera: CUser, pat: CUser;
let cid: number, pa: number, pb: number;
let worker: ProtocolWorker;
const start = Date.now() - 180 * MIN;

/** Moves a run back in time (time passing), behind the site's back: so it bumps the contest stamp, as such a change must. */
async function shiftRun(u: CUser, c: number, startAt: number) {
  await t.ctx.db.updateTable('contest_virtual').set({ start_time: startAt, end_time: startAt + 120 * MIN }).where('cid', '=', c).where('uid', '=', u.uid).execute();
  await stampsOf(t.ctx).bump('contest');
}

/** A judged virtual submission at `rel` ms of the runner's own clock. */
async function virtualJudged(c: number, pid: number, u: CUser, rel: number, status: number, score: number | null = null) {
  const run = await t.ctx.db.selectFrom('contest_virtual').selectAll().where('cid', '=', c).where('uid', '=', u.uid).executeTakeFirstOrThrow();
  const at = Number(run.start_time) + rel;
  await withVirtualMark(t.ctx.db).insertInto('submission').values({
    pid, display_pid: 'X', uid: u.uid, username: u.username, cid: c, cpid: 0, gid: 0, tid: 0, status, score, oi_rank_score: null, time: 10,
    memory: 1000, length: 10, language: 'C++', code: 'x', share: 0, error_message: null, judger: 'test', is_manual: 0, case_done: 1,
    case_total: 1, ip: null, submit_time: at, judge_time: at, gmt_modified: at, is_virtual: 1,
  }).execute();
}

const vrank = async (as: CUser, c = cid, extra: Record<string, unknown> = {}) => {
  const res = await call(t, 'POST', '/get-virtual-contest-rank', { as, body: { cid: c, currentPage: 1, limit: 50, ...extra } });
  expect(res.code, res.msg).toBe(200);
  return res.data;
};
const summary = (d: any) => d.records.map((r: any) => [r.username, r.rank, r.ac, r.virtual]);

beforeAll(async () => {
  t = await createTestApp();
  org = await user(t, 'vorg', Role.ADMIN);
  alice = await user(t, 'valice');
  bob = await user(t, 'vbob');
  vic = await user(t, 'vvic');
  vera = await user(t, 'vvera');
  pat = await user(t, 'vpat');
  pa = await makeProblem(t, { problemId: 'VA', languages: ['C++'] });
  pb = await makeProblem(t, { problemId: 'VB', languages: ['C++'] });
  cid = await contest(t, org, { type: 0, auth: 0, startTime: start, endTime: start + 120 * MIN });
  await addProblem(t, org, cid, pa, 'A');
  await addProblem(t, org, cid, pb, 'B');
  // alice: A@10, B@50 (2 solved, 60); bob: A@30 (1 solved, 30).
  await judged(t, { cid, pid: pa, u: alice, at: start + 10 * MIN, status: S.ACCEPTED });
  await judged(t, { cid, pid: pb, u: alice, at: start + 50 * MIN, status: S.ACCEPTED });
  await judged(t, { cid, pid: pa, u: bob, at: start + 30 * MIN, status: S.ACCEPTED });
  worker = new ProtocolWorker(t, 'vw1');
  await worker.register(['C++']);
});
afterAll(async () => { await t?.close(); });

describe('starting a virtual run', () => {
  it('refuses a running or scheduled contest, an unknown one, participants and admins (bilingual)', async () => {
    const running = await contest(t, org, { type: 0, auth: 0, startTime: Date.now() - MIN, endTime: Date.now() + 60 * MIN });
    const r1 = await call(t, 'POST', '/start-virtual-contest', { as: vic, body: { cid: running }, lang: 'zh-CN' });
    expect([r1.code, r1.msg]).toEqual([400, '只有已结束的比赛才能进行虚拟参赛']);
    const later = await contest(t, org, { type: 0, auth: 0, startTime: Date.now() + 60 * MIN, endTime: Date.now() + 120 * MIN });
    expect((await call(t, 'POST', '/start-virtual-contest', { as: vic, body: { cid: later } })).code).toBe(400);
    expect((await call(t, 'POST', '/start-virtual-contest', { as: vic, body: { cid: 999_999 } })).code).toBe(404);
    const r2 = await call(t, 'POST', '/start-virtual-contest', { as: alice, body: { cid } });
    expect([r2.code, r2.msg]).toEqual([400, 'You took part in this contest: a virtual run is for those who did not']);
    expect((await call(t, 'POST', '/start-virtual-contest', { as: org, body: { cid } })).code).toBe(400);
    expect((await call(t, 'POST', '/start-virtual-contest', { body: { cid } })).code).toBe(401);
    expect(await t.ctx.db.selectFrom('contest_virtual').select('id').execute()).toHaveLength(0);
  });

  it('starts one run per user per contest, with the contest duration from now', async () => {
    const before = Date.now();
    const res = await call(t, 'POST', '/start-virtual-contest', { as: vic, body: { cid } });
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toMatchObject({ cid, uid: vic.uid, title: 'Contest', type: 0, duration: 120 * 60, status: 0 });
    expect(res.data.startTime).toBeGreaterThanOrEqual(before);
    expect(res.data.endTime - res.data.startTime).toBe(120 * MIN);
    const again = await call(t, 'POST', '/start-virtual-contest', { as: vic, body: { cid }, lang: 'zh-CN' });
    expect([again.code, again.msg]).toEqual([409, '您已虚拟参加过该比赛（每场比赛只能虚拟参赛一次）']);
    const mine = await call(t, 'GET', '/get-virtual-contest', { as: vic, query: { cid } });
    expect(mine.data.id).toBe(res.data.id);
    expect((await call(t, 'GET', '/get-virtual-contest', { as: bob, query: { cid } })).data).toBeNull();
    const list = await call(t, 'GET', '/get-contest-list', { query: { currentPage: 1, limit: 20 } });
    expect(list.data.records.find((r: any) => r.id === cid).virtualAllowed).toBe(true);
    expect(list.data.records.find((r: any) => r.id === cid).count).toBe(2);
  });

  it('a private contest needs its password, then the run opens its menu', async () => {
    const priv = await contest(t, org, { type: 0, auth: 1, pwd: 'sesame', startTime: start, endTime: start + 60 * MIN });
    await addProblem(t, org, priv, pa, 'A');
    const no = await call(t, 'POST', '/start-virtual-contest', { as: pat, body: { cid: priv } });
    expect(no.code).toBe(400);
    expect((await call(t, 'POST', '/start-virtual-contest', { as: pat, body: { cid: priv, password: 'nope' } })).code).toBe(400);
    expect((await call(t, 'GET', '/get-contest-problem', { as: pat, query: { cid: priv } })).code).toBe(403);
    expect((await call(t, 'POST', '/start-virtual-contest', { as: pat, body: { cid: priv, password: 'sesame' } })).code).toBe(200);
    expect((await call(t, 'GET', '/get-contest-problem', { as: pat, query: { cid: priv } })).code).toBe(200);
  });
});

describe('during and after the run', () => {
  it('a submission in the run is judged as a contest submission, marked virtual, never in the real contest', async () => {
    await shiftRun(vic, cid, Date.now() - 40 * MIN);
    const sub = await call(t, 'POST', '/submit-problem-judge', { as: vic, body: { pid: 'B', cid, language: 'C++', code: 'int main(){}' } });
    expect(sub.code, sub.msg).toBe(200);
    const task = await worker.claim();
    expect(await worker.result(task!, { status: S.ACCEPTED, cases: casesOf(task!, S.ACCEPTED) })).toBe(true);
    const row = await withVirtualMark(t.ctx.db).selectFrom('submission').select(['cid', 'is_virtual', 'status']).where('id', '=', sub.data.submitId).executeTakeFirstOrThrow();
    expect(row).toEqual({ cid, is_virtual: 1, status: S.ACCEPTED });
    // Not in the real rank (with after-contest submissions either), the AC info, the participant count.
    for (const containsEnd of [false, true]) {
      const real = await call(t, 'POST', '/get-contest-rank', { as: org, body: { cid, limit: 50, containsEnd } });
      expect(real.data.records.map((r: any) => r.username)).toEqual(['valice', 'vbob']);
    }
    const ac = await call(t, 'GET', '/get-contest-ac-info', { as: org, query: { cid } });
    expect(ac.data.records.map((x: any) => x.username).sort()).toEqual(['valice', 'valice', 'vbob']);
    const list = await call(t, 'GET', '/get-contest-list', { query: { currentPage: 1, limit: 20 } });
    expect(list.data.records.find((r: any) => r.id === cid).count).toBe(2);
    await t.ctx.services.contestRank.rebuild((await t.ctx.db.selectFrom('contest').selectAll().where('id', '=', cid).executeTakeFirstOrThrow()) as never);
    const rebuilt = await call(t, 'POST', '/get-contest-rank', { as: org, body: { cid, limit: 50, containsEnd: true } });
    expect(rebuilt.data.records.map((r: any) => r.username)).toEqual(['valice', 'vbob']);
    // Their own submissions list shows it.
    const mine = await call(t, 'GET', '/contest-submissions', { as: vic, query: { cid, currentPage: 1, limit: 10 } });
    expect(mine.code, mine.msg).toBe(200);
    expect(mine.data.records.map((r: any) => r.submitId)).toEqual([sub.data.submitId]);
  });

  it('the virtual rank: ghosts and virtual runners at the same elapsed time', async () => {
    expect((await call(t, 'POST', '/start-virtual-contest', { as: vera, body: { cid } })).code).toBe(200);
    await shiftRun(vera, cid, Date.now() - 100 * MIN);
    await virtualJudged(cid, pa, vera, 20 * MIN, S.ACCEPTED);
    await virtualJudged(cid, pb, vera, 60 * MIN, S.ACCEPTED);
    // vic at about 40 minutes: alice A@10, vera A@20, bob A@30, vic B@40.
    const d = await vrank(vic);
    expect(summary(d)).toEqual([['valice', 1, 1, false], ['vvera', 2, 1, true], ['vbob', 3, 1, false], ['vvic', 4, 1, true]]);
    expect(d.records[0].submissionInfo.A).toMatchObject({ isAC: true, ACTime: 600 });
    expect(d.records[0].submissionInfo.B).toBeUndefined();
    expect(d.total).toBe(4);
    const searched = await vrank(vic, cid, { keyword: 'vve' });
    expect(summary(searched)).toEqual([['vvera', 2, 1, true]]);
    const paged = await vrank(vic, cid, { currentPage: 2, limit: 3 });
    expect(summary(paged)).toEqual([['vvic', 4, 1, true]]);
  });

  it('the same page in brotli, gzip and plain JSON (a page is kept compressed only)', async () => {
    const ask = (encoding?: string) => t.app.inject({ method: 'POST', url: '/api/get-virtual-contest-rank', payload: { cid, currentPage: 1, limit: 50 },
      headers: { authorization: vic.token, ...(encoding ? { 'accept-encoding': encoding } : {}) } });
    const plain = await ask();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const body = plain.json();
    expect(summary(body.data)).toEqual([['valice', 1, 1, false], ['vvera', 2, 1, true], ['vbob', 3, 1, false], ['vvic', 4, 1, true]]);
    for (const [encoding, decode] of [['br', zlib.brotliDecompressSync], ['gzip', zlib.gunzipSync]] as const) {
      const res = await ask(encoding);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(JSON.parse(decode(res.rawPayload).toString())).toEqual(body);
    }
  });

  it('after the run: the full standings, no more virtual submissions, the runs listed', async () => {
    // The run moved 160 minutes back, with its submission (still 40 minutes into it).
    const moved = Date.now() - 200 * MIN;
    await shiftRun(vic, cid, moved);
    await withVirtualMark(t.ctx.db).updateTable('submission').set({ submit_time: moved + 40 * MIN }).where('uid', '=', vic.uid).where('is_virtual', '=', 1).execute();
    const late = await call(t, 'POST', '/submit-problem-judge', { as: vic, body: { pid: 'A', cid, language: 'C++', code: 'int main(){}' }, lang: 'zh-CN' });
    expect([late.code, late.msg]).toEqual([403, '您对该比赛的虚拟参赛已结束']);
    // alice 2/60, vera 2/80, bob 1/30, vic 1/40.
    const d = await vrank(vic);
    expect(summary(d)).toEqual([['valice', 1, 2, false], ['vvera', 2, 2, true], ['vbob', 3, 1, false], ['vvic', 4, 1, true]]);
    const runs = await call(t, 'GET', '/get-user-virtual-contests', { query: { uid: vic.uid } });
    expect(runs.code, runs.msg).toBe(200);
    expect(runs.data.map((r: any) => [r.cid, r.status])).toEqual([[cid, 1]]);
    // Still visible as practice of the contest.
    const mine = await call(t, 'GET', '/contest-submissions', { as: vic, query: { cid, currentPage: 1, limit: 10, containsEnd: true } });
    expect(mine.data.total).toBe(1);
  });

  it('OI: scores at the elapsed time, ghosts and runners', async () => {
    const oi = await contest(t, org, { type: 1, auth: 0, startTime: start, endTime: start + 120 * MIN });
    const p = await problem(t, 'VOI');
    await addProblem(t, org, oi, p, 'A');
    await judged(t, { cid: oi, pid: p, u: alice, at: start + 10 * MIN, status: S.PARTIAL_ACCEPTED, score: 40 });
    await judged(t, { cid: oi, pid: p, u: alice, at: start + 90 * MIN, status: S.ACCEPTED, score: 100 });
    expect((await call(t, 'POST', '/start-virtual-contest', { as: vera, body: { cid: oi } })).code).toBe(200);
    await shiftRun(vera, oi, Date.now() - 30 * MIN);
    await virtualJudged(oi, p, vera, 5 * MIN, S.PARTIAL_ACCEPTED, 70);
    const d = await vrank(vera, oi);
    expect(d.records.map((r: any) => [r.username, r.rank, r.totalScore, r.virtual])).toEqual([['vvera', 1, 70, true], ['valice', 2, 40, false]]);
    const real = await call(t, 'POST', '/get-contest-rank', { as: org, body: { cid: oi, limit: 50, containsEnd: true } });
    expect(real.data.records.map((r: any) => [r.username, r.totalScore])).toEqual([['valice', 100]]);
  });
});

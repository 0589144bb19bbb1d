import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { JudgeStatus as S } from '@verdict/shared';
import { buildApp, type BuiltApp } from '../src/app.js';
import { createTestApp, type TestApp } from './helpers.js';
import { MIN, Role, addProblem, call, contest, judged, problem, user, type CUser } from './contest-fixtures.js';

/** Two server instances on one database: a result judged through one shows on the other's rank. */
let t: TestApp;
let second: BuiltApp;
let org: CUser, a: CUser, b: CUser;
let cid: number, p1: number, p2: number;
let start: number;

beforeAll(async () => {
  t = await createTestApp();
  second = await buildApp(t.ctx.config, { logger: false });
  await second.app.ready();
  org = await user(t, 'org', Role.ADMIN);
  a = await user(t, 'ann');
  b = await user(t, 'ben');
  start = Date.now() - 60 * MIN;
  cid = await contest(t, org, { startTime: start, endTime: Date.now() + 60 * MIN, openRank: true });
  p1 = await problem(t, 'S1');
  p2 = await problem(t, 'S2');
  await addProblem(t, org, cid, p1, 'A');
  await addProblem(t, org, cid, p2, 'B');
});
afterAll(async () => {
  await second?.app.close();
  await t?.close();
});

const board = async (app: BuiltApp['app']) => {
  const res = await app.inject({ method: 'POST', url: '/api/get-contest-outside-scoreboard', payload: { cid } });
  return res.json().data.records.map((r: any) => [r.username, r.rank, r.ac, r.totalTime]);
};

describe('rank across server instances', () => {
  it('catches up from the cell versions written by another instance', async () => {
    await judged(t, { cid, pid: p1, u: a, at: start + 10 * MIN, status: S.ACCEPTED });
    expect(await board(second.app)).toEqual([['ann', 1, 1, 10 * 60]]);
    // Judged through the first instance only; the second reads the newer cells on its next request.
    await judged(t, { cid, pid: p1, u: b, at: start + 5 * MIN, status: S.ACCEPTED });
    await judged(t, { cid, pid: p2, u: b, at: start + 20 * MIN, status: S.WRONG_ANSWER });
    expect(await board(second.app)).toEqual([['ben', 1, 1, 5 * 60], ['ann', 2, 1, 10 * 60]]);
    expect(await board(t.app)).toEqual(await board(second.app));
  });

  it('zips the latest accepted code per user and problem, split by user or by problem', async () => {
    const listNames = async (splitType: string) => {
      const res = await call(t, 'GET', '/file/download-contest-ac-submission', { as: org, query: { cid, splitType, excludeAdmin: true } });
      expect(res.code).toBe(200);
      const buf = res.raw.rawPayload;
      return new Promise<string[]>((resolve, reject) => {
        yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
          if (err || !zip) return reject(err);
          const names: string[] = [];
          zip.on('entry', (e) => { names.push(e.fileName); zip.readEntry(); });
          zip.on('end', () => resolve(names.sort()));
          zip.readEntry();
        });
      });
    };
    const byUser = await listNames('user');
    expect(byUser).toHaveLength(2);
    expect(byUser[0]).toMatch(/^ann\/A_\d+\.cpp$/);
    expect(byUser[1]).toMatch(/^ben\/A_\d+\.cpp$/);
    const byProblem = await listNames('problem');
    expect(byProblem.every((n) => n.startsWith('A/'))).toBe(true);
    expect((await call(t, 'GET', '/file/download-contest-ac-submission', { as: a, query: { cid } })).code).toBe(403);
  });

  it('lists contest submissions with the contest filters (mine, problem by display ID)', async () => {
    const res = await call(t, 'GET', '/contest-submissions', { as: a, query: { cid } });
    expect(res.data.records.map((r: any) => [r.username, r.displayId])).toEqual([['ben', 'B'], ['ben', 'A'], ['ann', 'A']]);
    const mine = await call(t, 'GET', '/contest-submissions', { as: a, query: { cid, onlyMine: true } });
    expect(mine.data.total).toBe(1);
    const byProblem = await call(t, 'GET', '/contest-submissions', { as: a, query: { cid, problemID: 'B' } });
    expect(byProblem.data.records.map((r: any) => r.status)).toEqual([S.WRONG_ANSWER]);
  });

  it('drops a removed problem from the rank on every instance', async () => {
    const before = await second.app.inject({ method: 'POST', url: '/api/get-contest-outside-scoreboard', payload: { cid } });
    // Cells are keyed by the contest display ID (HOJ's wire).
    expect(Object.keys(before.json().data.records[0].submissionInfo).sort()).toEqual(['A', 'B']);
    expect((await call(t, 'DELETE', '/admin/contest/problem', { as: org, query: { cid, pid: p2 } })).code).toBe(200);
    const after = await second.app.inject({ method: 'POST', url: '/api/get-contest-outside-scoreboard', payload: { cid } });
    expect(after.json().data.records.map((r: any) => [r.username, Object.keys(r.submissionInfo)])).toEqual([['ben', ['A']], ['ann', ['A']]]);
    // A verdict that arrives for the removed problem (judged late, or rejudged) does not bring it back.
    await judged(t, { cid, pid: p2, u: a, at: start + 40 * MIN, status: S.ACCEPTED });
    expect(await t.ctx.db.selectFrom('contest_rank_cell').select('uid').where('cid', '=', cid).where('pid', '=', p2).execute()).toEqual([]);
    const late = await second.app.inject({ method: 'POST', url: '/api/get-contest-outside-scoreboard', payload: { cid } });
    expect(late.json().data.records.map((r: any) => [r.username, Object.keys(r.submissionInfo)])).toEqual([['ben', ['A']], ['ann', ['A']]]);
  });

  it('stays equal to a full rebuild when many verdicts arrive at once', async () => {
    const users = [a, b, await user(t, 'cat'), await user(t, 'dan')];
    const verdicts = [S.WRONG_ANSWER, S.ACCEPTED, S.TIME_LIMIT_EXCEEDED, S.COMPILE_ERROR, S.ACCEPTED];
    await Promise.all(Array.from({ length: 40 }, (_, i) => judged(t, {
      cid, pid: p1, u: users[i % users.length], at: start + (i + 1) * 30_000, status: verdicts[i % verdicts.length],
    })));
    const live = await board(second.app);
    const forced = await call(t, 'POST', '/get-contest-rank', { as: org, body: { cid, forceRefresh: true } });
    expect(live).toEqual(forced.data.records.map((r: any) => [r.username, r.rank, r.ac, r.totalTime]));
    expect(await board(t.app)).toEqual(live);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus as S } from '@verdict/shared';
import { createTestApp, type TestApp } from './helpers.js';
import { MIN, Role, call, contest, user, type CUser } from './contest-fixtures.js';
import { ProtocolWorker, casesOf, makeProblem } from './judge-fixtures.js';

/**
 * The whole path: a participant submits through submit-problem-judge with the contest id, a judge
 * worker claims the task and reports over the judge protocol, and the rank follows the verdicts.
 */
let t: TestApp;
let org: CUser, amy: CUser, outsider: CUser;
let cid: number, pid: number;
let worker: ProtocolWorker;

beforeAll(async () => {
  t = await createTestApp();
  org = await user(t, 'org', Role.ADMIN);
  amy = await user(t, 'amy');
  outsider = await user(t, 'outsider');
  pid = await makeProblem(t, { problemId: 'J1', languages: ['C++'] });
  cid = await contest(t, org, { auth: 2, pwd: 'go', startTime: Date.now() - 30 * MIN, endTime: Date.now() + 60 * MIN });
  expect((await call(t, 'POST', '/admin/contest/add-problem-from-public', { as: org, body: { cid, pid, displayId: 'A' } })).code).toBe(200);
  worker = new ProtocolWorker(t, 'w1');
  await worker.register(['C++']);
});
afterAll(async () => { await t?.close(); });

const submit = (as: CUser, code = 'int main(){}') => call(t, 'POST', '/submit-problem-judge', { as, body: { pid: 'A', cid, language: 'C++', code } });

async function judgeNext(status: number) {
  const task = await worker.claim();
  expect(task).toBeTruthy();
  expect(await worker.result(task!, { status, cases: casesOf(task!, status) })).toBe(true);
}

describe('contest submissions through the judge', () => {
  it('needs the password of a protected contest before submitting', async () => {
    const res = await submit(outsider);
    expect([res.code, res.msg]).toEqual([403, 'This contest needs the password: please register first']);
  });

  it('ranks the verdicts the worker reports: WA then AC gives one solve with a 20 minute penalty', async () => {
    await call(t, 'POST', '/register-contest', { as: amy, body: { cid, password: 'go' } });
    const first = await submit(amy);
    expect(first.code, first.msg).toBe(200);
    const row = await t.ctx.db.selectFrom('submission').select(['cid', 'display_pid']).where('id', '=', first.data.submitId).executeTakeFirstOrThrow();
    expect(row).toEqual({ cid, display_pid: 'A' });
    await judgeNext(S.WRONG_ANSWER);
    await submit(amy);
    await judgeNext(S.ACCEPTED);
    const rank = await call(t, 'POST', '/get-contest-rank', { as: amy, body: { cid } });
    const r = rank.data.records[0];
    expect([r.username, r.rank, r.ac]).toEqual(['amy', 1, 1]);
    // Submitted about 30 minutes after the start: 30 + 20 for the wrong answer, in seconds on the wire.
    expect(r.totalTime).toBeGreaterThanOrEqual(50 * 60);
    expect(r.totalTime).toBeLessThanOrEqual(51 * 60);
    expect(r.submissionInfo.A).toMatchObject({ isAC: true, errorNum: 1, isFirstAC: true });
    const ac = await call(t, 'GET', '/get-contest-ac-info', { as: org, query: { cid } });
    expect(ac.data.records.map((x: any) => [x.username, x.displayId, x.firstBlood])).toEqual([['amy', 'A', true]]);
    const list = await call(t, 'GET', '/get-contest-problem', { as: amy, query: { cid } });
    expect(list.data[0]).toMatchObject({ displayId: 'A', ac: 1, total: 2, myStatus: 0 });
  });
});

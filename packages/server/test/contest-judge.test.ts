import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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

describe('a server killed between a verdict\'s commit and its listeners', () => {
  /** Stands for the process dying right after the commit: the result listeners never run. */
  const killed = () => { throw new Error('killed after commit'); };
  const cellOf = async (username: string) => {
    const res = await call(t, 'POST', '/get-contest-rank', { as: org, body: { cid, limit: 50 } });
    expect(res.code, res.msg).toBe(200);
    const r = res.data.records.find((x: any) => x.username === username);
    return r ? { ac: r.ac, errorNum: r.submissionInfo.A?.errorNum ?? 0, isAC: !!r.submissionInfo.A?.isAC } : null;
  };
  let ben: CUser, root: CUser, subId: number;

  beforeAll(async () => {
    ben = await user(t, 'ben');
    root = await user(t, 'root2', Role.ROOT);
    await call(t, 'POST', '/register-contest', { as: ben, body: { cid, password: 'go' } });
  });
  afterEach(() => { t.ctx.services.judge.crashAfterCommit = null; });

  it('a worker\'s verdict: the rank cell is committed with it', async () => {
    subId = (await submit(ben)).data.submitId;
    const task = await worker.claim();
    expect(task?.submitId).toBe(subId);
    t.ctx.services.judge.crashAfterCommit = killed;
    await expect(t.ctx.services.judge.applyResult({
      taskId: task!.taskId, leaseToken: task!.leaseToken,
      result: { status: S.ACCEPTED, score: null, time: 5, memory: 900, errorMessage: null, cases: casesOf(task!, S.ACCEPTED), judger: 'w1' },
    })).rejects.toThrow('killed after commit');
    t.ctx.services.judge.crashAfterCommit = null;
    expect((await t.ctx.db.selectFrom('submission').select('status').where('id', '=', subId).executeTakeFirstOrThrow()).status).toBe(S.ACCEPTED);
    expect(await cellOf('ben')).toEqual({ ac: 1, errorNum: 0, isAC: true });
    const ac = await call(t, 'GET', '/get-contest-ac-info', { as: org, query: { cid } });
    expect(ac.data.records.map((x: any) => x.username)).toContain('ben');
  });

  it('a manual judge: the rank cell is committed with it', async () => {
    t.ctx.services.judge.crashAfterCommit = killed;
    const res = await call(t, 'GET', '/admin/judge/manual-judge', { as: root, query: { submitId: subId, status: S.WRONG_ANSWER } });
    expect(res.code).toBe(500);
    t.ctx.services.judge.crashAfterCommit = null;
    expect(await cellOf('ben')).toEqual({ ac: 0, errorNum: 1, isAC: false });
  });

  it('a rejudge reset and a whole-problem rejudge: the rank cells are committed with them', async () => {
    t.ctx.services.judge.crashAfterCommit = killed;
    await expect(t.ctx.services.judge.rejudge(subId)).rejects.toThrow('killed after commit');
    t.ctx.services.judge.crashAfterCommit = null;
    // Pending again: the wrong answer no longer counts.
    expect(await cellOf('ben')).toMatchObject({ ac: 0, errorNum: 0 });
    await judgeNext(S.ACCEPTED);
    expect(await cellOf('ben')).toEqual({ ac: 1, errorNum: 0, isAC: true });
    expect(await cellOf('amy')).toMatchObject({ ac: 1 });

    t.ctx.services.judge.crashAfterCommit = killed;
    await expect(t.ctx.services.judge.rejudgeContestProblem(cid, pid)).rejects.toThrow('killed after commit');
    t.ctx.services.judge.crashAfterCommit = null;
    expect(await cellOf('ben')).toMatchObject({ ac: 0, errorNum: 0 });
    expect(await cellOf('amy')).toMatchObject({ ac: 0, errorNum: 0 });
  });
});

describe('concurrent verdicts and a whole-problem rejudge of one contest', () => {
  it('all commit (no deadlock on the contest row) and the cells equal a recomputation from scratch', async () => {
    const us: CUser[] = [];
    for (let i = 0; i < 6; i++) {
      const u = await user(t, `par${i}`);
      await call(t, 'POST', '/register-contest', { as: u, body: { cid, password: 'go' } });
      us.push(u);
    }
    for (const u of us) for (let k = 0; k < 2; k++) expect((await submit(u)).code).toBe(200);
    const workers = [0, 1, 2, 3].map((i) => new ProtocolWorker(t, `cw${i}`));
    for (const w of workers) await w.register(['C++']);
    const claimed: { w: ProtocolWorker; task: NonNullable<Awaited<ReturnType<ProtocolWorker['claim']>>> }[] = [];
    for (;;) {
      const w = workers[claimed.length % workers.length];
      const task = await w.claim();
      if (!task) break;
      claimed.push({ w, task });
    }
    expect(claimed.length).toBeGreaterThanOrEqual(12);
    const statuses = [S.ACCEPTED, S.WRONG_ANSWER, S.TIME_LIMIT_EXCEEDED];
    const results = claimed.map(({ w, task }, i) => t.ctx.services.judge.applyResult({ taskId: task.taskId, leaseToken: task.leaseToken, result: { status: statuses[i % 3], score: null, time: 5, memory: 900, errorMessage: null, cases: casesOf(task, statuses[i % 3]), judger: w.name } }));
    const rejudge = t.ctx.services.judge.rejudgeContestProblem(cid, pid);
    await Promise.all([...results, rejudge]);
    // Judge what the rejudge queued, again concurrently.
    const again: Promise<boolean>[] = [];
    for (let i = 0; ; i++) {
      const w = workers[i % workers.length];
      const task = await w.claim();
      if (!task) break;
      again.push(w.result(task, { status: statuses[i % 3], cases: casesOf(task, statuses[i % 3]) }));
    }
    await Promise.all(again);
    const incremental = await call(t, 'POST', '/get-contest-rank', { as: org, body: { cid, limit: 50 } });
    const rebuilt = await call(t, 'POST', '/get-contest-rank', { as: org, body: { cid, limit: 50, forceRefresh: true } });
    expect(incremental.data.records.length).toBeGreaterThanOrEqual(6);
    expect(incremental.data.records).toEqual(rebuilt.data.records);
  });
});

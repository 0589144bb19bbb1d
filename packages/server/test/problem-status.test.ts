import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus } from '@verdict/shared';
import { createTestApp, type TestApp } from './helpers.js';
import { ProtocolWorker, call, makeProblem, makeUser, type TestUser } from './judge-fixtures.js';

/**
 * The problem list's status marks come from user_problem_status (issue 16), kept in step by the
 * submit, verdict, manual judge, cancel and rejudge paths: what the user sees must follow every
 * one of them, exactly as a recomputation from the submissions would.
 */
let t: TestApp;
let alice: TestUser;
let root: TestUser;
let worker: ProtocolWorker;

beforeAll(async () => {
  t = await createTestApp();
  alice = await makeUser(t, 'alice');
  root = await makeUser(t, 'root', 1000);
  await makeProblem(t, { problemId: '1000' });
  await makeProblem(t, { problemId: '1001' });
  worker = new ProtocolWorker(t, 'w');
  await worker.register();
  const sw = await t.ctx.services.siteConfig.switches();
  await t.ctx.services.siteConfig.set('switch', { ...sw, defaultSubmitInterval: 0, submitCaptchaPerMinute: 0 });
});
afterAll(async () => { await t?.close(); });

const submit = async (pid: string) => {
  const r = await call(t, 'POST', '/api/submit-problem-judge', { user: alice, body: { pid, language: 'C++17', code: 'int main(){}' } });
  expect(r.code).toBe(200);
  return r.body.data.submitId as number;
};
/** Judges the next queued task with this verdict. */
const judgeNext = async (status: number) => {
  const task = (await worker.claim())!;
  expect(await worker.result(task, { status })).toBe(true);
  return Number(task.submitId);
};
const marks = async () => {
  const list = (await call(t, 'GET', '/api/get-problem-list', { user: alice, query: { limit: 50 } })).body.data.records as { problemId: string; myStatus: number }[];
  return Object.fromEntries(list.filter((r) => r.problemId.startsWith('100')).map((r) => [r.problemId, r.myStatus]));
};

describe('status marks of the problem list', () => {
  it('follow submit, verdicts, manual judge, rejudge and cancel', async () => {
    expect(await marks()).toEqual({ 1000: JudgeStatus.NOT_SUBMITTED, 1001: JudgeStatus.NOT_SUBMITTED });
    await submit('1000');
    expect((await marks())['1000']).toBe(JudgeStatus.PENDING);
    await judgeNext(JudgeStatus.WRONG_ANSWER);
    expect((await marks())['1000']).toBe(JudgeStatus.WRONG_ANSWER);

    const acId = await submit('1000');
    await judgeNext(JudgeStatus.ACCEPTED);
    expect(await marks()).toEqual({ 1000: JudgeStatus.ACCEPTED, 1001: JudgeStatus.NOT_SUBMITTED });
    // A later wrong answer does not take an accepted problem's mark away.
    await submit('1000');
    await judgeNext(JudgeStatus.WRONG_ANSWER);
    expect((await marks())['1000']).toBe(JudgeStatus.ACCEPTED);

    // A rejudge puts the accepted submission back in the queue: no longer accepted meanwhile, the
    // latest submission's verdict shows; a manual judge to WA keeps it so.
    expect((await call(t, 'GET', '/api/admin/judge/rejudge', { user: root, query: { submitId: acId } })).code).toBe(200);
    expect((await marks())['1000']).toBe(JudgeStatus.WRONG_ANSWER);
    await judgeNext(JudgeStatus.ACCEPTED);
    expect((await marks())['1000']).toBe(JudgeStatus.ACCEPTED);
    const manual = await call(t, 'GET', '/api/admin/judge/manual-judge', { user: root, query: { submitId: acId, status: JudgeStatus.WRONG_ANSWER } });
    expect(manual.code, manual.body.msg).toBe(200);
    expect((await marks())['1000']).toBe(JudgeStatus.WRONG_ANSWER);

    // The table equals a recomputation from the submissions.
    const subs = await t.ctx.db.selectFrom('submission').select(['uid', 'pid', 'cid', 'gid', 'id', 'status', 'score']).execute();
    const rows = await t.ctx.db.selectFrom('user_problem_status').selectAll().execute();
    const expected = new Map<string, { last_id: number; ac: number }>();
    for (const s of subs) {
      const k = `${s.uid}:${s.pid}:${s.cid}:${s.gid}`;
      const e = expected.get(k) ?? { last_id: 0, ac: 0 };
      expected.set(k, { last_id: Math.max(e.last_id, s.id), ac: e.ac || (s.status === JudgeStatus.ACCEPTED ? 1 : 0) });
    }
    expect(new Map(rows.map((r) => [`${r.uid}:${r.pid}:${r.cid}:${r.gid}`, { last_id: r.last_id, ac: r.ac }]))).toEqual(expected);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JudgeStatus, JUDGE_TOKEN_HEADER } from '@verdict/shared';
import { createTestApp, type TestApp } from './helpers.js';
import { ProtocolWorker, call, casesOf, makeProblem, makeUser, sleep, type TestUser } from './judge-fixtures.js';

let t: TestApp;
let alice: TestUser;
let pid: number;

beforeAll(async () => {
  t = await createTestApp();
  alice = await makeUser(t, 'alice');
  pid = await makeProblem(t, { problemId: '1000' });
  await new ProtocolWorker(t, 'registrar').register();
  const sw = await t.ctx.services.siteConfig.switches();
  await t.ctx.services.siteConfig.set('switch', { ...sw, defaultSubmitInterval: 0, submitCaptchaPerMinute: 0 });
});
afterAll(async () => { await t?.close(); });

/** Finishes every queued task so each test starts with an empty queue. */
beforeEach(async () => {
  await t.ctx.db.updateTable('judge_task').set({ state: 'done' }).execute();
  t.ctx.services.judge.queue.leaseMs = 60_000;
});

const submit = (code = 'int main(){}', language = 'C++17') =>
  call(t, 'POST', '/api/submit-problem-judge', { user: alice, body: { pid: '1000', language, code } });

describe('judge queue', () => {
  it('writes the submission and its task together, and a refused submit writes neither', async () => {
    const before = await t.ctx.db.selectFrom('submission').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const r = await submit();
    expect(r.code).toBe(200);
    const id = r.body.data.submitId;
    const sub = await t.ctx.db.selectFrom('submission').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(sub.status).toBe(JudgeStatus.PENDING);
    const tasks = await t.ctx.db.selectFrom('judge_task').selectAll().where('ref_id', '=', String(id)).execute();
    expect(tasks).toHaveLength(1);
    expect(tasks[0].state).toBe('queued');

    // Too fast under the site's interval: 400 with the wait, and nothing written.
    const sw = await t.ctx.services.siteConfig.switches();
    await t.ctx.services.siteConfig.set('switch', { ...sw, defaultSubmitInterval: 30 });
    const fast = await call(t, 'POST', '/api/submit-problem-judge', { user: alice, body: { pid: '1000', language: 'C++17', code: 'x' }, lang: 'en-US' });
    await t.ctx.services.siteConfig.set('switch', { ...sw, defaultSubmitInterval: 0, submitCaptchaPerMinute: 0 });
    expect(fast.code).toBe(400);
    expect(fast.body.msg).toMatch(/Submitting too fast, please wait \d+ seconds/);
    const after = await t.ctx.db.selectFrom('submission').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
    expect(await t.ctx.db.selectFrom('judge_task').select('id').where('state', '=', 'queued').execute()).toHaveLength(1);
  });

  it('tells each waiting submission its place in the queue, and moves it up as tasks are claimed (issue 26 item 14)', async () => {
    const ids = [(await submit()).body.data.submitId, (await submit()).body.data.submitId, (await submit()).body.data.submitId];
    const places = async () => {
      const data = (await call(t, 'POST', '/api/check-submissions-status', { body: { submitIds: ids } })).body.data;
      return ids.map((id) => data[id].queuePosition ?? null);
    };
    expect(await places()).toEqual([1, 2, 3]);
    // A remote-judge task waits in its site's queue, not ahead of these.
    const remote = await t.ctx.db.insertInto('judge_task').values({ kind: 'remote', ref_id: '999999', priority: 0, state: 'queued', attempts: 0, created_at: Date.now() } as never)
      .returning('id').executeTakeFirstOrThrow();
    expect(await places()).toEqual([1, 2, 3]);
    await t.ctx.db.deleteFrom('judge_task').where('id', '=', remote.id).execute();
    const w = new ProtocolWorker(t, 'wq');
    await w.register();
    const task = await w.claim();
    expect(task?.submitId).toBe(ids[0]);
    // The one being judged has no place any more; the others moved up.
    expect(await places()).toEqual([null, 1, 2]);
  });

  it('leases a task to one worker, shows progress, applies the result once', async () => {
    const w = new ProtocolWorker(t, 'w1');
    await w.register();
    const id = (await submit()).body.data.submitId;
    const task = await w.claim();
    expect(task?.kind).toBe('submission');
    expect(task?.submitId).toBe(id);
    expect(task?.problem.cases.map((c) => c.inputName)).toEqual(['1.in', '2.in']);
    expect(task?.problem.caseVersion).toMatch(/^v-1000-[0-9a-f]{12}$/);
    // Nobody else gets it.
    expect(await new ProtocolWorker(t, 'w2').claim()).toBeNull();

    expect(await w.progress(task!, 7, 1, 2)).toBe(true);
    const poll = await call(t, 'POST', '/api/check-submissions-status', { body: { submitIds: [id] } });
    expect(poll.body.data[id]).toMatchObject({ status: JudgeStatus.JUDGING, caseDone: 1, caseTotal: 2 });

    expect(await w.result(task!, { status: 0, cases: casesOf(task!, 0) })).toBe(true);
    expect(await w.result(task!, { status: -1, cases: casesOf(task!, -1) })).toBe(false);
    const sub = await t.ctx.db.selectFrom('submission').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(sub.status).toBe(JudgeStatus.ACCEPTED);
    expect(sub.judger).toBe('w1');
    expect(await t.ctx.db.selectFrom('judge_case').select('id').where('submit_id', '=', id).execute()).toHaveLength(2);
    const acc = await t.ctx.db.selectFrom('user_accept').selectAll().where('uid', '=', alice.uid).where('pid', '=', pid).execute();
    expect(acc.map((a) => a.submit_id)).toContain(id);
    // Progress after the end is refused: the worker must stop.
    expect(await w.progress(task!, 7, 2, 2)).toBe(false);
  });

  it('never hands one task to two of many workers claiming at the same time', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push((await submit(`code ${i}`)).body.data.submitId);
    const workers = Array.from({ length: 8 }, (_, i) => new ProtocolWorker(t, `crowd-${i}`));
    const got: number[] = [];
    await Promise.all(workers.map(async (w) => {
      for (;;) {
        const task = await w.claim();
        if (!task) return;
        got.push(task.submitId!);
      }
    }));
    expect(got.sort((a, b) => a - b)).toEqual(ids);
    const leased = await t.ctx.db.selectFrom('judge_task').select(['ref_id', 'lease_owner']).where('state', '=', 'leased').execute();
    expect(new Set(leased.map((r) => r.ref_id)).size).toBe(20);
  });

  it('puts an expired lease back; the late worker\'s result is refused and the task judged once', async () => {
    const q = t.ctx.services.judge.queue;
    q.leaseMs = 200;
    const slow = new ProtocolWorker(t, 'slow');
    const fast = new ProtocolWorker(t, 'fast');
    const id = (await submit()).body.data.submitId;
    const first = await slow.claim();
    expect(first?.submitId).toBe(id);
    await sleep(300);
    await q.requeueExpired(); // (the module's own periodic sweep may have done it already)
    q.leaseMs = 60_000;
    const second = await fast.claim();
    expect(second?.submitId).toBe(id);
    expect(second?.leaseToken).not.toBe(first?.leaseToken);
    expect(await slow.result(first!, { status: -1, cases: casesOf(first!, -1) })).toBe(false);
    expect(await fast.result(second!, { status: 0, cases: casesOf(second!, 0) })).toBe(true);
    const sub = await t.ctx.db.selectFrom('submission').select(['status', 'judger']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(sub).toEqual({ status: JudgeStatus.ACCEPTED, judger: 'fast' });
  });

  it('gives a task up as System Error after repeated lost leases, never leaving it Pending', async () => {
    const q = t.ctx.services.judge.queue;
    q.leaseMs = 50;
    const id = (await submit()).body.data.submitId;
    const w = new ProtocolWorker(t, 'flaky');
    for (let i = 0; i < 3; i++) {
      expect((await w.claim())?.submitId).toBe(id);
      await sleep(80);
      await q.requeueExpired();
    }
    const sub = await t.ctx.db.selectFrom('submission').select(['status', 'error_message']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(sub.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(sub.error_message).toMatch(/3 times/);
    expect(await w.claim()).toBeNull();
  });

  it('hands out contest submissions and test runs before normal ones', async () => {
    const normal = (await submit()).body.data.submitId;
    const sub = await t.ctx.services.submission.submit(
      { uid: alice.uid, username: 'alice', role: 1002, roles: [1002], roleNames: ['default_user'], sessionId: '' },
      { pid: 'A', language: 'C++17', code: 'contest code' }, { contest: { cid: 7, pid, cpid: 1, displayPid: 'A' } },
    );
    const key = (await call(t, 'POST', '/api/submit-problem-test-judge', { user: alice, body: { pid, language: 'C++17', code: 'x', userInput: '1 2' } })).body.data;
    const w = new ProtocolWorker(t, 'prio');
    const order = [await w.claim(), await w.claim(), await w.claim()];
    expect(order.map((x) => x?.submitId ?? x?.testKey)).toEqual([sub.id, key, normal]);
    expect(order[1]?.kind).toBe('test');
    expect(order[1]?.testInput).toBe('1 2');
  });

  it('long-polls: a waiting claim gets a task queued after it started, without waiting for the poll', async () => {
    const w = new ProtocolWorker(t, 'waiter');
    const started = Date.now();
    const pending = w.claim(5000);
    await sleep(100);
    const id = (await submit()).body.data.submitId;
    const task = await pending;
    expect(task?.submitId).toBe(id);
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('stores thousands of case results, and finishes a submission whose problem was deleted meanwhile', async () => {
    const w = new ProtocolWorker(t, 'bulk');
    const id = (await submit()).body.data.submitId;
    const task = (await w.claim())!;
    const many = Array.from({ length: 3000 }, (_, i) => ({ ...casesOf(task, 0)[0], seq: i + 1 }));
    expect(await w.result(task, { status: 0, cases: many })).toBe(true);
    expect(await t.ctx.db.selectFrom('judge_case').select('id').where('submit_id', '=', id).execute()).toHaveLength(3000);

    const gone = await makeProblem(t, { problemId: 'GONE' });
    const r = await call(t, 'POST', '/api/submit-problem-judge', { user: alice, body: { pid: 'GONE', language: 'C++17', code: 'x' } });
    const t2 = (await w.claim())!;
    await t.ctx.db.deleteFrom('problem').where('id', '=', gone).execute();
    expect(await w.result(t2, { status: -1, cases: casesOf(t2, -1) })).toBe(true);
    const sub = await t.ctx.db.selectFrom('submission').select('status').where('id', '=', r.body.data.submitId).executeTakeFirstOrThrow();
    expect(sub.status).toBe(JudgeStatus.WRONG_ANSWER);
  });

  it('a worker restarted under its name gets its old leases put back at once; a re-registration while running keeps them', async () => {
    const w = new ProtocolWorker(t, 'phoenix');
    await w.register(undefined, true);
    const id = (await submit()).body.data.submitId;
    const task = await w.claim();
    expect(task?.submitId).toBe(id);
    const state = async () => (await t.ctx.db.selectFrom('judge_task').select(['state', 'lease_owner']).where('id', '=', task!.taskId).executeTakeFirstOrThrow());
    // Told by a heartbeat that the server forgot it, a running worker registers again: nothing moves.
    await w.register();
    expect(await state()).toEqual({ state: 'leased', lease_owner: 'phoenix' });
    // Another worker's start does not touch it either.
    await new ProtocolWorker(t, 'phoenix2').register(undefined, true);
    expect((await state()).state).toBe('leased');
    // The same name starting again (killed mid-judging): queued now, not after the 60 s lease.
    await w.register(undefined, true);
    expect(await state()).toEqual({ state: 'queued', lease_owner: null });
    const again = await w.claim();
    expect(again?.submitId).toBe(id);
    expect(await w.result(task!, { status: 0, cases: casesOf(task!, 0) })).toBe(false);
    expect(await w.result(again!, { status: 0, cases: casesOf(again!, 0) })).toBe(true);
  });

  it('checks the judge token and serves test data by version with hashes', async () => {
    const noToken = await t.app.inject({ method: 'POST', url: '/api/judge/claim', payload: { name: 'x', waitMs: 0, freeSlots: 1 } });
    expect(noToken.statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'GET', url: `/api/judge/testdata/${pid}`, headers: { [JUDGE_TOKEN_HEADER]: 'wrong' } });
    expect(bad.statusCode).toBe(401);
    const h = { [JUDGE_TOKEN_HEADER]: t.ctx.config.judgeToken };
    const { case_version: version } = await t.ctx.db.selectFrom('problem').select('case_version').where('id', '=', pid).executeTakeFirstOrThrow();
    const m = await t.app.inject({ method: 'GET', url: `/api/judge/testdata/${pid}?version=${version}`, headers: h });
    expect(m.statusCode).toBe(200);
    const files = m.json().data.files as { name: string; size: number; sha256: string }[];
    expect(files.map((f) => f.name)).toEqual(['1.in', '1.out', '2.in', '2.out']);
    expect(files[0].sha256).toMatch(/^[0-9a-f]{64}$/);
    const f = await t.app.inject({ method: 'GET', url: `/api/judge/testdata/${pid}/file/2.out?version=${version}`, headers: h });
    expect(f.body).toBe('12\n');
    const stale = await t.app.inject({ method: 'GET', url: `/api/judge/testdata/${pid}?version=old`, headers: h });
    expect(stale.statusCode).toBe(409);
    const traversal = await t.app.inject({ method: 'GET', url: `/api/judge/testdata/${pid}/file/..%2F..%2Fjudge-token`, headers: h });
    expect(traversal.statusCode).toBe(404);
  });

  it('refuses a worker of another protocol version with the reason', async () => {
    const r = await t.app.inject({
      method: 'POST', url: '/api/judge/register', headers: { [JUDGE_TOKEN_HEADER]: t.ctx.config.judgeToken, 'accept-language': 'en-US' },
      payload: { name: 'old', version: '0', protocol: 99, cpuCores: 1, slots: 1, isolation: 'full', languages: [] },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toBe('This judge speaks protocol 99; the server speaks 1. Update the judge');
  });

  it('keeps judge server records for the admin', async () => {
    const w = new ProtocolWorker(t, 'rec');
    await w.register(['C++17']);
    await t.app.inject({ method: 'POST', url: '/api/judge/heartbeat', headers: { [JUDGE_TOKEN_HEADER]: t.ctx.config.judgeToken }, payload: { name: 'rec', load: 0.5, running: 1 } });
    const root = await makeUser(t, 'root1', 1000);
    const list = await call(t, 'GET', '/api/admin/judge-server-list', { user: root });
    const rec = list.body.data.find((s: { name: string }) => s.name === 'rec');
    expect(rec).toMatchObject({ cpuCores: 2, slots: 1, isolation: 'full', load: 0.5, running: 1, online: true });
    expect(rec.languages[0]).toMatchObject({ name: 'C++17', available: true });
    expect((await call(t, 'GET', '/api/admin/judge-server-list', { user: alice })).code).toBe(403);
  });
});

import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus } from '@verdict/shared';
import { buildApp, type BuiltApp } from '../src/app.js';
import { localWorkerName } from '../src/modules/judge/local-workers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { ProtocolWorker, call, casesOf, makeProblem, makeUser, sleep, type TestUser } from './judge-fixtures.js';

// Crash safety of issue 3: a worker killed with SIGKILL mid-task, a server restarted with work in
// flight, and (with Redis) a task queued on one server waking a claim waiting on another.
let t: TestApp;
let alice: TestUser;
const PORT = 18200 + (process.env.TEST_DB === 'postgres' ? 11 : 10);

/** A second server process on the same database (a restarted server or another instance). */
async function sibling(env: Partial<BuiltApp['ctx']['config']> = {}): Promise<BuiltApp> {
  const built = await buildApp({ ...t.ctx.config, ...env }, { logger: false });
  await built.app.ready();
  return built;
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await makeUser(t, 'alice');
  await makeProblem(t, { problemId: '1000' });
  const sw = await t.ctx.services.siteConfig.switches();
  await t.ctx.services.siteConfig.set('switch', { ...sw, defaultSubmitInterval: 0, submitCaptchaPerMinute: 0 });
  await new ProtocolWorker(t, 'registrar').register();
  await t.app.listen({ port: PORT, host: '127.0.0.1' });
});
afterAll(async () => { await t?.close(); });

/**
 * A worker in its own process: registers, claims one task, reports Judging, prints the task id,
 * then hangs as if busy judging — until it is killed.
 */
const HANGING_WORKER = `
const [url, token] = process.argv.slice(1);
const post = async (p, body) => (await (await fetch(url + '/api/judge/' + p, { method: 'POST', headers: { 'content-type': 'application/json', 'x-judge-token': token }, body: JSON.stringify(body) })).json()).data;
await post('register', { name: 'doomed', version: 't', protocol: 1, cpuCores: 1, slots: 1, isolation: 'full', languages: [{ name: 'C++17', available: true, version: '1' }] });
const { task } = await post('claim', { name: 'doomed', waitMs: 10000, freeSlots: 1 });
await post('progress', { taskId: task.taskId, leaseToken: task.leaseToken, status: 7, caseDone: 1, caseTotal: 2 });
console.log('claimed ' + task.submitId);
setInterval(() => {}, 1000);
`;

describe('crash safety', () => {
  it('a worker killed with SIGKILL mid-task: the submission is judged once, by another worker', async () => {
    const q = t.ctx.services.judge.queue;
    q.leaseMs = 1500;
    const id = (await call(t, 'POST', '/api/submit-problem-judge', { user: alice, body: { pid: '1000', language: 'C++17', code: 'int main(){}' } })).body.data.submitId;
    const child = spawn(process.execPath, ['--input-type=module', '-e', HANGING_WORKER, `http://127.0.0.1:${PORT}`, t.ctx.config.judgeToken], { stdio: ['ignore', 'pipe', 'inherit'] });
    const claimed = await new Promise<string>((resolve, reject) => {
      child.stdout!.on('data', (d) => resolve(String(d).trim()));
      child.on('exit', (c) => reject(new Error(`worker exited ${c}`)));
    });
    expect(claimed).toBe(`claimed ${id}`);
    expect((await t.ctx.db.selectFrom('submission').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe(JudgeStatus.JUDGING);

    const exited = new Promise((r) => child.on('exit', r));
    child.kill('SIGKILL');
    await exited;

    // Another worker's long-poll picks the task up once the dead worker's lease has expired.
    const rescuer = new ProtocolWorker(t, 'rescuer');
    const started = Date.now();
    const task = await rescuer.claim(10_000);
    q.leaseMs = 60_000;
    expect(task?.submitId).toBe(id);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await rescuer.result(task!, { status: 0, cases: casesOf(task!, 0) })).toBe(true);
    const sub = await t.ctx.db.selectFrom('submission').select(['status', 'judger']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(sub).toEqual({ status: JudgeStatus.ACCEPTED, judger: 'rescuer' });
    expect(await t.ctx.db.selectFrom('judge_case').select('id').where('submit_id', '=', id).execute()).toHaveLength(2);
    const tasks = await t.ctx.db.selectFrom('judge_task').select(['state', 'attempts']).where('kind', '=', 'submission').where('ref_id', '=', String(id)).execute();
    expect(tasks).toEqual([{ state: 'done', attempts: 2 }]);
  });

  it('a restarted server takes back its local worker\'s task and re-queues orphaned submissions', async () => {
    const local = new ProtocolWorker(t, localWorkerName(t.ctx.config));
    const a = (await call(t, 'POST', '/api/submit-problem-judge', { user: alice, body: { pid: '1000', language: 'C++17', code: 'a' } })).body.data.submitId;
    const held = await local.claim();
    expect(held?.submitId).toBe(a);
    await local.progress(held!, 7, 1, 2);
    // A submission left Judging without any task (as a crashed older server could leave it).
    const b = (await call(t, 'POST', '/api/submit-problem-judge', { user: alice, body: { pid: '1000', language: 'C++17', code: 'b' } })).body.data.submitId;
    await t.ctx.db.updateTable('judge_task').set({ state: 'done' }).where('ref_id', '=', String(b)).execute();
    await t.ctx.db.updateTable('submission').set({ status: JudgeStatus.JUDGING }).where('id', '=', b).execute();

    const restarted = await sibling();
    try {
      const w = new ProtocolWorker({ ...t, app: restarted.app, ctx: restarted.ctx }, 'after-restart');
      const got = [await w.claim(), await w.claim()];
      expect(got.map((x) => x?.submitId).sort()).toEqual([a, b].sort());
      for (const task of got) expect(await w.result(task!, { status: 0, cases: casesOf(task!, 0) })).toBe(true);
      // The old local worker, if it somehow survived, is refused.
      expect(await local.result(held!, { status: -1 })).toBe(false);
      const rows = await t.ctx.db.selectFrom('submission').select(['id', 'status']).where('id', 'in', [a, b]).orderBy('id').execute();
      expect(rows.map((r) => r.status)).toEqual([JudgeStatus.ACCEPTED, JudgeStatus.ACCEPTED]);
    } finally {
      await restarted.app.close();
    }
  });

  it.runIf(process.env.TEST_DB === 'postgres')('with REDIS_URL, a task queued on one server wakes a claim waiting on another at once', async () => {
    const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const s1 = await sibling({ redisUrl });
    const s2 = await sibling({ redisUrl });
    try {
      // Without a notification the waiting claim would look again only after 8 s.
      s2.ctx.services.judge.queue.pollMs = 8000;
      await sleep(300); // subscriptions established
      const w = new ProtocolWorker({ ...t, app: s2.app, ctx: s2.ctx }, 'redis-waiter');
      const waiting = w.claim(10_000);
      await sleep(200);
      const started = Date.now();
      const r = await s1.app.inject({ method: 'POST', url: '/api/submit-problem-judge', headers: { authorization: alice.token }, payload: { pid: '1000', language: 'C++17', code: 'redis' } });
      const task = await waiting;
      expect(task?.submitId).toBe(r.json().data.submitId);
      expect(Date.now() - started).toBeLessThan(1500);
      await w.result(task!, { status: 0 });
    } finally {
      await s1.app.close();
      await s2.app.close();
    }
  });
});

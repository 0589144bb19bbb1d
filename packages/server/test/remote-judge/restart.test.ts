import { afterAll, beforeAll, expect, it } from 'vitest';
import { JudgeStatus, Role } from '@verdict/shared';
import { RemoteJudgeWorker } from '../../src/modules/remote-judge/worker.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { makeUser, type TestUser } from '../judge-fixtures.js';
import { api, finalOf, waitFor } from './fixtures.js';
import { startCfStandIn, type CfStandIn } from './stand-ins/cf.js';

/**
 * A server dies while it follows a remote submission: its task lease and account lease expire,
 * another worker claims the task and resumes polling the same run with the same account — the
 * code is never sent twice and the submission does not stay in Judging.
 */
let t: TestApp;
let cf: CfStandIn;
let root: TestUser;
let user: TestUser;

beforeAll(async () => {
  cf = await startCfStandIn();
  // No worker of the app's own: the test runs two, one after the other.
  t = await createTestApp({}, { REMOTE_JUDGE_SLOTS: '0' });
  t.ctx.services.remoteJudge.minIntervalOverrideMs = 0;
  t.ctx.services.judge.queue.leaseMs = 600;
  root = await makeUser(t, 'rootrs', Role.ROOT);
  user = await makeUser(t, 'userrs', Role.DEFAULT_USER);
  const sw = await t.ctx.services.siteConfig.switches();
  await t.ctx.services.siteConfig.set('switch', { ...sw, defaultSubmitInterval: 0 });
  await api(t, 'PUT', '/api/admin/remote-judge/site', { user: root, body: { oj: 'CF', enabled: true, baseUrl: cf.url } });
  await api(t, 'POST', '/api/admin/remote-judge/account', { user: root, body: { oj: 'CF', username: 'vjudge1', password: 'secret1' } });
  await api(t, 'GET', '/api/admin/problem/import-remote-oj-problem', { user: root, query: { name: 'CF', problemId: '1000A' } });
});
afterAll(async () => {
  await t?.close();
  await cf?.close();
});

it('resumes a sent submission after the worker died, without sending it again', async () => {
  const res = await api(t, 'POST', '/api/submit-problem-judge', { user, body: { pid: 'CF-1000A', language: 'C++ 17', code: 'int main() {}\n' } });
  const id = res.body.data.submitId as number;
  // Slow polls: the first worker is still following the run when it dies.
  const first = new RemoteJudgeWorker(t.ctx, t.ctx.services.remoteJudge, 'server-a', { slots: 1, pollMs: 400 });
  await first.start();
  await waitFor('the run id', () => t.ctx.db.selectFrom('remote_submission').select('run_id').where('submit_id', '=', id).where('run_id', 'is not', null).executeTakeFirst());
  // "Dies": stops without handing anything back (its task lease stays until it expires).
  const crashed = first as unknown as { stopped: boolean; wake: AbortController; loops: Promise<void>[] };
  crashed.stopped = true;
  crashed.wake.abort();
  await Promise.allSettled(crashed.loops);
  const leased = await t.ctx.db.selectFrom('judge_task').select(['state', 'attempts']).where('kind', '=', 'remote').where('ref_id', '=', String(id)).executeTakeFirstOrThrow();
  expect(leased.state).toBe('leased');
  const mid = await t.ctx.db.selectFrom('submission').select('status').where('id', '=', id).executeTakeFirstOrThrow();
  expect([JudgeStatus.PENDING, JudgeStatus.JUDGING]).toContain(mid.status);

  const second = new RemoteJudgeWorker(t.ctx, t.ctx.services.remoteJudge, 'server-b', { slots: 1, pollMs: 30 });
  await second.start();
  const row = await finalOf(t, id, 20_000);
  await second.stop();
  expect(row.status).toBe(JudgeStatus.ACCEPTED);
  expect(cf.runs.length).toBe(1);
});

it('hands a followed submission back at once when the server shuts down', async () => {
  const res = await api(t, 'POST', '/api/submit-problem-judge', { user, body: { pid: 'CF-1000A', language: 'C++ 17', code: 'int main() { return 0; }\n' } });
  const id = res.body.data.submitId as number;
  const a = new RemoteJudgeWorker(t.ctx, t.ctx.services.remoteJudge, 'server-c', { slots: 1, pollMs: 400 });
  await a.start();
  await waitFor('the run id', () => t.ctx.db.selectFrom('remote_submission').select('run_id').where('submit_id', '=', id).where('run_id', 'is not', null).executeTakeFirst());
  await a.stop();
  const task = await t.ctx.db.selectFrom('judge_task').select(['state', 'attempts']).where('kind', '=', 'remote').where('ref_id', '=', String(id)).executeTakeFirstOrThrow();
  expect(task).toEqual({ state: 'queued', attempts: 0 });
  const b = new RemoteJudgeWorker(t.ctx, t.ctx.services.remoteJudge, 'server-d', { slots: 1, pollMs: 30 });
  await b.start();
  expect((await finalOf(t, id)).status).toBe(JudgeStatus.ACCEPTED);
  await b.stop();
  expect(cf.runs.length).toBe(2);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus as S } from '@verdict/shared';
import { IDEMPOTENCY_TTL_MS } from '../src/modules/submission/idempotency.js';
import { createTestApp, type TestApp } from './helpers.js';
import { MIN, contest } from './contest-fixtures.js';
import { ProtocolWorker, casesOf, makeProblem, makeUser, type TestUser } from './judge-fixtures.js';

/**
 * Submit idempotency (issue 16): a retry of a submit that committed, sent with the same
 * Idempotency-Key, answers the first submission instead of making a second one. Run on SQLite
 * and PostgreSQL (TEST_DB=postgres); on PostgreSQL the concurrent submits really overlap.
 */
let t: TestApp;
let amy: TestUser, bob: TestUser, root: TestUser;
let worker: ProtocolWorker;
let cid: number;
let n = 0;

const body = (extra: Record<string, unknown> = {}) => ({ pid: 'I1', language: 'C++17', code: `int main(){return ${n++};}`, ...extra });

async function submit(as: TestUser, payload: unknown, key?: string | string[], lang = 'en-US') {
  const headers: Record<string, string | string[]> = { authorization: as.token, 'accept-language': lang };
  if (key !== undefined) headers['idempotency-key'] = key;
  const res = await t.app.inject({ method: 'POST', url: '/api/submit-problem-judge', headers, payload: payload as object });
  return { code: res.statusCode, body: res.json() as { status: number; msg: string; data: any } };
}

const countOf = async (uid: number) =>
  Number((await t.ctx.db.selectFrom('submission').select((eb) => eb.fn.countAll<number>().as('n')).where('uid', '=', uid).executeTakeFirstOrThrow()).n);

/** Judges everything queued, so each test starts with an empty queue. */
async function drain(status: number = S.ACCEPTED) {
  for (let task = await worker.claim(); task; task = await worker.claim()) await worker.result(task, { status, cases: casesOf(task, status) });
}

beforeAll(async () => {
  t = await createTestApp();
  [amy, bob, root] = await Promise.all([makeUser(t, 'amy'), makeUser(t, 'bob'), makeUser(t, 'root', 1000)]);
  const pid = await makeProblem(t, { problemId: 'I1' });
  const sw = await t.ctx.services.siteConfig.switches();
  // The site's submit interval stays on: a retry must not be refused as "too fast" by its own first try.
  await t.ctx.services.siteConfig.set('switch', { ...sw, defaultSubmitInterval: 10, submitCaptchaPerMinute: 0 });
  worker = new ProtocolWorker(t, 'idem-worker');
  await worker.register(['C++17']);
  const now = Date.now();
  // OI without real-time rank: a participant's own verdict is hidden until the end.
  cid = await contest(t, root, { type: 1, auth: 0, startTime: now - 30 * MIN, endTime: now + 60 * MIN, sealRank: true, sealRankChoice: 2 });
  const add = await t.app.inject({ method: 'POST', url: '/api/admin/contest/add-problem-from-public', headers: { authorization: root.token }, payload: { cid, pid, displayId: 'A' } });
  expect(add.statusCode).toBe(200);
  const reg = await t.app.inject({ method: 'POST', url: '/api/register-contest', headers: { authorization: amy.token }, payload: { cid, password: '' } });
  expect(reg.statusCode).toBe(200);
});
afterAll(async () => { await t?.close(); });

describe('Idempotency-Key on submit-problem-judge', () => {
  it('makes one submission of several concurrent submits with one key, each answered with it', async () => {
    const before = await countOf(amy.uid);
    const b = body();
    const answers = await Promise.all(Array.from({ length: 5 }, () => submit(amy, b, 'click-1')));
    expect(answers.map((a) => [a.code, a.body.msg])).toEqual(Array(5).fill([200, 'success']));
    const ids = new Set(answers.map((a) => a.body.data.submitId));
    expect(ids.size).toBe(1);
    expect(await countOf(amy.uid)).toBe(before + 1);
    const tasks = await t.ctx.db.selectFrom('judge_task').select('id').where('kind', '=', 'submission').where('ref_id', '=', String([...ids][0])).execute();
    expect(tasks).toHaveLength(1);
    // Every answer is the same body (the submission as it was saved).
    expect(new Set(answers.map((a) => JSON.stringify(a.body.data))).size).toBe(1);
    await drain();
  });

  it('answers a retry after the first submit committed, even past the submit interval and after the verdict, as it answered first', async () => {
    await t.ctx.db.updateTable('submission').set({ submit_time: Date.now() - 60_000 }).where('uid', '=', amy.uid).execute();
    const b = body();
    const first = await submit(amy, b, 'click-2');
    expect(first.code).toBe(200);
    await drain(S.WRONG_ANSWER);
    const retry = await submit(amy, b, 'click-2');
    expect(retry.code, retry.body.msg).toBe(200);
    expect(retry.body.data).toEqual(first.body.data);
    expect(retry.body.data.status).toBe(S.PENDING);
    // Without the key the interval applies as before.
    const other = await submit(amy, body());
    expect([other.code, other.body.msg]).toEqual([400, 'Submitting too fast, please wait 10 seconds']);
  });

  it('makes two submissions of two keys, and a key another user sent never answers with theirs', async () => {
    await t.ctx.db.updateTable('submission').set({ submit_time: Date.now() - 60_000 }).where('uid', 'in', [amy.uid, bob.uid]).execute();
    const beforeAmy = await countOf(amy.uid);
    const beforeBob = await countOf(bob.uid);
    const a1 = await submit(amy, body(), 'key-a');
    await t.ctx.db.updateTable('submission').set({ submit_time: Date.now() - 60_000 }).where('uid', '=', amy.uid).execute();
    const a2 = await submit(amy, body(), 'key-b');
    const b1 = await submit(bob, body(), 'key-a');
    expect([a1.code, a2.code, b1.code]).toEqual([200, 200, 200]);
    expect(new Set([a1.body.data.submitId, a2.body.data.submitId, b1.body.data.submitId]).size).toBe(3);
    expect(b1.body.data.uid).toBe(bob.uid);
    expect(await countOf(amy.uid)).toBe(beforeAmy + 2);
    expect(await countOf(bob.uid)).toBe(beforeBob + 1);
    await drain();
  });

  it('keeps a contest submit retried after its sealed verdict at Pending, and lets a day-old key make a new submission', async () => {
    const b = { pid: 'A', cid, language: 'C++17', code: 'int main(){}' };
    const first = await submit(amy, b, 'contest-click');
    expect(first.code, first.body.msg).toBe(200);
    expect(first.body.data.cid).toBe(cid);
    await drain(S.ACCEPTED);
    const retry = await submit(amy, b, 'contest-click');
    expect(retry.body.data).toEqual(first.body.data);
    expect([retry.body.data.status, retry.body.data.score]).toEqual([S.PENDING, null]);
    // A key older than the TTL is free again.
    await t.ctx.db.updateTable('submit_idempotency').set({ created_at: Date.now() - IDEMPOTENCY_TTL_MS - 1000 })
      .where('uid', '=', amy.uid).where('idem_key', '=', 'contest-click').execute();
    const later = await submit(amy, b, 'contest-click');
    expect(later.code).toBe(200);
    expect(later.body.data.submitId).not.toBe(first.body.data.submitId);
    await drain();
  });

  it('makes one submission of concurrent contest submits with one key (no interval there: the key alone decides), rolling the others back', async () => {
    const before = await countOf(bob.uid);
    await t.app.inject({ method: 'POST', url: '/api/register-contest', headers: { authorization: bob.token }, payload: { cid, password: '' } });
    const b = { pid: 'A', cid, language: 'C++17', code: 'int main(){ return 0; }' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => submit(bob, b, 'contest-race')));
    expect(answers.map((a) => a.code)).toEqual(Array(5).fill(200));
    const ids = new Set(answers.map((a) => a.body.data.submitId));
    expect(ids.size).toBe(1);
    expect(await countOf(bob.uid)).toBe(before + 1);
    // The losers' rows were rolled back with their tasks and status rows: one task, one submission.
    const tasks = await t.ctx.db.selectFrom('judge_task').select('ref_id').where('kind', '=', 'submission').where('state', '!=', 'done').execute();
    expect(tasks.map((r) => r.ref_id)).toEqual([String([...ids][0])]);
    await drain();
  });

  it('refuses an unusable key with a clear message in both languages and saves nothing', async () => {
    const before = await countOf(bob.uid);
    for (const key of ['has space', 'x'.repeat(101), 'caf\u00e9', ['a', 'b']]) {
      const r = await submit(bob, body(), key);
      expect([r.code, r.body.msg]).toEqual([400, 'The Idempotency-Key header must be 1 to 100 visible ASCII characters without spaces']);
    }
    const zh = await submit(bob, body(), 'has space', 'zh-CN');
    expect([zh.code, zh.body.msg]).toEqual([400, 'Idempotency-Key 请求头须为1到100个不含空格的可见ASCII字符']);
    expect(await countOf(bob.uid)).toBe(before);
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { JudgeStatus } from '@verdict/shared';
import { buildApp } from '../src/app.js';
import { createTestApp, type TestApp } from './helpers.js';
import { ProtocolWorker, call, casesOf, displayIdOf, makeProblem, makeUser, type TestUser } from './judge-fixtures.js';

/**
 * A person's own first page of submissions is kept as sent under its rows' ids and modification
 * stamps (submission/list.ts, OwnPages; issue 16). Every change the list shows, made on this
 * process or on another one (a second app on the same database), shows at the next request on
 * both, and a page whose rows changed within the last second is never answered from the copy.
 * Time is frozen and moved by hand so the copy is really used between changes.
 */
let t: TestApp;
let other: TestApp;
let alice: TestUser;
let root: TestUser;
let p1: number;
let p2: number;
let worker: ProtocolWorker;

beforeAll(async () => {
  t = await createTestApp();
  other = { ...t, ...(await buildApp(t.ctx.config, { logger: false })) } as TestApp;
  alice = await makeUser(t, 'alice');
  root = await makeUser(t, 'root', 1000);
  p1 = await makeProblem(t, { problemId: 'OWN1' });
  p2 = await makeProblem(t, { problemId: 'OWN2' });
  worker = new ProtocolWorker(t, 'own-pages-worker');
  await worker.register();
  const sw = await t.ctx.services.siteConfig.switches();
  await t.ctx.services.siteConfig.set('switch', { ...sw, defaultSubmitInterval: 0 });
});
afterAll(async () => {
  await other?.app.close();
  await t?.close();
});
afterEach(() => { vi.useRealTimers(); });

const LIMIT = 3;
/** The fields of a list row that a change can move. */
const shown = (r: Record<string, unknown>) => [r.submitId, r.status, r.score, r.time, r.caseDone, r.caseTotal, r.share, r.isManual, r.judger];

/** What the list must show now: alice's newest rows (of one problem) straight from the table. */
async function truth(pid?: number) {
  let q = t.ctx.db.selectFrom('submission').selectAll().where('uid', '=', alice.uid).where('cid', '=', 0);
  if (pid) q = q.where('pid', '=', pid);
  const rows = await q.orderBy('id', 'desc').limit(LIMIT).execute();
  const total = Number((await (pid ? t.ctx.db.selectFrom('submission').where('pid', '=', pid) : t.ctx.db.selectFrom('submission'))
    .where('uid', '=', alice.uid).where('cid', '=', 0).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return {
    total,
    rows: rows.map((r) => [r.id, r.status, r.score, r.time, r.case_done, r.case_total, r.share === 1, r.is_manual === 1, r.judger]),
  };
}

async function listed(app: TestApp, problemID?: string) {
  const r = await call(app, 'GET', '/api/get-submission-list', { user: alice, query: { onlyMine: true, limit: LIMIT, currentPage: 1, problemID, completeProblemID: problemID ? true : undefined } });
  expect(r.code, r.body.msg).toBe(200);
  return { total: r.body.data.total as number, rows: (r.body.data.records as Record<string, unknown>[]).map(shown) };
}

/** Both processes, both lists (all problems, problem 1), each asked twice (the second from the copy when kept). */
async function expectCurrent(what: string) {
  const want = { all: await truth(), one: await truth(p1) };
  for (const app of [t, other]) {
    for (let i = 0; i < 2; i++) {
      expect(await listed(app), `${what}: all, ${app === t ? 'this' : 'the other'} process`).toEqual(want.all);
      expect(await listed(app, 'OWN1'), `${what}: problem 1, ${app === t ? 'this' : 'the other'} process`).toEqual(want.one);
    }
  }
}

/** Moves the frozen clock past the settling time: the pages asked for next may be kept and reused. */
const settle = () => vi.setSystemTime(Date.now() + 1500);

describe('own submission pages kept as sent', () => {
  it('show every change at once, on either process, and nothing from the copy while a row is settling', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const submit = async (app: TestApp, pid: number) => {
      const r = await call(app, 'POST', '/api/submit-problem-judge', { user: alice, body: { pid: await displayIdOf(t, pid), language: 'C++17', code: `// ${Math.random()}` } });
      expect(r.code, r.body.msg).toBe(200);
      return r.body.data.submitId as number;
    };
    // Four judged submissions, so a page of three leaves one out.
    for (const pid of [p1, p2, p1, p2]) {
      await submit(t, pid);
      const task = (await worker.claim())!;
      expect(await worker.result(task, { status: JudgeStatus.WRONG_ANSWER, cases: casesOf(task, JudgeStatus.WRONG_ANSWER) })).toBe(true);
    }
    settle();
    await expectCurrent('start');

    let id = 0;
    let task: Awaited<ReturnType<ProtocolWorker['claim']>> = null;
    const steps: [string, () => Promise<unknown>][] = [
      ['a new submission, there', async () => { id = await submit(other, p1); }],
      ['judging progress', async () => {
        task = (await worker.claim())!;
        expect(await worker.progress(task, 7, 1, 2)).toBe(true);
      }],
      ['the next case', () => worker.progress(task!, 7, 2, 2)],
      ['the verdict', () => worker.result(task!, { status: JudgeStatus.ACCEPTED, time: 17, cases: casesOf(task!, JudgeStatus.ACCEPTED) })],
      ['shared, there', () => call(other, 'PUT', '/api/submission', { user: alice, body: { submitId: id, share: true } })],
      ['rejudged', () => call(t, 'GET', '/api/admin/judge/rejudge', { user: root, query: { submitId: id } })],
      ['judged by hand, there', () => call(other, 'GET', '/api/admin/judge/manual-judge', { user: root, query: { submitId: id, status: JudgeStatus.ACCEPTED } })],
      ['a submission to the other problem', () => submit(t, p2)],
    ];
    for (const [i, [what, change]] of steps.entries()) {
      // Steps go in pairs within one frozen millisecond: the second changes a row again after a
      // page with the first change was built, under the same stamp; then the clock moves on.
      await change();
      await expectCurrent(`${what} (read at once)`);
      if (i % 2 === 1) {
        settle();
        await expectCurrent(`${what} (settled)`);
      }
    }
  });
});

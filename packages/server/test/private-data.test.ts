import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContestAuth, JudgeStatus, ProblemAuth } from '@verdict/shared';
import { contestsChanged } from '../src/modules/contest/repo.js';
import { bumpSubVer } from '../src/modules/account/sub-stats.js';
import { createTestApp, type TestApp } from './helpers.js';
import { addProblem, call, contest, judged, MIN, problem, Role, user, type CUser } from './contest-fixtures.js';
import { plainSubmission } from './submission-fixtures.js';
import { cast, castGroup, groupProblem } from './group-fixtures.js';
import { ProtocolWorker, casesOf, displayIdOf, makeProblem } from './judge-fixtures.js';

/**
 * Issue 26 items 1, 4, 5 and 6: private problems' submissions and languages stay with who may
 * open the problem; sealed contests stay off profile counts and heatmaps; profile aggregates are
 * kept per user version and the profile calls are limited per address.
 */
let t: TestApp;
let org: CUser, alice: CUser, bob: CUser;
beforeAll(async () => {
  t = await createTestApp();
  [org, alice, bob] = [await user(t, 'org', Role.ADMIN), await user(t, 'alice'), await user(t, 'bob')];
});
afterAll(async () => { await t?.close(); });

const profile = async (as: CUser | null, username: string) => (await call(t, 'GET', '/get-user-home-info', { as, query: { username } })).data;
const heatTotal = async (as: CUser | null, username: string) =>
  (await call(t, 'GET', '/get-user-calendar-heatmap', { as, query: { username } })).data.dataList.reduce((n: number, d: { count: number }) => n + d.count, 0);

describe('private problems', () => {
  it('answers get-problem-languages only to who may open the problem (as get-problem-tags)', async () => {
    const priv = await problem(t, 'LANGP', { auth: ProblemAuth.PRIVATE });
    const open = await problem(t, 'LANGO');
    for (const as of [null, bob]) {
      const res = await call(t, 'GET', '/get-problem-languages', { as, query: { pid: priv } });
      expect(res.code).toBe(403);
      expect((await call(t, 'GET', '/get-problem-tags', { as, query: { pid: priv } })).code).toBe(res.code);
    }
    expect((await call(t, 'GET', '/get-problem-languages', { as: org, query: { pid: priv } })).code).toBe(200);
    // The editor's own call: a private problem no contest shows is refused too; one in a contest is its contestants'.
    expect((await call(t, 'GET', '/languages', { query: { pid: priv } })).code).toBe(403);
    expect((await call(t, 'GET', '/languages', { as: org, query: { pid: priv } })).code).toBe(200);
    const cid = await contest(t, org, { startTime: Date.now() - MIN, endTime: Date.now() + 60 * MIN });
    await addProblem(t, org, cid, priv, 'A');
    expect((await call(t, 'GET', '/languages', { as: bob, query: { pid: priv } })).code).toBe(200);
    // Held only by a private contest bob has not registered for (or by one not started): not his.
    const priv2 = await problem(t, 'LANGP2', { auth: ProblemAuth.PRIVATE });
    const closed = await contest(t, org, { auth: ContestAuth.PRIVATE, pwd: 'pw', startTime: Date.now() - MIN, endTime: Date.now() + 60 * MIN });
    const later = await contest(t, org, { startTime: Date.now() + 60 * MIN, endTime: Date.now() + 120 * MIN });
    await addProblem(t, org, closed, priv2, 'A');
    await addProblem(t, org, later, priv2, 'A');
    for (const as of [null, bob]) expect((await call(t, 'GET', '/languages', { as, query: { pid: priv2 } })).code).toBe(403);
    expect((await call(t, 'GET', '/languages', { as: org, query: { pid: priv2 } })).code).toBe(200);
    expect((await call(t, 'GET', '/get-problem-languages', { query: { pid: open } })).code).toBe(200);
  });

  it('keeps a private problem\'s submissions (detail, cases, status, list, solved list) from all but the author and admins', async () => {
    const pid = await problem(t, 'HIDE1', { auth: ProblemAuth.PRIVATE });
    const id = await plainSubmission(t, alice, pid);
    await t.ctx.db.transaction().execute((trx) => t.ctx.services.judge.refreshAccept(trx, alice.uid, pid, 0));
    for (const as of [null, bob]) {
      expect((await call(t, 'GET', '/get-submission-detail', { as, query: { submitId: id } })).code).toBe(403);
      expect((await call(t, 'GET', '/get-all-case-result', { as, query: { submitId: id } })).code).toBe(403);
      expect((await call(t, 'POST', '/check-submissions-status', { as, body: { submitIds: [id] } })).data).toEqual({});
      const list = await call(t, 'GET', '/get-submission-list', { as, query: { limit: 50 } });
      expect(list.data.records.map((r: { submitId: number }) => r.submitId)).not.toContain(id);
      const byName = await call(t, 'GET', '/get-submission-list', { as, query: { limit: 50, username: 'alice' } });
      expect(byName.data.records.map((r: { submitId: number }) => r.submitId)).not.toContain(id);
      expect((await profile(as, 'alice')).solvedList).not.toContain('HIDE1');
    }
    for (const as of [alice, org]) {
      expect((await call(t, 'GET', '/get-submission-detail', { as, query: { submitId: id } })).code).toBe(200);
      expect((await call(t, 'GET', '/get-all-case-result', { as, query: { submitId: id } })).code).toBe(200);
      expect(Object.keys((await call(t, 'POST', '/check-submissions-status', { as, body: { submitIds: [id] } })).data)).toEqual([String(id)]);
      expect((await profile(as, 'alice')).solvedList).toContain('HIDE1');
    }
    const mine = await call(t, 'GET', '/get-submission-list', { as: alice, query: { limit: 50, onlyMine: true } });
    expect(mine.data.records.map((r: { submitId: number }) => r.submitId)).toContain(id);
    // Made public, it is everybody's again.
    await t.ctx.db.updateTable('problem').set({ auth: ProblemAuth.PUBLIC }).where('id', '=', pid).execute();
    expect((await call(t, 'GET', '/get-submission-detail', { query: { submitId: id } })).code).toBe(200);
  });
});

describe('private group problems', () => {
  it('keep their submissions in the group list and detail for the group root, the author and admins', async () => {
    const c = await cast(t, 'pg');
    const g = await castGroup(t, c);
    const hidden = await groupProblem(t, g.gid, 'GPRIV', c.admin, { auth: ProblemAuth.PRIVATE });
    const shown = await groupProblem(t, g.gid, 'GPUB', c.admin);
    const ids = { hidden: await plainSubmission(t, c.admin, hidden, { gid: g.gid }), shown: await plainSubmission(t, c.admin, shown, { gid: g.gid }) };
    const listed = async (as: CUser) => (await call(t, 'GET', '/get-submission-list', { as, query: { gid: g.gid, limit: 50 } })).data.records.map((r: { submitId: number }) => r.submitId);
    const detail = async (as: CUser, id: number) => (await call(t, 'GET', '/get-submission-detail', { as, query: { submitId: id } })).code;
    expect(await listed(c.member)).toEqual([ids.shown]);
    expect(await detail(c.member, ids.hidden)).toBe(403);
    expect(await detail(c.member, ids.shown)).toBe(200);
    expect(await listed(c.root)).toEqual([ids.shown, ids.hidden]);
    expect(await detail(c.root, ids.hidden)).toBe(200);
    expect(await detail(c.admin, ids.hidden)).toBe(200);
    expect(await detail(c.stranger, ids.shown)).toBe(403);
  });
});

describe('sealed contests on profiles', () => {
  it('leave a new user\'s sealed accepted submission out of total, accuracy and heatmap for others until the seal lifts', async () => {
    const carol = await user(t, 'carol');
    const now = Date.now();
    const cid = await contest(t, org, { startTime: now - 60 * MIN, endTime: now + 60 * MIN, sealRank: true, autoRealRank: true, openRank: true });
    await t.ctx.db.updateTable('contest').set({ seal_rank_time: now - 30 * MIN }).where('id', '=', cid).execute();
    await contestsChanged(t.ctx);
    const pid = await problem(t, 'SEALP', { auth: ProblemAuth.CONTEST });
    await addProblem(t, org, cid, pid, 'A');
    await judged(t, { cid, pid, u: carol, at: now - 10 * MIN, status: JudgeStatus.ACCEPTED });
    for (const as of [null, bob]) {
      expect(await profile(as, 'carol')).toMatchObject({ total: 0, rating: 0, solvedList: [] });
      expect(await heatTotal(as, 'carol')).toBe(0);
    }
    // Submissions and accuracy count outside contests, as on the rank lists (one definition,
    // issue 26 item 14e): the contest submission is in neither, sealed or not; the contest-only
    // problem is not listed as solved.
    expect(await profile(carol, 'carol')).toMatchObject({ total: 0, rating: 0, solvedList: [] });
    expect(await heatTotal(carol, 'carol')).toBe(1);
    await t.ctx.db.updateTable('contest').set({ start_time: now - 120 * MIN, end_time: now - MIN }).where('id', '=', cid).execute();
    await contestsChanged(t.ctx);
    expect(await profile(null, 'carol')).toMatchObject({ total: 0, rating: 0 });
    expect(await heatTotal(null, 'carol')).toBe(1);
  });
});

describe('profile aggregates', () => {
  it('are read once per user version: a repeat serves the kept counts until a submission or verdict moves the version', async () => {
    const dave = await user(t, 'dave');
    const pid = await problem(t, 'KEEP1');
    const first = await plainSubmission(t, dave, pid);
    expect(await heatTotal(null, 'dave')).toBe(1);
    // A new submission moves the user's newest id, which is part of the version.
    await plainSubmission(t, dave, pid);
    expect(await heatTotal(null, 'dave')).toBe(2);
    // A change behind the version's back (the older row gone, the newest id the same) is not read:
    // the repeat did not scan the submissions.
    await t.ctx.db.deleteFrom('submission').where('id', '=', first).execute();
    expect(await heatTotal(null, 'dave')).toBe(2);
    await bumpSubVer(t.ctx.db, dave.uid);
    expect(await heatTotal(null, 'dave')).toBe(1);
  });

  it.runIf(process.env.TEST_DB === 'postgres')('lets a submit through while a verdict of the same user holds the version row (no per-user lock on submit)', async () => {
    const gina = await user(t, 'gina');
    const pid = await makeProblem(t, { problemId: 'KEEP3' });
    const sw = await t.ctx.services.siteConfig.switches();
    await t.ctx.services.siteConfig.set('switch', { ...sw, defaultSubmitInterval: 0, submitCaptchaPerMinute: 0 });
    await new ProtocolWorker(t, 'race-worker').register(['C++17']);
    const displayId = await displayIdOf(t, pid);
    // A verdict's transaction takes the user's status row, then the version row; a submit that
    // also took the version row waited here (and, holding the status row, deadlocked against it).
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => { locked = r; });
    const verdict = t.ctx.db.transaction().execute(async (trx) => {
      await bumpSubVer(trx, gina.uid);
      locked();
      await held;
    });
    await isLocked;
    const sent = await Promise.race([
      call(t, 'POST', '/submit-problem-judge', { as: gina, body: { pid: displayId, language: 'C++17', code: '// race' } }),
      new Promise<null>((r) => setTimeout(() => r(null), 5_000)),
    ]);
    release();
    await verdict;
    expect(sent, 'the submit waited for the verdict\'s transaction').not.toBeNull();
    expect(sent!.code, sent!.msg).toBe(200);
    // Its task is not judged here: out of the queue, so no later test's worker claims it.
    await t.ctx.db.deleteFrom('judge_task').where('ref_id', '=', String(sent!.data.submitId)).execute();
  });

  it('moves the version with a real submit and with its verdict', async () => {
    const erin = await user(t, 'erin');
    const pid = await makeProblem(t, { problemId: 'KEEP2' });
    const sw = await t.ctx.services.siteConfig.switches();
    await t.ctx.services.siteConfig.set('switch', { ...sw, defaultSubmitInterval: 0, submitCaptchaPerMinute: 0 });
    const worker = new ProtocolWorker(t, 'keep-worker');
    await worker.register(['C++17']);
    expect(await profile(null, 'erin')).toMatchObject({ total: 0, rating: 0 });
    const sent = await call(t, 'POST', '/submit-problem-judge', { as: erin, body: { pid: await displayIdOf(t, pid), language: 'C++17', code: '// keep' } });
    expect(sent.code, sent.msg).toBe(200);
    // Judged submissions only, as on the rank lists (one definition of accuracy): the heatmap has it at once.
    expect(await profile(null, 'erin')).toMatchObject({ total: 0, rating: 0 });
    expect(await heatTotal(null, 'erin')).toBe(1);
    const task = (await worker.claim())!;
    expect(await worker.result(task, { status: JudgeStatus.ACCEPTED, score: null, cases: casesOf(task, JudgeStatus.ACCEPTED) })).toBe(true);
    expect(await profile(null, 'erin')).toMatchObject({ total: 1, rating: 100, solvedList: ['KEEP2'] });
  });

  it('limits the profile calls per client address with a bilingual 429', async () => {
    const get = (url: string, remoteAddress: string, lang = 'en-US') =>
      t.app.inject({ method: 'GET', url: `/api${url}?username=alice`, remoteAddress, headers: { 'accept-language': lang } });
    const codes: number[] = [];
    for (let i = 0; i < 140; i++) codes.push((await get(i % 2 ? '/get-user-home-info' : '/get-user-calendar-heatmap', '10.9.0.1')).statusCode);
    expect(codes.slice(0, 100).every((c) => c === 200)).toBe(true);
    expect(codes).toContain(429);
    // The bucket refills a few calls a second, so on a slow machine a call may slip through between
    // refusals: the refusal is read in each language from the next calls that are refused.
    const refusal = async (lang: string) => {
      for (let i = 0; i < 50; i++) {
        const res = await get('/get-user-calendar-heatmap', '10.9.0.1', lang);
        if (res.statusCode === 429) return res.json().msg as string;
      }
      return null;
    };
    const en = await refusal('en-US');
    const zh = await refusal('zh-CN');
    expect(en).toBeTruthy();
    expect(zh).toBeTruthy();
    expect(en).not.toBe(zh);
    // Another address is not slowed by this one.
    expect((await get('/get-user-calendar-heatmap', '10.9.0.2')).statusCode).toBe(200);
  });
});

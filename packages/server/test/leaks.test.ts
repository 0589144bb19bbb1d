import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, ProblemAuth } from '@verdict/shared';
import { contestsChanged } from '../src/modules/contest/repo.js';
import { createTestApp, type TestApp } from './helpers.js';
import { plainSubmission as submit } from './submission-fixtures.js';
import { addProblem, call, contest, judged, MIN, problem, Role, user, type CUser } from './contest-fixtures.js';

/**
 * What an anonymous visitor (or a user without access) must not read: sealed contest solves on a
 * profile, titles of private and contest-only problems, a contest's problems before its start,
 * contestants' real names and schools; and keyword searches that take % and _ literally.
 */
let t: TestApp;
let org: CUser;
let alice: CUser;
let bob: CUser;
beforeAll(async () => {
  t = await createTestApp();
  org = await user(t, 'org', Role.ADMIN);
  alice = await user(t, 'alice', Role.DEFAULT_USER, { realname: 'Alice Real' });
  bob = await user(t, 'bob');
  await t.ctx.db.updateTable('user').set({ school: 'Alice School' }).where('id', '=', alice.uid).execute();
});
afterAll(async () => { await t?.close(); });

const plainSubmission = (u: CUser, pid: number) => submit(t, u, pid);

describe('leaks', () => {
  it('keeps contest solves off the profile\'s solved list (as the rank lists\' AC): nothing of a sealed contest shows, sealed or not', async () => {
    const now = Date.now();
    const cid = await contest(t, org, { startTime: now - 60 * MIN, endTime: now + 60 * MIN, sealRank: true, autoRealRank: true, openRank: true });
    await t.ctx.db.updateTable('contest').set({ seal_rank_time: now - 30 * MIN }).where('id', '=', cid).execute();
    await contestsChanged(t.ctx);
    // A public problem: a contest-only one stays off others' solved lists anyway (private-data.test.ts).
    const pid = await problem(t, 'SEAL1');
    await addProblem(t, org, cid, pid, 'A');
    await judged(t, { cid, pid, u: alice, at: now - 10 * MIN, status: JudgeStatus.ACCEPTED });
    await t.ctx.services.judge.refreshAccept(t.ctx.db, alice.uid, pid, cid);
    const solved = async (as: CUser | null) => (await call(t, 'GET', '/get-user-home-info', { as, query: { username: 'alice' } })).data.solvedList;
    for (const as of [null, bob, alice, org]) expect(await solved(as)).not.toContain('SEAL1');
    // Ended and unsealed: still a contest solve, still not listed.
    await t.ctx.db.updateTable('contest').set({ start_time: now - 120 * MIN, end_time: now - MIN }).where('id', '=', cid).execute();
    await contestsChanged(t.ctx);
    expect(await solved(null)).not.toContain('SEAL1');
    // Solved outside the contest: listed for everyone.
    await judged(t, { cid: 0, pid, u: alice, at: now, status: JudgeStatus.ACCEPTED });
    await t.ctx.services.judge.refreshAccept(t.ctx.db, alice.uid, pid, 0);
    for (const as of [null, bob, alice]) expect(await solved(as)).toContain('SEAL1');
  });

  it('keeps submissions of private and contest-only problems out of the list and detail for who may not see them', async () => {
    const open = await problem(t, 'OPEN1');
    const priv = await problem(t, 'PRIV1', { auth: ProblemAuth.PRIVATE });
    const only = await problem(t, 'ONLY1', { auth: ProblemAuth.CONTEST });
    const ids = { open: await plainSubmission(org, open), priv: await plainSubmission(org, priv), only: await plainSubmission(org, only) };
    const titles = async (as: CUser | null) => {
      const list = await call(t, 'GET', '/get-submission-list', { as, query: { limit: 50 } });
      expect(list.code).toBe(200);
      return Object.fromEntries(Object.entries(ids).map(([k, id]) => [k, list.data.records.find((r: { submitId: number }) => r.submitId === id)?.title]));
    };
    // Others' rows of problems they may not open are not listed at all (issue 26 item 6).
    expect(await titles(null)).toEqual({ open: 'Problem OPEN1', priv: undefined, only: undefined });
    expect(await titles(bob)).toEqual({ open: 'Problem OPEN1', priv: undefined, only: undefined });
    expect(await titles(org)).toEqual({ open: 'Problem OPEN1', priv: 'Problem PRIV1', only: 'Problem ONLY1' });
    const detailTitle = async (as: CUser | null, id: number) => (await call(t, 'GET', '/get-submission-detail', { as, query: { submitId: id } })).data.submission.title;
    expect((await call(t, 'GET', '/get-submission-detail', { query: { submitId: ids.priv } })).code).toBe(403);
    expect((await call(t, 'GET', '/get-submission-detail', { as: bob, query: { submitId: ids.only } })).code).toBe(403);
    expect(await detailTitle(null, ids.open)).toBe('Problem OPEN1');
    expect(await detailTitle(org, ids.priv)).toBe('Problem PRIV1');
    // The home page's problem list was already public-only; it stays so.
    const home = await call(t, 'GET', '/get-recent-updated-problem');
    expect(home.data.map((p: { title: string }) => p.title)).not.toContain('Problem PRIV1');
  });

  it('keeps a contest\'s problem list from the outside scoreboard header until the start', async () => {
    const now = Date.now();
    const cid = await contest(t, org, { startTime: now + 60 * MIN, endTime: now + 120 * MIN, openRank: true });
    await addProblem(t, org, cid, await problem(t, 'LATER1'), 'A');
    const anon = await call(t, 'GET', '/get-contest-outsize-info', { query: { cid } });
    expect(anon.code).toBe(200);
    expect(anon.data.problemList).toEqual([]);
    expect((await call(t, 'GET', '/get-contest-outsize-info', { as: bob, query: { cid } })).data.problemList).toEqual([]);
    expect((await call(t, 'GET', '/get-contest-outsize-info', { as: org, query: { cid } })).data.problemList).toHaveLength(1);
    await t.ctx.db.updateTable('contest').set({ start_time: now - MIN }).where('id', '=', cid).execute();
    await contestsChanged(t.ctx);
    expect((await call(t, 'GET', '/get-contest-outsize-info', { query: { cid } })).data.problemList).toHaveLength(1);
  });

  it('blanks real names and schools on scoreboards and exports unless the contest ranks by real name', async () => {
    const now = Date.now();
    const byUsername = await contest(t, org, { startTime: now - 60 * MIN, endTime: now + 60 * MIN, openRank: true, rankShowName: 'username' });
    const byRealname = await contest(t, org, { startTime: now - 60 * MIN, endTime: now + 60 * MIN, openRank: true, rankShowName: 'realname' });
    for (const cid of [byUsername, byRealname]) {
      const pid = await problem(t, `RN${cid}`);
      await addProblem(t, org, cid, pid, 'A');
      await judged(t, { cid, pid, u: alice, at: now - 30 * MIN, status: JudgeStatus.ACCEPTED });
    }
    const aliceRow = async (cid: number, as: CUser | null, keyword?: string) => {
      const res = await call(t, 'POST', '/get-contest-outside-scoreboard', { as, body: { cid, keyword } });
      expect(res.code, res.msg).toBe(200);
      return res.data.records.find((r: { username: string }) => r.username === 'alice') ?? null;
    };
    expect(await aliceRow(byUsername, null)).toMatchObject({ realname: null, school: null, showName: 'alice' });
    expect(await aliceRow(byUsername, bob)).toMatchObject({ realname: null, school: null });
    expect(await aliceRow(byUsername, null, 'Alice Real')).toBeNull(); // no searching by the hidden name either
    expect(await aliceRow(byUsername, org)).toMatchObject({ realname: 'Alice Real', school: 'Alice School' });
    expect(await aliceRow(byRealname, null)).toMatchObject({ realname: 'Alice Real', school: 'Alice School', showName: 'Alice Real' });
    // A contestant's export (a public contest: everyone may enter) blanks them too; the admin's keeps them.
    const csv = async (as: CUser) => (await call(t, 'GET', '/export-contest-rank', { as, query: { cid: byUsername, format: 'csv' } })).raw.body;
    expect(await csv(bob)).not.toMatch(/Alice Real|Alice School/);
    expect(await csv(org)).toMatch(/Alice Real,Alice School/);
  });
});

describe('keyword searches take % and _ literally', () => {
  it('in the contest lists and the submission list problem filter', async () => {
    const now = Date.now();
    for (const title of ['100% Fun', '100 Fun', 'a_b', 'axb']) await contest(t, org, { title, startTime: now + 60 * MIN, endTime: now + 120 * MIN });
    const titles = async (url: string, keyword: string, as: CUser | null = null) =>
      (await call(t, 'GET', url, { as, query: { keyword, limit: 50 } })).data.records.map((r: { title: string }) => r.title).sort();
    expect(await titles('/get-contest-list', '%')).toEqual(['100% Fun']);
    expect(await titles('/get-contest-list', 'a_b')).toEqual(['a_b']);
    expect(await titles('/admin/contest/get-contest-list', '0%', org)).toEqual(['100% Fun']);
    expect(await titles('/admin/contest/get-contest-list', '_', org)).toEqual(['a_b']);

    const under = await problem(t, 'Q_1');
    const plain = await problem(t, 'QX1');
    const a = await plainSubmission(bob, under);
    await plainSubmission(bob, plain);
    const list = await call(t, 'GET', '/get-submission-list', { query: { problemID: 'q_', limit: 50 } });
    expect(list.data.records.map((r: { submitId: number }) => r.submitId)).toEqual([a]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus } from '@verdict/shared';
import { createTestApp, type TestApp } from './helpers.js';
import { ProtocolWorker, call, casesOf, displayIdOf, makeProblem, makeUser, type TestUser } from './judge-fixtures.js';

let t: TestApp;
let alice: TestUser, bob: TestUser, root: TestUser, admin: TestUser, banned: TestUser;
let pid: number, noSharePid: number, subtaskPid: number, closedPid: number;
let worker: ProtocolWorker;

/** Submits as `user` and lets the protocol worker give the verdict. */
async function judged(user: TestUser, p: number, status: number, opts: { code?: string; score?: number; caseStatus?: number[] } = {}) {
  const r = await call(t, 'POST', '/api/submit-problem-judge', { user, body: { pid: await displayIdOf(t, p), language: 'C++17', code: opts.code ?? `// ${Math.random()}` } });
  expect(r.code).toBe(200);
  const task = (await worker.claim())!;
  const cases = casesOf(task, status, 10).map((c, i) => ({ ...c, status: opts.caseStatus?.[i] ?? c.status, score: (opts.caseStatus?.[i] ?? status) === 0 ? 10 : 0 }));
  expect(await worker.result(task, { status, score: opts.score ?? null, cases })).toBe(true);
  return r.body.data.submitId as number;
}

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob, root, admin, banned] = await Promise.all([
    makeUser(t, 'alice'), makeUser(t, 'bob'), makeUser(t, 'root', 1000), makeUser(t, 'admin', 1001), makeUser(t, 'banned', 1003),
  ]);
  pid = await makeProblem(t, { problemId: '1000' });
  noSharePid = await makeProblem(t, { problemId: '1001', codeShare: false });
  subtaskPid = await makeProblem(t, {
    problemId: '1002', type: 1, judgeCaseMode: 'subtask_lowest',
    cases: [{ input: '1', output: '1', groupNum: 1 }, { input: '2', output: '2', groupNum: 1 }, { input: '3', output: '3', groupNum: 2 }],
  });
  closedPid = await makeProblem(t, { problemId: '1003', openCaseResult: false });
  await makeProblem(t, { problemId: '1004', auth: 2 });
  await makeProblem(t, { problemId: '1005', cases: [] });
  const sw = await t.ctx.services.siteConfig.switches();
  await t.ctx.services.siteConfig.set('switch', { ...sw, defaultSubmitInterval: 0, submitCaptchaPerMinute: 0 });
  worker = new ProtocolWorker(t, 'sub-worker');
  await worker.register(['C++17', 'Python3']);
});
afterAll(async () => { await t?.close(); });

describe('submit rules', () => {
  it('refuses anonymous, banned, empty, oversized code, unknown languages, missing problems and problems without data', async () => {
    const body = { pid: '1000', language: 'C++17', code: 'int main(){}' };
    expect((await call(t, 'POST', '/api/submit-problem-judge', { body })).code).toBe(401);
    const ban = await call(t, 'POST', '/api/submit-problem-judge', { user: banned, body, lang: 'en-US' });
    expect(ban.code).toBe(403);
    expect(ban.body.msg).toBe('Your account is banned from submitting');
    const empty = await call(t, 'POST', '/api/submit-problem-judge', { user: alice, body: { ...body, code: '   \n' }, lang: 'en-US' });
    expect(empty.code).toBe(400);
    expect(empty.body.msg).toBe('Code can not be empty');
    const long = await call(t, 'POST', '/api/submit-problem-judge', { user: alice, body: { ...body, code: 'a'.repeat(65536) } });
    expect(long.code).toBe(400);
    expect(long.body.msg).toBe('代码长度不能超过65535');
    expect((await call(t, 'POST', '/api/submit-problem-judge', { user: alice, body: { ...body, code: 'a'.repeat(65535) } })).code).toBe(200);
    await worker.result((await worker.claim())!, { status: -1 });
    const lang = await call(t, 'POST', '/api/submit-problem-judge', { user: alice, body: { ...body, language: 'Brainfuck' }, lang: 'en-US' });
    expect(lang.code).toBe(400);
    expect(lang.body.msg).toBe('This language is not supported for the problem');
    expect((await call(t, 'POST', '/api/submit-problem-judge', { user: alice, body: { ...body, pid: '999999' } })).code).toBe(404);
    const noData = await call(t, 'POST', '/api/submit-problem-judge', { user: alice, body: { ...body, pid: '1005' }, lang: 'en-US' });
    expect(noData.code).toBe(400);
    expect(noData.body.msg).toBe('The problem has no test data');
    // Both are checked at once; the language's refusal still wins, as when they ran in turn.
    const both = await call(t, 'POST', '/api/submit-problem-judge', { user: alice, body: { ...body, pid: '1005', language: 'Brainfuck' }, lang: 'en-US' });
    expect(both.body.msg).toBe('This language is not supported for the problem');
    expect((await call(t, 'POST', '/api/submit-problem-judge', { user: alice, body: { ...body, pid: '1004' } })).code).toBe(403);
    expect((await call(t, 'POST', '/api/submit-problem-judge', { user: alice, body: { ...body, cid: 3 } })).code).toBe(404); // no such contest (the contest module answers)
    expect(await worker.claim()).toBeNull();
  });

  it('records the first Accepted and fetches the recent accepted code only once passed', async () => {
    const none = await call(t, 'GET', '/api/get-last-ac-code', { user: bob, query: { pid: noSharePid }, lang: 'en-US' });
    expect(none.code).toBe(400);
    expect(none.body.msg).toBe("You haven't passed the problem so you cannot get the code passed recently");
    await judged(bob, noSharePid, JudgeStatus.ACCEPTED, { code: 'first ac' });
    await judged(bob, noSharePid, JudgeStatus.WRONG_ANSWER, { code: 'later wa' });
    const last = await call(t, 'GET', '/api/get-last-ac-code', { user: bob, query: { pid: noSharePid } });
    expect(last.body.data).toEqual({ code: 'first ac', language: 'C++17' });
  });

  it('asks for a captcha past the per-minute threshold; a wrong one is refused, the right one submits; admins are never asked', async () => {
    const sw = await t.ctx.services.siteConfig.switches();
    await t.ctx.services.siteConfig.set('switch', { ...sw, submitCaptchaPerMinute: 2 });
    try {
      const carl = await makeUser(t, 'carl');
      await judged(carl, pid, JudgeStatus.WRONG_ANSWER);
      await judged(carl, pid, JudgeStatus.WRONG_ANSWER);
      const countRows = async () => Number((await t.ctx.db.selectFrom('submission').select((eb) => eb.fn.countAll<number>().as('n')).where('uid', '=', carl.uid).executeTakeFirstOrThrow()).n);
      const body = { pid: '1000', language: 'C++17', code: 'int main(){}' };
      const asked = await call(t, 'POST', '/api/submit-problem-judge', { user: carl, body, lang: 'en-US' });
      expect(asked.code).toBe(400);
      expect(asked.body.msg).toBe('You are submitting very often: enter the captcha to submit');
      expect(asked.body.data).toEqual({ needCaptcha: true });
      expect(await countRows()).toBe(2);

      const cap = await call(t, 'GET', '/api/captcha', { user: carl });
      const { captchaKey } = cap.body.data as { captchaKey: string };
      const wrong = await call(t, 'POST', '/api/submit-problem-judge', { user: carl, body: { ...body, captcha: 'zzzz9', captchaKey }, lang: 'en-US' });
      expect(wrong.code).toBe(400);
      expect(wrong.body.data).toEqual({ needCaptcha: true });
      expect(await countRows()).toBe(2);

      // A captcha is single use: the wrong try burnt that one, so fetch another and answer it.
      const cap2 = (await call(t, 'GET', '/api/captcha', { user: carl })).body.data as { captchaKey: string };
      const text = (await t.ctx.db.selectFrom('captcha').select('text').where('key', '=', cap2.captchaKey).executeTakeFirstOrThrow()).text;
      const right = await call(t, 'POST', '/api/submit-problem-judge', { user: carl, body: { ...body, captcha: text.toUpperCase(), captchaKey: cap2.captchaKey } });
      expect(right.code).toBe(200);
      expect(await countRows()).toBe(3);
      await worker.result((await worker.claim())!, { status: JudgeStatus.WRONG_ANSWER });

      for (let i = 0; i < 3; i++) await judged(admin, pid, JudgeStatus.WRONG_ANSWER);
    } finally {
      await t.ctx.services.siteConfig.set('switch', { ...sw, submitCaptchaPerMinute: 0 });
    }
  });
});

describe('resubmit, unavailable languages and system errors', () => {
  it('resubmits only a Submitted Failed row, by its owner', async () => {
    const id = await judged(alice, pid, JudgeStatus.WRONG_ANSWER);
    const refused = await call(t, 'GET', '/api/resubmit', { user: alice, query: { submitId: id }, lang: 'en-US' });
    expect(refused.code).toBe(400);
    expect(refused.body.msg).toBe('Only a submission whose sending failed can be resubmitted');
    await t.ctx.db.updateTable('submission').set({ status: JudgeStatus.SUBMITTED_FAILED }).where('id', '=', id).execute();
    expect((await call(t, 'GET', '/api/resubmit', { user: bob, query: { submitId: id } })).code).toBe(403);
    const ok = await call(t, 'GET', '/api/resubmit', { user: alice, query: { submitId: id } });
    expect(ok.body.data.status).toBe(JudgeStatus.PENDING);
    const task = (await worker.claim())!;
    expect(task.submitId).toBe(id);
    await worker.result(task, { status: 0 });
  });

  it('refuses a language the problem allows but no live worker can compile', async () => {
    await makeProblem(t, { problemId: '1020', languages: ['Java', 'C++17'] });
    const r = await call(t, 'POST', '/api/submit-problem-judge', { user: alice, body: { pid: '1020', language: 'Java', code: 'class Main {}' }, lang: 'en-US' });
    expect(r.code).toBe(400);
    expect(r.body.msg).toBe('No judge server can compile this language now');
  });

  it('shows a system error\'s detail to admins only', async () => {
    const r = await call(t, 'POST', '/api/submit-problem-judge', { user: alice, body: { pid: '1000', language: 'C++17', code: 'se' } });
    await worker.result((await worker.claim())!, { status: JudgeStatus.SYSTEM_ERROR, errorMessage: 'checker crashed on /srv/data' });
    const view = async (u: TestUser) => (await call(t, 'GET', '/api/get-submission-detail', { user: u, query: { submitId: r.body.data.submitId } })).body.data.submission;
    expect((await view(alice)).errorMessage).toBeNull();
    expect((await view(alice)).status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect((await view(admin)).errorMessage).toBe('checker crashed on /srv/data');
  });
});

describe('visibility (spec 01 §6)', () => {
  it('shows code to the owner and admins, to others only when shared on a sharing problem', async () => {
    const id = await judged(alice, pid, JudgeStatus.ACCEPTED, { code: 'alice code' });
    const view = async (u: TestUser | null) => (await call(t, 'GET', '/api/get-submission-detail', { user: u, query: { submitId: id } })).body.data.submission;
    expect((await view(alice)).code).toBe('alice code');
    expect((await view(admin)).code).toBe('alice code');
    expect((await view(bob)).code).toBeNull();
    expect((await view(null)).code).toBeNull();
    expect((await view(bob)).status).toBe(JudgeStatus.ACCEPTED);

    expect((await call(t, 'PUT', '/api/submission', { user: bob, body: { submitId: id, share: true } })).code).toBe(403);
    expect((await call(t, 'PUT', '/api/submission', { user: alice, body: { submitId: id, share: true } })).code).toBe(200);
    expect((await view(bob)).code).toBe('alice code');
    expect((await view(null)).share).toBe(true);
    expect((await call(t, 'PUT', '/api/submission', { user: alice, body: { submitId: id, share: false } })).code).toBe(200);
    expect((await view(bob)).code).toBeNull();

    const noShare = await judged(alice, noSharePid, JudgeStatus.ACCEPTED, { code: 'secret' });
    const refused = await call(t, 'PUT', '/api/submission', { user: alice, body: { submitId: noShare, share: true }, lang: 'en-US' });
    expect(refused.code).toBe(400);
    expect(refused.body.msg).toBe('Code sharing is turned off for this problem');
  });

  it("hides a shared non-contest submission's code from others while hideNonContestSubmissionCode is on (HOJ's switch)", async () => {
    const id = await judged(alice, pid, JudgeStatus.ACCEPTED, { code: 'hidden code' });
    expect((await call(t, 'PUT', '/api/submission', { user: alice, body: { submitId: id, share: true } })).code).toBe(200);
    const code = async (u: TestUser | null) => (await call(t, 'GET', '/api/get-submission-detail', { user: u, query: { submitId: id } })).body.data.submission.code;
    expect(await code(bob)).toBe('hidden code');
    const sw = await t.ctx.services.siteConfig.switches();
    await t.ctx.services.siteConfig.set('switch', { ...sw, hideNonContestSubmissionCode: true });
    try {
      expect(await code(bob)).toBeNull();
      expect(await code(null)).toBeNull();
      expect(await code(alice)).toBe('hidden code');
      expect(await code(admin)).toBe('hidden code');
    } finally {
      await t.ctx.services.siteConfig.set('switch', sw);
    }
  });

  it("refuses submitting and test runs where HOJ's judge switches close judging, admins included, in both languages", async () => {
    const sw = await t.ctx.services.siteConfig.switches();
    const body = { pid: '1000', language: 'C++17', code: 'int main(){}' };
    try {
      await t.ctx.services.siteConfig.set('switch', { ...sw, openPublicJudge: false });
      const en = await call(t, 'POST', '/api/submit-problem-judge', { user: alice, body, lang: 'en-US' });
      expect([en.code, en.body.msg]).toEqual([403, 'Judging of public problems is closed by the administrator; please try again later']);
      const zh = await call(t, 'POST', '/api/submit-problem-judge', { user: root, body, lang: 'zh-CN' });
      expect([zh.code, zh.body.msg]).toEqual([403, '网站当前未开启题目评测，禁止提交或调试！']);
      const run = await call(t, 'POST', '/api/submit-problem-test-judge', { user: alice, body: { pid, language: 'C++17', code: 'int main(){}', userInput: '1', type: 'public' }, lang: 'en-US' });
      expect([run.code, run.body.msg]).toEqual([403, 'Judging of public problems is closed by the administrator; please try again later']);

      // Closing contest (or group) judging leaves public problems open, and refuses a contest's submissions.
      await t.ctx.services.siteConfig.set('switch', { ...sw, openContestJudge: false, openGroupJudge: false });
      const aliceUser = { uid: alice.uid, username: 'alice', role: 1002, roles: [1002], roleNames: [], sessionId: '' };
      await expect(t.ctx.services.submission.submit(aliceUser, { pid: 'A', language: 'C++17', code: 'c' }, { contest: { cid: 5, pid, cpid: 9, displayPid: 'A' } }))
        .rejects.toMatchObject({ status: 403, message: 'contestJudgeClosed' });
      expect((await call(t, 'POST', '/api/submit-problem-judge', { user: alice, body })).code).toBe(200);
      await worker.result((await worker.claim())!, { status: 0 });
    } finally {
      await t.ctx.services.siteConfig.set('switch', sw);
    }
    expect(await worker.claim()).toBeNull();
  });

  it('keeps contest submissions out of the public list and away from users the contest rules refuse', async () => {
    const sub = await t.ctx.services.submission.submit(
      { uid: alice.uid, username: 'alice', role: 1002, roles: [1002], roleNames: [], sessionId: '' },
      { pid: 'A', language: 'C++17', code: 'contest code' }, { contest: { cid: 5, pid, cpid: 9, displayPid: 'A' } },
    );
    await worker.result((await worker.claim())!, { status: 0 });
    expect((await call(t, 'GET', '/api/get-submission-detail', { user: bob, query: { submitId: sub.id } })).code).toBe(403);
    const own = await call(t, 'GET', '/api/get-submission-detail', { user: alice, query: { submitId: sub.id } });
    expect(own.body.data.submission).toMatchObject({ code: 'contest code', displayId: 'A', cid: 5 });
    expect(own.body.data.codeShare).toBe(false);
    expect((await call(t, 'PUT', '/api/submission', { user: alice, body: { submitId: sub.id, share: true } })).code).toBe(400);
    // Not in the public list, not pollable by others.
    const list = await call(t, 'GET', '/api/get-submission-list', { query: { limit: 100 } });
    expect(list.body.data.records.some((r: { submitId: number }) => r.submitId === sub.id)).toBe(false);
    // The contest problem's "My Submission" tab: one's own, by contest display ID; others' only for admins.
    const mine = await call(t, 'GET', '/api/get-submission-list', { user: alice, query: { onlyMine: true, contestID: 5, problemID: 'A', completeProblemID: true } });
    expect(mine.body.data.records.map((r: { submitId: number }) => r.submitId)).toEqual([sub.id]);
    // Contest 5 is not a contest the contest module knows: no list for bob.
    expect((await call(t, 'GET', '/api/get-submission-list', { user: bob, query: { contestID: 5 } })).code).toBe(404);
    expect((await call(t, 'GET', '/api/get-submission-list', { user: bob, query: { contestID: 5, onlyMine: true } })).body.data.total).toBe(0);
    expect((await call(t, 'GET', '/api/get-submission-list', { user: admin, query: { contestID: 5 } })).body.data.total).toBe(1);
    const poll = await call(t, 'POST', '/api/check-submissions-status', { user: bob, body: { submitIds: [sub.id] } });
    expect(poll.body.data[sub.id]).toBeUndefined();
  });

  it('shows case results grouped by subtask, user output only to the owner, none when the problem closes them', async () => {
    const id = await judged(alice, subtaskPid, JudgeStatus.PARTIAL_ACCEPTED, { score: 10, caseStatus: [0, -1, 0] });
    const own = (await call(t, 'GET', '/api/get-all-case-result', { user: alice, query: { submitId: id } })).body.data;
    expect(own.judgeCaseMode).toBe('subtask_lowest');
    expect(own.judgeCaseList).toHaveLength(3);
    expect(own.judgeCaseList[0].userOutput).toBe('out');
    expect(own.subTaskJudgeCaseVoList.map((g: { groupNum: number; status: number; score: number; ac: number; total: number }) => [g.groupNum, g.status, g.score, g.ac, g.total]))
      .toEqual([[1, JudgeStatus.WRONG_ANSWER, 0, 1, 2], [2, JudgeStatus.ACCEPTED, 10, 1, 1]]);
    const other = (await call(t, 'GET', '/api/get-all-case-result', { user: bob, query: { submitId: id } })).body.data;
    expect(other.judgeCaseList[0].userOutput).toBeNull();

    const closed = await judged(alice, closedPid, JudgeStatus.WRONG_ANSWER);
    expect((await call(t, 'GET', '/api/get-all-case-result', { user: alice, query: { submitId: closed } })).body.data.judgeCaseList).toEqual([]);
    expect((await call(t, 'GET', '/api/get-all-case-result', { user: admin, query: { submitId: closed } })).body.data.judgeCaseList).toHaveLength(2);
  });
});

describe('submission list', () => {
  it('filters by only-mine, status, username and problem, newest first, paginated', async () => {
    const mine = await call(t, 'GET', '/api/get-submission-list', { user: bob, query: { onlyMine: true, limit: 50 } });
    expect(mine.body.data.records.length).toBeGreaterThan(0);
    expect(mine.body.data.records.every((r: { username: string }) => r.username === 'bob')).toBe(true);
    expect((await call(t, 'GET', '/api/get-submission-list', { query: { onlyMine: true } })).code).toBe(401);

    const byUser = await call(t, 'GET', '/api/get-submission-list', { query: { username: 'alice', status: JudgeStatus.ACCEPTED, limit: 50 } });
    const rows = byUser.body.data.records as { username: string; status: number; submitId: number; code: unknown; title: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.username === 'alice' && r.status === 0 && r.code === null)).toBe(true);
    expect(rows.map((r) => r.submitId)).toEqual([...rows.map((r) => r.submitId)].sort((a, b) => b - a));

    const byProblem = await call(t, 'GET', '/api/get-submission-list', { query: { problemID: '1001', completeProblemID: true } });
    expect(byProblem.body.data.records.every((r: { displayPid: string }) => r.displayPid === '1001')).toBe(true);
    expect(byProblem.body.data.records[0].title).toBe('Problem 1001');

    const all = await call(t, 'GET', '/api/get-submission-list', { query: { limit: 2, currentPage: 1 } });
    const p2 = await call(t, 'GET', '/api/get-submission-list', { query: { limit: 2, currentPage: 2 } });
    expect(all.body.data).toMatchObject({ current: 1, size: 2 });
    expect(all.body.data.total).toBeGreaterThan(3);
    expect(p2.body.data.records[0].submitId).toBeLessThan(all.body.data.records[1].submitId);
    expect((await call(t, 'GET', '/api/get-submission-list', { query: { username: 'nobody' } })).body.data.total).toBe(0);
    expect((await call(t, 'GET', '/api/get-submission-list', { query: { currentPage: 0 } })).code).toBe(400);
  });
});

describe('super admin actions (spec 01 §4)', () => {
  it('rejudges: score cleared, Pending, queued again; only the super admin', async () => {
    const id = await judged(alice, subtaskPid, JudgeStatus.ACCEPTED, { score: 30 });
    expect((await call(t, 'GET', '/api/admin/judge/rejudge', { user: admin, query: { submitId: id } })).code).toBe(403);
    const r = await call(t, 'GET', '/api/admin/judge/rejudge', { user: root, query: { submitId: id } });
    expect(r.body.data).toMatchObject({ status: JudgeStatus.PENDING, score: null });
    const task = (await worker.claim())!;
    expect(task.submitId).toBe(id);
    await worker.result(task, { status: JudgeStatus.WRONG_ANSWER, score: 0, cases: casesOf(task, -1) });
    expect((await t.ctx.db.selectFrom('user_accept').select('id').where('submit_id', '=', id).execute())).toHaveLength(0);
  });

  it('manual judge: listed statuses only, score required when the submission has one; cancel marks it manual', async () => {
    const oi = await judged(alice, subtaskPid, JudgeStatus.WRONG_ANSWER, { score: 0 });
    // HOJ's client sends the verdict as query parameters of a GET.
    const mj = (query: Record<string, unknown>, u = root) => call(t, 'GET', '/api/admin/judge/manual-judge', { user: u, query, lang: 'en-US' });
    expect((await mj({ submitId: oi, status: 0, score: 100 }, admin)).code).toBe(403);
    expect((await mj({ submitId: oi, status: JudgeStatus.PENDING, score: 1 })).body.msg).toBe('This status cannot be set by manual judge');
    expect((await mj({ submitId: oi, status: 0 })).body.msg).toBe('The score is required');
    const done = await mj({ submitId: oi, status: 0, score: 100 });
    expect(done.body.data).toMatchObject({ status: 0, score: 100, isManual: true });
    expect((await t.ctx.db.selectFrom('user_accept').select('submit_id').where('uid', '=', alice.uid).where('pid', '=', subtaskPid).execute()).map((r) => r.submit_id)).toEqual([oi]);

    const ce = await judged(alice, pid, JudgeStatus.COMPILE_ERROR);
    expect((await mj({ submitId: ce, status: 0 })).body.msg).toMatch(/compile error cannot be judged manually/);

    const cancel = await call(t, 'GET', '/api/admin/judge/cancel-judge', { user: root, query: { submitId: ce } });
    expect(cancel.body.data).toMatchObject({ status: JudgeStatus.CANCELLED, isManual: true });
    expect((await call(t, 'GET', '/api/admin/judge/cancel-judge', { user: root, query: { submitId: ce } })).code).toBe(400);
    // A cancelled submission needs a score to be judged again by hand.
    expect((await mj({ submitId: ce, status: 0 })).body.msg).toBe('The score is required');
  });

  it('cancelling a submission still in the queue drops its task; the worker\'s late result is refused', async () => {
    const r = await call(t, 'POST', '/api/submit-problem-judge', { user: bob, body: { pid: '1000', language: 'C++17', code: 'x' } });
    const task = (await worker.claim())!;
    await call(t, 'GET', '/api/admin/judge/cancel-judge', { user: root, query: { submitId: r.body.data.submitId } });
    expect(await worker.result(task, { status: 0 })).toBe(false);
    const sub = await t.ctx.db.selectFrom('submission').select('status').where('id', '=', r.body.data.submitId).executeTakeFirstOrThrow();
    expect(sub.status).toBe(JudgeStatus.CANCELLED);
  });

  it('tells listeners about every verdict (the contest scoreboard hook)', async () => {
    const seen: { submitId: number; status: number; source: string }[] = [];
    const off = t.ctx.services.submission.onSubmissionJudged((e) => { seen.push({ submitId: e.submitId, status: e.status, source: e.source }); });
    const id = await judged(bob, pid, JudgeStatus.WRONG_ANSWER);
    await call(t, 'GET', '/api/admin/judge/manual-judge', { user: root, query: { submitId: id, status: 0 } });
    off();
    expect(seen).toEqual([{ submitId: id, status: -1, source: 'judge' }, { submitId: id, status: 0, source: 'manual' }]);
  });
});

describe('test runs and polling', () => {
  it('runs custom input, keeps the result for its owner only, and is never a submission', async () => {
    const before = await t.ctx.db.selectFrom('submission').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const long = await call(t, 'POST', '/api/submit-problem-test-judge', { user: alice, body: { pid, language: 'C++17', code: 'x', userInput: 'a'.repeat(1001) } });
    expect(long.code).toBe(400);
    const key = (await call(t, 'POST', '/api/submit-problem-test-judge', { user: alice, body: { pid, language: 'C++17', code: 'x', userInput: '1 2', expectedOutput: '3' } })).body.data;
    expect((await call(t, 'GET', '/api/get-test-judge-result', { user: alice, query: { testJudgeKey: key } })).body.data.status).toBe(JudgeStatus.PENDING);
    const task = (await worker.claim())!;
    expect(task).toMatchObject({ kind: 'test', testInput: '1 2', expectedOutput: '3' });
    await worker.result(task, { status: 0, time: 3, memory: 500, testRun: { userOutput: '3\n', stderr: '', expectedOutput: '3', problemJudgeMode: 'default' } });
    const res = await call(t, 'GET', '/api/get-test-judge-result', { user: alice, query: { testJudgeKey: key } });
    expect(res.body.data).toMatchObject({ status: 0, userInput: '1 2', expectedOutput: '3', userOutput: '3\n', problemJudgeMode: 'default', time: 3 });
    expect((await call(t, 'GET', '/api/get-test-judge-result', { user: bob, query: { testJudgeKey: key } })).code).toBe(404);
    const after = await t.ctx.db.selectFrom('submission').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('lets a user have only a few test runs waiting at once', async () => {
    const run = () => call(t, 'POST', '/api/submit-problem-test-judge', { user: bob, body: { pid, language: 'C++17', code: 'x', userInput: '' }, lang: 'en-US' });
    for (let i = 0; i < 3; i++) expect((await run()).code).toBe(200);
    const fourth = await run();
    expect(fourth.code).toBe(400);
    expect(fourth.body.msg).toBe('You already have 3 test runs waiting; please wait for their results');
    for (let i = 0; i < 3; i++) await worker.result((await worker.claim())!, { status: 0 });
    expect((await run()).code).toBe(200);
    await worker.result((await worker.claim())!, { status: 0 });
  });

  it('lists languages the live workers offer and the problem accepts', async () => {
    const langs = (await call(t, 'GET', '/api/languages')).body.data as { name: string; available: boolean }[];
    expect(langs.filter((l) => l.available).map((l) => l.name)).toEqual(expect.arrayContaining(['C++17', 'Python3']));
    const only = await makeProblem(t, { problemId: '1010', languages: ['Python3'] });
    const pl = (await call(t, 'GET', '/api/get-problem-languages', { query: { pid: only } })).body.data as { name: string }[];
    expect(pl.map((l) => l.name)).toEqual(['Python3']);
    const refused = await call(t, 'POST', '/api/submit-problem-judge', { user: alice, body: { pid: '1010', language: 'C++17', code: 'x' } });
    expect(refused.code).toBe(400);
  });
});

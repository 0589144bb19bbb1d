import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus as S } from '@verdict/shared';
import { createTestApp, type TestApp } from './helpers.js';
import { MIN, Role, addProblem, call, contest, judged, problem, user, type CUser } from './contest-fixtures.js';

let t: TestApp;
let org: CUser, other: CUser, root: CUser, u1: CUser, u2: CUser, team7: CUser;
const HOUR = 60 * MIN;
const future = () => Date.now() + HOUR;

beforeAll(async () => {
  t = await createTestApp();
  org = await user(t, 'org', Role.ADMIN);
  other = await user(t, 'other_admin', Role.ADMIN);
  root = await user(t, 'root1', Role.ROOT);
  u1 = await user(t, 'u1');
  u2 = await user(t, 'u2');
  team7 = await user(t, 'team007');
});
afterAll(async () => { await t?.close(); });

describe('contest form rules (spec 03 §5)', () => {
  const base = () => ({ title: 'T', description: 'D', startTime: future(), endTime: future() + HOUR, type: 0, auth: 0 });
  const create = (over: Record<string, unknown>) => call(t, 'POST', '/admin/contest', { as: org, body: { ...base(), ...over } });

  it('refuses bad forms with the spec message and saves nothing', async () => {
    const before = await t.ctx.db.selectFrom('contest').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const s = future();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ title: '  ' }, /Contest title is required/],
      [{ description: '' }, /description is required/],
      [{ startTime: null }, /Start time is required/],
      [{ startTime: s, endTime: s - MIN }, /Contets_Time_Check/],
      [{ startTime: s, endTime: s }, /Contest_Duration_Check/],
      [{ auth: 1, pwd: '' }, /password is required/],
      [{ startTime: s, endTime: s + 20 * MIN, sealRank: true, sealRankChoice: 0 }, /half an hour/],
      [{ startTime: s, endTime: s + 50 * MIN, sealRank: true, sealRankChoice: 1 }, /an hour/],
      [{ starAccount: ['x1', 'x2', 'x1'] }, /Add_Star_User_Error.*x1/],
    ];
    for (const [over, msg] of cases) {
      const res = await create(over);
      expect(res.code, JSON.stringify(over)).toBe(400);
      expect(res.msg).toMatch(msg);
    }
    const b = base();
    const zh = await call(t, 'POST', '/admin/contest', { as: org, lang: 'zh-CN', body: { ...b, endTime: b.startTime } });
    expect(zh.msg).toBe('比赛时长必须大于0');
    const after = await t.ctx.db.selectFrom('contest').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('stores seal time, default award tiers and the account limit rule; locks the rule type; only owners edit', async () => {
    const s = future();
    const cid = await contest(t, org, { ...base(), startTime: s, endTime: s + 5 * HOUR, sealRank: true, awardType: 1, openAccountLimit: true,
      accountLimitRule: { prefix: 'team', suffix: '', start: 1, end: 10, extra: ['u2'] } });
    const got = await call(t, 'GET', '/admin/contest', { as: org, query: { cid } });
    expect(got.data).toMatchObject({ sealRank: true, sealRankChoice: 1, sealRankTime: s + 4 * HOUR, duration: 5 * 3600, awardType: 1,
      accountLimitRule: '<prefix>team</prefix><suffix></suffix><start>1</start><end>10</end><extra>u2</extra>' });
    expect(got.data.awardConfigList.map((a: any) => [a.name, a.background, a.num])).toEqual([['Gold', '#e6bf25', 10], ['Silver', '#b4c0c7', 20], ['Bronze', '#CD7F32', 30]]);
    const edit = await call(t, 'PUT', '/admin/contest', { as: org, body: { ...got.data, id: cid, type: 1 } });
    expect(edit.code).toBe(400);
    expect(edit.msg).toMatch(/rule type/);
    expect((await call(t, 'PUT', '/admin/contest', { as: other, body: { ...got.data, id: cid } })).code).toBe(403);
    expect((await call(t, 'PUT', '/admin/contest', { as: root, body: { ...got.data, id: cid, title: 'Renamed' } })).code).toBe(200);
    expect((await call(t, 'GET', '/admin/contest', { as: org, query: { cid } })).data.title).toBe('Renamed');
    expect((await call(t, 'GET', '/admin/contest/get-contest-list', { as: other })).data.records).toEqual([]);
    expect((await call(t, 'POST', '/admin/contest', { as: u1, body: base() })).code).toBe(403);
  });
});

describe('access: private, protected, account limit, schedule', () => {
  let priv: number, prot: number, limited: number, sched: number, pa: number;
  beforeAll(async () => {
    const now = Date.now();
    pa = await problem(t, 'ACC1');
    priv = await contest(t, org, { startTime: now - MIN, endTime: now + HOUR, auth: 1, pwd: 'secret', openPrint: true });
    prot = await contest(t, org, { startTime: now - MIN, endTime: now + HOUR, auth: 2, pwd: 'pw2' });
    limited = await contest(t, org, { startTime: now - MIN, endTime: now + HOUR, openAccountLimit: true, accountLimitRule: { prefix: 'team', suffix: '', start: 1, end: 10, extra: ['u2'] } });
    sched = await contest(t, org, { startTime: now + HOUR, endTime: now + 2 * HOUR });
    for (const c of [priv, prot, limited, sched]) await addProblem(t, org, c, pa, 'A', '#ff0000');
  });

  it('private: the menu is closed until the password is given', async () => {
    expect((await call(t, 'GET', '/get-contest-access', { as: u1, query: { cid: priv } })).data).toEqual({ access: false });
    const closed = await call(t, 'GET', '/get-contest-problem', { as: u1, query: { cid: priv } });
    expect(closed.code).toBe(403);
    // The Submissions tab's call (HOJ's get-submission-list with contestID) follows the same door.
    expect((await call(t, 'GET', '/get-submission-list', { as: u1, query: { contestID: priv } })).code).toBe(403);
    expect(closed.msg).toMatch(/register/);
    expect((await call(t, 'POST', '/register-contest', { as: u1, body: { cid: priv, password: '' } })).msg).toBe('Enter the contest password');
    const wrong = await call(t, 'POST', '/register-contest', { as: u1, body: { cid: priv, password: 'nope' } });
    expect([wrong.code, wrong.msg]).toEqual([400, 'The contest password is wrong']);
    expect((await call(t, 'POST', '/register-contest', { as: u1, body: { cid: priv, password: 'secret' } })).code).toBe(200);
    expect((await call(t, 'GET', '/get-contest-access', { as: u1, query: { cid: priv } })).data).toEqual({ access: true });
    const probs = await call(t, 'GET', '/get-contest-problem', { as: u1, query: { cid: priv } });
    expect(probs.data.map((p: any) => [p.displayId, p.color, p.ac, p.total, p.myStatus])).toEqual([['A', '#ff0000', 0, 0, -10]]);
    const detail = await call(t, 'GET', '/get-contest-problem-details', { as: u1, query: { cid: priv, displayId: 'A' } });
    expect(detail.code).toBe(200);
    expect(detail.data).toMatchObject({ problem: { problemId: 'A', title: 'Problem ACC1' } });
    // HOJ's ProblemCountVO inside the contest: nothing submitted yet.
    expect(detail.data.problemCount).toEqual({ total: 0, ac: 0, wa: 0, ce: 0, pa: 0, tle: 0, mle: 0, re: 0, pe: 0, se: 0 });
    expect((await call(t, 'GET', '/get-contest-problem-details', { as: u1, query: { cid: priv, displayId: 'Z' } })).code).toBe(404);
    const info = await call(t, 'GET', '/get-contest-info', { as: u1, query: { cid: priv } });
    expect(info.data).toMatchObject({ auth: 1, status: 0, count: 1, isContestAdmin: false });
    expect(info.data.pwd).toBeUndefined();
  });

  it('protected: anyone reads, submitting needs the password; scheduled contests refuse both', async () => {
    const rules = t.ctx.services.submission.contestRules!;
    const asUser = (u: CUser) => ({ uid: u.uid, username: u.username, role: 1002, roles: [1002], roleNames: [], sessionId: '' });
    expect((await call(t, 'GET', '/get-contest-problem', { as: u2, query: { cid: prot } })).code).toBe(200);
    await expect(rules.beforeSubmit(asUser(u2), prot, { pid: pa })).rejects.toMatchObject({ status: 403, message: 'contestNeedRegister' });
    // The problem is looked up beside the contest's checks; the contest's refusal still comes first.
    await expect(rules.beforeSubmit(asUser(u2), prot, { displayId: 'ZZ' })).rejects.toMatchObject({ status: 403, message: 'contestNeedRegister' });
    await call(t, 'POST', '/register-contest', { as: u2, body: { cid: prot, password: 'pw2' } });
    await expect(rules.beforeSubmit(asUser(u2), prot, { pid: pa })).resolves.toMatchObject({ displayPid: 'A' });
    await expect(rules.beforeSubmit(asUser(u2), sched, { pid: pa })).rejects.toMatchObject({ message: 'contestNotStarted' });
    expect((await call(t, 'GET', '/get-contest-problem', { as: u2, query: { cid: sched } })).msg).toBe('The contest has not started yet');
    expect((await call(t, 'GET', '/get-contest-problem', { as: org, query: { cid: sched } })).code).toBe(200);
  });

  it('account limit: only prefix+number in range, plus the extra accounts', async () => {
    expect((await call(t, 'GET', '/get-contest-problem', { as: u1, query: { cid: limited } })).code).toBe(403);
    expect((await call(t, 'GET', '/get-contest-problem', { as: u2, query: { cid: limited } })).code).toBe(200);
    expect((await call(t, 'GET', '/get-contest-problem', { as: team7, query: { cid: limited } })).code).toBe(200);
    const reg = await call(t, 'POST', '/register-contest', { as: u1, body: { cid: limited, password: '' } });
    expect([reg.code, reg.msg]).toEqual([403, 'Your account is not allowed to take part in this contest']);
  });

  it('lists contests by status, type and keyword with participant counts; anonymous users may browse', async () => {
    const running = await call(t, 'GET', '/get-contest-list', { query: { status: 0 } });
    expect(running.code).toBe(200);
    expect(running.data.records.every((c: any) => c.status === 0)).toBe(true);
    expect(running.data.records.find((c: any) => c.id === priv).count).toBe(1);
    const scheduled = await call(t, 'GET', '/get-contest-list', { query: { status: -1, type: '', keyword: '' } });
    expect(scheduled.data.records.map((c: any) => c.id)).toContain(sched);
    expect((await call(t, 'GET', '/get-contest-info', { query: { cid: priv } })).code).toBe(401);
  });

  it('print: at least 50 characters; admins list, mark and download', async () => {
    const short = await call(t, 'POST', '/submit-print-text', { as: u1, body: { cid: priv, content: 'x'.repeat(49) } });
    expect([short.code, short.msg]).toEqual([400, 'The number of content characters cannot be less than 50']);
    expect((await call(t, 'POST', '/submit-print-text', { as: u1, body: { cid: priv, content: '   ' } })).msg).toBe('Content cannot be empty');
    expect((await call(t, 'POST', '/submit-print-text', { as: u1, body: { cid: prot, content: 'y'.repeat(60) } })).code).toBe(403);
    const text = '#include <cstdio>\nint main() { puts("print me please, fifty chars"); }\n';
    expect((await call(t, 'POST', '/submit-print-text', { as: u1, body: { cid: priv, content: text } })).code).toBe(200);
    expect((await call(t, 'GET', '/get-contest-print', { as: u1, query: { cid: priv } })).code).toBe(403);
    const list = await call(t, 'GET', '/get-contest-print', { as: org, query: { cid: priv } });
    expect(list.data.records.map((r: any) => [r.username, r.status])).toEqual([['u1', 0]]);
    const id = list.data.records[0].id;
    expect((await call(t, 'PUT', '/check-contest-print-status', { as: org, query: { id, cid: priv } })).code).toBe(200);
    expect((await call(t, 'GET', '/get-contest-print', { as: org, query: { cid: priv } })).data.records[0].status).toBe(1);
    const file = await call(t, 'GET', '/file/download-contest-print-text', { as: org, query: { id } });
    expect(file.raw.body).toBe(text);
    expect(file.raw.headers['content-disposition']).toMatch(/attachment/);
    expect((await call(t, 'GET', '/file/download-contest-print-text', { as: u2, query: { id } })).code).toBe(403);
  });

  it('announcements: admin CRUD, participants read visible ones, unread check by ids', async () => {
    const a1 = await call(t, 'POST', '/admin/contest/announcement', { as: org, body: { cid: priv, title: 'Clarification', content: 'A is easy' } });
    const a2 = await call(t, 'POST', '/admin/contest/announcement', { as: org, body: { cid: priv, title: 'Hidden', content: 'x', status: 1 } });
    expect((await call(t, 'POST', '/admin/contest/announcement', { as: org, body: { cid: priv, title: '', content: 'x' } })).code).toBe(400);
    expect((await call(t, 'POST', '/admin/contest/announcement', { as: u1, body: { cid: priv, title: 'x', content: 'x' } })).code).toBe(403);
    const list = await call(t, 'GET', '/get-contest-announcement', { as: u1, query: { cid: priv } });
    expect(list.code, list.msg).toBe(200);
    expect(list.data.records.map((r: any) => r.title)).toEqual(['Clarification']);
    const unread = await call(t, 'POST', '/get-contest-not-read-announcement', { as: u1, body: { cid: priv, readAnnouncementList: [] } });
    expect(unread.data.map((r: any) => r.id)).toEqual([a1.data.id]);
    const none = await call(t, 'POST', '/get-contest-not-read-announcement', { as: u1, body: { cid: priv, readAnnouncementList: [a1.data.id] } });
    expect(none.data).toEqual([]);
    expect((await call(t, 'PUT', '/admin/contest/announcement', { as: org, body: { id: a2.data.id, cid: priv, title: 'Shown', content: 'y', status: 0 } })).code).toBe(200);
    expect((await call(t, 'DELETE', '/admin/contest/announcement', { as: org, query: { id: a1.data.id, cid: priv } })).code).toBe(200);
    expect((await call(t, 'GET', '/get-contest-announcement', { as: u1, query: { cid: priv } })).data.records.map((r: any) => r.title)).toEqual(['Shown']);
  });
});

describe('contest problems in the admin area', () => {
  it('adds by display ID once, edits colour and display ID, removes, and creates a contest-only problem', async () => {
    const now = Date.now();
    const cid = await contest(t, org, { startTime: now + HOUR, endTime: now + 2 * HOUR, type: 1 });
    const p1 = await problem(t, 'CP1');
    const p2 = await problem(t, 'CP2');
    const priv = await problem(t, 'CPX', { auth: 2, author: root.uid });
    await addProblem(t, org, cid, p1, 'A');
    const dup = await call(t, 'POST', '/admin/contest/add-problem-from-public', { as: org, body: { cid, pid: p2, displayId: 'A' } });
    expect([dup.code, dup.msg]).toEqual([400, 'The display ID A is already used in this contest']);
    expect((await call(t, 'POST', '/admin/contest/add-problem-from-public', { as: org, body: { cid, pid: p1, displayId: 'B' } })).msg).toMatch(/already in the contest/);
    expect((await call(t, 'POST', '/admin/contest/add-problem-from-public', { as: org, body: { cid, pid: p2, displayId: ' ' } })).msg).toMatch(/display ID is required/);
    expect((await call(t, 'POST', '/admin/contest/add-problem-from-public', { as: org, body: { cid, pid: priv, displayId: 'C' } })).code).toBe(400);
    await addProblem(t, org, cid, p2, 'B');
    expect((await call(t, 'PUT', '/admin/contest/contest-problem', { as: org, body: { cid, pid: p2, displayId: 'A' } })).code).toBe(400);
    expect((await call(t, 'PUT', '/admin/contest/contest-problem', { as: org, body: { cid, pid: p2, displayId: 'C', displayTitle: 'Cee', color: '#00ff00' } })).code).toBe(200);
    let list = await call(t, 'GET', '/admin/contest/get-problem-list', { as: org, query: { cid } });
    const places = (l: typeof list) => l.data.problemList.records.map((p: any) => l.data.contestProblemMap[p.id]);
    expect(places(list).map((p: any) => [p.displayId, p.displayTitle, p.color])).toEqual([['A', 'Problem CP1', null], ['C', 'Cee', '#00ff00']]);
    expect((await call(t, 'DELETE', '/admin/contest/problem', { as: org, query: { cid, pid: p1 } })).code).toBe(200);
    list = await call(t, 'GET', '/admin/contest/get-problem-list', { as: org, query: { cid } });
    expect(places(list).map((p: any) => p.displayId)).toEqual(['C']);
    expect(await t.ctx.db.selectFrom('problem').select('id').where('id', '=', p1).executeTakeFirst()).toBeTruthy();

    const created = await call(t, 'POST', '/admin/contest/problem', { as: org, body: {
      cid, displayId: 'D', problem: { problemId: 'CONTEST-D', title: 'Dee', description: 'd', input: 'i', output: 'o', auth: 1, type: 0 },
      languages: ['C++'], samples: [{ input: '1\n', output: '1\n', score: 100 }], isUploadTestCase: false, judgeMode: 'default',
    } });
    expect(created.code, created.msg).toBe(200);
    const row = await t.ctx.db.selectFrom('problem').select(['auth', 'type']).where('id', '=', created.data.pid).executeTakeFirstOrThrow();
    expect(row).toEqual({ auth: 3, type: 1 });
    // Editing the problem with a new display ID moves it on the contest's submissions too (their
    // Problem column and the accepted-code download read it), as the contest row edit does.
    const at = (await t.ctx.db.selectFrom('contest').select('start_time').where('id', '=', cid).executeTakeFirstOrThrow()).start_time;
    await judged(t, { cid, pid: created.data.pid, u: org, at: at + MIN, status: 0 });
    const edited = await call(t, 'PUT', '/admin/contest/problem', { as: org, body: {
      cid, displayId: 'E', problem: { id: created.data.pid, problemId: 'CONTEST-D', title: 'Dee', description: 'd', input: 'i', output: 'o', auth: 1, type: 0 },
      languages: ['C++'], samples: [{ input: '1\n', output: '1\n', score: 100 }], isUploadTestCase: false, judgeMode: 'default',
    } });
    expect(edited.code, edited.msg).toBe(200);
    const carried = await t.ctx.db.selectFrom('submission').select('display_pid').where('cid', '=', cid).where('pid', '=', created.data.pid).execute();
    expect(carried).toEqual([{ display_pid: 'E' }]);
    await t.ctx.db.deleteFrom('submission').where('cid', '=', cid).where('pid', '=', created.data.pid).execute();
    const usedD = await call(t, 'POST', '/admin/contest/problem', { as: org, body: {
      cid, displayId: 'E', problem: { problemId: 'CONTEST-D2', title: 'Dee2', description: 'd', input: 'i', output: 'o' },
      languages: ['C++'], samples: [{ input: '1\n', output: '1\n', score: 100 }], isUploadTestCase: false,
    } });
    expect(usedD.code).toBe(400);
    expect(await t.ctx.db.selectFrom('problem').select('id').where('problem_id', '=', 'CONTEST-D2').executeTakeFirst()).toBeUndefined();
    expect((await call(t, 'DELETE', '/admin/contest/problem', { as: org, query: { cid, pid: created.data.pid } })).code).toBe(200);
    expect(await t.ctx.db.selectFrom('problem').select('id').where('id', '=', created.data.pid).executeTakeFirst()).toBeUndefined();
  });
});

describe('OI rank and after-contest submissions', () => {
  it('ranks OI by the recent or the highest score, ties broken by time', async () => {
    const now = Date.now();
    const start = now - 2 * HOUR;
    const cid = await contest(t, org, { type: 1, startTime: start, endTime: now + HOUR, oiRankScoreType: 'Recent' });
    const x = await problem(t, 'OIX', { type: 1 });
    const y = await problem(t, 'OIY', { type: 1 });
    await addProblem(t, org, cid, x, 'X');
    await addProblem(t, org, cid, y, 'Y');
    const at = (m: number) => start + m * MIN;
    // u1: X 30 (100 ms) @10, 100 (200 ms) @20, 50 (300 ms) @30, CE @40 (ignored); Y 40 (10 ms) @5.
    await judged(t, { cid, pid: x, u: u1, at: at(10), status: S.PARTIAL_ACCEPTED, score: 30, time: 100 });
    await judged(t, { cid, pid: x, u: u1, at: at(20), status: S.ACCEPTED, score: 100, time: 200 });
    await judged(t, { cid, pid: x, u: u1, at: at(30), status: S.PARTIAL_ACCEPTED, score: 50, time: 300 });
    await judged(t, { cid, pid: x, u: u1, at: at(40), status: S.COMPILE_ERROR, score: 0, time: 0 });
    await judged(t, { cid, pid: y, u: u1, at: at(5), status: S.PARTIAL_ACCEPTED, score: 40, time: 10 });
    // u2: X 90 (50 ms); Y 0 (20 ms).
    await judged(t, { cid, pid: x, u: u2, at: at(15), status: S.PARTIAL_ACCEPTED, score: 90, time: 50 });
    await judged(t, { cid, pid: y, u: u2, at: at(16), status: S.WRONG_ANSWER, score: 0, time: 20 });
    const table = async () => (await call(t, 'POST', '/get-contest-rank', { as: org, body: { cid } })).data.records
      .map((r: any) => [r.username, r.rank, r.totalScore, r.totalTime, r.submissionInfo.X, r.submissionInfo.Y]);
    // Recent: u1 50 + 40 = 90 in 310 ms; u2 90 + 0 in 70 ms -> u2 first on time.
    expect(await table()).toEqual([['u2', 1, 90, 70, 90, 0], ['u1', 2, 90, 310, 50, 40]]);
    const form = (await call(t, 'GET', '/admin/contest', { as: org, query: { cid } })).data;
    expect((await call(t, 'PUT', '/admin/contest', { as: org, body: { ...form, oiRankScoreType: 'Highest' } })).code).toBe(200);
    // Highest: u1 100 + 40 = 140 in 210 ms.
    expect(await table()).toEqual([['u1', 1, 140, 210, 100, 40], ['u2', 2, 90, 70, 90, 0]]);
  });

  it('hides OI results from participants while sealed', async () => {
    const now = Date.now();
    const cid = await contest(t, org, { type: 1, startTime: now - HOUR, endTime: now + HOUR, sealRank: true, sealRankChoice: 2 });
    const x = await problem(t, 'OIS', { type: 1 });
    await addProblem(t, org, cid, x, 'A');
    await judged(t, { cid, pid: x, u: u1, at: now - 10 * MIN, status: S.ACCEPTED, score: 100, time: 5 });
    const probs = await call(t, 'GET', '/get-contest-problem', { as: u1, query: { cid } });
    expect(probs.data[0]).toMatchObject({ myStatus: -5, score: null, ac: null });
    const subs = await call(t, 'GET', '/contest-submissions', { as: u1, query: { cid } });
    expect(subs.data.records.map((s: any) => [s.username, s.status, s.score])).toEqual([['u1', -5, null]]);
    const adminSubs = await call(t, 'GET', '/contest-submissions', { as: org, query: { cid } });
    expect(adminSubs.data.records.map((s: any) => [s.status, s.score])).toEqual([[0, 100]]);
    // get-submission-list with contestID (the Submissions tab) shows participants the same rows.
    const listed = await call(t, 'GET', '/get-submission-list', { as: u1, query: { contestID: cid } });
    expect(listed.code).toBe(200);
    expect(listed.data.records.map((s: any) => [s.username, s.status, s.score])).toEqual([['u1', -5, null]]);
    expect((await call(t, 'GET', '/get-submission-list', { as: u2, query: { contestID: cid } })).data.total).toBe(0);
    const rank = await call(t, 'POST', '/get-contest-rank', { as: u2, body: { cid } });
    expect(rank.data.records).toEqual([]);
  });

  it('counts submissions after the end only when asked for', async () => {
    const now = Date.now();
    const start = now - 3 * HOUR;
    const cid = await contest(t, org, { type: 0, startTime: start, endTime: now - HOUR, allowEndSubmit: true, openRank: true });
    const a = await problem(t, 'END1');
    await addProblem(t, org, cid, a, 'A');
    await judged(t, { cid, pid: a, u: u1, at: start + 30 * MIN, status: S.WRONG_ANSWER });
    await judged(t, { cid, pid: a, u: u1, at: now - 30 * MIN, status: S.ACCEPTED });
    const rules = t.ctx.services.submission.contestRules!;
    await expect(rules.beforeSubmit({ uid: u1.uid, username: 'u1', role: 1002, roles: [1002], roleNames: [], sessionId: '' }, cid, { pid: a })).resolves.toBeTruthy();
    const plain = await call(t, 'POST', '/get-contest-rank', { as: u1, body: { cid } });
    expect(plain.data.records.map((r: any) => [r.username, r.ac, r.totalTime, r.submissionInfo.A.errorNum])).toEqual([['u1', 0, 0, 1]]);
    const withEnd = await call(t, 'POST', '/get-contest-outside-scoreboard', { body: { cid, containsEnd: true } });
    expect(withEnd.data.records[0].submissionInfo.A).toMatchObject({ isAC: true, isAfterContest: true, errorNum: 1, ACTime: 150 * 60 });
    expect(withEnd.data.records[0]).toMatchObject({ ac: 1, totalTime: 170 * 60 });
    const subs = await call(t, 'GET', '/contest-submissions', { as: u2, query: { cid } });
    expect(subs.data.total).toBe(1);
    expect((await call(t, 'GET', '/contest-submissions', { as: u2, query: { cid, containsEnd: true } })).data.total).toBe(2);
    // A public contest needs no registration: whoever submitted counts as a participant.
    expect((await call(t, 'GET', '/get-contest-info', { as: u2, query: { cid } })).data.count).toBe(1);
    const inList = await call(t, 'GET', '/get-contest-list', { query: { status: 1, limit: 100 } });
    expect(inList.data.records.find((r: any) => r.id === cid).count).toBe(1);
    const listed = await call(t, 'GET', '/get-submission-list', { as: u2, query: { contestID: cid } });
    expect([listed.code, listed.data.total, listed.data.records[0]?.username]).toEqual([200, 1, 'u1']);
    expect((await call(t, 'GET', '/get-submission-list', { as: u2, query: { contestID: cid, containsEnd: true } })).data.total).toBe(2);
  });

  it('refuses submissions after the end when the contest does not allow them', async () => {
    const now = Date.now();
    const cid = await contest(t, org, { type: 0, startTime: now - 2 * HOUR, endTime: now - HOUR });
    const a = await problem(t, 'END2');
    await addProblem(t, org, cid, a, 'A');
    const rules = t.ctx.services.submission.contestRules!;
    await expect(rules.beforeSubmit({ uid: u1.uid, username: 'u1', role: 1002, roles: [1002], roleNames: [], sessionId: '' }, cid, { pid: a }))
      .rejects.toMatchObject({ message: 'contestEndedNoSubmit' });
    expect((await call(t, 'POST', '/get-contest-outside-scoreboard', { body: { cid } })).msg).toBe('The scoreboard of this contest is not open');
  });

  it('hides an invisible contest from everyone but its admins and deletes a contest with its parts', async () => {
    const now = Date.now();
    const cid = await contest(t, org, { type: 0, startTime: now - HOUR, endTime: now + HOUR, openRank: true });
    const a = await problem(t, 'VIS1');
    await addProblem(t, org, cid, a, 'A');
    const info = await call(t, 'GET', '/get-contest-outsize-info', { query: { cid } });
    expect(info.data.problemList.map((p: any) => p.displayId)).toEqual(['A']);
    expect((await call(t, 'PUT', '/admin/contest/change-contest-visible', { as: org, query: { cid, visible: false } })).code).toBe(200);
    expect((await call(t, 'GET', '/get-contest-info', { as: u1, query: { cid } })).code).toBe(404);
    expect((await call(t, 'GET', '/get-contest-list', {})).data.records.some((c: any) => c.id === cid)).toBe(false);
    expect((await call(t, 'GET', '/get-contest-info', { as: org, query: { cid } })).code).toBe(200);
    expect((await call(t, 'DELETE', '/admin/contest', { as: other, query: { cid } })).code).toBe(403);
    expect((await call(t, 'DELETE', '/admin/contest', { as: org, query: { cid } })).code).toBe(200);
    expect(await t.ctx.db.selectFrom('contest_problem').select('id').where('cid', '=', cid).executeTakeFirst()).toBeUndefined();
    expect((await call(t, 'GET', '/get-contest-info', { as: org, query: { cid } })).code).toBe(404);
  });
});

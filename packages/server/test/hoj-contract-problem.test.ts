import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus } from '@verdict/shared';
import { createTestApp, type TestApp } from './helpers.js';
import { ProtocolWorker, call, casesOf, makeProblem, makeUser, type TestUser } from './judge-fixtures.js';
import { MIN, addProblem, contest, user, type CUser } from './contest-fixtures.js';

/**
 * HOJ's wire contract for problems and submissions (issue 10, differences 1, 2 and 5): each request
 * is built as HOJ's client builds it (hoj-vue/src/common/api.js and the views calling it), and the
 * answers carry the fields it reads, in its units.
 */
let t: TestApp;
let alice: TestUser, root: TestUser;
let org: CUser;
let acm: number;
let cid: number, otherCid: number;
let worker: ProtocolWorker;

beforeAll(async () => {
  t = await createTestApp();
  [alice, root] = await Promise.all([makeUser(t, 'alice'), makeUser(t, 'root', 1000)]);
  org = await user(t, 'org', 1001);
  acm = await makeProblem(t, { problemId: '1000' });
  await makeProblem(t, { problemId: '1001', type: 1, cases: [{ input: '1', output: '1', score: 40 }, { input: '2', output: '2', score: 60 }] });
  const b = await makeProblem(t, { problemId: '1002' });
  const sw = await t.ctx.services.siteConfig.switches();
  await t.ctx.services.siteConfig.set('switch', { ...sw, defaultSubmitInterval: 0, submitCaptchaPerMinute: 0 });
  const running = { startTime: Date.now() - 10 * MIN, endTime: Date.now() + 60 * MIN };
  cid = await contest(t, org, running);
  await addProblem(t, org, cid, acm, 'A');
  otherCid = await contest(t, org, running);
  await addProblem(t, org, otherCid, b, 'B');
  for (const c of [cid, otherCid]) expect((await call(t, 'POST', '/api/register-contest', { user: alice, body: { cid: c, password: '' } })).code).toBe(200);
  worker = new ProtocolWorker(t, 'contract-worker');
  await worker.register(['C++17']);
});
afterAll(async () => { await t?.close(); });

/** Problem.vue's submitCode(): pid is the route's problem ID (a string), cid/tid/gid as the route has them. */
const hojSubmit = (pid: string, cidValue: number | null, u: TestUser = alice, lang = 'en-US') => call(t, 'POST', '/api/submit-problem-judge', {
  user: u, lang, body: { pid, language: 'C++17', code: `int main(){} // ${Math.random()}`, cid: cidValue ?? 0, tid: null, gid: null, isRemote: false },
});

async function judgeNext(status: number, score: number | null = null) {
  const task = (await worker.claim())!;
  const cases = casesOf(task, status, 5).map((c) => ({ ...c, score: status === 0 ? 50 : 0 }));
  expect(await worker.result(task, { status, score, cases })).toBe(true);
  return task;
}

describe('difference 1: problems named by display ID', () => {
  it('submit-problem-judge takes the problem display ID, and in a contest the contest display ID with cid', async () => {
    const pub = await hojSubmit('1000', null);
    expect(pub.code).toBe(200);
    expect(typeof pub.body.data.submitId).toBe('number');
    // HOJ's Judge entity: pid is the problem's id, displayPid what the user sees.
    expect(pub.body.data).toMatchObject({ pid: acm, displayPid: '1000', cid: 0 });
    await judgeNext(JudgeStatus.ACCEPTED);

    const inContest = await hojSubmit('A', cid);
    expect(inContest.code).toBe(200);
    expect(inContest.body.data).toMatchObject({ pid: acm, displayPid: 'A', cid });
    const row = await t.ctx.db.selectFrom('submission').select(['pid', 'cid', 'display_pid']).where('id', '=', inContest.body.data.submitId).executeTakeFirstOrThrow();
    expect(row).toEqual({ pid: acm, cid, display_pid: 'A' });
    await judgeNext(JudgeStatus.WRONG_ANSWER);
  });

  it('refuses display IDs that do not name a problem with a clear bilingual 404', async () => {
    const missing = await hojSubmit('9999', null);
    expect([missing.code, missing.body.msg]).toEqual([404, 'The problem does not exist']);
    expect((await hojSubmit('9999', null, alice, 'zh-CN')).body.msg).toBe('该题目不存在');
    // Another contest's display ID, and the problem's own ID inside a contest, are not this contest's.
    const other = await hojSubmit('B', cid);
    expect([other.code, other.body.msg]).toEqual([404, 'The problem is not in this contest']);
    expect((await hojSubmit('1000', cid)).code).toBe(404);
    expect((await hojSubmit('', null)).code).toBe(400);
    expect(await worker.claim()).toBeNull();
  });

  it('get-problem-detail by problemId; contest details by displayId + cid; the by-id calls take the numeric pid HOJ sends', async () => {
    const d = await call(t, 'GET', '/api/get-problem-detail', { query: { problemId: '1000' } });
    expect(d.body.data.problem).toMatchObject({ id: acm, problemId: '1000', timeLimit: 1000, memoryLimit: 256 });
    expect(d.body.data.languages).toEqual(expect.any(Array));
    const cd = await call(t, 'GET', '/api/get-contest-problem-details', { user: alice, query: { displayId: 'A', cid, containsEnd: false } });
    expect(cd.code).toBe(200);
    expect(cd.body.data.problem).toMatchObject({ id: acm });
    const wrong = await call(t, 'GET', '/api/get-contest-problem-details', { user: alice, query: { displayId: 'B', cid, containsEnd: false }, lang: 'en-US' });
    expect([wrong.code, wrong.body.msg]).toEqual([404, 'The problem is not in this contest']);

    // TestJudgeDTO.pid, get-last-ac-code, get-problem-languages and templates: HOJ sends the problem's id (Long).
    const key = await call(t, 'POST', '/api/submit-problem-test-judge', {
      user: alice, body: { pid: acm, type: 'public', language: 'C++17', code: 'int main(){}', userInput: '1 2', expectedOutput: null, mode: 'text/x-c++src', isRemoteJudge: false, cid: 0, gid: null },
    });
    expect(key.code).toBe(200);
    expect(typeof key.body.data).toBe('string');
    await worker.result((await worker.claim())!, { status: 0 });
    const last = await call(t, 'GET', '/api/get-last-ac-code', { user: alice, query: { pid: acm } });
    expect(last.body.data).toMatchObject({ language: 'C++17', code: expect.stringContaining('int main') });
    expect((await call(t, 'GET', '/api/get-problem-languages', { query: { pid: acm } })).body.data.map((l: { name: string }) => l.name)).toContain('C++17');
    expect((await call(t, 'GET', '/api/get-problem-code-template', { query: { pid: acm } })).code).toBe(200);
  });
});

describe('difference 2: the problem bank and tags', () => {
  it("get-problem-list with HOJ's default oj=Mine lists this site's problems; tags for oj=All list every tag", async () => {
    await t.ctx.db.insertInto('tag').values([
      { name: 'dp', color: null, oj: 'ME', gid: 0, classification_id: null, gmt_create: 0 },
      { name: 'cf-greedy', color: null, oj: 'CF', gid: 0, classification_id: null, gmt_create: 0 },
    ] as never).execute();
    // ProblemList.vue drops empty filters and sends currentPage/limit as numbers.
    const list = await call(t, 'GET', '/api/get-problem-list', { query: { oj: 'Mine', currentPage: 1, limit: 30 } });
    expect(list.body.data.total).toBe(3);
    expect(list.body.data.records[0]).toMatchObject({ pid: acm, problemId: '1000', title: 'Problem 1000', difficulty: 0, tags: [], total: expect.any(Number), ac: expect.any(Number) });
    expect((await call(t, 'GET', '/api/get-problem-list', { query: { oj: 'All', currentPage: 1, limit: 30 } })).body.data.total).toBe(3);
    expect((await call(t, 'GET', '/api/get-problem-list', { query: { oj: 'CF', currentPage: 1, limit: 30 } })).body.data.total).toBe(0);

    const names = async (oj: string, url = '/api/get-all-problem-tags') => (await call(t, 'GET', url, { query: { oj } })).body.data;
    expect((await names('All')).map((x: { name: string }) => x.name).sort()).toEqual(['cf-greedy', 'dp']);
    expect((await names('ALL')).length).toBe(2);
    expect((await names('ME')).map((x: { name: string }) => x.name)).toEqual(['dp']);
    const grouped = await names('All', '/api/get-problem-tags-and-classification');
    expect(grouped.flatMap((g: { tagList: { name: string }[] }) => g.tagList.map((x) => x.name)).sort()).toEqual(['cf-greedy', 'dp']);
    // The admin problem editor's get-problem-tags (pid: the problem's id).
    expect((await call(t, 'GET', '/api/get-problem-tags', { user: root, query: { pid: acm } })).body.data).toEqual([]);
  });
});

describe('difference 5: case scores and contest rows', () => {
  it('ACM case results carry score null (HOJ prints "0 pts" for a number); OI cases keep their score', async () => {
    const a = (await hojSubmit('1000', null)).body.data.submitId;
    await judgeNext(JudgeStatus.WRONG_ANSWER);
    const o = (await hojSubmit('1001', null)).body.data.submitId;
    await judgeNext(JudgeStatus.ACCEPTED, 100);
    const cases = async (submitId: number) => (await call(t, 'GET', '/api/get-all-case-result', { user: alice, query: { submitId } })).body.data.judgeCaseList;
    const acmCases = await cases(a);
    expect(acmCases.length).toBeGreaterThan(0);
    for (const c of acmCases) expect(c.score).toBeNull();
    expect((await cases(o)).map((c: { score: number | null }) => c.score)).toEqual([50, 50]);
  });

  it('contest-submissions rows carry judger (and isManual)', async () => {
    const rows = (await call(t, 'GET', '/api/contest-submissions', { user: root, query: { cid, currentPage: 1, limit: 30, onlyMine: false } })).body.data.records;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ displayId: 'A', judger: 'contract-worker', isManual: false });
  });
});

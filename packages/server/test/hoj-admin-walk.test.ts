import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemAuth, Role } from '@verdict/shared';
import { createTestApp, type TestApp } from './helpers.js';
import { addProblem, call, contest, MIN, problem, user, type CUser } from './contest-fixtures.js';

/**
 * What a walk of HOJ's own admin client (hoj-vue) found after issue 26 items 9-13: the calls its
 * contest problem screens and problem lists make, sent as its views build them.
 */
let t: TestApp;
let root: CUser;
let org: CUser;

beforeAll(async () => {
  t = await createTestApp();
  root = await user(t, 'walk_root', Role.ROOT);
  org = await user(t, 'walk_org', Role.PROBLEM_ADMIN);
});
afterAll(async () => { await t?.close(); });

const future = () => ({ startTime: Date.now() + 60 * MIN, endTime: Date.now() + 120 * MIN, type: 0, auth: 0 });

/** Problem.vue's submit(): problemDto as it posts it (manual cases; the contest only in problem.cid). */
function hojProblemDto(problem: Record<string, unknown>) {
  return {
    problem: {
      id: null, title: 'Walk sum', problemId: 'WALK1', description: 'Add.', input: 'a b', output: 'a+b', timeLimit: 1000, memoryLimit: 256,
      stackLimit: 128, difficulty: 0, auth: 3, codeShare: true, examples: '<input>1 2</input><output>3</output>', spjLanguage: 'C', spjCode: null,
      spjCompileOk: false, uploadTestcaseDir: '', testCaseScore: [], isRemote: false, isUploadCase: false, type: 0, hint: '', source: '',
      cid: null, isRemoveEndBlank: false, openCaseResult: true, judgeMode: 'default', judgeCaseMode: 'default', userExtraFile: null,
      judgeExtraFile: null, isFileIO: false, ioReadFileName: null, ioWriteFileName: null, author: 'walk_org', ...problem,
    },
    codeTemplates: [],
    tags: [],
    languages: [{ id: 2, name: 'C++', oj: 'ME' }],
    isUploadTestCase: false,
    uploadTestcaseDir: '',
    judgeMode: 'default',
    samples: [{ input: '1 2', output: '3', score: '', groupNum: '', pid: null, isOpen: true, index: 1 }],
    changeJudgeCaseMode: false,
  };
}

describe('a contest problem made with HOJ\'s form', () => {
  it('is created from problem.cid, then placed with contest-problem; an edit names no contest', async () => {
    const cid = await contest(t, org, future());
    // admin_createContestProblem: no cid or display ID beside the problem.
    const created = await call(t, 'POST', '/admin/contest/problem', { as: org, body: hojProblemDto({ problemId: 'WALK1', cid: String(cid) }) });
    expect([created.code, created.msg]).toEqual([200, 'success']);
    const pid = created.data.pid as number;
    // admin_setContestProblemInfo with the form's contestProblem: { displayId, displayTitle, cid, pid }.
    const placed = await call(t, 'PUT', '/admin/contest/contest-problem', { as: org, body: { displayId: 'A', displayTitle: 'Sum in contest', cid: String(cid), pid } });
    expect(placed.code).toBe(200);
    const list = await call(t, 'GET', '/admin/contest/get-problem-list', { as: org, query: { cid, currentPage: 1, limit: 10 } });
    expect(list.data.contestProblemMap[pid]).toMatchObject({ displayId: 'A', displayTitle: 'Sum in contest' });
    expect(list.data.problemList.records[0]).toMatchObject({ id: pid, auth: ProblemAuth.CONTEST });

    // The edit form loads GET admin/contest/problem?pid and the row, then saves both; problemDto has no cid.
    const row = (await call(t, 'GET', '/admin/contest/contest-problem', { as: org, query: { cid, pid } })).data;
    const loaded = (await call(t, 'GET', '/admin/contest/problem', { as: org, query: { pid } })).data;
    const edited = await call(t, 'PUT', '/admin/contest/problem', { as: org, body: hojProblemDto({ ...loaded, title: 'Walk sum 2', auth: 1, type: 1 }) });
    expect(edited.code).toBe(200);
    const after = (await call(t, 'GET', '/admin/problem', { as: org, query: { pid } })).data;
    expect(after).toMatchObject({ title: 'Walk sum 2', auth: ProblemAuth.CONTEST, type: 0 });
    expect((await call(t, 'PUT', '/admin/contest/contest-problem', { as: org, body: { ...row, displayId: 'B' } })).code).toBe(200);
    expect((await call(t, 'GET', '/admin/contest/contest-problem', { as: org, query: { cid, pid } })).data.displayId).toBe('B');
  });

  it('still refuses a row without a display ID, a taken one, and a contest or problem that is not the caller\'s', async () => {
    const cid = await contest(t, org, future());
    const pid = (await call(t, 'POST', '/admin/contest/problem', { as: org, body: hojProblemDto({ problemId: 'WALK2', cid }) })).data.pid as number;
    const none = await call(t, 'PUT', '/admin/contest/contest-problem', { as: org, body: { cid, pid, displayId: '' } });
    expect([none.code, none.msg]).toEqual([400, 'The contest display ID is required']);
    await addProblem(t, org, cid, await problem(t, 'WALK3'), 'A');
    expect((await call(t, 'PUT', '/admin/contest/contest-problem', { as: org, body: { cid, pid, displayId: 'A' } })).code).toBe(400);
    // Someone else's contest, and a private problem of someone else.
    const other = await user(t, 'walk_org2', Role.PROBLEM_ADMIN);
    expect((await call(t, 'PUT', '/admin/contest/contest-problem', { as: other, body: { cid, pid, displayId: 'Z' } })).code).toBe(403);
    const theirs = await contest(t, other, future());
    const privateOne = await problem(t, 'WALK4', { auth: ProblemAuth.PRIVATE, author: root.uid });
    expect((await call(t, 'PUT', '/admin/contest/contest-problem', { as: other, body: { cid: theirs, pid: privateOne, displayId: 'A' } })).code).toBe(400);
    const lost = await call(t, 'POST', '/admin/contest/problem', { as: org, body: hojProblemDto({ problemId: 'WALK5' }) });
    expect([lost.code, lost.msg]).toEqual([404, 'The contest does not exist']);
  });
});

describe('HOJ\'s contest problem list', () => {
  it('changes a balloon colour by the row id alone, keeping the display ID and title', async () => {
    const cid = await contest(t, org, future());
    const pid = await problem(t, 'WALK6');
    await addProblem(t, org, cid, pid, 'C');
    const map = (await call(t, 'GET', '/admin/contest/get-problem-list', { as: org, query: { cid } })).data.contestProblemMap;
    // changeContestProblemColor(contestProblemMap[row.id].id, color)
    const res = await call(t, 'PUT', '/admin/contest/contest-problem', { as: org, body: { id: map[pid].id, color: 'rgba(255, 69, 0, 0.68)' } });
    expect(res.code).toBe(200);
    expect((await call(t, 'GET', '/admin/contest/contest-problem', { as: org, query: { cid, pid } })).data)
      .toMatchObject({ displayId: 'C', displayTitle: 'Problem WALK6', color: 'rgba(255, 69, 0, 0.68)' });
    const other = await user(t, 'walk_org3', Role.PROBLEM_ADMIN);
    expect((await call(t, 'PUT', '/admin/contest/contest-problem', { as: other, body: { id: map[pid].id, color: 'red' } })).code).toBe(403);
    expect((await call(t, 'PUT', '/admin/contest/contest-problem', { as: org, body: { id: 999999, color: 'red' } })).code).toBe(404);
    const neither = await call(t, 'PUT', '/admin/contest/contest-problem', { as: org, body: { color: 'red' } });
    expect([neither.code, neither.msg]).toEqual([400, 'The problem is not in this contest']);
  });

  it('changes a problem\'s visibility with the list row (id, no pid)', async () => {
    const pid = await problem(t, 'WALK7');
    const row = (await call(t, 'GET', '/admin/problem/get-problem-list', { as: root, query: { keyword: 'WALK7' } })).data.records[0];
    expect(row.pid).toBeUndefined();
    const res = await call(t, 'PUT', '/admin/problem/change-problem-auth', { as: root, body: { ...row, auth: ProblemAuth.PRIVATE } });
    expect(res.code).toBe(200);
    expect((await call(t, 'GET', '/admin/problem', { as: root, query: { pid } })).data.auth).toBe(ProblemAuth.PRIVATE);
    expect((await call(t, 'PUT', '/admin/problem/change-problem-auth', { as: root, body: { auth: 1 } })).code).toBe(400);
  });

  it('Delete (pid only) deletes the problem itself, and says so when a contest still holds it', async () => {
    const cid = await contest(t, org, future());
    const held = await problem(t, 'WALK8');
    await addProblem(t, org, cid, held, 'A');
    const refused = await call(t, 'DELETE', '/admin/contest/problem', { as: org, query: { pid: held } });
    expect(refused.code).toBe(400);
    expect(refused.msg).toContain(String(cid));
    const loose = await problem(t, 'WALK9');
    expect((await call(t, 'DELETE', '/admin/contest/problem', { as: org, query: { pid: loose } })).code).toBe(200);
    expect((await call(t, 'GET', '/admin/problem', { as: root, query: { pid: loose } })).code).toBe(404);
    // Remove (cid and pid) still only takes it out of the contest.
    expect((await call(t, 'DELETE', '/admin/contest/problem', { as: org, query: { cid, pid: held } })).code).toBe(200);
    expect((await call(t, 'GET', '/admin/problem', { as: root, query: { pid: held } })).code).toBe(200);
  });
});

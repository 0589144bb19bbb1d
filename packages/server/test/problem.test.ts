import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@verdict/shared';
import { createTestApp, type TestApp } from './helpers.js';
import { editorView, makeUser, problemPayload } from './problem-helpers.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUser>>;
let user: Awaited<ReturnType<typeof makeUser>>;
const en = { 'accept-language': 'en-US' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, 'padmin', Role.PROBLEM_ADMIN);
  user = await makeUser(t, 'alice');
});
afterAll(async () => { await t?.close(); });

const create = (body: unknown, who = admin) => t.app.inject({ method: 'POST', url: '/api/admin/problem', headers: { ...who.headers, ...en }, payload: body as object });
const get = (url: string, who?: { headers: Record<string, string> }) => t.app.inject({ method: 'GET', url, headers: { ...(who?.headers ?? {}), ...en } });

describe('problem administration', () => {
  it('refuses anonymous users and plain users', async () => {
    const anon = await t.app.inject({ method: 'POST', url: '/api/admin/problem', payload: problemPayload() });
    expect(anon.statusCode).toBe(401);
    const plain = await create(problemPayload(), user);
    expect(plain.statusCode).toBe(403);
  });

  it('creates a problem with typed cases, tags made on the fly, and writes its test data', async () => {
    const res = await create(problemPayload({ problemId: '1001', title: 'Sum of two' }, { tags: [{ name: 'math' }, { name: 'easy' }] }));
    expect(res.json()).toMatchObject({ status: 200 });
    const pid = res.json().data.pid as number;
    const view = await editorView(t, pid, admin.headers);
    expect(view.problem).toMatchObject({ problemId: '1001', title: 'Sum of two', timeLimit: 1000, memoryLimit: 256, stackLimit: 128 });
    expect(view.tags.map((x: { name: string }) => x.name).sort()).toEqual(['easy', 'math']);
    expect(view.cases).toHaveLength(2);
    const dir = path.join(t.dataDir, 'testcase', String(pid));
    expect(fs.readFileSync(path.join(dir, view.cases[1].inputName), 'utf8')).toBe('5 7\n');
    expect(fs.readFileSync(path.join(dir, view.cases[1].outputName), 'utf8')).toBe('12\n');
    // Typed cases come back as text for the form.
    expect(view.cases.map((c: { input: string; output: string }) => [c.input, c.output])).toEqual([['1 2\n', '3\n'], ['5 7\n', '12\n']]);
    expect(view.problem.caseVersion).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a duplicate display id and leaves nothing behind', async () => {
    const before = await t.ctx.db.selectFrom('problem').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const res = await create(problemPayload({ problemId: '1001' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('The problem display ID 1001 already exists');
    const after = await t.ctx.db.selectFrom('problem').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('checks the form rules of spec 03 §5 with their messages', async () => {
    const cases: [unknown, string][] = [
      [problemPayload({ problemId: '' }), 'Problem Display ID is_required'],
      [problemPayload({ problemId: 'X1', title: ' ' }), 'Title is_required'],
      [problemPayload({ problemId: 'X1', input: '' }), 'Input Description is_required'],
      [problemPayload({ problemId: 'X1', isFileIO: true, ioReadFileName: 'a.in', ioWriteFileName: '' }),
        'When the read/write mode is File IO, the input file name or output file name cannot be empty'],
      [problemPayload({ problemId: 'X1' }, { samples: [] }), 'Judge Samples is_required'],
      [problemPayload({ problemId: 'X1' }, { samples: [{ input: '', output: '' }] }), 'Sample 1 needs an input or an output'],
      [problemPayload({ problemId: 'X1', type: 1 }, { samples: [{ input: '1', output: '1', score: '' }] }),
        'The score of case 1 must be an integer greater than or equal to 0'],
      [problemPayload({ problemId: 'X1', type: 1 }, { samples: [{ input: '1', output: '1', score: -1 }] }),
        'The score of case 1 must be an integer greater than or equal to 0'],
      [problemPayload({ problemId: 'X1', type: 1, judgeCaseMode: 'subtask-lowest' }, { samples: [{ input: '1', output: '1', score: 100 }] }),
        'Case 1 needs a group number in subtask mode'],
      [problemPayload({ problemId: 'X1', type: 0, judgeCaseMode: 'subtask_average' }), 'The judge case mode subtask_average is not available for ACM problems'],
      [problemPayload({ problemId: 'X1', type: 1, judgeCaseMode: 'ergodic_without_error' }), 'The judge case mode ergodic_without_error is not available for OI problems'],
      [problemPayload({ problemId: 'X1' }, { languages: [] }), 'Please choose at least one language'],
      [problemPayload({ problemId: 'X1' }, { codeTemplates: [{ language: 'C', code: '  ', status: true }] }), 'The enabled code template of C cannot be empty'],
      [problemPayload({ problemId: 'X1' }, { tags: [{ name: 'dp' }, { name: 'DP' }] }), 'Add_Tag_Error: the tag DP is added twice'],
      [problemPayload({ problemId: 'X1' }, { judgeMode: 'spj' }), 'Spj or Interactive code is required'],
      [problemPayload({ problemId: 'X1', judgeExtraFile: { '../testlib.h': 'x' } }), 'The extra file name ../testlib.h must be a plain file name: no path, no "..", no control characters'],
      [problemPayload({ problemId: 'X1', userExtraFile: { 'data.txt': '' } }), 'The content of the extra file data.txt is required!'],
      [problemPayload({ problemId: 'X1', userExtraFile: { '': 'x' } }), 'The extra file name is required!'],
      [problemPayload({ problemId: 'X1' }, { isUploadTestCase: true, samples: [{ input: '1.in', output: '1.out' }] }), 'Judge Samples is_required'],
    ];
    for (const [body, msg] of cases) {
      const res = await create(body);
      expect(res.statusCode, msg).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    const zh = await t.app.inject({ method: 'POST', url: '/api/admin/problem', headers: admin.headers, payload: problemPayload({ problemId: '' }) });
    expect(zh.json().msg).toBe('题目展示ID 为必填项');
    expect(await t.ctx.db.selectFrom('problem').select('id').where('problem_id', '=', 'X1').executeTakeFirst()).toBeUndefined();
  });

  it('an OI subtask problem is worth the sum of its groups, with the groups kept', async () => {
    const res = await create(problemPayload({ problemId: 'OI1', type: 1, judgeCaseMode: 'subtask_lowest' }, {
      samples: [{ input: '1', output: '1', score: 60, groupNum: 1 }, { input: '2', output: '2', score: 60, groupNum: 1 }, { input: '3', output: '3', score: 40, groupNum: 2 }],
    }));
    expect(res.statusCode).toBe(200);
    const view = await editorView(t, res.json().data.pid, admin.headers);
    // A group is worth its cases' points once (it scores its lowest case): 60 + 40.
    expect(view.problem.ioScore).toBe(100);
    expect(view.problem.judgeCaseMode).toBe('subtask_lowest');
    expect(view.cases.map((c: { score: number; groupNum: number }) => [c.score, c.groupNum])).toEqual([[60, 1], [60, 1], [40, 2]]);
  });

  it('updates a problem: new cases get a new case version, old files are replaced', async () => {
    const pid = (await create(problemPayload({ problemId: 'UP1' }))).json().data.pid;
    const v1 = await editorView(t, pid, admin.headers);
    const body = problemPayload({ id: pid, problemId: 'UP1', title: 'Renamed', timeLimit: 2000 }, { samples: [{ input: '9 9\n', output: '18\n' }] });
    const res = await t.app.inject({ method: 'PUT', url: '/api/admin/problem', headers: admin.headers, payload: body });
    expect(res.statusCode).toBe(200);
    const v2 = await editorView(t, pid, admin.headers);
    expect(v2.problem).toMatchObject({ title: 'Renamed', timeLimit: 2000 });
    expect(v2.problem.caseVersion).not.toBe(v1.problem.caseVersion);
    expect(v2.cases).toHaveLength(1);
    expect(fs.readdirSync(path.join(t.dataDir, 'testcase', String(pid))).sort()).toEqual(['1.in', '1.out']);
  });

  it('lists, switches auth and deletes in the admin list', async () => {
    const list = (await get('/api/admin/problem/get-problem-list?keyword=UP&currentPage=1&limit=10', admin)).json().data;
    expect(list.records.map((r: { problemId: string }) => r.problemId)).toEqual(['UP1']);
    const pid = list.records[0].id;
    const sw = await t.app.inject({ method: 'PUT', url: '/api/admin/problem/change-problem-auth', headers: admin.headers, payload: { pid, auth: 2 } });
    expect(sw.statusCode).toBe(200);
    expect((await get('/api/admin/problem/get-problem-list?auth=2', admin)).json().data.total).toBe(1);
    // Used by a contest: refused until the contest lets it go.
    await t.ctx.db.insertInto('contest_problem').values({ cid: 7, pid, display_id: 'A', display_title: 'x', color: null, gmt_create: Date.now() } as never).execute();
    const busy = await t.app.inject({ method: 'DELETE', url: `/api/admin/problem?pid=${pid}`, headers: { ...admin.headers, ...en } });
    expect(busy.json()).toMatchObject({ status: 400, msg: 'The problem is used in contest 7; remove it from the contest first' });
    await t.ctx.db.deleteFrom('contest_problem').where('pid', '=', pid).execute();
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/problem?pid=${pid}`, headers: admin.headers });
    expect(del.statusCode).toBe(200);
    expect((await get(`/api/admin/problem?pid=${pid}`, admin)).statusCode).toBe(404);
    expect(fs.existsSync(path.join(t.dataDir, 'testcase', String(pid)))).toBe(false);
  });
});

describe('problems for users', () => {
  let pid1001: number;
  beforeAll(async () => {
    pid1001 = (await t.ctx.db.selectFrom('problem').select('id').where('problem_id', '=', '1001').executeTakeFirstOrThrow()).id;
    await create(problemPayload({ problemId: 'HARD1', title: 'Shortest paths', difficulty: 2 }, { tags: [{ name: 'graph' }] }));
    await create(problemPayload({ problemId: 'SECRET', title: 'Hidden', auth: 2 }));
    await create(problemPayload({ problemId: 'ANNEX', title: 'With annex', userExtraFile: { 'data.txt': 'hello annex' } }));
  });

  it('lists public problems with filters, paginated, and hides private ones', async () => {
    const all = (await get('/api/get-problem-list?currentPage=1&limit=30')).json().data;
    const ids = all.records.map((r: { problemId: string }) => r.problemId);
    expect(ids).toContain('1001');
    expect(ids).not.toContain('SECRET');
    expect(all.records[0]).not.toHaveProperty('myStatus');
    const hard = (await get('/api/get-problem-list?difficulty=2')).json().data;
    expect(hard.records.map((r: { problemId: string }) => r.problemId)).toEqual(['HARD1']);
    const kw = (await get(`/api/get-problem-list?keyword=${encodeURIComponent('shortest')}`)).json().data;
    expect(kw.total).toBe(1);
    const pct = (await get(`/api/get-problem-list?keyword=${encodeURIComponent('%')}`)).json().data;
    expect(pct.total).toBe(0);
    const tags = (await get('/api/get-all-problem-tags?oj=ME')).json().data as { id: number; name: string }[];
    const graph = tags.find((x) => x.name === 'graph')!;
    const math = tags.find((x) => x.name === 'math')!;
    expect((await get(`/api/get-problem-list?tagId=${graph.id}`)).json().data.records.map((r: { problemId: string }) => r.problemId)).toEqual(['HARD1']);
    expect((await get(`/api/get-problem-list?tagId=${encodeURIComponent(JSON.stringify([graph.id, math.id]))}`)).json().data.total).toBe(0);
    const paged = (await get('/api/get-problem-list?currentPage=2&limit=2')).json().data;
    expect(paged).toMatchObject({ current: 2, size: 2, total: all.total });
    expect((await get('/api/get-problem-list?currentPage=0')).statusCode).toBe(400);
  });

  it('marks status per row for a logged-in user and answers get-user-problem-status', async () => {
    const ts = Date.now();
    const sub = (status: number, score: number | null = null) => ({
      pid: pid1001, display_pid: '1001', uid: user.uid, username: user.username, cid: 0, cpid: 0, gid: 0, tid: 0, status, score,
      oi_rank_score: null, time: 1, memory: 1, length: 10, language: 'C', code: 'x', share: 0, error_message: null, judger: null,
      is_manual: 0, case_done: 0, case_total: 0, ip: null, submit_time: ts, judge_time: ts, gmt_modified: ts,
    });
    await t.ctx.db.insertInto('submission').values([sub(-1), sub(0), sub(-1)]).execute();
    // Rows written behind the judge's back: the verdict path's refresh keeps the status marks.
    await t.ctx.services.judge.refreshAccept(t.ctx.db, user.uid, pid1001, 0);
    const list = (await get('/api/get-problem-list?limit=100', user)).json().data.records as { problemId: string; myStatus: number; total: number; ac: number; wa: number }[];
    const row = list.find((r) => r.problemId === '1001')!;
    expect(row).toMatchObject({ myStatus: 0, total: 3, ac: 1, wa: 2 });
    expect(list.find((r) => r.problemId === 'HARD1')!.myStatus).toBe(-10);
    const st = await t.app.inject({ method: 'POST', url: '/api/get-user-problem-status', headers: user.headers, payload: { pidList: [pid1001], isContestProblemList: false } });
    expect(st.json().data[pid1001].status).toBe(0);
    expect((await t.app.inject({ method: 'POST', url: '/api/get-user-problem-status', payload: { pidList: [pid1001] } })).statusCode).toBe(401);
  });

  it('shows the detail with samples, tags, counts, author and hides checker fields', async () => {
    const d = (await get('/api/get-problem-detail?problemId=1001')).json().data;
    expect(d.problem).toMatchObject({ problemId: '1001', author: 'padmin', timeLimit: 1000, memoryLimit: 256 });
    expect(d.problem).not.toHaveProperty('spjCode');
    expect(d.problem).not.toHaveProperty('judgeExtraFile');
    expect(d.examples).toEqual([{ input: '1 2', output: '3' }]);
    expect(d.tags.map((x: { name: string }) => x.name).sort()).toEqual(['easy', 'math']);
    expect(d.languages).toEqual(['C', 'C++', 'Python3']);
    expect(d.problemCount).toMatchObject({ total: 3, ac: 1, wa: 2 });
    expect((await get('/api/get-problem-detail?problemId=SECRET', user)).statusCode).toBe(403);
    expect((await get('/api/get-problem-detail?problemId=SECRET', admin)).statusCode).toBe(200);
    expect((await get('/api/get-problem-detail?problemId=NOPE')).json()).toMatchObject({ status: 404, msg: 'The problem does not exist' });
  });

  it('serves annex files for viewing and download', async () => {
    const annex = (await get('/api/get-problem-annex?problemId=ANNEX')).json().data;
    expect(annex).toEqual([{ name: 'data.txt', content: 'hello annex' }]);
    const dl = await get('/api/download-problem-annex?problemId=ANNEX&name=data.txt');
    expect(dl.headers['content-disposition']).toContain('data.txt');
    expect(dl.body).toBe('hello annex');
  });

  it('gives a random public problem and the tag classifications', async () => {
    for (let i = 0; i < 10; i++) {
      const r = (await get('/api/get-random-problem')).json().data.problemId;
      expect(r).not.toBe('SECRET');
    }
    const tc = (await get('/api/get-problem-tags-and-classification?oj=ME')).json().data;
    expect(tc.at(-1).tagList.map((x: { name: string }) => x.name)).toContain('graph');
  });
});

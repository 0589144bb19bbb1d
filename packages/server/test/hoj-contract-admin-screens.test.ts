import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemAuth, Role } from '@verdict/shared';
import { createTestApp, type TestApp } from './helpers.js';
import { addProblem, call, contest, MIN, problem, user, type CUser } from './contest-fixtures.js';
import { makeGroup, openSwitches } from './group-fixtures.js';
import { multipart, problemPayload } from './problem-helpers.js';

/**
 * HOJ's admin screens as its client drives them (issue 26 items 9-13): the problem forms' null id,
 * the contest problem manager's list, the website config, the upload and download calls its
 * views make directly, and the dashboard's sessions post.
 */
let t: TestApp;
let root: CUser;
let padmin: CUser;
let plain: CUser;

beforeAll(async () => {
  t = await createTestApp();
  root = await user(t, 'scr_root', Role.ROOT);
  padmin = await user(t, 'scr_padmin', Role.PROBLEM_ADMIN);
  plain = await user(t, 'scr_plain');
});
afterAll(async () => { await t?.close(); });

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000000000500010d0a2db40000000049454e44ae426082', 'hex');
const upload = (url: string, as: CUser, form: { payload: Buffer; headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload: form.payload, headers: { ...form.headers, authorization: as.token, 'accept-language': 'en-US' } });

describe('item 9: a new problem carries problem.id null', () => {
  it('creates it in the admin area, in a contest and in a group', async () => {
    const admin = await call(t, 'POST', '/admin/problem', { as: padmin, body: problemPayload({ id: null, problemId: 'NULL1' }) });
    expect([admin.code, admin.msg]).toEqual([200, 'Create Successfully']);
    expect(admin.data.pid).toBeGreaterThan(0);

    const cid = await contest(t, padmin, { startTime: Date.now() + 60 * MIN, endTime: Date.now() + 120 * MIN, type: 0, auth: 0 });
    const inContest = await call(t, 'POST', '/admin/contest/problem', { as: padmin, body: { ...problemPayload({ id: null, problemId: 'NULL2' }), cid, displayId: 'A' } });
    expect(inContest.code).toBe(200);

    await openSwitches(t);
    const g = await makeGroup(t, plain);
    const inGroup = await call(t, 'POST', '/group/problem', { as: plain, body: problemPayload({ id: null, problemId: 'NULL3', gid: g.gid }) });
    expect([inGroup.code, inGroup.msg]).toEqual([200, 'Create Successfully']);
  });

  it('still refuses an id that is not a positive number', async () => {
    const res = await call(t, 'POST', '/admin/problem', { as: padmin, body: problemPayload({ id: -3, problemId: 'NEG1' }) });
    expect(res.code).toBe(400);
  });
});

describe('item 10: admin/contest/get-problem-list answers HOJ\'s shape', () => {
  it('lists the contest\'s problems by display ID with contestProblemMap, pages, and searches', async () => {
    const cid = await contest(t, padmin, { startTime: Date.now() + 60 * MIN, endTime: Date.now() + 120 * MIN, type: 0, auth: 0 });
    const pids = [await problem(t, 'CPL1'), await problem(t, 'CPL2'), await problem(t, 'CPL3')];
    await addProblem(t, padmin, cid, pids[0], 'C');
    await addProblem(t, padmin, cid, pids[1], 'A');
    await addProblem(t, padmin, cid, pids[2], 'B');
    // ProblemList.vue in contest mode: currentPage, limit, keyword, cid (oj undefined is dropped).
    const first = await call(t, 'GET', '/admin/contest/get-problem-list', { as: padmin, query: { cid, currentPage: 1, limit: 2, keyword: '' } });
    expect(first.code).toBe(200);
    expect(first.data.problemList).toMatchObject({ total: 3, current: 1, size: 2 });
    expect(first.data.problemList.records.map((r: { problemId: string }) => r.problemId)).toEqual(['CPL2', 'CPL3']);
    expect(first.data.problemList.records[0]).toMatchObject({ id: pids[1], title: 'Problem CPL2', auth: 1, gmtCreate: expect.any(Number) });
    // The map is keyed by the problem's id (ProblemList.vue reads contestProblemMap[row.id].displayId).
    expect(first.data.contestProblemMap[pids[0]]).toMatchObject({ cid, pid: pids[0], displayId: 'C', displayTitle: 'Problem CPL1' });
    const second = await call(t, 'GET', '/admin/contest/get-problem-list', { as: padmin, query: { cid, currentPage: 2, limit: 2 } });
    expect(second.data.problemList.records.map((r: { problemId: string }) => r.problemId)).toEqual(['CPL1']);
    const found = await call(t, 'GET', '/admin/contest/get-problem-list', { as: padmin, query: { cid, keyword: 'cpl3' } });
    expect(found.data.problemList.records.map((r: { problemId: string }) => r.problemId)).toEqual(['CPL3']);
    // HOJ's bank filter: the site's own problems (Mine), none of a remote judge here.
    expect((await call(t, 'GET', '/admin/contest/get-problem-list', { as: padmin, query: { cid, oj: 'Mine' } })).data.problemList.total).toBe(3);
    expect((await call(t, 'GET', '/admin/contest/get-problem-list', { as: padmin, query: { cid, oj: 'HDU' } })).data.problemList.total).toBe(0);
  });

  it('with problemType lists the public problems of that type not yet in the contest (the add dialog)', async () => {
    const cid = await contest(t, padmin, { startTime: Date.now() + 60 * MIN, endTime: Date.now() + 120 * MIN, type: 1, auth: 0 });
    const inIt = await problem(t, 'ADD1', { type: 1 });
    const free = await problem(t, 'ADD2', { type: 1 });
    await problem(t, 'ADD3', { type: 0 });
    await problem(t, 'ADD4', { type: 1, auth: ProblemAuth.PRIVATE, author: root.uid });
    const mine = await problem(t, 'ADD5', { type: 1, auth: ProblemAuth.PRIVATE, author: padmin.uid });
    await addProblem(t, padmin, cid, inIt, 'A');
    // AddPublicProblem.vue: keyword, currentPage, limit, problemType (the contest's), cid.
    const res = await call(t, 'GET', '/admin/contest/get-problem-list', { as: padmin, query: { keyword: 'ADD', currentPage: 1, limit: 10, problemType: 1, cid } });
    expect(res.code).toBe(200);
    // Exactly what add-problem-from-public accepts from this caller: public ones and their own.
    expect(res.data.problemList.records.map((r: { id: number }) => r.id)).toEqual([free, mine]);
    expect(res.data.problemList.total).toBe(2);
    expect(Object.keys(res.data.contestProblemMap)).toEqual([String(inIt)]);
  });

  it('is the contest author\'s: another problem admin is refused', async () => {
    const cid = await contest(t, padmin, { startTime: Date.now() + 60 * MIN, endTime: Date.now() + 120 * MIN, type: 0, auth: 0 });
    const other = await user(t, 'scr_padmin2', Role.PROBLEM_ADMIN);
    expect((await call(t, 'GET', '/admin/contest/get-problem-list', { as: other, query: { cid } })).code).toBe(403);
  });
});

describe('item 11: the website config as HOJ\'s screen reads and saves it', () => {
  it('has register and only strings besides it; a save with HOJ\'s "None" and register works', async () => {
    const got = await call(t, 'GET', '/admin/config/get-web-config', { as: root });
    expect(got.code).toBe(200);
    expect(got.data.register).toBe(true);
    expect(got.data.carousel).toBeUndefined();
    // SystemConfig.vue's saveWebsiteConfig: .replace() on every value but register, empty ones become 'None'.
    const sent: Record<string, unknown> = { ...got.data };
    for (const [k, v] of Object.entries(sent)) {
      if (k === 'register') continue;
      expect(typeof v, k).toBe('string');
      if (!(v as string).replace(/(^\s*)|(\s*$)/g, '')) sent[k] = 'None';
    }
    sent.register = false;
    const saved = await call(t, 'PUT', '/admin/config/set-web-config', { as: root, body: sent });
    expect([saved.code, saved.msg]).toEqual([200, 'success']);
    expect((await call(t, 'GET', '/get-website-config')).data).toMatchObject({ register: false, recordName: '' });
    expect((await call(t, 'GET', '/admin/config/get-web-config', { as: root })).data).toMatchObject({ register: false, recordName: '', baseUrl: '' });
    await call(t, 'PUT', '/admin/config/set-web-config', { as: root, body: { ...sent, register: true } });
    expect((await call(t, 'GET', '/admin/config/get-web-config', { as: root })).data.register).toBe(true);
  });
});

describe('item 12: HOJ\'s direct upload and download calls', () => {
  it('upload-carouse-img takes the field `file` and answers { id, url }; home-carousel?id= deletes it', async () => {
    const up = await upload('/file/upload-carouse-img', root, multipart('file', 'slide.png', PNG, 'image/png'));
    expect(up.statusCode).toBe(200);
    const { id, url } = up.json().data;
    expect(url).toMatch(/^\/public\/carousel\/\w+\.png$/);
    expect((await call(t, 'GET', '/home-carousel')).data).toContainEqual({ id, url });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await upload('/file/upload-carouse-img', padmin, multipart('file', 'slide.png', PNG, 'image/png'))).statusCode).toBe(403);

    const del = await call(t, 'DELETE', '/admin/config/home-carousel', { as: root, query: { id } });
    expect(del.code).toBe(200);
    expect((await call(t, 'GET', '/home-carousel')).data).not.toContainEqual({ id, url });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const again = await call(t, 'DELETE', '/admin/config/home-carousel', { as: root, query: { id } });
    expect([again.code, again.msg]).toEqual([404, 'That carousel picture does not exist (already deleted?)']);
    expect((await call(t, 'DELETE', '/admin/config/home-carousel', { as: root, query: { id }, lang: 'zh-CN' })).msg).toBe('该轮播图不存在（可能已被删除）');
  });

  it('upload-md-file stores an attachment for the editor\'s link, served as a download', async () => {
    const res = await upload('/file/upload-md-file', padmin, multipart('file', 'notes.pdf', Buffer.from('%PDF-1.4 tiny')));
    expect(res.statusCode).toBe(200);
    const link = res.json().data.link as string;
    expect(link).toMatch(/^\/public\/md-file\/[0-9a-f]{24}\.pdf$/);
    const got = await t.app.inject({ method: 'GET', url: link });
    expect(got.body).toBe('%PDF-1.4 tiny');
    expect(got.headers['content-disposition']).toBe('attachment');
    // A plain user (no group) may not; a missing file is a clear 400.
    expect((await upload('/file/upload-md-file', plain, multipart('file', 'x.txt', Buffer.from('x')))).statusCode).toBe(403);
    const none = await upload('/file/upload-md-file', padmin, multipart('other', 'x.txt', Buffer.from('x')));
    expect([none.statusCode, none.json().msg]).toEqual([400, 'Please choose a file to upload (form field "file")']);
  });

  it('download-contest-rank sends the rank as .xlsx with HOJ\'s parameters', async () => {
    const cid = await contest(t, padmin, { startTime: Date.now() - MIN, endTime: Date.now() + 60 * MIN, type: 0, auth: 0 });
    await addProblem(t, padmin, cid, await problem(t, 'RNK1'), 'A');
    // ACMContestRank.vue: ?cid=&forceRefresh=&containEnd=
    const res = await call(t, 'GET', '/file/download-contest-rank', { as: padmin, query: { cid, forceRefresh: false, containEnd: false } });
    expect(res.code).toBe(200);
    expect(res.raw.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.raw.headers['content-disposition']).toBe(`attachment; filename="contest_${cid}_rank.xlsx"`);
    expect(res.raw.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('item 13: get-sessions takes HOJ\'s form body', () => {
  it('answers the bare uid axios posts as application/x-www-form-urlencoded', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/admin/dashboard/get-sessions', payload: String(padmin.uid),
      headers: { authorization: padmin.token, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.sessions.length).toBeGreaterThan(0);
  });
});

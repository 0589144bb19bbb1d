import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@verdict/shared';
import { readZip, writeZip } from '../src/modules/testcase/zip.js';
import { createTestApp, type TestApp } from './helpers.js';
import { editorView, makeUser, multipart, problemPayload } from './problem-helpers.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUser>>;
let other: Awaited<ReturnType<typeof makeUser>>;
const en = { 'accept-language': 'en-US' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, 'admin1', Role.ADMIN);
  other = await makeUser(t, 'admin2', Role.PROBLEM_ADMIN);
});
afterAll(async () => { await t?.close(); });

const upload = async (zip: Buffer, who = admin, name = 'cases.zip', mode = 'default') => {
  const mp = multipart('file', name, zip, 'application/zip');
  return t.app.inject({ method: 'POST', url: `/api/file/upload-testcase-zip?mode=${mode}`, headers: { ...who.headers, ...mp.headers, ...en }, payload: mp.payload });
};
const files = (n: number) => Array.from({ length: n }, (_, i) => [
  { path: `data/${i + 1}.in`, data: `${i} ${i}\n` }, { path: `data/${i + 1}.out`, data: `${2 * i}\n` },
]).flat();

/** A zip whose entry names are rewritten after building (yazl refuses unsafe names itself). */
async function zipWithRawName(safe: string, unsafe: string) {
  const z = await writeZip([{ path: safe, data: 'x' }, { path: 'ok.out', data: 'y' }]);
  const from = Buffer.from(safe);
  const to = Buffer.from(unsafe);
  expect(to.length).toBe(from.length);
  let i = z.indexOf(from);
  while (i >= 0) { to.copy(z, i); i = z.indexOf(from, i + 1); }
  return z;
}

describe('test-case zip upload', () => {
  it('pairs files by name in natural order and splits 100 OI points, remainder on the last cases', async () => {
    const res = await upload(await writeZip([...files(7), { path: 'data/readme.txt', data: 'ignored' }]), admin, 'cases.zip', 'subtask-lowest');
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.fileList.map((f: { input: string }) => f.input)).toEqual(['1.in', '2.in', '3.in', '4.in', '5.in', '6.in', '7.in']);
    expect(d.fileList.map((f: { score: number }) => f.score)).toEqual([14, 14, 14, 14, 14, 15, 15]);
    expect(d.fileList.map((f: { groupNum: number }) => f.groupNum)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(d.fileListDir).toMatch(/^[0-9a-f]{32}$/);
  });

  it('creates an OI problem from the upload and downloads the same cases back', async () => {
    const up = (await upload(await writeZip(files(3)))).json().data;
    const body = problemPayload({ problemId: 'Z1', type: 1 }, {
      isUploadTestCase: true, uploadTestcaseDir: up.fileListDir,
      samples: up.fileList.map((f: { input: string; output: string; score: number }) => ({ input: f.input, output: f.output, score: f.score })),
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/problem', headers: { ...admin.headers, ...en }, payload: body });
    expect(res.json()).toMatchObject({ status: 200 });
    const pid = res.json().data.pid;
    const cases = (await t.app.inject({ method: 'GET', url: `/api/admin/problem/get-problem-cases?pid=${pid}`, headers: admin.headers })).json().data;
    expect(cases.map((c: { score: number }) => c.score)).toEqual([33, 33, 34]);
    const dl = await t.app.inject({ method: 'GET', url: `/api/file/download-testcase?pid=${pid}`, headers: admin.headers });
    expect(dl.headers['content-type']).toBe('application/zip');
    const entries = await readZip(dl.rawPayload);
    expect(Object.fromEntries(entries.map((e) => [e.path, e.data.toString()]))).toEqual({ '1.in': '0 0\n', '1.out': '0\n', '2.in': '1 1\n', '2.out': '2\n', '3.in': '2 2\n', '3.out': '4\n' });
    // The staged upload is used up; a plain user may not download test data.
    const again = await t.app.inject({ method: 'POST', url: '/api/admin/problem', headers: { ...admin.headers, ...en }, payload: { ...body, problem: { ...body.problem, problemId: 'Z2' } } });
    expect(again.json().msg).toBe('The uploaded test cases have expired, please upload the zip again');
    // Editing only the scores keeps the uploaded files (no new zip needed).
    const edit = { ...body, problem: { ...body.problem, id: pid }, uploadTestcaseDir: null,
      samples: cases.map((c: { input: string; output: string }, i: number) => ({ input: c.input, output: c.output, score: [20, 30, 50][i] })) };
    const upd = await t.app.inject({ method: 'PUT', url: '/api/admin/problem', headers: { ...admin.headers, ...en }, payload: edit });
    expect(upd.json()).toMatchObject({ status: 200 });
    const after = await editorView(t, pid, admin.headers);
    expect(after.cases.map((c: { input: string; score: number }) => [c.input, c.score])).toEqual([['1.in', 20], ['2.in', 30], ['3.in', 50]]);
    const again2 = await readZip((await t.app.inject({ method: 'GET', url: `/api/file/download-testcase?pid=${pid}`, headers: admin.headers })).rawPayload);
    expect(again2.find((e) => e.path === '3.out')!.data.toString()).toBe('4\n');
    const plain = await makeUser(t, 'bob');
    expect((await t.app.inject({ method: 'GET', url: `/api/file/download-testcase?pid=${pid}`, headers: plain.headers })).statusCode).toBe(403);
  });

  it("refuses another admin's staged upload", async () => {
    const up = (await upload(await writeZip(files(1)))).json().data;
    const body = problemPayload({ problemId: 'Z3' }, { isUploadTestCase: true, uploadTestcaseDir: up.fileListDir, samples: up.fileList });
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/problem', headers: { ...other.headers, ...en }, payload: body });
    expect(res.statusCode).toBe(400);
  });

  it('answers every bad zip with a clear message', async () => {
    const bad: [Buffer, string, string?][] = [
      [await writeZip([{ path: 'a.txt', data: 'x' }]), 'No test case pairs were found: name them like 1.in with 1.out (or 1.ans)'],
      [await writeZip([{ path: '1.in', data: '1' }, { path: '1.out', data: '1' }, { path: '2.in', data: '2' }]), 'These files have no matching input or output: 2.in'],
      [await zipWithRawName('aa/evil.in', '../evil.in'), 'The zip contains an unsafe entry: ../evil.in'],
      [await writeZip([{ path: '1.in', data: Buffer.from([0xc4, 0xe3, 0xba, 0xc3]) }, { path: '1.out', data: 'ok' }]),
        'The file 1.in is not UTF-8 text; please save the test data as UTF-8'],
      [Buffer.from('this is not a zip at all'), 'The file is not a valid zip archive'],
      [await writeZip(files(1)), 'Please upload a zip file', 'cases.rar'],
    ];
    for (const [zip, msg, name] of bad) {
      const res = await upload(zip, admin, name);
      expect(res.statusCode, msg).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
  });

  it('refuses a zip bomb before inflating it', async () => {
    const bomb = await writeZip([{ path: '1.in', data: Buffer.alloc(64 * 1024 * 1024) }, { path: '1.out', data: '0' }]);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const res = await upload(bomb);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('The entry 1.in is compressed suspiciously well (zip bomb?)');
  });

  it('needs an admin role and a file', async () => {
    const plain = await makeUser(t, 'carol');
    expect((await upload(await writeZip(files(1)), plain)).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'POST', url: '/api/file/upload-testcase-zip', headers: { ...admin.headers, ...en, 'content-type': 'application/json' }, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Please upload a zip file');
  });

  it('uploads a statement image and deletes it', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const mp = multipart('image', 'fig.png', png, 'image/png');
    const res = await t.app.inject({ method: 'POST', url: '/api/file/upload-md-img', headers: { ...admin.headers, ...mp.headers }, payload: mp.payload });
    const d = res.json().data;
    expect(d.link).toMatch(/^\/public\/md\/[0-9a-f]{24}\.png$/);
    expect((await t.app.inject({ method: 'GET', url: d.link })).rawPayload.equals(png)).toBe(true);
    const exe = multipart('image', 'x.exe', png);
    expect((await t.app.inject({ method: 'POST', url: '/api/file/upload-md-img', headers: { ...admin.headers, ...exe.headers, ...en }, payload: exe.payload })).json().msg).toBe('File type not support');
    const del = await t.app.inject({ method: 'GET', url: `/api/file/delete-md-img?fileId=${d.fileId}`, headers: admin.headers });
    expect(del.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: d.link })).statusCode).toBe(404);
  });
});

import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, Role, UPLOAD_LIMITS } from '@verdict/shared';
import { writeZip } from '../src/modules/testcase/zip.js';
import { createTestApp, type TestApp } from './helpers.js';
import { ProtocolWorker, casesOf, makeProblem } from './judge-fixtures.js';
import { makeUser, multipart, problemPayload } from './problem-helpers.js';

/**
 * Issue 9, holes 1, 3 and 9 at the server: every file name that can reach the disk or the judge
 * is a plain name at every entry point (admin form, each import format, test-case zips, stored
 * rows, downloads), uploaded files are served sandboxed, and uploads are bounded while they stream.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUser>>;
const en = { 'accept-language': 'en-US' };
// Each traversal aims at a marker under the system temp dir; the suite ends by checking none appeared.
const marker = `verdict-escape-${crypto.randomBytes(6).toString('hex')}`;
const deep = `../../../../../../../../../..${os.tmpdir()}/${marker}`;
const BAD_NAMES = [deep, `${os.tmpdir()}/${marker}-abs`, '..', 'a/b.txt', 'a\\b.txt', `x${String.fromCharCode(0)}y`, `x${String.fromCharCode(10)}y`, '-rf'];

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, 'secadmin', Role.ADMIN);
});
afterAll(async () => {
  const escaped = fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith(marker));
  await t?.close();
  expect(escaped).toEqual([]);
});

const problemCount = async () => Number((await t.ctx.db.selectFrom('problem').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: { ...admin.headers, ...en }, payload: payload as never });
const upload = (url: string, field: string, name: string, data: Buffer, who = admin) => {
  const mp = multipart(field, name, data);
  return t.app.inject({ method: 'POST', url, headers: { ...who.headers, ...mp.headers, ...en }, payload: mp.payload });
};

/** A zip whose entry names are written byte for byte (yazl refuses unsafe names, as it should). */
async function rawZip(entries: { path: string; data: string }[]) {
  const placeholders = entries.map((e, i) => `${String(i).padStart(3, '0')}${'_'.repeat(Math.max(0, Buffer.byteLength(e.path) - 3))}`);
  let z = await writeZip(entries.map((e, i) => ({ path: placeholders[i], data: e.data })));
  entries.forEach((e, i) => {
    const from = Buffer.from(placeholders[i]);
    const to = Buffer.from(e.path);
    let at = z.indexOf(from);
    while (at >= 0) { to.copy(z, at); at = z.indexOf(from, at + 1); }
  });
  z = Buffer.from(z);
  return z;
}

describe('hole 1: file names at every entry point', () => {
  it('the admin form refuses a path in any file-name field, naming it, and saves nothing', async () => {
    const existing = (await post('/api/admin/problem', problemPayload({ problemId: 'F0' }))).json().data.pid;
    const before = await problemCount();
    for (const bad of BAD_NAMES) {
      const bodies = [
        problemPayload({ problemId: 'F1', isFileIO: true, ioReadFileName: bad, ioWriteFileName: 'out.txt' }),
        problemPayload({ problemId: 'F1', isFileIO: true, ioReadFileName: 'in.txt', ioWriteFileName: bad }),
        problemPayload({ problemId: 'F1', userExtraFile: { [bad]: 'x' } }),
        problemPayload({ problemId: 'F1', judgeExtraFile: { [bad]: 'x' } }),
        problemPayload({ problemId: 'F1' }, { isUploadTestCase: true, uploadTestcaseDir: 'a'.repeat(32), samples: [{ input: bad, output: '1.out' }] }),
      ];
      for (const body of bodies) {
        for (const method of ['POST', 'PUT'] as const) {
          const res = await t.app.inject({ method, url: '/api/admin/problem', headers: { ...admin.headers, ...en }, payload: { ...body, problem: { ...body.problem, id: method === 'PUT' ? existing : undefined } } });
          expect(res.statusCode, `${method} ${JSON.stringify(bad)}`).toBe(400);
          expect(res.json().msg).toMatch(/plain file name|file name is required|NUL characters/);
        }
      }
      const spj = await post('/api/admin/problem/compile-spj', { code: 'int main(){}', language: 'C', extraFiles: { [bad]: 'x' } });
      expect(spj.statusCode).toBe(400);
      expect(spj.json().msg).toMatch(/plain file name|file name is required|NUL characters/);
    }
    expect(await problemCount()).toBe(before);
    const kept = (await t.app.inject({ method: 'GET', url: `/api/admin/problem?pid=${existing}`, headers: admin.headers })).json().data;
    expect([kept.problemId, kept.isFileIO, kept.userExtraFile, kept.judgeExtraFile]).toEqual(['F0', false, null, null]);
  });

  it('each import format refuses a problem naming a path, reports the file and the problem, and writes nothing', async () => {
    const before = await problemCount();
    const hojDoc = (problem: Record<string, unknown>, extra: Record<string, unknown> = {}) => JSON.stringify({
      problem: { problemId: 'HB1', title: 't', description: 'd', input: 'i', output: 'o', timeLimit: 1000, memoryLimit: 256, ...problem },
      languages: ['C'], samples: [{ input: '1.in', output: '1.out' }], judgeMode: 'default', ...extra,
    });
    const hojCases = [{ path: 'problem_1/1.in', data: '1' }, { path: 'problem_1/1.out', data: '1' }];
    const hoj: [Record<string, unknown>, Record<string, unknown>?][] = [
      [{ isFileIO: true, ioReadFileName: deep, ioWriteFileName: 'o.txt' }],
      [{ isFileIO: true, ioReadFileName: 'i.txt', ioWriteFileName: deep }],
      [{}, { userExtraFile: { [deep]: 'x' } }],
      [{}, { judgeExtraFile: JSON.stringify({ '../testlib.h': 'x' }) }],
      [{}, { samples: [{ input: `../${marker}.in`, output: '1.out' }] }],
    ];
    for (const [problem, extra] of hoj) {
      const zip = await writeZip([{ path: 'problem_1.json', data: hojDoc(problem, extra) }, ...hojCases]);
      for (const route of ['import-problem', 'import-hoj-problem']) {
        const rep = (await upload(`/api/file/${route}`, 'file', 'p.zip', zip)).json().data;
        expect(rep.imported, JSON.stringify(problem)).toEqual([]);
        expect(rep.skipped[0].reason).toMatch(/^Problem HB1: the file name ".+" is not a plain file name/);
      }
    }
    // The admin page's single entry with ?format= goes the same way.
    const viaAdmin = await upload('/api/admin/problem/import-problem?format=hoj', 'file', 'p.zip',
      await writeZip([{ path: 'problem_1.json', data: hojDoc({ isFileIO: true, ioReadFileName: deep, ioWriteFileName: 'o' }) }, ...hojCases]));
    expect(viaAdmin.json().data.skipped[0].reason).toContain(marker);

    const qd = { display_id: 'QB1', title: 'q', description: { value: 'd' }, input_description: { value: 'i' }, output_description: { value: 'o' },
      time_limit: 1000, memory_limit: 256, rule_type: 'OI', test_case_score: [{ input_name: `../${marker}.in`, output_name: '1.out', score: 100 }] };
    const qdRep = (await upload('/api/file/import-qdoj-problem', 'file', 'q.zip', await writeZip([
      { path: '1/problem.json', data: JSON.stringify(qd) }, { path: '1/testcase/1.in', data: '1' }, { path: '1/testcase/1.out', data: '1' },
    ]))).json().data;
    expect(qdRep.imported).toEqual([]);
    expect(qdRep.skipped[0].reason).toBe(`Problem QB1: the file name "../${marker}.in" is not a plain file name (no path, no "..", no control characters)`);

    const hydro = (config: string, more: { path: string; data: string }[] = []) => writeZip([
      { path: 'P1/problem.yaml', data: 'title: h\npid: YB1\n' }, { path: 'P1/problem.md', data: 'd\n\n## Input\n\ni\n\n## Output\n\no\n' },
      { path: 'P1/testdata/config.yaml', data: config }, { path: 'P1/testdata/1.in', data: '1' }, { path: 'P1/testdata/1.out', data: '1' }, ...more,
    ]);
    for (const zip of [
      await hydro(`filename: "../../../../../../../..${os.tmpdir()}/${marker}"\n`),
      await hydro(`subtasks:\n  - score: 100\n    cases:\n      - input: "../${marker}.in"\n        output: 1.out\n`),
      await hydro(`type: default\nchecker_type: testlib\nchecker: "../${marker}.cc"\n`),
    ]) {
      const rep = (await upload('/api/file/import-hydro-problem', 'file', 'h.zip', zip)).json().data;
      expect(rep.imported).toEqual([]);
      expect(rep.skipped[0].reason).toMatch(/^Problem YB1: the file name ".+" is not a plain file name/);
    }
    // An attachment in a folder (Hydro's additional_file) is a statement file: only images and PDFs
    // are kept, under fresh names, so a text file there reaches no disk and is reported as not kept.
    const nested = (await upload('/api/file/import-hydro-problem', 'file', 'h.zip', await hydro('time: 1s\n', [{ path: 'P1/additional_file/sub/x.txt', data: 'x' }]))).json().data;
    expect(nested.notes).toEqual([expect.objectContaining({ message: 'additional file sub/x.txt not kept (only images and PDFs are)' })]);

    // FPS names no files: its images get fresh random names under files/md whatever their src says.
    const fps = `<?xml version="1.0" encoding="UTF-8"?><fps><item><title>fps img</title><description><![CDATA[see <img src="../../../${marker}.png"/>]]></description>
      <img><src>../../../${marker}.png</src><base64>iVBORw0KGgo=</base64></img><test_input>1</test_input><test_output>1</test_output></item></fps>`;
    const fpsRep = (await upload('/api/file/import-fps-problem', 'file', 'f.xml', Buffer.from(fps))).json().data;
    expect(fpsRep.imported).toHaveLength(1);
    expect(fs.readdirSync(path.join(t.dataDir, 'files', 'md')).every((n) => /^[0-9a-f]{24}\.png$/.test(n))).toBe(true);
    expect(await problemCount()).toBe(before + 2); // the Hydro problem without its text attachment, the FPS one
  });

  it('a test-case zip refuses absolute, parent and control-character entry names by name', async () => {
    for (const bad of [`/tmp/${marker}.in`, `../${marker}.in`, `a/../../${marker}.in`, 'x\u0001.in', 'C:/x.in']) {
      const res = await upload('/api/file/upload-testcase-zip', 'file', 'c.zip', await rawZip([{ path: bad, data: '1' }, { path: bad.replace(/in$/, 'out'), data: '1' }]));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().msg).toMatch(/^The zip contains an unsafe entry: /);
    }
  });

  it('rows stored with unsafe names before the fix: downloads refuse them by name, the judge never gets them', async () => {
    fs.writeFileSync(path.join(t.dataDir, 'secret.txt'), 'TOP-SECRET');
    const pid = await makeProblem(t, { problemId: 'OLD1', languages: ['C++17'] });
    await t.ctx.db.updateTable('problem_case').set({ input: '../../secret.txt' }).where('pid', '=', pid).where('seq', '=', 1).execute();
    const dl = await t.app.inject({ method: 'GET', url: `/api/file/download-testcase?pid=${pid}`, headers: { ...admin.headers, ...en } });
    expect(dl.statusCode).toBe(400);
    expect(dl.json().msg).toBe('Problem OLD1: the file name "../../secret.txt" is not a plain file name (no path, no "..", no control characters)');
    const ex = await t.app.inject({ method: 'GET', url: `/api/file/export-problem?pidList=${pid}`, headers: { ...admin.headers, ...en } });
    expect(ex.statusCode).toBe(400);
    expect(ex.rawPayload.toString()).not.toContain('TOP-SECRET');

    // The judge side: every stored name kind becomes a System Error naming the problem, never a task.
    const sw = await t.ctx.services.siteConfig.switches();
    await t.ctx.services.siteConfig.set('switch', { ...sw, defaultSubmitInterval: 0, submitCaptchaPerMinute: 0 });
    const worker = new ProtocolWorker(t, 'sec-worker');
    await worker.register(['C++17']);
    const user = await makeUser(t, 'secsubmitter');
    const variants: Record<string, unknown>[] = [
      {},
      { is_file_io: 1, io_read_file_name: `../../${marker}`, io_write_file_name: 'o.txt' },
      { user_extra_file: JSON.stringify({ [`/tmp/${marker}`]: 'x' }) },
      { judge_extra_file: JSON.stringify({ '../testlib.h': 'x' }) },
    ];
    for (const [i, cols] of variants.entries()) {
      const p = i === 0 ? pid : await makeProblem(t, { problemId: `OLD${i + 1}`, languages: ['C++17'] });
      if (i > 0) await t.ctx.db.updateTable('problem').set(cols as never).where('id', '=', p).execute();
      // HOJ's submit names the problem by its display id.
      const sub = await t.app.inject({ method: 'POST', url: '/api/submit-problem-judge', headers: user.headers, payload: { pid: `OLD${i + 1}`, language: 'C++17', code: 'int main(){}' } });
      expect(sub.statusCode).toBe(200);
      expect(await worker.claim()).toBeNull();
      const row = await t.ctx.db.selectFrom('submission').select(['status', 'error_message']).where('id', '=', sub.json().data.submitId).executeTakeFirstOrThrow();
      expect(row.status).toBe(JudgeStatus.SYSTEM_ERROR);
      expect(row.error_message).toMatch(/^problem OLD\d has a file name that is not a plain name/);
    }
  });

  it('NUL in request text is a clear 400 on either database; a judge result keeps its output with NUL shown as U+FFFD', async () => {
    const res = await post('/api/admin/problem', problemPayload({ problemId: 'N1', title: 'a\u0000b' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('The text may not contain NUL characters (\\0)');
    expect((await t.app.inject({ method: 'GET', url: '/api/get-problem-list?keyword=%00', headers: en })).statusCode).toBe(400);

    await makeProblem(t, { problemId: 'NUL1', languages: ['C++17'] });
    const worker = new ProtocolWorker(t, 'nul-worker');
    await worker.register(['C++17']);
    const user = await makeUser(t, 'nulsubmitter');
    const sw = await t.ctx.services.siteConfig.switches();
    await t.ctx.services.siteConfig.set('switch', { ...sw, defaultSubmitInterval: 0, submitCaptchaPerMinute: 0 });
    const sub = await t.app.inject({ method: 'POST', url: '/api/submit-problem-judge', headers: user.headers, payload: { pid: 'NUL1', language: 'C++17', code: 'int main(){}' } });
    const task = (await worker.claim())!;
    expect(task.submitId).toBe(sub.json().data.submitId);
    expect(await worker.result(task, { status: JudgeStatus.WRONG_ANSWER, errorMessage: 'out\u0000put',
      cases: casesOf(task, JudgeStatus.WRONG_ANSWER).map((c) => ({ ...c, userOutput: 'a\u0000b' })) })).toBe(true);
    const row = await t.ctx.db.selectFrom('submission').select(['status', 'error_message']).where('id', '=', task.submitId!).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: JudgeStatus.WRONG_ANSWER, error_message: 'out\uFFFDput' });
  });

  it('/public refuses every way of climbing out of the files folder', async () => {
    for (const url of ['/public/../secret.txt', '/public/%2e%2e/secret.txt', '/public/..%2fsecret.txt', '/public/%2e%2e%2fsecret.txt',
      '/public/md/..%2f..%2fsecret.txt', '/public/..%5csecret.txt', '/public/%252e%252e/secret.txt', '/public//etc/passwd', '/public/.meta.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).not.toBe(200);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.rawPayload.toString(), url).not.toContain('TOP-SECRET');
    }
  });
});

describe('hole 3: uploaded files are served sandboxed', () => {
  it('images keep displaying; every file gets the sandbox CSP and nosniff; SVG is refused at upload and downloaded, not rendered, when imported', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const up = (await upload('/api/file/upload-md-img', 'image', 'fig.png', png)).json().data;
    const img = await t.app.inject({ method: 'GET', url: up.link });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.headers['content-disposition']).toBeUndefined();

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"><script>alert(1)</script></svg>');
    const refused = await upload('/api/file/upload-md-img', 'image', 'x.svg', svg);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('File type not support');

    const fps = `<fps><item><title>svg statement</title><description><![CDATA[pic <img src="a.svg"/>]]></description>
      <img><src>a.svg</src><base64>${svg.toString('base64')}</base64></img><test_input>1</test_input><test_output>1</test_output></item></fps>`;
    const rep = (await upload('/api/file/import-fps-problem', 'file', 'f.xml', Buffer.from(fps))).json().data;
    const row = await t.ctx.db.selectFrom('problem').select('description').where('id', '=', rep.imported[0].pid).executeTakeFirstOrThrow();
    const link = /\/public\/md\/[0-9a-f]{24}\.svg/.exec(row.description)![0];
    const served = await t.app.inject({ method: 'GET', url: link });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe('attachment');
  });
});

describe('hole 9: uploads are bounded while they stream', () => {
  const pngHead = Buffer.from('89504e470d0a1a0a', 'hex');
  const routes: { url: string; field: string; name: string; user?: 'root' }[] = [
    { url: '/api/file/upload-avatar', field: 'image', name: 'a.png' },
    { url: '/api/admin/config/upload-carousel-img', field: 'image', name: 'a.png', user: 'root' },
    { url: '/api/file/upload-md-img', field: 'image', name: 'a.png' },
    { url: '/api/file/upload-testcase-zip', field: 'file', name: 'a.zip' },
    { url: '/api/file/import-problem', field: 'file', name: 'a.zip' },
    { url: '/api/file/import-qdoj-problem', field: 'file', name: 'a.zip' },
    { url: '/api/file/import-hydro-problem', field: 'file', name: 'a.zip' },
    { url: '/api/file/import-fps-problem', field: 'file', name: 'a.xml' },
    { url: '/api/admin/problem/import-problem?format=hoj', field: 'file', name: 'a.zip' },
  ];

  it('malformed multipart on every upload route is a 4xx with a message, never a 500', async () => {
    const root = await makeUser(t, 'secroot', Role.ROOT);
    const b = 'XbOuNdArY';
    const bodies: [string, string | Buffer][] = [
      ['multipart/form-data', '--x\r\n\r\n'],
      [`multipart/form-data; boundary=${b}`, `--${b}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n${pngHead}`],
      [`multipart/form-data; boundary=${b}`, `--${b}\r\nthis is not a header\r\n\r\nxx\r\n--${b}--\r\n`],
      [`multipart/form-data; boundary=${b}`, 'garbage with no boundary at all'],
      [`multipart/form-data; boundary=${b}`, `--${b}\r\nContent-Disposition: form-data; name="__proto__"; filename="a.png"\r\n\r\nxx\r\n--${b}--\r\n`],
      [`multipart/form-data; boundary=${b}`, ''],
      [`multipart/form-data; boundary="${'x'.repeat(300)}"`, 'x'],
    ];
    for (const r of routes) {
      const who = r.user === 'root' ? root : admin;
      for (const [type, payload] of bodies) {
        const res = await t.app.inject({ method: 'POST', url: r.url, headers: { ...who.headers, ...en, 'content-type': type }, payload });
        expect(res.statusCode, `${r.url} ${type} ${String(payload).slice(0, 40)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${r.url} ${type} ${String(payload).slice(0, 40)}`).toBeLessThan(500);
        expect(res.json().msg).toBeTruthy();
      }
    }
  });

  it('a 200 MB body for the 10 MB image limit is cut off near the limit, declared or streamed', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const boundary = 'StReAmBoUnDaRy';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`);
    const send = (declare: boolean) => new Promise<{ status: number; sent: number }>((resolve) => {
      const total = 200 * 1024 * 1024;
      const req = http.request({
        host: '127.0.0.1', port, method: 'POST', path: '/api/file/upload-md-img',
        headers: { ...admin.headers, ...en, 'content-type': `multipart/form-data; boundary=${boundary}`, ...(declare ? { 'content-length': String(total) } : {}) },
      });
      let sent = 0;
      let status = 0;
      const chunk = Buffer.alloc(256 * 1024, 1);
      req.on('response', (res) => { status = res.statusCode ?? 0; res.resume(); res.on('end', () => { req.destroy(); resolve({ status, sent }); }); });
      // The server closes the connection after its 413; the client may see the reset before it reads the answer.
      req.on('error', () => resolve({ status, sent }));
      req.write(head);
      const pump = () => {
        while (!status && sent < total) {
          sent += chunk.length;
          if (!req.write(chunk)) { req.once('drain', pump); return; }
        }
        if (!status) req.end();
      };
      pump();
    });
    for (const declare of [true, false]) {
      const r = await send(declare);
      expect([413, 0], `declared=${declare}`).toContain(r.status);
      // Socket buffers hold a few MB on top of the limit; never the 200 MB.
      expect(r.sent, `declared=${declare}`).toBeLessThan(UPLOAD_LIMITS.mdImageBytes + 40 * 1024 * 1024);
    }
  });

  it('a zip that expands far beyond its size is refused before it is staged', async () => {
    const zeros = Buffer.alloc(8 * 1024 * 1024);
    const zip = await writeZip([1, 2, 3, 4].flatMap((n) => [{ path: `${n}.in`, data: zeros }, { path: `${n}.out`, data: '0' }]));
    expect(zip.length).toBeLessThan(100 * 1024);
    const res = await upload('/api/file/upload-testcase-zip', 'file', 'z.zip', zip);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^The zip expands to more than 100 times its size/);
    expect(fs.existsSync(path.join(t.dataDir, 'testcase-staging')) ? fs.readdirSync(path.join(t.dataDir, 'testcase-staging')).filter((d) => {
      try { return JSON.parse(fs.readFileSync(path.join(t.dataDir, 'testcase-staging', d, '.meta.json'), 'utf8')).bytes > 1024 * 1024; } catch { return false; }
    }) : []).toEqual([]);
  });

  it('staged test data is capped per user and swept when it expires', async () => {
    const staging = path.join(t.dataDir, 'testcase-staging');
    const small = await writeZip([{ path: '1.in', data: '1' }, { path: '1.out', data: '1' }]);
    const first = (await upload('/api/file/upload-testcase-zip', 'file', 'c.zip', small)).json().data;
    // Another upload of this user holds almost the whole quota.
    const held = path.join(staging, 'f'.repeat(32));
    fs.mkdirSync(held, { recursive: true });
    fs.writeFileSync(path.join(held, '.meta.json'), JSON.stringify({ uid: admin.uid, createdAt: Date.now(), bytes: UPLOAD_LIMITS.stagingBytesPerUser - 1, fileList: [] }));
    const over = await upload('/api/file/upload-testcase-zip', 'file', 'c.zip', small);
    expect(over.statusCode).toBe(413);
    expect(over.json().msg).toMatch(/would exceed 512 MiB/);
    // Another user is not affected by this user's quota.
    const other = await makeUser(t, 'secadmin2', Role.ADMIN);
    expect((await upload('/api/file/upload-testcase-zip', 'file', 'c.zip', small, other)).statusCode).toBe(200);
    // Once expired, the held upload is swept by the next upload and the first one can no longer be used.
    const old = (Date.now() - UPLOAD_LIMITS.stagingTtlMs - 60_000) / 1000;
    fs.utimesSync(held, old, old);
    fs.utimesSync(path.join(staging, first.fileListDir), old, old);
    expect((await upload('/api/file/upload-testcase-zip', 'file', 'c.zip', small)).statusCode).toBe(200);
    expect(fs.existsSync(held)).toBe(false);
    expect(fs.existsSync(path.join(staging, first.fileListDir))).toBe(false);
    const save = await post('/api/admin/problem', problemPayload({ problemId: 'ST1' }, { isUploadTestCase: true, uploadTestcaseDir: first.fileListDir, samples: first.fileList }));
    expect(save.statusCode).toBe(400);
    expect(save.json().msg).toBe('The uploaded test cases have expired, please upload the zip again');
  });
});

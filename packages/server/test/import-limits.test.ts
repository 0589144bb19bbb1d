import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@verdict/shared';
import { buildJudgeTask } from '../src/modules/judge/task-builder.js';
import { writeZip } from '../src/modules/testcase/zip.js';
import { createTestApp, type TestApp } from './helpers.js';
import { editorView, makeUser, multipart } from './problem-helpers.js';

// Issue 28 items 1, 4-6 without a judge online: the judge library's routes, what the task builder
// hands a worker, and every import refusal "at the door" (nothing half-imported).
let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUser>>;
let problemAdmin: Awaited<ReturnType<typeof makeUser>>;
const en = { 'accept-language': 'en-US' };
const zh = { 'accept-language': 'zh-CN' };
const SUPPORTED = 'Supported: Verdict / HOJ zip, QDUOJ zip, Hydro zip, FPS xml or zip, Polygon zip, ICPC / Kattis zip';
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 1)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, 'lib-admin', Role.ADMIN);
  problemAdmin = await makeUser(t, 'lib-padmin', Role.PROBLEM_ADMIN);
});
afterAll(async () => { await t?.close(); });

const upload = (url: string, name: string, data: Buffer, who = admin, lang = en) => {
  const mp = multipart('file', name, data);
  return t.app.inject({ method: 'POST', url: `/api/${url}`, headers: { ...who.headers, ...mp.headers, ...lang }, payload: mp.payload });
};
const problemCount = async () => Number((await t.ctx.db.selectFrom('problem').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const mdFiles = () => { try { return fs.readdirSync(path.join(t.dataDir, 'files', 'md')).length; } catch { return 0; } };
const pidOf = async (problemId: string) => (await t.ctx.db.selectFrom('problem').select('id').where('problem_id', '=', problemId).executeTakeFirstOrThrow()).id;

const fpsItem = (title: string, extra: string, tests = '<test_input>1 2</test_input><test_output>3</test_output>') =>
  `<item><title><![CDATA[${title}]]></title><time_limit unit="s">1</time_limit><memory_limit unit="mb">128</memory_limit>
   <description><![CDATA[see <img src="/up/${title}.png">]]></description>${tests}${extra}</item>`;
const fps = (...items: string[]) => Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<fps version="1.2">${items.join('')}</fps>`);
const fpsImage = (title: string, data: Buffer) => `<img><src><![CDATA[/up/${title}.png]]></src><base64>${data.toString('base64')}</base64></img>`;

describe('judge library (Admin → Judge library)', () => {
  it('admins upload, replace and delete headers; problem admins only read; the version follows the bytes', async () => {
    const first = await upload('admin/judge-library', 'testlib.h', Buffer.from('#define V 1\n'));
    expect(first.json()).toMatchObject({ status: 200, data: { name: 'testlib.h', size: 12 } });
    const v1 = (await t.app.inject({ method: 'GET', url: '/api/admin/judge-library', headers: problemAdmin.headers })).json().data;
    expect(v1.files.map((f: { name: string; username: string }) => [f.name, f.username])).toEqual([['testlib.h', 'lib-admin']]);
    const stored = async (name: string) => (await t.ctx.db.selectFrom('judge_library').select('content').where('name', '=', name).executeTakeFirst())?.content;
    expect(await stored('testlib.h')).toBe('#define V 1\n');
    expect((await upload('admin/judge-library', 'x.h', Buffer.from('x'), problemAdmin)).statusCode).toBe(403);
    await upload('admin/judge-library', 'testlib.h', Buffer.from('#define V 2\n'));
    const v2 = (await t.app.inject({ method: 'GET', url: '/api/admin/judge-library', headers: admin.headers })).json().data;
    expect(v2.version).not.toBe(v1.version);
    expect((await t.ctx.services.judgeLibrary.snapshot()).files).toEqual({ 'testlib.h': '#define V 2\n' });
    await upload('admin/judge-library', 'extra.hpp', Buffer.from('// x\n'));
    const del = await t.app.inject({ method: 'DELETE', url: '/api/admin/judge-library?name=extra.hpp', headers: admin.headers });
    expect(del.statusCode).toBe(200);
    expect(await stored('extra.hpp')).toBeUndefined();
  });

  it('refuses path names, non-headers, non-text and unknown names with bilingual 4xx', async () => {
    const spaced = await upload('admin/judge-library', 'my lib.h', Buffer.from('x'));
    expect(spaced.json()).toMatchObject({ status: 400, msg: 'A library file needs a plain name ending in .h, .hpp, .hh or .hxx: my lib.h' });
    expect((await upload('admin/judge-library', 'run.sh', Buffer.from('x'), admin, zh)).json().msg).toBe('库文件须为以 .h、.hpp、.hh 或 .hxx 结尾的普通文件名：run.sh');
    expect((await upload('admin/judge-library', 'bin.h', Buffer.from([0xff, 0xfe, 0x00]))).json().msg).toBe('A library file must be UTF-8 text: bin.h');
    const gone = await t.app.inject({ method: 'DELETE', url: '/api/admin/judge-library?name=nope.h', headers: { ...admin.headers, ...en } });
    expect(gone.json()).toMatchObject({ status: 404 });
    const bad = await t.app.inject({ method: 'DELETE', url: '/api/admin/judge-library?name=..%2Fx.h', headers: { ...admin.headers, ...en } });
    expect(bad.statusCode).toBe(400);
  });

  it('every checker task carries the library beside its own extra files; a default problem does not', async () => {
    const rep = (await upload('file/import-fps-problem', 'spj.xml', fps(fpsItem('spj-lib', '<spj language="C++">int main(){return 0;}</spj>')))).json().data;
    const pid = await pidOf(rep.imported[0].problemId);
    await t.ctx.db.updateTable('problem').set({ judge_extra_file: JSON.stringify({ 'own.h': '// own' }) }).where('id', '=', pid).execute();
    const sub = await t.ctx.db.insertInto('submission').values(submissionRow(pid, admin.uid)).returning('id').executeTakeFirstOrThrow();
    const library = async () => (await t.ctx.services.judgeLibrary.snapshot()).files;
    const row = { id: 1, kind: 'submission', ref_id: String(sub.id), lease_token: 'x', lease_expires_at: 0 } as Parameters<typeof buildJudgeTask>[1];
    const task = await buildJudgeTask(t.ctx.db, row, library);
    if ('error' in task) throw new Error(task.error);
    expect(task.problem.judgeExtraFiles).toEqual({ 'testlib.h': '#define V 2\n', 'own.h': '// own' });
    // FPS special judges are HUSTOJ's: the judge calls them `spj input answer output`.
    expect(task.problem.checkerConvention).toBe('hustoj');
    await t.ctx.db.updateTable('problem').set({ judge_mode: 'default' }).where('id', '=', pid).execute();
    const plain = await buildJudgeTask(t.ctx.db, row, library);
    if ('error' in plain) throw new Error(plain.error);
    expect(plain.problem.judgeExtraFiles).toEqual({ 'own.h': '// own' });
  });
});

describe('imports: limits at the door, true reasons, nothing half-imported', () => {
  it('FPS: test count mismatch, remote-judge item and no data each say so; a spj without a judge online is noted', async () => {
    const tests = '<test_input>1</test_input><test_input>2</test_input><test_output>1</test_output>';
    const rep = (await upload('file/import-fps-problem', 'set.xml', fps(
      fpsItem('uneven', '', tests), fpsItem('remote', '<remote_oj>POJ</remote_oj><remote_id>1000</remote_id>', ''), fpsItem('empty', '', ''),
      fpsItem('spj-note', '<spj language="C">int main(){return 0;}</spj>'),
    ))).json().data;
    expect(rep.skipped.map((s: { label: string; reason: string }) => [s.label, s.reason])).toEqual([
      ['uneven', '2 test inputs but 1 test outputs'], ['remote', 'remote-judge item (POJ): it has no test data here'], ['empty', 'The problem has no test data'],
    ]);
    expect(rep.notes).toEqual([{ label: 'spj-note', name: 'spj-note', message: 'The checker was not compiled (no judge is online): compile it in the problem form before judging' }]);
  });

  it('FPS images: a random ".png" and an image over 10 MiB are refused by name; nothing of that problem stays', async () => {
    const before = { problems: await problemCount(), files: mdFiles() };
    const big = Buffer.concat([PNG, crypto.randomBytes(11 * 1024 * 1024)]);
    const rep = (await upload('file/import-fps-problem', 'img.xml', fps(
      fpsItem('random', fpsImage('random', crypto.randomBytes(4096))), fpsItem('huge', fpsImage('huge', big)), fpsItem('good', fpsImage('good', PNG)),
    ))).json().data;
    expect(rep.skipped.map((s: { label: string; reason: string }) => [s.label, s.reason])).toEqual([
      ['random', 'the file random.png is not a GIF, JPEG, PNG, BMP, WebP or SVG image'], ['huge', 'the image huge.png is 11.0 MiB, over the 10 MiB limit'],
    ]);
    expect(rep.imported.map((p: { title: string }) => p.title)).toEqual(['good']);
    expect({ problems: await problemCount(), files: mdFiles() }).toEqual({ problems: before.problems + 1, files: before.files + 1 });
  });

  it('an image of 50 MB in a Hydro zip is refused before it is stored', async () => {
    const before = mdFiles();
    const zip = await writeZip([
      { path: 'problem.yaml', data: 'title: big\npid: HBIG\n' }, { path: 'problem.md', data: '![x](file://x.png)' },
      { path: 'testdata/1.in', data: '1\n' }, { path: 'testdata/1.out', data: '1\n' },
      { path: 'additional_file/x.png', data: Buffer.concat([PNG, crypto.randomBytes(50 * 1024 * 1024)]) },
    ]);
    const rep = (await upload('file/import-hydro-problem', 'big.zip', zip)).json().data;
    expect(rep.skipped).toMatchObject([{ label: 'HBIG', reason: 'the image x.png is 50.0 MiB, over the 10 MiB limit' }]);
    expect(mdFiles()).toBe(before);
  });

  it('an XML bomb (DOCTYPE with entities) is refused as invalid, in both languages', async () => {
    const bomb = Buffer.from(`<?xml version="1.0"?>\n<!DOCTYPE fps [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>\n<fps>${fpsItem('bomb', '')}</fps>`);
    const before = await problemCount();
    expect((await upload('file/import-fps-problem', 'bomb.xml', bomb)).json()).toMatchObject({ status: 400, msg: 'The XML declares a DTD with entities; such files are refused (they can expand without bound)' });
    expect((await upload('file/import-fps-problem', 'bomb.xml', bomb, admin, zh)).json().msg).toBe('该 XML 声明了带实体的 DTD，已拒绝（实体可能无限展开）');
    expect(await problemCount()).toBe(before);
  });

  it('a package no reader knows: one 4xx naming the supported formats, and the one it looks like', async () => {
    const polygon = await writeZip([{ path: 'problem.xml', data: '<problem/>' }, { path: 'tests/01', data: '1' }]);
    expect((await upload('file/import-hydro-problem', 'p.zip', polygon)).json()).toMatchObject({
      status: 400, msg: `This file is not a package the Hydro reader knows: it looks like a Polygon package, so choose that format. ${SUPPORTED}`,
    });
    const hydro = await writeZip([{ path: 'P1/problem.yaml', data: 'title: x\n' }, { path: 'P1/testdata/1.in', data: '1' }]);
    expect((await upload('admin/problem/import-problem?format=qduoj', 'h.zip', hydro)).json().msg).toContain('it looks like a Hydro package, so choose that format.');
    const junk = await writeZip([{ path: 'notes.txt', data: 'hello' }]);
    expect((await upload('file/import-fps-problem', 'j.zip', junk)).json()).toMatchObject({ status: 400, msg: `This file is not a package the FPS reader knows. ${SUPPORTED}` });
    expect((await upload('file/import-hydro-problem', 'fps.xml', Buffer.from('<fps/>'))).json().msg).toContain('it looks like a FPS package, so choose that format.');
  });

  it('a zip with too many entries says what was exceeded; `../` names are refused', async () => {
    const many = await writeZip(Array.from({ length: 10_001 }, (_, i) => ({ path: `t/${i}.in`, data: '' })));
    expect((await upload('file/import-hydro-problem', 'many.zip', many)).json()).toMatchObject({ status: 400, msg: 'The zip holds more than 10000 files' });
    const config = 'cases:\n  - input: ../../etc/passwd\n    output: 1.out\n';
    const dots = await writeZip([{ path: 'problem.yaml', data: 'title: dots\npid: HDOT\n' }, { path: 'testdata/config.yaml', data: config }, { path: 'testdata/1.out', data: '1' }]);
    const rep = (await upload('file/import-hydro-problem', 'dots.zip', dots)).json().data;
    expect(rep.skipped[0].reason).toContain('../../etc/passwd');
    expect(rep.imported).toEqual([]);
  });

  it('Hydro: root problem.yaml, {file, lang} checker, images and PDFs linked, top-level cases, dropped subtask limits and if', async () => {
    const config = [
      'time: 1s', 'memory: 128m', 'checker_type: testlib', 'checker:', '  file: chk.cc', '  lang: cc.cc17o2',
      'subtasks:', '  - id: 1', '    score: 30', '    time: 2s', '    cases:', '      - input: a.in', '        output: a.out',
      '  - id: 2', '    score: 70', '    if: [1]', '    cases:', '      - input: b.in', '        output: b.out', '',
    ].join('\n');
    const zip = await writeZip([
      { path: 'problem.yaml', data: 'title: root one\npid: HROOT\n' },
      { path: 'problem_zh.md', data: '看图 ![fig](file://fig%201.png) 与 [说明](file://guide.pdf)。\n\n## 输入格式\n\n一行。\n' },
      { path: 'testdata/config.yaml', data: config }, { path: 'testdata/chk.cc', data: '#include "testlib.h"\nint main(){}\n' },
      { path: 'testdata/a.in', data: '1\n' }, { path: 'testdata/a.out', data: '1\n' }, { path: 'testdata/b.in', data: '2\n' }, { path: 'testdata/b.out', data: '2\n' },
      { path: 'additional_file/fig 1.png', data: PNG }, { path: 'additional_file/guide.pdf', data: PDF }, { path: 'additional_file/notes.bin', data: Buffer.from([0, 1, 2]) },
    ]);
    const rep = (await upload('file/import-hydro-problem', 'root.zip', zip)).json().data;
    expect(rep.imported.map((p: { problemId: string }) => p.problemId)).toEqual(['HROOT']);
    expect(rep.notes.map((n: { message: string }) => n.message)).toEqual([
      'per-subtask time / memory limits dropped (subtasks 1): the problem uses 1000 ms and 128 MB for all',
      'subtask dependencies (if) dropped: subtasks 2 are scored on their own',
      'additional file notes.bin not kept (only images and PDFs are)',
      'The checker was not compiled (no judge is online): compile it in the problem form before judging',
    ]);
    const v = await editorView(t, await pidOf('HROOT'), admin.headers);
    expect(v.problem).toMatchObject({ judgeMode: 'spj', spjLanguage: 'C++', spjCode: '#include "testlib.h"\nint main(){}\n', timeLimit: 1000, userExtraFile: null });
    const links = [...v.problem.description.matchAll(/\((\/public\/md\/[^)]+)\)/g)].map((m: RegExpMatchArray) => m[1]);
    expect(links).toHaveLength(2);
    expect(v.problem.description).not.toContain('file://');
    const served = await Promise.all(links.map((l: string) => t.app.inject({ method: 'GET', url: l })));
    expect(served.map((r) => r.rawPayload.equals(PNG) || r.rawPayload.equals(PDF))).toEqual([true, true]);

    const cases = await writeZip([
      { path: 'problem.yaml', data: 'title: listed\npid: HCASES\n' },
      { path: 'testdata/config.yaml', data: 'cases:\n  - input: x.txt\n    output: y.txt\n  - input: 2.in\n    output: 2.out\n' },
      { path: 'testdata/x.txt', data: '1\n' }, { path: 'testdata/y.txt', data: '1\n' }, { path: 'testdata/2.in', data: '2\n' }, { path: 'testdata/2.out', data: '2\n' },
    ]);
    await upload('file/import-hydro-problem', 'cases.zip', cases);
    const c = await editorView(t, await pidOf('HCASES'), admin.headers);
    expect(c.cases.map((x: { inputName: string }) => x.inputName)).toEqual(['x.txt', '2.in']);

    const syzoj = await writeZip([
      { path: 'P9/problem.yaml', data: 'title: typed\npid: HTYPE\n' }, { path: 'P9/testdata/config.yaml', data: 'checker_type: syzoj\nchecker: chk.cpp\n' },
      { path: 'P9/testdata/chk.cpp', data: 'int main(){}\n' }, { path: 'P9/testdata/1.in', data: '1\n' }, { path: 'P9/testdata/1.out', data: '1\n' },
      { path: 'P9/problem_zh.md', data: '中文题面' }, { path: 'P9/problem_en.md', data: 'English statement' },
    ]);
    const typed = (await upload('file/import-hydro-problem', 'typed.zip', syzoj)).json().data;
    expect(typed.notes.map((n: { message: string }) => n.message).slice(0, 2)).toEqual([
      'checker type syzoj is run as a testlib checker (checker input output answer, testlib exit codes): check its verdicts',
      'statement problem_en.md not kept: a problem holds one statement here, problem_zh.md was used',
    ]);
  });
});

function submissionRow(pid: number, uid: number) {
  const ts = Date.now();
  return {
    pid, display_pid: String(pid), uid, username: 'lib-admin', cid: 0, cpid: 0, gid: 0, tid: 0, status: 5, score: null, oi_rank_score: null,
    time: null, memory: null, length: 12, language: 'C++', code: 'int main(){}', share: 0, error_message: null, judger: null, is_manual: 0,
    case_done: 0, case_total: 0, ip: '127.0.0.1', submit_time: ts, judge_time: null, gmt_modified: ts,
  };
}

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@verdict/shared';
import { readZip, writeZip } from '../src/modules/testcase/zip.js';
import { createTestApp, type TestApp } from './helpers.js';
import { editorView, makeUser, multipart, problemPayload } from './problem-helpers.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUser>>;
const en = { 'accept-language': 'en-US' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, 'importer', Role.ADMIN);
});
afterAll(async () => { await t?.close(); });

const importFile = (route: string, name: string, data: Buffer, who = admin) => {
  const mp = multipart('file', name, data);
  return t.app.inject({ method: 'POST', url: `/api/file/${route}`, headers: { ...who.headers, ...mp.headers, ...en }, payload: mp.payload });
};
const view = async (problemId: string) => {
  const row = await t.ctx.db.selectFrom('problem').select('id').where('problem_id', '=', problemId).executeTakeFirstOrThrow();
  return editorView(t, row.id, admin.headers);
};
const caseText = (pid: number, name: string) => fs.readFileSync(path.join(t.dataDir, 'testcase', String(pid), name), 'utf8');

describe('export and import of our own zip', () => {
  it('round-trips every field, tags, templates and the test data', async () => {
    const body = problemPayload({ problemId: 'EXP1', title: 'Exported', type: 1, judgeCaseMode: 'subtask_average', hint: 'think', source: 'round trip',
      isFileIO: true, ioReadFileName: 'in.txt', ioWriteFileName: 'out.txt', userExtraFile: { 'note.txt': 'annex' } }, {
      tags: [{ name: 'export-tag' }],
      codeTemplates: [{ language: 'C++', code: 'int main(){}', status: true }],
      samples: [{ input: '1\n', output: 'one\n', score: 40, groupNum: 1 }, { input: '2\n', output: 'two\n', score: 60, groupNum: 2 }],
    });
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/problem', headers: admin.headers, payload: body });
    const pid = created.json().data.pid;
    const dl = await t.app.inject({ method: 'GET', url: `/api/file/export-problem?pidList=${pid}`, headers: admin.headers });
    const alias = await t.app.inject({ method: 'GET', url: `/api/admin/problem/export-problem?pids=${pid}`, headers: admin.headers });
    expect(alias.rawPayload.length).toBeGreaterThan(0);
    expect(dl.headers['content-type']).toBe('application/zip');
    const names = (await readZip(dl.rawPayload)).map((e) => e.path).sort();
    expect(names).toEqual([`problem_${pid}.json`, `problem_${pid}/1.in`, `problem_${pid}/1.out`, `problem_${pid}/2.in`, `problem_${pid}/2.out`]);
    const before = await view('EXP1');

    // Importing while it exists is refused for that problem, with the reason.
    const dup = (await importFile('import-problem', 'problems.zip', dl.rawPayload)).json().data;
    expect(dup.imported).toEqual([]);
    expect(dup.skipped).toMatchObject([{ label: 'EXP1', reason: 'The problem display ID EXP1 already exists' }]);

    await t.app.inject({ method: 'DELETE', url: `/api/admin/problem?pid=${pid}`, headers: admin.headers });
    const rep = (await importFile('import-problem', 'problems.zip', dl.rawPayload)).json().data;
    expect(rep.imported).toHaveLength(1);
    const after = await view('EXP1');
    const strip = (v: typeof before) => ({ ...v.problem, id: 0, gmtCreate: 0, gmtModified: 0, caseVersion: '' });
    expect(strip(after)).toEqual(strip(before));
    expect(after.tags.map((x: { name: string }) => x.name)).toEqual(['export-tag']);
    expect(after.codeTemplates).toMatchObject([{ language: 'C++', code: 'int main(){}', status: true }]);
    expect(after.cases.map((c: { score: number; groupNum: number }) => [c.score, c.groupNum])).toEqual([[40, 1], [60, 2]]);
    expect(caseText(after.problem.id, after.cases[1].outputName)).toBe('two\n');
    expect(after.cases[1].output).toBe('two\n');
  });

  it('refuses a plain user, a wrong file type and an empty selection', async () => {
    const plain = await makeUser(t, 'plain');
    expect((await importFile('import-problem', 'p.zip', await writeZip([{ path: 'a', data: 'b' }]), plain)).statusCode).toBe(403);
    const supported = 'Supported: Verdict / HOJ zip, QDUOJ zip, Hydro zip, FPS xml or zip, Polygon zip, ICPC / Kattis zip';
    expect((await importFile('import-problem', 'p.txt', Buffer.from('x'))).json()).toMatchObject({ status: 400, msg: `This file is not a package the Verdict / HOJ reader knows. ${supported}` });
    expect((await importFile('import-problem', 'p.zip', await writeZip([{ path: 'readme.md', data: 'b' }]))).json().msg).toContain(supported);
    const res = await t.app.inject({ method: 'GET', url: '/api/file/export-problem?pidList=', headers: { ...admin.headers, ...en } });
    expect(res.json()).toMatchObject({ status: 400, msg: 'Please select the problems to export' });
  });
});

describe('imports from other judges', () => {
  it('HOJ zip: problem_<n>.json with a folder of cases', async () => {
    const doc = {
      problem: {
        problemId: 'HOJ-1001', title: '最大公约数', author: 'root', type: 0, timeLimit: 1000, memoryLimit: 256, stackLimit: 128,
        description: '求 $a$ 与 $b$ 的最大公约数。', input: '两个正整数 a b', output: '一个整数', examples: '<input>4 6</input><output>2</output>',
        isRemote: false, source: 'HOJ', difficulty: 1, hint: null, auth: 1, ioScore: 100, codeShare: true, spjCode: null, spjLanguage: null,
        isRemoveEndBlank: true, openCaseResult: true, isUploadCase: true, caseVersion: '1651234567890', judgeMode: 'default',
        judgeCaseMode: 'default', userExtraFile: null, judgeExtraFile: null, isFileIO: false, ioReadFileName: null, ioWriteFileName: null, gid: null,
      },
      languages: ['C', 'C++', 'Java', 'Python3'],
      samples: [{ input: '1.in', output: '1.out' }, { input: '2.in', output: '2.out' }],
      tags: ['数论'],
      codeTemplates: [{ language: 'C', code: '#include <stdio.h>\nint main(){return 0;}' }],
      judgeMode: 'default', userExtraFile: null, judgeExtraFile: null,
    };
    const zip = await writeZip([
      { path: 'problem_1001.json', data: JSON.stringify(doc) },
      { path: 'problem_1001/1.in', data: '4 6\n' }, { path: 'problem_1001/1.out', data: '2\n' },
      { path: 'problem_1001/2.in', data: '17 5\n' }, { path: 'problem_1001/2.out', data: '1\n' },
      { path: 'problem_1002.json', data: '{"problem": ' },
    ]);
    const rep = (await importFile('import-hoj-problem', 'hoj.zip', zip)).json().data;
    expect(rep.imported.map((x: { problemId: string }) => x.problemId)).toEqual(['HOJ-1001']);
    expect(rep.skipped).toMatchObject([{ label: 'problem_1002.json', reason: 'This file is not a valid HOJ export' }]);
    const v = await view('HOJ-1001');
    expect(v.problem).toMatchObject({ title: '最大公约数', difficulty: 1, examples: '<input>4 6</input><output>2</output>', hint: '' });
    expect(v.languages.sort()).toEqual(['C', 'C++', 'Java', 'Python3']);
    expect(v.tags.map((x: { name: string }) => x.name)).toEqual(['数论']);
    expect(caseText(v.problem.id, v.cases[1].inputName)).toBe('17 5\n');
  });

  it('QDUOJ zip: numbered folders, OI scores from test_case_score, special judge', async () => {
    const oi = {
      display_id: 'qd-oi', title: 'Sum OI', description: { format: 'html', value: '<p>Add numbers.</p>' },
      input_description: { format: 'html', value: '<p>a b</p>' }, output_description: { format: 'html', value: '<p>sum</p>' },
      hint: { format: 'html', value: '' }, test_case_score: [{ score: 30, input_name: '1.in', output_name: '1.out' }, { score: 70, input_name: '2.in', output_name: '2.out' }],
      time_limit: 2000, memory_limit: 128, samples: [{ input: '1 2', output: '3' }], template: { 'C++': { prepend: '#include <cstdio>', template: 'int main(){}', append: '' } },
      spj: null, rule_type: 'OI', source: 'QDUOJ', answers: [], tags: ['simulation'],
    };
    const spj = { ...oi, display_id: 'qd-spj', title: 'Any root', rule_type: 'ACM', test_case_score: [], spj: { language: 'C', code: 'int main(){return 0;}' } };
    const zip = await writeZip([
      { path: '1/problem.json', data: JSON.stringify(oi) },
      { path: '1/testcase/1.in', data: '1 1\n' }, { path: '1/testcase/1.out', data: '2\n' },
      { path: '1/testcase/2.in', data: '2 2\n' }, { path: '1/testcase/2.out', data: '4\n' },
      { path: '2/problem.json', data: JSON.stringify(spj) },
      { path: '2/testcase/1.in', data: '4\n' }, { path: '2/testcase/1.out', data: '2\n' },
      { path: '3/problem.json', data: JSON.stringify({ ...oi, display_id: 'qd-empty' }) },
    ]);
    // Through the batch page's single entry, the format named in the query.
    const mp = multipart('file', 'qduoj.zip', zip);
    const rep = (await t.app.inject({ method: 'POST', url: '/api/admin/problem/import-problem?format=qduoj', headers: { ...admin.headers, ...mp.headers, ...en }, payload: mp.payload })).json().data;
    expect(rep.imported.map((x: { problemId: string }) => x.problemId).sort()).toEqual(['qd-oi', 'qd-spj']);
    expect(rep.skipped).toMatchObject([{ label: 'qd-empty', name: 'qd-empty', reason: 'test files named by the package are missing: 1.in, 2.in' }]);
    const v = await view('qd-oi');
    expect(v.problem).toMatchObject({ type: 1, timeLimit: 2000, memoryLimit: 128, description: '<p>Add numbers.</p>', ioScore: 100 });
    expect(v.cases.map((c: { score: number }) => c.score)).toEqual([30, 70]);
    expect(v.codeTemplates[0].code).toBe('#include <cstdio>\nint main(){}');
    const s = await view('qd-spj');
    expect(s.problem.judgeMode).toBe('spj');
    expect(s.problem).toMatchObject({ spjLanguage: 'C', spjCode: 'int main(){return 0;}', spjCompileOk: false });
  });

  it('FPS XML: items with limits in seconds, tests, spj and an embedded image; items without tests are skipped', async () => {
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<fps version="1.2" url="https://github.com/zhblue/freeproblemset/">
  <generator name="HUSTOJ" url="https://github.com/zhblue/hustoj/"/>
  <item>
    <title><![CDATA[Hello & Welcome]]></title>
    <time_limit unit="s"><![CDATA[1.5]]></time_limit>
    <memory_limit unit="mb"><![CDATA[64]]></memory_limit>
    <img><src><![CDATA[/upload/image/hello.png]]></src><base64><![CDATA[${png.toString('base64')}]]></base64></img>
    <description><![CDATA[<p>Print hello. <img src="/upload/image/hello.png"></p>]]></description>
    <input><![CDATA[None]]></input>
    <output><![CDATA[hello]]></output>
    <sample_input><![CDATA[]]></sample_input>
    <sample_output><![CDATA[hello]]></sample_output>
    <test_input><![CDATA[]]></test_input>
    <test_output><![CDATA[hello
]]></test_output>
    <test_input><![CDATA[x]]></test_input>
    <test_output><![CDATA[hello
]]></test_output>
    <hint>a &lt; b</hint>
    <source><![CDATA[FPS]]></source>
    <solution language="C"><![CDATA[#include <stdio.h>
int main(){puts("hello");}]]></solution>
    <spj language="C++"><![CDATA[int main(){return 0;}]]></spj>
  </item>
  <item>
    <title><![CDATA[No data]]></title>
    <time_limit unit="ms"><![CDATA[500]]></time_limit>
    <memory_limit unit="kb"><![CDATA[65536]]></memory_limit>
    <description>plain &amp; simple</description>
  </item>
</fps>`;
    const rep = (await importFile('import-fps-problem', 'fps.xml', Buffer.from(xml))).json().data;
    expect(rep.imported).toHaveLength(1);
    expect(rep.skipped).toMatchObject([{ label: 'No data', reason: 'The problem has no test data' }]);
    const id = rep.imported[0].problemId as string;
    expect(id).toMatch(/^\d+$/);
    const v = await view(id);
    expect(v.problem).toMatchObject({ title: 'Hello & Welcome', timeLimit: 1500, memoryLimit: 64, hint: 'a < b', source: 'FPS', spjLanguage: 'C++' });
    expect(v.problem.judgeMode).toBe('spj');
    const link = /src="([^"]+)"/.exec(v.problem.description)![1];
    expect(link).toMatch(/^\/public\/md\//);
    expect((await t.app.inject({ method: 'GET', url: link })).rawPayload.equals(png)).toBe(true);
    expect(v.cases).toHaveLength(2);
    const bad = await importFile('import-fps-problem', 'bad.xml', Buffer.from('<fps><item><title>x</title></fps>'));
    expect(bad.json()).toMatchObject({ status: 400, msg: 'The XML file could not be read: unexpected closing tag </fps>' });
  });

  it('Hydro zip: problem.yaml, markdown statement split into parts, subtasks from config.yaml, additional files', async () => {
    const statement = [
      '## 题目描述', '', '给定 $n$ 个数，求它们的和。', '', '## 输入格式', '', '第一行一个整数 $n$。', '', '## 输出格式', '', '一个整数。', '',
      '## 样例', '', '```input1', '2', '1 2', '```', '', '```output1', '3', '```', '', '## 提示', '', '$n \\le 10^5$', '',
    ].join('\n');
    const config = ['type: default', 'time: 2s', 'memory: 512m', 'subtasks:', '  - score: 40', '    type: min', '    id: 1', '    cases:',
      '      - input: a1.in', '        output: a1.out', '  - score: 60', '    type: min', '    id: 2', '    cases:',
      '      - input: b1.in', '        output: b1.out', '      - input: b2.in', '        output: b2.out', ''].join('\n');
    const zip = await writeZip([
      { path: 'P1000/problem.yaml', data: 'title: 求和\ntag:\n  - 入门\n  - 模拟\npid: H1000\nowner: 1\nnSubmit: 0\nnAccept: 0\n' },
      { path: 'P1000/problem_zh.md', data: statement },
      { path: 'P1000/testdata/config.yaml', data: config },
      { path: 'P1000/testdata/a1.in', data: '1\n5\n' }, { path: 'P1000/testdata/a1.out', data: '5\n' },
      { path: 'P1000/testdata/b1.in', data: '2\n1 2\n' }, { path: 'P1000/testdata/b1.out', data: '3\n' },
      { path: 'P1000/testdata/b2.in', data: '3\n1 2 3\n' }, { path: 'P1000/testdata/b2.out', data: '6\n' },
      { path: 'P1000/additional_file/gen.py', data: 'print(1)\n' },
      { path: 'P1001/problem.yaml', data: 'title: plain\npid: H1001\n' },
      { path: 'P1001/problem.md', data: 'Echo the input.\n\n## Input\n\nA line.\n\n## Output\n\nThe line.\n' },
      { path: 'P1001/testdata/1.in', data: 'x\n' }, { path: 'P1001/testdata/1.ans', data: 'x\n' },
      { path: 'broken/problem.md', data: 'no yaml' },
    ]);
    const rep = (await importFile('import-hydro-problem', 'hydro.zip', zip)).json().data;
    expect(rep.imported.map((x: { problemId: string }) => x.problemId).sort()).toEqual(['H1000', 'H1001']);
    expect(rep.skipped).toMatchObject([{ label: 'broken', reason: 'This file is not a valid Hydro export' }]);
    const v = await view('H1000');
    // additional_file/ is for readers: a script is neither an image nor a PDF, so the report says it was not kept.
    expect(v.problem).toMatchObject({ title: '求和', type: 1, ioScore: 100, timeLimit: 2000, memoryLimit: 512, judgeCaseMode: 'subtask_lowest', userExtraFile: null });
    expect(rep.notes).toEqual([{ label: 'H1000', name: 'H1000', message: 'additional file gen.py not kept (only images and PDFs are)' }]);
    expect(v.problem.input).toBe('第一行一个整数 $n$。');
    expect(v.problem.output).toBe('一个整数。');
    expect(v.problem.examples).toBe('<input>2\n1 2</input><output>3</output>');
    expect(v.problem.description).toContain('给定 $n$ 个数');
    expect(v.problem.hint).toContain('10^5');
    expect(v.cases.map((c: { score: number; groupNum: number }) => [c.score, c.groupNum])).toEqual([[40, 1], [60, 2], [60, 2]]);
    expect(v.tags.map((x: { name: string }) => x.name).sort()).toEqual(['入门', '模拟'].sort());
    const p2 = await view('H1001');
    expect(p2.problem).toMatchObject({ type: 0, input: 'A line.', output: 'The line.' });
    expect(p2.cases).toHaveLength(1);
  });
});

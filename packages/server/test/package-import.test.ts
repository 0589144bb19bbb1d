import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemSaveBody, Role } from '@verdict/shared';
import { readZip, writeZip } from '../src/modules/testcase/zip.js';
import { readProblemTex, texToMarkdown } from '../src/modules/problem/transfer/polygon-tex.js';
import { saveProblem } from '../src/modules/problem/service.js';
import { createTestApp, type TestApp } from './helpers.js';
import { editorView, makeUser, multipart, problemPayload } from './problem-helpers.js';
import { AB_CPP, AB_WRONG_CPP, icpcFiles, NEAR_CHECKER_CPP, PNG, polygonFiles, SUM_VALIDATOR_CPP, zipOf } from './package-fixtures.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUser>>;
const en = { 'accept-language': 'en-US' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, 'packager', Role.ADMIN);
});
afterAll(async () => { await t?.close(); });

const importFile = (route: string, name: string, data: Buffer, headers: Record<string, string> = en, who = admin) => {
  const mp = multipart('file', name, data);
  return t.app.inject({ method: 'POST', url: `/api/file/${route}`, headers: { ...who.headers, ...mp.headers, ...headers }, payload: mp.payload });
};
const pidOf = async (problemId: string) => (await t.ctx.db.selectFrom('problem').select('id').where('problem_id', '=', problemId).executeTakeFirstOrThrow()).id;
const view = async (problemId: string) => editorView(t, await pidOf(problemId), admin.headers);
const caseText = (pid: number, name: string) => fs.readFileSync(path.join(t.dataDir, 'testcase', String(pid), name), 'utf8');
const scoresOf = (v: { cases: { score: number; groupNum: number }[] }) => v.cases.map((c) => [c.score, c.groupNum]);
const solutions = async (problemId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/admin/problem/package-solutions?pid=${await pidOf(problemId)}`, headers: admin.headers })).json().data;

describe('Polygon statements (TeX to markdown)', () => {
  it('keeps maths verbatim and turns text commands, lists, quotes and dashes into markdown', () => {
    const md = texToMarkdown('Given $a_1, \\ldots, a_n$~(\\textbf{all} \\emph{distinct}) --- print <<YES>>. 50\\% % a comment\n\\begin{itemize}\n\\item one\n\\item two $x~y$\n\\end{itemize}\n\\[\\sum a_i\\]');
    expect(md).toBe('Given $a_1, \\ldots, a_n$ (**all** *distinct*) — print «YES». 50%\n\n- one\n- two $x~y$\n\n$$\\sum a_i$$');
  });

  it('reads a whole olymp.sty problem.tex: name, sections and \\exmp samples', () => {
    const st = readProblemTex('\\begin{problem}{Sum}{standard input}{standard output}{1 second}{256 megabytes}\nAdd $a$ and $b$.\n\\InputFile\nTwo integers.\n\\OutputFile\nTheir sum.\n\\Examples\n\\exmp{1 2\n}{3\n}%\n\\Note\nEasy.\n\\end{problem}\n');
    expect(st).toEqual({ name: 'Sum', legend: 'Add $a$ and $b$.', input: 'Two integers.', output: 'Their sum.', notes: 'Easy.', examples: [{ input: '1 2\n', output: '3\n' }] });
  });
});

describe('Polygon packages', () => {
  it('groups with points, both statement languages, an image, a std checker and tagged solutions', async () => {
    const props = (name: string, legend: string) => JSON.stringify({ name, legend, input: 'Two integers $a$ and $b$.', output: 'Print $a+b$.', notes: 'Mind \\textbf{overflow}.', tutorial: 'spoiler', sampleTests: [] });
    const files = polygonFiles({
      shortName: 'a-plus-b', names: { english: 'A+B', chinese: '加法' }, timeMs: 2000, memoryBytes: 268435456, tags: ['math', 'implementation'],
      tests: [
        { input: '1 2\n', answer: '3\n', sample: true, group: '0', points: 0 },
        { input: '5 5\n', answer: '10\n', group: '1', points: 20 }, { input: '7 8\n', answer: '15\n', group: '1', points: 20 },
        { input: '-1 1\n', answer: '0\n', group: '2', points: 30 }, { input: '100 1\n', answer: '101\n', group: '2', points: 30 },
      ],
      groups: [{ name: '0', points: 0, policy: 'each-test' }, { name: '1', points: 40 }, { name: '2', policy: 'each-test', dependsOn: ['1'] }],
      checker: { name: 'std::wcmp.cpp', source: '// the std checker, as Polygon ships it\n' },
      solutions: [
        { tag: 'main', path: 'solutions/ab.cpp', source: AB_CPP, type: 'cpp.g++17' },
        { tag: 'wrong-answer', path: 'solutions/wa.py', source: 'a, b = map(int, input().split())\nprint(a + b + 1)\n', type: 'python.3' },
        { tag: 'accepted', path: 'solutions/ab.pl', source: 'print 1;', type: 'perl.5' },
      ],
      statements: [
        { path: 'statements/english/problem-properties.json', data: props('A+B', 'Add two numbers: \\includegraphics{pic.png}') },
        { path: 'statements/english/pic.png', data: PNG },
        { path: 'statements/chinese/problem-properties.json', data: props('加法', '求两个数的和。') },
      ],
    });
    const rep = (await importFile('import-polygon-problem', 'a-plus-b-7$linux.zip', await zipOf(files))).json();
    expect(rep.status).toBe(200);
    expect(rep.data.imported.map((x: { problemId: string }) => x.problemId)).toEqual(['a-plus-b']);
    expect(rep.data.notes.map((n: { message: string }) => n.message)).toEqual(expect.arrayContaining([
      'Group dependencies (2) have no counterpart here and were dropped', 'Solution ab.pl was not kept: perl.5 is not a language this judge has',
    ]));
    const v = await view('a-plus-b');
    expect(v.problem).toMatchObject({ title: '加法', type: 1, judgeCaseMode: 'subtask_lowest', timeLimit: 2000, memoryLimit: 256, spjLanguage: 'Builtin', spjCode: 'tokens', isFileIO: false });
    expect(v.problem.judgeMode).toBe('spj');
    expect(v.problem.description).toMatch(/^求两个数的和。\n\n---\n\nAdd two numbers: !\[\]\(\/public\/md\/[0-9a-f]+\.png\)$/);
    expect(v.problem.hint).toContain('Mind **overflow**.');
    expect(v.problem.hint).not.toContain('spoiler');
    expect(v.problem.examples).toBe('<input>1 2\n</input><output>3\n</output>');
    // Group 1 (complete-group, 40) is one subtask; each-test groups score test by test.
    expect(scoresOf(v)).toEqual([[0, 1], [40, 2], [40, 2], [30, 3], [30, 4]]);
    expect(caseText(v.problem.id, v.cases[2].outputName)).toBe('15\n');
    expect(v.tags.map((x: { name: string }) => x.name).sort()).toEqual(['implementation', 'math']);
    expect((await solutions('a-plus-b')).map((s: { name: string; tag: string; language: string; status: null }) => [s.name, s.tag, s.language, s.status]))
      .toEqual([['ab.cpp', 'main', 'C++ 17 With O2', null], ['wa.py', 'wrong-answer', 'Python3', null]]);
  });

  it('an interactive problem keeps its interactor; statement sections in .tex are read', async () => {
    const files = polygonFiles({
      shortName: 'guess', tests: [{ input: '17\n', answer: '17\n' }],
      interactor: { path: 'files/interactor.cpp', source: '#include "testlib.h"\nint main(int argc, char* argv[]) { registerInteraction(argc, argv); }\n' },
      checker: { name: 'std::wcmp.cpp', source: '// std\n' },
      statements: [
        { path: 'statement-sections/english/name.tex', data: 'Guess the Number' },
        { path: 'statement-sections/english/legend.tex', data: 'Guess $x$ with at most $20$ queries.' },
        { path: 'statement-sections/english/input.tex', data: 'Answers \\texttt{<}, \\texttt{>} or \\texttt{=}.' },
        { path: 'statement-sections/english/output.tex', data: 'Queries \\t{? y}.' },
        { path: 'statement-sections/english/interaction.tex', data: 'Flush after each query.' },
      ],
    });
    const rep = (await importFile('import-polygon-problem', 'guess.zip', await zipOf(files))).json().data;
    expect(rep.imported).toHaveLength(1);
    expect(rep.notes.map((n: { message: string }) => n.message)).toContain('The checker beside the interactor was dropped: here the interactor gives the verdict');
    const v = await view('guess');
    expect(v.problem.judgeMode).toBe('interactive');
    expect(v.problem).toMatchObject({ title: 'Guess the Number', type: 0, judgeCaseMode: 'default', spjLanguage: 'C++ 17 With O2', description: 'Guess $x$ with at most $20$ queries.',
      input: 'Answers `<`, `>` or `=`.', output: 'Queries `? y`.', hint: 'Flush after each query.' });
    expect(v.problem.spjCode).toContain('registerInteraction');
  });

  it('a contest package: a custom checker with its header, file IO, problem.tex, std checkers mapped or kept, missing tests skipped', async () => {
    const custom = polygonFiles({
      shortName: 'near', tests: [{ input: '1 2\n', answer: '3\n' }], inputFile: 'near.in', outputFile: 'near.out',
      checker: { source: NEAR_CHECKER_CPP },
      statements: [{ path: 'statements/english/problem.tex', data: '\\begin{problem}{Near Sum}{near.in}{near.out}{1 second}{64 megabytes}\nOff by one is fine.\n\\InputFile\n$a$ $b$\n\\OutputFile\nA number.\n\\Example\n\\exmp{1 2\n}{3\n}\n\\end{problem}\n' }],
      extra: [{ path: 'files/testlib.h', data: '// the package\'s own testlib.h\n' }],
    });
    // problem.tex is named by problem.xml's statements, as Polygon writes it.
    const customXml = custom.find((f) => f.path === 'problem.xml')!;
    customXml.data = String(customXml.data)
      .replace('<judging', '<statements><statement charset="UTF-8" language="english" mathjax="true" path="statements/english/problem.tex" type="application/x-tex"/></statements>\n  <judging')
      .replace('<file path="files/olymp.sty"/>', '<file path="files/olymp.sty"/><file path="files/testlib.h" type="h.g++"/>');
    const lcmp = polygonFiles({ shortName: 'lines', tests: [{ input: '1\n', answer: 'a b\n' }], checker: { name: 'std::lcmp.cpp', source: '// lcmp source\n' } });
    const rcmp = polygonFiles({ shortName: 'reals', tests: [{ input: '1\n', answer: '0.5\n' }], checker: { name: 'std::rcmp6.cpp', source: '// rcmp6\n' } });
    const yes = polygonFiles({ shortName: 'yes', tests: [{ input: '1\n', answer: 'YES\n' }], checker: { name: 'std::yesno.cpp', source: '//\n' } });
    const generated = polygonFiles({ shortName: 'gen', tests: [{ input: '1\n', answer: '1\n' }, { input: '', generated: true }] });
    const noAnswer = polygonFiles({ shortName: 'noans', tests: [{ input: '1\n' }] });
    const mixed = polygonFiles({ shortName: 'mixed', tests: [{ input: '1\n', answer: '1\n' }], inputFile: 'input.txt' });
    const zip = await writeZip([custom, lcmp, rcmp, yes, generated, noAnswer, mixed].flatMap((files, i) =>
      files.map((f) => ({ path: `problems/${['near', 'lines', 'reals', 'yes', 'gen', 'noans', 'mixed'][i]}/${f.path}`, data: f.data }))));
    const rep = (await importFile('import-polygon-problem', 'contest.zip', zip)).json().data;
    expect(rep.imported.map((x: { problemId: string }) => x.problemId).sort()).toEqual(['lines', 'near', 'reals', 'yes']);
    expect(rep.skipped).toEqual([
      { label: 'gen', name: 'gen', reason: 'Test 2 is not in the package (generated tests are only in the full package: download it from Polygon as "full")' },
      { label: 'noans', name: 'noans', reason: 'Test 1 has no answer file: its answer is made by the main solution, which only the full package holds' },
      { label: 'mixed', name: 'mixed', reason: 'The problem reads input.txt and writes stdout: this judge runs a problem with file input and output both, or standard input and output both' },
    ]);
    const near = await view('near');
    expect(near.problem.judgeMode).toBe('spj');
    expect(near.problem).toMatchObject({ title: 'Near Sum', spjCode: NEAR_CHECKER_CPP, spjLanguage: 'C++ 17 With O2', judgeExtraFile: { 'testlib.h': '// the package\'s own testlib.h\n' },
      isFileIO: true, ioReadFileName: 'near.in', ioWriteFileName: 'near.out', description: 'Off by one is fine.', input: '$a$ $b$', output: 'A number.' });
    expect(near.problem.examples).toBe('<input>1 2\n</input><output>3\n</output>');
    expect((await view('lines')).problem).toMatchObject({ spjCode: '// lcmp source\n', spjLanguage: 'C++ 17 With O2' });
    expect((await view('reals')).problem).toMatchObject({ spjCode: 'float:1e-6', spjLanguage: 'Builtin' });
    expect((await view('yes')).problem).toMatchObject({ spjCode: 'yesno', spjLanguage: 'Builtin' });
  });

  it('refuses bad packages with a clear message in both languages, storing nothing', async () => {
    const before = (await t.ctx.db.selectFrom('problem').select('id').execute()).length;
    const noXml = await zipOf([{ path: 'tests/01', data: '1\n' }, { path: 'tests/01.a', data: '1\n' }]);
    expect((await importFile('import-polygon-problem', 'p.zip', noXml)).json()).toMatchObject({ status: 400, msg: expect.stringMatching(/^This file is not a package the Polygon reader knows\. Supported: .*Polygon zip/) });
    expect((await importFile('import-polygon-problem', 'p.zip', noXml, { 'accept-language': 'zh-CN' })).json()).toMatchObject({ status: 400, msg: expect.stringMatching(/^Polygon 读取器无法识别该文件。/) });
    const broken = await zipOf([{ path: 'problem.xml', data: '<problem short-name="x"><judging></problem>' }]);
    const res = (await importFile('import-polygon-problem', 'p.zip', broken)).json();
    expect(res.status).toBe(400);
    expect(res.msg).toMatch(/^The XML file could not be read: /);
    // zip writers refuse "../" names: the entry is written under a stand-in name of the same length, then renamed in the bytes.
    const stand = await zipOf([...polygonFiles({ shortName: 'evil', tests: [{ input: '1\n', answer: '1\n' }] }), { path: 'xx/xx/etc/evil', data: 'x' }]);
    const evil = Buffer.from(stand.toString('latin1').split('xx/xx/etc/evil').join('../../etc/evil'), 'latin1');
    expect((await importFile('import-polygon-problem', 'p.zip', evil)).json()).toMatchObject({ status: 400, msg: expect.stringContaining('../../etc/evil') });
    const escape = polygonFiles({ shortName: 'escape', tests: [{ input: '1\n', answer: '1\n' }], inputFile: '../in.txt' });
    const rep = (await importFile('import-polygon-problem', 'p.zip', await zipOf(escape))).json().data;
    expect(rep.skipped[0].reason).toMatch(/not a plain file name/);
    const plain = await makeUser(t, 'plainpkg');
    expect((await importFile('import-polygon-problem', 'p.zip', noXml, en, plain)).statusCode).toBe(403);
    expect((await t.ctx.db.selectFrom('problem').select('id').execute()).length).toBe(before);
  });
});

describe('ICPC / Kattis packages', () => {
  it('samples, secret data, a custom output validator, statements and submissions', async () => {
    const files = icpcFiles({
      yaml: 'name:\n  en: Split the Sum\n  zh: 拆分\nsource: NWERC 2099\nvalidation: custom\nlimits:\n  memory: 512\nkeywords: math greedy\n',
      samples: [['3\n', '3\n']], secret: [['10\n', '10\n'], ['-4\n', '-4\n']], validator: SUM_VALIDATOR_CPP,
      statement: [
        { path: 'problem_statement/problem.en.tex', data: '\\problemname{Split the Sum}\nPrint two integers with sum $n$.\n\\section*{Input}\nOne integer $n$.\n\\section*{Output}\nTwo integers.\n' },
        { path: 'problem_statement/problem.zh.md', data: '输出两个和为 $n$ 的整数。\n\n## 输入\n一个整数 $n$。\n\n## 输出\n两个整数。\n' },
      ],
      submissions: [
        { folder: 'accepted', name: 'split.cpp', source: '#include <cstdio>\nint main(){long long n;scanf("%lld",&n);printf("%lld 0\\n",n);}\n' },
        { folder: 'wrong_answer', name: 'bad.py', source: 'print(1, 1)\n' },
        { folder: 'accepted', name: 'weird.foo', source: '?' },
      ],
      extra: [{ path: '.timelimit', data: '2\n' }],
    });
    const rep = (await importFile('import-icpc-problem', 'splitsum.zip', await zipOf(files, 'splitsum/'))).json().data;
    expect(rep.imported.map((x: { problemId: string }) => x.problemId)).toEqual(['splitsum']);
    expect(rep.notes.map((n: { message: string }) => n.message)).toContain('Solution weird.foo was not kept: foo is not a language this judge has');
    const v = await view('splitsum');
    expect(v.problem.judgeMode).toBe('spj');
    expect(v.problem).toMatchObject({ title: '拆分', timeLimit: 2000, memoryLimit: 512, source: 'NWERC 2099', spjLanguage: 'C++ 17 With O2', type: 0 });
    expect(v.problem.spjCode).toContain('#include "icpc_output_validator.cpp"');
    expect(v.problem.judgeExtraFile).toEqual({ 'icpc_output_validator.cpp': SUM_VALIDATOR_CPP });
    expect(v.problem.description).toBe('输出两个和为 $n$ 的整数。\n\n---\n\nPrint two integers with sum $n$.');
    expect(v.problem.input).toBe('一个整数 $n$。\n\n---\n\nOne integer $n$.');
    expect(v.problem.examples).toBe('<input>3\n</input><output>3\n</output>');
    expect(v.cases.map((c: { inputName: string }) => c.inputName)).toEqual(['sample-1.in', '01.in', '02.in']);
    expect(v.tags.map((x: { name: string }) => x.name).sort()).toEqual(['greedy', 'math']);
    expect((await solutions('splitsum')).map((s: { name: string; tag: string; language: string }) => [s.name, s.tag, s.language]))
      .toEqual([['split.cpp', 'accepted', 'C++ 17 With O2'], ['bad.py', 'wrong-answer', 'Python3']]);
  });

  it('default validation maps to the compare Kattis uses; odd data is skipped with its count; no package is refused', async () => {
    const plain = icpcFiles({ yaml: 'name: Echo\n', secret: [['a\n', 'Hello World\n']] });
    const floats = icpcFiles({ yaml: 'name: Halves\nvalidator_flags: float_tolerance 1e-4\n', secret: [['1\n', '0.5\n']] });
    const odd = icpcFiles({ yaml: 'name: Odd\n', secret: [['1\n', '1\n'], ['2\n', '2\n']], extra: [{ path: 'data/secret/03.in', data: '3\n' }] });
    const zip = await writeZip([...plain.map((f) => ({ ...f, path: `echo/${f.path}` })), ...floats.map((f) => ({ ...f, path: `halves/${f.path}` })), ...odd.map((f) => ({ ...f, path: `odd/${f.path}` }))]);
    const mp = multipart('file', 'set.zip', zip);
    const rep = (await t.app.inject({ method: 'POST', url: '/api/admin/problem/import-problem?format=icpc', headers: { ...admin.headers, ...mp.headers, ...en }, payload: mp.payload })).json().data;
    expect(rep.imported.map((x: { problemId: string }) => x.problemId).sort()).toEqual(['echo', 'halves']);
    expect(rep.skipped).toEqual([{ label: 'odd', name: 'odd', reason: '3 inputs but 2 answers in data/secret' }]);
    expect((await view('echo')).problem).toMatchObject({ spjLanguage: 'Builtin', spjCode: 'yesno', memoryLimit: 1024, timeLimit: 1000 });
    expect((await view('halves')).problem).toMatchObject({ spjLanguage: 'Builtin', spjCode: 'float:0.0001' });
    const none = await zipOf([{ path: 'readme.md', data: '#' }]);
    expect((await importFile('import-icpc-problem', 'x.zip', none)).json()).toMatchObject({ status: 400, msg: expect.stringMatching(/^This file is not a package the ICPC \/ Kattis reader knows\. Supported: /) });
    // A Polygon package sent to the ICPC reader: the answer names the format it looks like.
    const polygon = await zipOf(polygonFiles({ shortName: 'p', tests: [{ input: '1\n', answer: '1\n' }] }));
    expect((await importFile('import-icpc-problem', 'x.zip', polygon)).json().msg).toContain('it looks like a Polygon package, so choose that format.');
  });
});

describe('Polygon-like export', () => {
  it('re-imports to the same problems: subtasks, a checker with its header, file IO, tags, templates, solutions', async () => {
    // Saved as the form would, without compiling the checker (no judge runs in this file).
    const save = (body: Record<string, unknown>) => saveProblem(t.ctx, admin, problemSaveBody.parse(body), null, { skipCompile: true });
    const rt = await save(problemPayload({
      problemId: 'POLY-RT', title: '往返', type: 1, judgeCaseMode: 'subtask_lowest', description: 'Legend with $x$ -- and 100% ~ kept.\n\n![pic](/public/md/a.png)',
      input: 'in', output: 'out', hint: 'note', source: 'round trip', difficulty: 2, timeLimit: 1500, memoryLimit: 128,
      isFileIO: true, ioReadFileName: 'rt.in', ioWriteFileName: 'rt.out', spjCode: NEAR_CHECKER_CPP, spjLanguage: 'C++', judgeExtraFile: { 'helper.h': '#pragma once\n' },
      examples: [{ input: '1 2', output: '3' }],
    }, {
      judgeMode: 'spj', tags: [{ name: 'rt-tag' }], codeTemplates: [{ language: 'C++', code: 'int main(){}', status: true }], languages: ['C++', 'Python3'],
      samples: [{ input: '1 2\n', output: '3\n', score: 40, groupNum: 1 }, { input: '2 2\n', output: '4\n', score: 40, groupNum: 1 }, { input: '5 5\n', output: '10\n', score: 60, groupNum: 2 }],
    }));
    const tokens = await save(problemPayload({ problemId: 'POLY-TOK', title: 'Tokens', spjCode: 'tokens', spjLanguage: 'Builtin' }, { judgeMode: 'spj', samples: [{ input: '1\n', output: '1\n' }] }));
    const pids = [rt, tokens];
    await t.ctx.db.insertInto('problem_solution').values({ pid: pids[0], name: 'main.cpp', tag: 'main', language: 'C++', code: AB_CPP, status: null, score: null, time: null, memory: null, message: null, checked_at: null }).execute();
    await t.ctx.db.insertInto('problem_solution').values({ pid: pids[0], name: 'wa.cpp', tag: 'wrong-answer', language: 'C++ 20', code: AB_WRONG_CPP, status: null, score: null, time: null, memory: null, message: null, checked_at: null }).execute();
    const before = await Promise.all(['POLY-RT', 'POLY-TOK'].map(view));
    const beforeSolutions = await solutions('POLY-RT');

    const dl = await t.app.inject({ method: 'GET', url: `/api/file/export-polygon-problem?pidList=${pids.join(',')}`, headers: admin.headers });
    expect(dl.headers['content-type']).toBe('application/zip');
    const names = (await readZip(dl.rawPayload)).map((e) => e.path);
    expect(names).toEqual(expect.arrayContaining(['POLY-RT/problem.xml', 'POLY-RT/tests/01', 'POLY-RT/tests/03.a', 'POLY-RT/files/check.cpp', 'POLY-RT/files/helper.h',
      'POLY-RT/statements/chinese/problem-properties.json', 'POLY-RT/solutions/1/main.cpp', 'POLY-TOK/problem.xml']));
    const xml = (await readZip(dl.rawPayload)).find((e) => e.path === 'POLY-TOK/problem.xml')!.data.toString();
    expect(xml).toContain('<checker name="std::wcmp.cpp" type="testlib"/>');

    for (const pid of pids) await t.app.inject({ method: 'DELETE', url: `/api/admin/problem?pid=${pid}`, headers: admin.headers });
    const rep = (await importFile('import-polygon-problem', 'polygon.zip', dl.rawPayload)).json().data;
    expect(rep.imported.map((x: { problemId: string }) => x.problemId).sort()).toEqual(['POLY-RT', 'POLY-TOK']);
    const after = await Promise.all(['POLY-RT', 'POLY-TOK'].map(view));
    const strip = (v: (typeof before)[number]) => ({ ...v, problem: { ...v.problem, id: 0, gmtCreate: 0, gmtModified: 0, caseVersion: '', spjCompileOk: false },
      tags: v.tags.map((x: { name: string }) => x.name), codeTemplates: v.codeTemplates.map((x: { language: string; code: string }) => [x.language, x.code]),
      languages: [...v.languages].sort(), cases: v.cases.map((c: { score: number; groupNum: number }) => [c.score, c.groupNum]) });
    expect(after.map(strip)).toEqual(before.map(strip));
    expect(caseText(after[0].problem.id, after[0].cases[2].outputName)).toBe('10\n');
    const strip2 = (l: { id: number }[]) => l.map((s) => ({ ...s, id: 0 }));
    expect(strip2(await solutions('POLY-RT'))).toEqual(strip2(beforeSolutions));
  });
});

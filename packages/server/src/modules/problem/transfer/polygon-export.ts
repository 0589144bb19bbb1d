import { parseExamples } from '@verdict/shared';
import type { AppContext } from '../../../context.js';
import { readProblemCases } from '../../testcase/testdata.js';
import { writeZip } from '../../testcase/zip.js';
import { adminProblemView } from '../service.js';
import { STD_CHECKERS, VERDICT_PROPS } from './polygon.js';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/\n/g, '&#10;');

/** Our languages to Polygon source types (what Polygon itself would call them). */
const POLYGON_TYPES: [RegExp, string][] = [
  [/^C\+\+ 20/, 'cpp.g++20'], [/^C\+\+/, 'cpp.g++17'], [/^C\b/, 'c.gcc'], [/^Java$/, 'java17'], [/^Kotlin/, 'kotlin'], [/^PyPy3/, 'python.pypy3'],
  [/^Python3/, 'python.3'], [/^Python2/, 'python.2'], [/^Pascal/, 'pascal.fpc'], [/^Golang/, 'go'], [/^Rust/, 'rust'], [/^C#/, 'csharp.mono'],
  [/^Haskell/, 'haskell.ghc'], [/^JavaScript/, 'js.v8'], [/^Ruby/, 'ruby'], [/^PHP/, 'php'],
];
const EXTENSIONS: Record<string, string> = { cpp: 'cpp', c: 'c', java: 'java', kotlin: 'kt', python: 'py', pascal: 'pas', go: 'go', rust: 'rs', csharp: 'cs', haskell: 'hs', js: 'js', ruby: 'rb', php: 'php' };
const polygonType = (language: string) => POLYGON_TYPES.find(([re]) => re.test(language))?.[1] ?? 'cpp.g++17';
const extOf = (type: string) => EXTENSIONS[type.split('.')[0].replace(/\d+$/, '')] ?? 'txt';
/** A source element: Polygon's type, and our exact language so a re-import picks the same one. */
const sourceXml = (path: string, language: string) => `<source path="${esc(path)}" type="${polygonType(language)}" verdict-language="${esc(language)}"/>`;

/** Fields problem.xml and the statement carry themselves; the rest travel in the `verdict.problem` property. */
const NATIVE = new Set(['id', 'problemId', 'title', 'description', 'input', 'output', 'hint', 'examples', 'timeLimit', 'memoryLimit', 'spjCode', 'spjLanguage',
  'judgeExtraFile', 'isFileIO', 'ioReadFileName', 'ioWriteFileName', 'caseVersion', 'gmtCreate', 'gmtModified', 'gid', 'authorUid', 'author',
  'applyPublicProgress', 'spjCompileOk', 'judgeMode', 'judgeCaseMode', 'type']);

/** The std checker a built-in compare is (for Polygon), when one is. */
function stdCheckerName(builtin: string) {
  const name = Object.entries(STD_CHECKERS).find(([, spec]) => spec === builtin)?.[0];
  return name ? `std::${name}.cpp` : null;
}

/**
 * Problems as Polygon-like packages: problem.xml (limits, file IO, tests with points and groups,
 * checker or interactor, solutions, tags), statements/<lang>/problem-properties.json (our
 * markdown, flagged as such), tests/NN and tests/NN.a. What problem.xml cannot say (difficulty,
 * templates, languages, switches) rides in a `verdict.problem` property, so the zip imports back
 * as the same problem. One problem sits at the zip's top; several each in a folder of its id.
 */
export async function exportPolygonPackages(ctx: AppContext, pids: number[]): Promise<Buffer> {
  const files: { path: string; data: Buffer | string }[] = [];
  for (const pid of pids) {
    const v = await adminProblemView(ctx, pid);
    const p = v.problem as Record<string, unknown> & { problemId: string; title: string; type: number; judgeCaseMode: string };
    const root = pids.length === 1 ? '' : `${p.problemId}/`;
    const cases = await readProblemCases(ctx, pid, p.problemId);
    const lang = /[\u4e00-\u9fff]/.test(`${p.title}${String(p.description ?? '')}`) ? 'chinese' : 'english';
    const oi = p.type === 1;
    const subtask = p.judgeCaseMode.startsWith('subtask');
    const tests = cases.map((c, i) => {
      const n = String(i + 1).padStart(2, '0');
      files.push({ path: `${root}tests/${n}`, data: c.read('input') }, { path: `${root}tests/${n}.a`, data: c.read('output') });
      return `<test method="manual"${oi ? ` points="${c.score}"` : ''}${subtask || oi ? ` group="${c.group_num}"` : ''}/>`;
    });
    // Polygon's own reading of a subtask: the whole group scores its points when every test passes.
    const groupPoints = new Map<number, number>();
    for (const c of cases) groupPoints.set(c.group_num, Math.max(groupPoints.get(c.group_num) ?? 0, c.score));
    const groups = oi ? [...groupPoints].map(([g, pts]) => `<group name="${g}" points="${subtask ? pts : 0}" points-policy="${subtask ? 'complete-group' : 'each-test'}"/>`) : [];

    const assets: string[] = [];
    const resources: string[] = [];
    const spjCode = typeof p.spjCode === 'string' ? p.spjCode : '';
    const spjLanguage = typeof p.spjLanguage === 'string' ? p.spjLanguage : 'C++';
    let builtinChecker: string | undefined;
    if (v.judgeMode === 'spj' && spjLanguage === 'Builtin') {
      const std = stdCheckerName(spjCode);
      if (std) assets.push(`<checker name="${std}" type="testlib"/>`);
      else builtinChecker = spjCode;
    } else if (v.judgeMode !== 'default' && spjCode) {
      const file = `files/${v.judgeMode === 'interactive' ? 'interactor' : 'check'}.${extOf(polygonType(spjLanguage))}`;
      files.push({ path: root + file, data: spjCode });
      assets.push(v.judgeMode === 'interactive' ? `<interactor>${sourceXml(file, spjLanguage)}</interactor>` : `<checker type="testlib">${sourceXml(file, spjLanguage)}</checker>`);
      for (const [name, content] of Object.entries((p.judgeExtraFile as Record<string, string> | null) ?? {})) {
        files.push({ path: `${root}files/${name}`, data: content });
        resources.push(`<file path="files/${esc(name)}" verdict-judge-extra="true"/>`);
      }
    }
    const solutions = await ctx.db.selectFrom('problem_solution').select(['name', 'tag', 'language', 'code']).where('pid', '=', pid).orderBy('id').execute();
    const solutionXml = solutions.map((s, i) => {
      const path = `solutions/${i + 1}/${s.name}`;
      files.push({ path: root + path, data: s.code });
      return `<solution tag="${esc(s.tag)}">${sourceXml(path, s.language)}</solution>`;
    });
    if (solutionXml.length) assets.push(`<solutions>${solutionXml.join('')}</solutions>`);

    const ours = {
      statementFormat: 'markdown', judgeCaseMode: p.judgeCaseMode, type: p.type, builtinChecker, judgeMode: v.judgeMode,
      problem: Object.fromEntries(Object.entries(p).filter(([k]) => !NATIVE.has(k))),
      languages: v.languages,
      codeTemplates: v.codeTemplates.map((t) => ({ language: t.language, code: t.code, status: t.status })),
    };
    const inFile = p.isFileIO ? String(p.ioReadFileName ?? '') : '';
    const outFile = p.isFileIO ? String(p.ioWriteFileName ?? '') : '';
    const xml = [
      '<?xml version="1.0" encoding="utf-8" standalone="no"?>',
      `<problem revision="1" short-name="${esc(p.problemId)}">`,
      `  <names><name language="${lang}" value="${esc(p.title)}"/></names>`,
      `  <judging input-file="${esc(inFile)}" output-file="${esc(outFile)}">`,
      '    <testset name="tests">',
      `      <time-limit>${Number(p.timeLimit)}</time-limit>`,
      `      <memory-limit>${Number(p.memoryLimit) * 2 ** 20}</memory-limit>`,
      `      <test-count>${cases.length}</test-count>`,
      '      <input-path-pattern>tests/%02d</input-path-pattern>',
      '      <answer-path-pattern>tests/%02d.a</answer-path-pattern>',
      `      <tests>${tests.join('')}</tests>`,
      groups.length ? `      <groups>${groups.join('')}</groups>` : '',
      '    </testset>',
      '  </judging>',
      resources.length ? `  <files><resources>${resources.join('')}</resources></files>` : '',
      `  <assets>${assets.join('')}</assets>`,
      `  <properties><property name="${VERDICT_PROPS}" value="${esc(JSON.stringify(ours))}"/></properties>`,
      `  <tags>${v.tags.map((t) => `<tag value="${esc(t.name)}"/>`).join('')}</tags>`,
      '</problem>',
    ].filter(Boolean).join('\n');
    files.push({ path: `${root}problem.xml`, data: xml });
    const statement = {
      name: p.title, legend: p.description ?? '', input: p.input ?? '', output: p.output ?? '', notes: p.hint ?? '',
      sampleTests: parseExamples(String(p.examples ?? '')),
    };
    files.push({ path: `${root}statements/${lang}/problem-properties.json`, data: JSON.stringify(statement, null, 2) });
  }
  return writeZip(files);
}

import { DEFAULT_PROBLEM_LANGUAGES } from '@verdict/shared';
import { AppError } from '../../../http/errors.js';
import type { TestCaseData } from '../../testcase/testdata.js';
import type { ZipFileEntry } from '../../testcase/zip.js';
import { asText, parseJsonFile, unsafeNameSkip } from './archive.js';
import { baseName, packageLanguage, patternPath, type PackageSolution } from './package-files.js';
import { readProblemTex, texToMarkdown, type StatementParts } from './polygon-tex.js';
import type { ImportedProblem, ParsedArchive, SkippedProblem } from './types.js';
import { childElements, parseXml, XmlError, type XmlElement } from './xml.js';

/**
 * Polygon's standard checkers that judge exactly as one of our built-in compares (same accepted
 * outputs): wcmp/ncmp/hcmp compare tokens (testlib refuses non-canonical integers, so ncmp/hcmp
 * accept only the answer's own spelling), rcmpN compare doubles as testlib does, yesno/nyesno
 * compare yes/no words without case. Others (lcmp, fcmp, …) keep their source as a testlib checker.
 */
export const STD_CHECKERS: Record<string, string> = {
  wcmp: 'tokens', ncmp: 'tokens', hcmp: 'tokens', rcmp: 'float:1.5e-6', rcmp4: 'float:1e-4', rcmp6: 'float:1e-6', rcmp9: 'float:1e-9',
  yesno: 'yesno', nyesno: 'yesno',
};

/** Property names our own export writes into `<properties>` for what problem.xml cannot say. */
export const VERDICT_PROPS = 'verdict.problem';

const attr = (el: XmlElement | undefined, name: string) => el?.attrs[name] ?? '';
const child = (el: XmlElement | undefined, name: string) => (el ? childElements(el, name)[0] : undefined);
const path1 = (el: XmlElement | undefined, ...names: string[]) => names.reduce<XmlElement | undefined>((e, n) => child(e, n), el);
const num = (el: XmlElement | undefined, fallback: number) => {
  const v = Number(el ? el.children.filter((c) => typeof c === 'string').join('').trim() : NaN);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};

/** The statement languages we show, in the order they are placed (site default first). */
const STATEMENT_LANGS = ['chinese', 'english'];

/**
 * A Polygon package zip (or a contest package: one `problem.xml` per problem folder). Each folder
 * holding a problem.xml is one problem; see readPolygonProblem for what is kept. A broken
 * problem.xml of a single package refuses the upload (400); in a contest package it skips that problem.
 */
export function readPolygonPackage(entries: ZipFileEntry[]): ParsedArchive {
  const roots = entries.map((e) => e.path).filter((p) => !p.startsWith('__MACOSX/') && (p === 'problem.xml' || p.endsWith('/problem.xml')))
    .map((p) => p.slice(0, -'problem.xml'.length));
  const out: ParsedArchive = { problems: [], skipped: [] };
  // Not a Polygon package: the import route answers once, naming the formats it knows.
  if (!roots.length) out.skipped.push({ label: 'problem.xml', reason: 'importFormatInvalid', vars: { format: 'Polygon' } });
  for (const root of roots) {
    const files = new Map(entries.filter((e) => e.path.startsWith(root)).map((e) => [e.path.slice(root.length), e.data]));
    const label = root.replace(/\/$/, '').split('/').pop() || 'problem';
    let xml: XmlElement;
    try {
      xml = parseXml(asText(files.get('problem.xml')));
    } catch (e) {
      const reason = e instanceof XmlError ? e.message : 'unreadable';
      // One package: the whole upload is refused; in a contest package the others still come in.
      if (roots.length === 1) throw new AppError(400, 'importXmlInvalid', { reason });
      out.skipped.push({ label, reason: 'importXmlInvalid', vars: { reason } });
      continue;
    }
    const problem = childElements(xml, 'problem')[0];
    if (!problem) { out.skipped.push({ label, reason: 'importFormatInvalid', vars: { format: 'Polygon' } }); continue; }
    const one = readPolygonProblem(problem, files, attr(problem, 'short-name') || label);
    if ('reason' in one) out.skipped.push(one); else out.problems.push(one);
  }
  return out;
}

interface PolygonTest { input: Buffer; answer: Buffer; sample: boolean; points: number | null; group: string }

/** The testset's tests with their files, or the skip that says which test is missing what. */
function readTests(testset: XmlElement, files: Map<string, Buffer>, label: string): PolygonTest[] | SkippedProblem {
  const list = childElements(child(testset, 'tests') ?? testset, 'test');
  const count = Math.max(list.length, num(child(testset, 'test-count'), 0));
  const inPattern = childElements(testset, 'input-path-pattern').map((e) => e.children.join('').trim())[0] || 'tests/%02d';
  const ansPattern = childElements(testset, 'answer-path-pattern').map((e) => e.children.join('').trim())[0] || 'tests/%02d.a';
  const tests: PolygonTest[] = [];
  for (let i = 1; i <= count; i++) {
    const t = list[i - 1];
    const input = files.get(patternPath(inPattern, i));
    const answer = files.get(patternPath(ansPattern, i));
    if (!input) return { label, reason: 'packageTestMissing', vars: { test: i } };
    if (!answer) return { label, reason: 'packageAnswerMissing', vars: { test: i } };
    const points = t?.attrs.points !== undefined && Number.isFinite(Number(t.attrs.points)) ? Number(t.attrs.points) : null;
    tests.push({ input, answer, sample: attr(t, 'sample') === 'true', points, group: attr(t, 'group') });
  }
  return tests.length ? tests : { label, reason: 'packageNoTests' };
}

/**
 * Polygon scoring to ours. Without points: an ACM problem. With points: OI; a group whose policy
 * is complete-group becomes one subtask scored by its lowest case (every case carries the group's
 * points), each-test groups and ungrouped tests become one subtask per test. Group dependencies
 * have no counterpart here and are dropped.
 */
function scoreTests(tests: PolygonTest[], testset: XmlElement): { cases: Pick<TestCaseData, 'score' | 'groupNum'>[]; type: 0 | 1; caseMode: string } {
  const scored = tests.some((t) => t.points !== null) || childElements(child(testset, 'groups') ?? testset, 'group').some((g) => g.attrs.points);
  if (!scored) return { cases: tests.map((_, i) => ({ groupNum: i + 1 })), type: 0, caseMode: 'default' };
  const groups = new Map(childElements(child(testset, 'groups') ?? testset, 'group').map((g) => [g.attrs.name ?? '', g]));
  if (!tests.some((t) => t.group)) return { cases: tests.map((t, i) => ({ score: Math.round(t.points ?? 0), groupNum: i + 1 })), type: 1, caseMode: 'default' };
  let next = 0;
  const numbers = new Map<string, number>();
  const cases = tests.map((t) => {
    const g = t.group ? groups.get(t.group) : undefined;
    const whole = t.group && attr(g, 'points-policy') !== 'each-test';
    if (!whole) return { score: Math.round(t.points ?? 0), groupNum: ++next };
    if (!numbers.has(t.group)) numbers.set(t.group, ++next);
    const groupPoints = g?.attrs.points !== undefined ? Number(g.attrs.points)
      : tests.filter((x) => x.group === t.group).reduce((a, x) => a + (x.points ?? 0), 0);
    return { score: Math.round(groupPoints || 0), groupNum: numbers.get(t.group)! };
  });
  return { cases, type: 1, caseMode: 'subtask_lowest' };
}

/** One language's statement: problem-properties.json, else statement-sections/*.tex, else problem.tex. */
function readStatement(problem: XmlElement, files: Map<string, Buffer>, lang: string, markdown: boolean): StatementParts | null {
  const props = parseJsonFile(files.get(`statements/${lang}/problem-properties.json`));
  const md = (s: unknown) => (typeof s === 'string' ? (markdown ? s.trim() : texToMarkdown(s)) : '');
  if (props) {
    const samples = Array.isArray(props.sampleTests) ? (props.sampleTests as Record<string, unknown>[]) : [];
    return {
      name: String(props.name ?? ''), legend: md(props.legend), input: md(props.input), output: md(props.output),
      notes: [md(props.interaction), md(props.scoring), md(props.notes)].filter(Boolean).join('\n\n'),
      examples: samples.map((s) => ({ input: String(s.input ?? ''), output: String(s.output ?? '') })),
    };
  }
  const section = (n: string) => files.get(`statement-sections/${lang}/${n}.tex`);
  if (section('legend')) {
    const tex = (n: string) => texToMarkdown(asText(section(n)));
    return {
      name: tex('name'), legend: tex('legend'), input: tex('input'), output: tex('output'),
      notes: [tex('interaction'), tex('scoring'), tex('notes')].filter(Boolean).join('\n\n'), examples: [],
    };
  }
  const texPath = childElements(child(problem, 'statements') ?? problem, 'statement')
    .find((s) => s.attrs.language === lang && s.attrs.type === 'application/x-tex')?.attrs.path;
  const tex = texPath ? files.get(texPath) : undefined;
  return tex ? readProblemTex(asText(tex)) : null;
}

/** Folders a statement's images may sit in, for one language. */
const imageDirs = (lang: string) => [`statements/${lang}/`, `statement-sections/${lang}/`, 'files/'];
const IMAGE = /!\[([^\]]*)\]\(([^)\s]+)\)/g;

/**
 * Statements in the languages we have (Chinese, then English; any one language otherwise), each
 * field holding them one after the other. Images a statement names are carried for storing.
 */
function readStatements(problem: XmlElement, files: Map<string, Buffer>, markdown: boolean) {
  const declared = [...new Set(childElements(child(problem, 'statements') ?? problem, 'statement').map((s) => s.attrs.language ?? ''))];
  const folders = [...new Set([...files.keys()].map((k) => /^(?:statements|statement-sections)\/([^/.][^/]*)\//.exec(k)?.[1]).filter((x): x is string => !!x))];
  const all = [...new Set([...declared, ...folders])].filter(Boolean);
  const chosen = all.filter((l) => STATEMENT_LANGS.includes(l)).sort((a, b) => STATEMENT_LANGS.indexOf(a) - STATEMENT_LANGS.indexOf(b));
  const langs = chosen.length ? chosen : all.slice(0, 1);
  const images: NonNullable<ImportedProblem['images']> = [];
  const parts = langs.map((lang) => readStatement(problem, files, lang, markdown)).map((p, i) => {
    if (!p) return null;
    const relink = (s: string) => s.replace(IMAGE, (m, alt: string, src: string) => {
      const found = imageDirs(langs[i]).map((d) => d + src).find((f) => files.has(f));
      if (!found) return m;
      const key = `polygon-image:${found}`;
      if (!images.some((x) => x.src === key)) images.push({ src: key, data: files.get(found)! });
      return `![${alt}](${key})`;
    });
    return { ...p, legend: relink(p.legend), input: relink(p.input), output: relink(p.output), notes: relink(p.notes) };
  }).filter((p): p is StatementParts => !!p);
  const join = (k: 'legend' | 'input' | 'output' | 'notes') => parts.map((p) => p[k]).filter(Boolean).join('\n\n---\n\n');
  return { parts, images, description: join('legend'), input: join('input'), output: join('output'), hint: join('notes') };
}

/** A source named by an asset: its text and our language, or the skip saying what is wrong. */
function assetSource(el: XmlElement | undefined, files: Map<string, Buffer>, label: string, what: string): { code: string; language: string } | SkippedProblem | null {
  const src = child(el, 'source');
  if (!src) return null;
  const p = attr(src, 'path');
  const data = files.get(p);
  if (!data) return { label, reason: 'packageSourceMissing', vars: { what, name: p } };
  const language = attr(src, 'verdict-language') || packageLanguage(attr(src, 'type'), p);
  if (!language) return { label, reason: 'packageLanguageUnknown', vars: { what, type: attr(src, 'type') || baseName(p) } };
  return { code: asText(data), language };
}

/** What our own export wrote into the `verdict.problem` property (empty for a real Polygon package). */
function readOurs(json: string | undefined): Record<string, unknown> {
  try {
    const v: unknown = json ? JSON.parse(json) : {};
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const isSkip = (v: unknown): v is SkippedProblem => !!v && typeof v === 'object' && 'reason' in v;

/** One problem.xml with its files (paths relative to its folder). */
function readPolygonProblem(problem: XmlElement, files: Map<string, Buffer>, label: string): ImportedProblem | SkippedProblem {
  const props = Object.fromEntries(childElements(child(problem, 'properties') ?? problem, 'property').map((p) => [p.attrs.name ?? '', p.attrs.value ?? '']));
  const ours = readOurs(props[VERDICT_PROPS]);
  const judging = child(problem, 'judging');
  const testsets = judging ? childElements(judging, 'testset') : [];
  const testset = testsets.find((t) => t.attrs.name === 'tests') ?? testsets[0];
  if (!testset) return { label, reason: 'packageNoTests' };
  const tests = readTests(testset, files, label);
  if (isSkip(tests)) return tests;
  // Our own export says its scoring exactly: each test's points and group as they were.
  const { cases: scores, type, caseMode } = typeof ours.judgeCaseMode === 'string'
    ? { cases: tests.map((t, i) => ({ score: Math.round(t.points ?? 0), groupNum: Number(t.group) || i + 1 })), type: Number(ours.type) === 1 ? 1 : 0, caseMode: ours.judgeCaseMode }
    : scoreTests(tests, testset);

  const assets = child(problem, 'assets');
  const interactor = assetSource(child(assets, 'interactor'), files, label, 'interactor');
  if (isSkip(interactor)) return interactor;
  const checkerEl = child(assets, 'checker');
  const std = /^std::(\w+)\.cpp$/.exec(attr(checkerEl, 'name'))?.[1];
  let judgeMode = 'default';
  let spj: { code: string; language: string } | null = null;
  if (interactor) { judgeMode = 'interactive'; spj = interactor; }
  else if (typeof ours.builtinChecker === 'string') { judgeMode = 'spj'; spj = { code: ours.builtinChecker, language: 'Builtin' }; }
  else if (std && STD_CHECKERS[std]) { judgeMode = 'spj'; spj = { code: STD_CHECKERS[std], language: 'Builtin' }; }
  else if (checkerEl && ours.judgeMode !== 'default') {
    const checker = assetSource(checkerEl, files, label, 'checker');
    if (isSkip(checker)) return checker;
    if (checker) { judgeMode = 'spj'; spj = checker; }
  }
  // Headers the checker or interactor includes (testlib.h above all) go beside it when judging.
  const resources = childElements(path1(problem, 'files', 'resources') ?? problem, 'file').map((f) => f.attrs)
    .filter((a) => a.path && (/\.(h|hpp|hh)$/i.test(a.path) || a['verdict-judge-extra'] === 'true') && files.has(a.path));
  const judgeExtraFile = spj && spj.language !== 'Builtin' && resources.length
    ? Object.fromEntries(resources.map((a) => [baseName(a.path), asText(files.get(a.path))])) : null;

  const notes: NonNullable<ImportedProblem['notes']> = [];
  if (interactor && checkerEl) notes.push({ reason: 'packageDroppedChecker' });
  const dependent = childElements(child(testset, 'groups') ?? testset, 'group').filter((g) => childElements(child(g, 'dependencies') ?? g, 'dependency').length);
  if (dependent.length && !ours.judgeCaseMode) notes.push({ reason: 'packageDroppedDependencies', vars: { groups: dependent.map((g) => attr(g, 'name')).join(', ') } });
  const solutions: PackageSolution[] = [];
  for (const s of childElements(child(assets, 'solutions') ?? problem, 'solution')) {
    const src = assetSource(s, files, label, 'solution');
    const name = baseName(attr(child(s, 'source'), 'path'));
    if (src && !isSkip(src)) solutions.push({ name, tag: attr(s, 'tag') || 'accepted', ...src });
    else if (src) notes.push({ reason: 'packageDroppedSolution', vars: { name, type: attr(child(s, 'source'), 'type') || '?' } });
  }

  const st = readStatements(problem, files, ours.statementFormat === 'markdown');
  const names = childElements(child(problem, 'names') ?? problem, 'name');
  const title = st.parts.map((p) => p.name).find(Boolean) || names.find((n) => n.attrs.language === 'chinese')?.attrs.value
    || names.find((n) => n.attrs.language === 'english')?.attrs.value || names[0]?.attrs.value || label;
  const samples = tests.filter((t) => t.sample).map((t) => ({ input: asText(t.input), output: asText(t.answer) }));
  const examples = samples.length ? samples : (st.parts.find((p) => p.examples.length)?.examples ?? []);
  const inFile = attr(judging, 'input-file').trim();
  const outFile = attr(judging, 'output-file').trim();
  const fileIo = !!(inFile && inFile !== 'stdin') || !!(outFile && outFile !== 'stdout');
  const cases: TestCaseData[] = tests.map((t, i) => ({
    input: t.input, output: t.answer, ...scores[i], inputName: `${String(i + 1).padStart(2, '0')}.in`, outputName: `${String(i + 1).padStart(2, '0')}.out`,
  }));
  const unsafe = unsafeNameSkip(label, [inFile, outFile].filter(Boolean));
  if (unsafe) return unsafe;
  const named = (f: string, std: string) => (f && f !== std ? f : '');
  if (fileIo && (!named(inFile, 'stdin') || !named(outFile, 'stdout'))) {
    return { label, reason: 'packageMixedFileIo', vars: { input: named(inFile, 'stdin') || 'stdin', output: named(outFile, 'stdout') || 'stdout' } };
  }
  const tags = childElements(child(problem, 'tags') ?? problem, 'tag').map((t) => ({ name: attr(t, 'value') })).filter((t) => t.name);
  const problemId = /^[A-Za-z0-9_-]{1,100}$/.test(label) ? label : label.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 100) || 'polygon';
  return {
    label,
    body: {
      problem: {
        source: 'Polygon', ...(ours.problem as Record<string, unknown> | undefined),
        problemId, title: title.slice(0, 255), description: st.description, input: st.input, output: st.output, hint: st.hint, examples,
        timeLimit: Math.min(60_000, Math.round(num(child(testset, 'time-limit'), 1000))),
        memoryLimit: Math.min(4096, Math.max(1, Math.ceil(num(child(testset, 'memory-limit'), 256 * 2 ** 20) / 2 ** 20))),
        type, judgeCaseMode: caseMode,
        spjCode: spj?.code ?? null, spjLanguage: spj?.language ?? null, judgeExtraFile,
        isFileIO: fileIo, ioReadFileName: fileIo ? inFile : null, ioWriteFileName: fileIo ? outFile : null,
      },
      languages: Array.isArray(ours.languages) && ours.languages.length ? ours.languages : [...DEFAULT_PROBLEM_LANGUAGES],
      tags,
      codeTemplates: Array.isArray(ours.codeTemplates) ? ours.codeTemplates : [],
      judgeMode,
      // Cases typed in our form stay typed through our own export; a package's tests are uploads.
      isUploadTestCase: (ours.problem as { isUploadCase?: unknown } | undefined)?.isUploadCase ?? true,
    },
    cases,
    images: st.images,
    solutions,
    notes,
  };
}

import { DEFAULT_PROBLEM_LANGUAGES } from '@verdict/shared';
import YAML from 'yaml';
import type { TestCaseData } from '../../testcase/testdata.js';
import type { ZipFileEntry } from '../../testcase/zip.js';
import { shownName } from '../../testcase/testdata.js';
import { asText, byTopFolder, missingTestsSkip, pairByName, under, unsafeNameSkip } from './archive.js';
import { sniffStatementFile, type StatementFile } from './statement-files.js';
import type { ImportedProblem, ParsedArchive, SkippedProblem } from './types.js';

const yaml = (b: Buffer | undefined): Record<string, unknown> | null => {
  if (!b) return null;
  try {
    const v = YAML.parse(asText(b));
    return v && typeof v === 'object' && !Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
};

/** "1s", "1000ms", "1.5s" -> ms; "256m", "512MB", "65536k" -> MB. */
const parseTime = (v: unknown) => {
  const m = /^([\d.]+)\s*(ms|s)?$/i.exec(String(v ?? '').trim());
  if (!m) return 1000;
  return Math.max(1, Math.round(Number(m[1]) * ((m[2] ?? 'ms').toLowerCase() === 's' ? 1000 : 1)));
};
const parseMemory = (v: unknown) => {
  const m = /^([\d.]+)\s*(k|m|g)?b?$/i.exec(String(v ?? '').trim());
  if (!m) return 256;
  const unit = (m[2] ?? 'm').toLowerCase();
  return Math.max(1, Math.round(Number(m[1]) * (unit === 'g' ? 1024 : unit === 'k' ? 1 / 1024 : 1)));
};

/**
 * Splits a Hydro markdown statement into our parts: "## Input / 输入格式" and friends become the
 * input, output and hint fields; ```inputN / ```outputN fences become the samples.
 */
export function splitHydroStatement(md: string) {
  const parts = { description: '', input: '', output: '', hint: '' };
  const examples: { input: string; output: string }[] = [];
  const samples = new Map<number, { input?: string; output?: string }>();
  const body = md.replace(/```(input|output)(\d+)\r?\n([\s\S]*?)```/g, (_, kind: 'input' | 'output', n: string, content: string) => {
    const s = samples.get(Number(n)) ?? {};
    s[kind] = content.replace(/\r?\n$/, '');
    samples.set(Number(n), s);
    return '';
  });
  let current: keyof typeof parts = 'description';
  for (const section of body.split(/^(?=#{1,3}\s)/m)) {
    const heading = /^#{1,3}\s+(.*)$/m.exec(section)?.[1] ?? '';
    const content = section.replace(/^#{1,3}\s+.*$/m, '').trim();
    if (/sample|样例/i.test(heading) && !content) continue;
    if (/input|输入/i.test(heading)) current = 'input';
    else if (/output|输出/i.test(heading)) current = 'output';
    else if (/hint|note|提示|说明|数据范围/i.test(heading)) current = 'hint';
    else if (heading) current = current === 'description' ? 'description' : 'hint';
    const text = current === 'description' || current === 'hint' ? section.trim() : content;
    if (text) parts[current] = parts[current] ? `${parts[current]}\n\n${text}` : text;
  }
  for (const [, s] of [...samples].sort((a, b) => a[0] - b[0])) examples.push({ input: s.input ?? '', output: s.output ?? '' });
  return { ...parts, examples };
}

/** Hydro's language keys ('cc.cc17o2', 'c', 'cpp') or a source file's extension to ours; null: not a language checkers compile in. */
function checkerLanguage(lang: string | undefined, file: string): string | null {
  const key = (lang ?? '').toLowerCase();
  if (/^(cc|cpp|c\+\+|g\+\+)/.test(key)) return 'C++';
  if (key === 'c' || key.startsWith('c.')) return 'C';
  if (key) return null;
  if (/\.(cc|cpp|cxx|c\+\+)$/i.test(file)) return 'C++';
  if (/\.c$/i.test(file)) return 'C';
  return null;
}

/** A checker / interactor as Hydro writes it: a file name, or `{file, lang}` (Hydro's CompilableSource). */
function sourceRef(v: unknown): { file: string; lang?: string } | null {
  if (typeof v === 'string' && v) return { file: v };
  if (v && typeof v === 'object' && typeof (v as { file?: unknown }).file === 'string') {
    const o = v as { file: string; lang?: unknown };
    return { file: o.file, lang: typeof o.lang === 'string' ? o.lang : undefined };
  }
  return null;
}

type Note = NonNullable<ImportedProblem['notes']>[number];

/**
 * Hydro's export: one folder per problem (or one problem at the zip's root) with problem.yaml
 * (title, tag, pid), problem.md (or problem_zh.md / problem_en.md), testdata/ with config.yaml
 * (time, memory, cases or subtasks, checker, interactor) and additional_file/ (attachments the
 * statement links as file://name: images and PDFs are stored and linked, others reported).
 */
export function readHydroArchive(entries: ZipFileEntry[]): ParsedArchive {
  const out: ParsedArchive = { problems: [], skipped: [] };
  const folders = byTopFolder(entries);
  // A single-problem zip keeps problem.yaml at its root: the whole archive is that problem.
  const problems = folders.get('')?.has('problem.yaml')
    ? new Map([['', new Map(entries.filter((e) => !e.path.startsWith('__MACOSX/')).map((e) => [e.path, e.data]))]])
    : folders;
  for (const [folder, files] of problems) {
    if (!folder && !files.has('problem.yaml')) continue;
    const meta = yaml(files.get('problem.yaml'));
    if (!meta) { out.skipped.push({ label: folder || 'problem.yaml', reason: 'importFormatInvalid', vars: { format: 'Hydro' } }); continue; }
    const one = readHydroProblem(folder, files, meta);
    if ('reason' in one) out.skipped.push(one); else out.problems.push(one);
  }
  return out;
}

function readHydroProblem(folder: string, files: Map<string, Buffer>, meta: Record<string, unknown>): ImportedProblem | SkippedProblem {
  const label = String(meta.pid ?? (folder || meta.title || 'problem'));
  const data = under(files, 'testdata');
  const config = yaml(data.get('config.yaml')) ?? {};
  const notes: Note[] = [];
  let cases: TestCaseData[] = [];
  let caseMode = 'default';
  let type = 0;
  const subtasks = Array.isArray(config.subtasks) ? (config.subtasks as Record<string, unknown>[]) : [];
  const listed = Array.isArray(config.cases) ? (config.cases as Record<string, unknown>[]) : [];
  const missing: string[] = [];
  const file = (n: string) => {
    const b = data.get(n);
    if (!b) missing.push(n);
    return b ?? Buffer.alloc(0);
  };
  let timeLimit = config.time !== undefined ? parseTime(config.time) : 0;
  let memoryLimit = config.memory !== undefined ? parseMemory(config.memory) : 0;
  if (subtasks.length) {
    type = 1;
    caseMode = subtasks.some((s) => (s.type ?? 'min') === 'min') ? 'subtask_lowest' : 'subtask_average';
    // Verdict has one limit per problem: without a top-level one, the largest subtask limit is the problem's.
    timeLimit ||= Math.max(0, ...subtasks.filter((s) => s.time !== undefined).map((s) => parseTime(s.time)));
    memoryLimit ||= Math.max(0, ...subtasks.filter((s) => s.memory !== undefined).map((s) => parseMemory(s.memory)));
    subtasks.forEach((s, gi) => {
      const list = Array.isArray(s.cases) ? (s.cases as Record<string, unknown>[]) : [];
      // Every case of a subtask carries the subtask's points (the group scores its lowest / average case).
      const score = Number(s.score ?? 0) || 0;
      list.forEach((c) => cases.push({
        input: file(String(c.input)), output: file(String(c.output)), score, groupNum: Number(s.id ?? gi + 1) || gi + 1,
        inputName: String(c.input), outputName: String(c.output),
      }));
    });
  } else if (listed.length) {
    cases = listed.map((c, i) => ({ input: file(String(c.input)), output: file(String(c.output)), groupNum: i + 1, inputName: String(c.input), outputName: String(c.output) }));
  } else {
    const { pairs } = pairByName(new Map([...data].filter(([k]) => !k.includes('/'))));
    cases = pairs.map((p, i) => ({ input: data.get(p.input)!, output: data.get(p.output)!, groupNum: i + 1, inputName: p.input, outputName: p.output }));
  }
  timeLimit ||= 1000;
  memoryLimit ||= 256;
  const subtaskId = (s: Record<string, unknown>, i: number) => String(s.id ?? i + 1);
  const ownLimits = subtasks.map((s, i) => ({ s, i })).filter(({ s }) => (s.time !== undefined && parseTime(s.time) !== timeLimit) || (s.memory !== undefined && parseMemory(s.memory) !== memoryLimit));
  if (ownLimits.length) notes.push({ reason: 'importDroppedSubtaskLimits', vars: { ids: ownLimits.map(({ s, i }) => subtaskId(s, i)).join(', '), time: timeLimit, memory: memoryLimit } });
  const dependent = subtasks.map((s, i) => ({ s, i })).filter(({ s }) => Array.isArray(s.if) && s.if.length > 0);
  if (dependent.length) notes.push({ reason: 'importDroppedSubtaskIf', vars: { ids: dependent.map(({ s, i }) => subtaskId(s, i)).join(', ') } });

  const interactive = String(config.type ?? 'default') === 'interactive';
  const source = sourceRef(interactive ? config.interactor : config.checker);
  // Test files, checker and interactor are named by the archive: plain names only, like everywhere else.
  const named = [...cases.flatMap((c) => [c.inputName ?? '', c.outputName ?? '']), source?.file ?? ''];
  const unsafe = unsafeNameSkip(label, named.filter((n) => n !== ''));
  if (unsafe) return unsafe;
  if (!cases.length || missing.length) return missingTestsSkip(label, missing);

  const checkerType = String(config.checker_type ?? 'default');
  let judgeMode = 'default';
  let spjCode: string | null = null;
  let spjLanguage: string | null = null;
  const wantsSource = source && (interactive || !['default', 'strict'].includes(checkerType));
  if (wantsSource && data.get(source.file)) {
    const what = interactive ? 'importWhatInteractor' : 'importWhatChecker';
    spjLanguage = checkerLanguage(source.lang, source.file);
    if (spjLanguage) { judgeMode = interactive ? 'interactive' : 'spj'; spjCode = asText(data.get(source.file)); }
    else notes.push({ reason: 'importDroppedChecker', vars: { what, lang: source.lang ?? source.file } });
    // Hydro's other checker types (lemon, syzoj, qduoj, ...) have conventions of their own: said, not guessed silently.
    if (spjLanguage && !interactive && !['testlib', 'hustoj'].includes(checkerType)) notes.push({ reason: 'importCheckerTypeAssumed', vars: { type: checkerType.slice(0, 40) } });
  } else if (wantsSource) return missingTestsSkip(label, [source.file]);

  // One statement per problem here: Chinese first, as Hydro shows it; the others are reported.
  const statements = ['problem_zh.md', 'problem.md', 'problem_en.md'].filter((n) => files.has(n));
  for (const name of statements.slice(1)) notes.push({ reason: 'importDroppedStatement', vars: { name, kept: statements[0] } });
  const { md, images, dropped } = attachments(files, asText(statements.length ? files.get(statements[0]) : undefined));
  for (const name of dropped) notes.push({ reason: 'importDroppedFile', vars: { name: shownName(name) } });
  return {
    label,
    body: {
      problem: {
        problemId: label, title: String(meta.title ?? label), ...splitHydroStatement(md), source: String(meta.source ?? ''),
        timeLimit, memoryLimit, type, judgeCaseMode: caseMode,
        difficulty: Math.min(2, Math.max(0, Math.round((Number(meta.difficulty ?? 0) || 0) / 4))),
        spjCode, spjLanguage: spjCode ? spjLanguage : null,
        isFileIO: !!config.filename, ioReadFileName: config.filename ? `${String(config.filename)}.in` : null,
        ioWriteFileName: config.filename ? `${String(config.filename)}.out` : null,
      },
      languages: [...DEFAULT_PROBLEM_LANGUAGES],
      tags: (Array.isArray(meta.tag) ? (meta.tag as unknown[]) : []).map((t) => ({ name: String(t) })).filter((t) => t.name),
      codeTemplates: [],
      judgeMode,
      isUploadTestCase: true,
    },
    cases,
    images,
    allowPdf: true,
    // Hydro's "hustoj" checker type is HUSTOJ's spj: answer before the user's output, exit 0 / non-zero.
    checkerConvention: checkerType === 'hustoj' && judgeMode === 'spj' ? 'hustoj' : undefined,
    notes,
  };
}

/**
 * additional_file/: images and PDFs become statement files linked where the statement says
 * `file://name` (the importer stores them after the upload checks); anything else is reported.
 */
function attachments(files: Map<string, Buffer>, md: string) {
  const images: StatementFile[] = [];
  const dropped: string[] = [];
  let text = md;
  for (const [name, data] of under(files, 'additional_file')) {
    if (name.includes('/')) { dropped.push(name); continue; }
    if (!sniffStatementFile(data)) { dropped.push(name); continue; }
    // Statements may link the name percent-encoded: one spelling, then one placeholder per file.
    text = text.split(`file://${encodeURIComponent(name)}`).join(`file://${name}`);
    images.push({ src: `file://${name}`, data });
  }
  return { md: text, images, dropped };
}

import { DEFAULT_PROBLEM_LANGUAGES } from '@verdict/shared';
import YAML from 'yaml';
import type { TestCaseData } from '../../testcase/testdata.js';
import type { ZipFileEntry } from '../../testcase/zip.js';
import { asText, byTopFolder, pairByName, under, unsafeNameSkip } from './archive.js';
import type { ParsedArchive } from './types.js';

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

/**
 * Hydro's export: one folder per problem with problem.yaml (title, tag, pid), problem.md (or
 * problem_zh.md / problem_en.md), testdata/ with config.yaml (time, memory, subtasks, checker,
 * interactor) and additional_file/ (offered to users as annex files).
 */
export function readHydroArchive(entries: ZipFileEntry[]): ParsedArchive {
  const out: ParsedArchive = { problems: [], skipped: [] };
  for (const [folder, files] of byTopFolder(entries)) {
    if (!folder) continue;
    const meta = yaml(files.get('problem.yaml'));
    if (!meta) { out.skipped.push({ label: folder, reason: 'importFormatInvalid', vars: { format: 'Hydro' } }); continue; }
    const label = String(meta.pid ?? folder);
    const md = asText(files.get('problem_zh.md') ?? files.get('problem.md') ?? files.get('problem_en.md'));
    const st = splitHydroStatement(md);
    const data = under(files, 'testdata');
    const config = yaml(data.get('config.yaml')) ?? {};
    let cases: TestCaseData[] = [];
    let caseMode = 'default';
    let type = 0;
    const subtasks = Array.isArray(config.subtasks) ? (config.subtasks as Record<string, unknown>[]) : [];
    const missing: string[] = [];
    const file = (n: string) => {
      const b = data.get(n);
      if (!b) missing.push(n);
      return b ?? Buffer.alloc(0);
    };
    if (subtasks.length) {
      type = 1;
      caseMode = subtasks.some((s) => (s.type ?? 'min') === 'min') ? 'subtask_lowest' : 'subtask_average';
      subtasks.forEach((s, gi) => {
        const list = Array.isArray(s.cases) ? (s.cases as Record<string, unknown>[]) : [];
        // Every case of a subtask carries the subtask's points (the group scores its lowest / average case).
        const score = Number(s.score ?? 0) || 0;
        list.forEach((c) => cases.push({
          input: file(String(c.input)), output: file(String(c.output)), score, groupNum: Number(s.id ?? gi + 1) || gi + 1,
          inputName: String(c.input), outputName: String(c.output),
        }));
      });
    } else {
      const { pairs } = pairByName(new Map([...data].filter(([k]) => !k.includes('/'))));
      cases = pairs.map((p, i) => ({ input: data.get(p.input)!, output: data.get(p.output)!, groupNum: i + 1, inputName: p.input, outputName: p.output }));
    }
    // Test files, checker and interactor are named by the archive: plain names only, like everywhere else.
    const named = [...cases.flatMap((c) => [c.inputName ?? '', c.outputName ?? '']), config.checker, config.interactor];
    const unsafe = unsafeNameSkip(label, named.filter((n): n is string => typeof n === 'string' && n !== ''));
    if (unsafe) { out.skipped.push(unsafe); continue; }
    if (!cases.length || missing.length) { out.skipped.push({ label, reason: 'problemNoTestData' }); continue; }
    const judgeType = String(config.type ?? 'default');
    const checkerFile = typeof config.checker === 'string' ? config.checker : null;
    const interactorFile = typeof config.interactor === 'string' ? config.interactor : null;
    let judgeMode = 'default';
    let spjCode: string | null = null;
    if (judgeType === 'interactive' && interactorFile && data.get(interactorFile)) { judgeMode = 'interactive'; spjCode = asText(data.get(interactorFile)); }
    else if (checkerFile && data.get(checkerFile) && !['default', 'strict'].includes(String(config.checker_type ?? 'default'))) {
      judgeMode = 'spj';
      spjCode = asText(data.get(checkerFile));
    }
    const annex = Object.fromEntries([...under(files, 'additional_file')].filter(([, b]) => b.length < 1_000_000).map(([n, b]) => [n, asText(b)]));
    out.problems.push({
      label,
      body: {
        problem: {
          problemId: label, title: String(meta.title ?? label), ...st, source: String(meta.source ?? ''),
          timeLimit: parseTime(config.time), memoryLimit: parseMemory(config.memory), type, judgeCaseMode: caseMode,
          difficulty: Math.min(2, Math.max(0, Math.round((Number(meta.difficulty ?? 0) || 0) / 4))),
          spjCode, spjLanguage: spjCode ? 'C++' : null, userExtraFile: Object.keys(annex).length ? annex : null,
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
    });
  }
  return out;
}

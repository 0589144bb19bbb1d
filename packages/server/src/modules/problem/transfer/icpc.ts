import { DEFAULT_PROBLEM_LANGUAGES } from '@verdict/shared';
import YAML from 'yaml';
import type { TestCaseData } from '../../testcase/testdata.js';
import type { ZipFileEntry } from '../../testcase/zip.js';
import { asText, pairByName, under, unsafeNameSkip } from './archive.js';
import { splitHydroStatement } from './hydro.js';
import { ICPC_VALIDATOR_FILE, icpcValidatorAdapter } from './icpc-validator.js';
import { baseName, packageLanguage, type PackageSolution } from './package-files.js';
import { texToMarkdown } from './polygon-tex.js';
import type { ImportedProblem, ParsedArchive, SkippedProblem } from './types.js';

/** submissions/<folder> of a package to the verdict tags solutions carry (Polygon's names). */
const SUBMISSION_TAGS: Record<string, string> = {
  accepted: 'accepted', wrong_answer: 'wrong-answer', time_limit_exceeded: 'time-limit-exceeded', run_time_error: 'runtime-error',
  memory_limit_exceeded: 'memory-limit-exceeded', output_limit_exceeded: 'rejected', rejected: 'rejected',
};
/** Statement languages we show, site default first. */
const STATEMENT_LANGS = ['zh', 'en'];
/** Kattis's legacy default when problem.yaml names no memory limit (MiB). */
const DEFAULT_MEMORY_MB = 1024;

const yamlDoc = (b: Buffer | undefined): Record<string, unknown> => {
  if (!b) return {};
  try {
    const v = YAML.parse(asText(b));
    return v && typeof v === 'object' && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
};
const positive = (v: unknown) => (Number.isFinite(Number(v)) && Number(v) > 0 ? Number(v) : null);

/**
 * ICPC / Kattis problem packages (the format DOMjudge and Kattis use): one problem per folder
 * holding `data/sample` or `data/secret` (beside its problem.yaml), or the zip's top level itself.
 */
export function readIcpcPackage(entries: ZipFileEntry[]): ParsedArchive {
  const paths = entries.map((e) => e.path).filter((p) => !p.startsWith('__MACOSX/'));
  // A problem is a folder with data/sample or data/secret (a Hydro problem.yaml beside testdata/ is not one).
  const roots = [...new Set(paths.map((p) => /^(.*?)data\/(sample|secret)\//.exec(p)?.[1]).filter((r): r is string => r !== undefined))];
  const out: ParsedArchive = { problems: [], skipped: [] };
  // Not an ICPC package: the import route answers once, naming the formats it knows.
  if (!roots.length) out.skipped.push({ label: 'problem.yaml', reason: 'importFormatInvalid', vars: { format: 'ICPC / Kattis' } });
  for (const root of roots) {
    const files = new Map(entries.filter((e) => e.path.startsWith(root)).map((e) => [e.path.slice(root.length), e.data]));
    const one = readIcpcProblem(files, root.replace(/\/$/, '').split('/').pop() || 'icpc');
    if ('reason' in one) out.skipped.push(one); else out.problems.push(one);
  }
  return out;
}

/** Test pairs of one data folder (nested folders included), or the skip naming the odd count. */
function dataPairs(files: Map<string, Buffer>, folder: string, label: string) {
  const data = under(files, folder);
  const { pairs, unmatched } = pairByName(data);
  if (unmatched.length) {
    const inputs = [...data.keys()].filter((k) => k.endsWith('.in')).length;
    return { label, reason: 'packageUnpaired', vars: { inputs, answers: [...data.keys()].filter((k) => k.endsWith('.ans')).length, folder } } satisfies SkippedProblem;
  }
  return pairs.map((p) => ({ name: p.name.replace(/\//g, '-'), input: data.get(p.input)!, answer: data.get(p.output)! }));
}

/** The statement in our languages: `problem_statement/problem.<lang>.tex|md` (or `statement/`). */
function readStatement(files: Map<string, Buffer>) {
  const found = [...files.keys()].map((k) => /^(?:problem_statement|statement)\/problem(?:\.(\w+))?\.(tex|md)$/.exec(k)).filter((m): m is RegExpExecArray => !!m);
  const rank = (m: RegExpExecArray) => { const i = STATEMENT_LANGS.indexOf(m[1] ?? 'en'); return i < 0 ? 99 : i; };
  const chosen = found.filter((m) => rank(m) < 99).sort((a, b) => rank(a) - rank(b));
  const use = chosen.length ? chosen : found.slice(0, 1);
  const images: NonNullable<ImportedProblem['images']> = [];
  const parts = use.map((m) => {
    let text = asText(files.get(m[0]));
    let name = '';
    if (m[2] === 'tex') {
      name = /\\problemname\{([^{}]*)\}/.exec(text)?.[1] ?? '';
      text = text.replace(/\\problemname\{[^{}]*\}/, '').replace(/\\illustration\{[^{}]*\}\{([^{}]*)\}\{[^{}]*\}/g, '\\includegraphics{$1}')
        .replace(/\\(?:sub)?section\*?\{([^{}]*)\}/g, '\n\n## $1\n\n');
      text = texToMarkdown(text);
    }
    const dir = m[0].slice(0, m[0].lastIndexOf('/') + 1);
    text = text.replace(/!\[([^\]]*)\]\(([^)\s]+)\)/g, (all, alt: string, src: string) => {
      const file = [dir + src, `${dir + src}.png`, `${dir + src}.jpg`].find((f) => files.has(f));
      if (!file) return all;
      const key = `icpc-image:${file}`;
      if (!images.some((x) => x.src === key)) images.push({ src: key, data: files.get(file)! });
      return `![${alt}](${key})`;
    });
    return { name, ...splitHydroStatement(text) };
  });
  const join = (k: 'description' | 'input' | 'output' | 'hint') => parts.map((p) => p[k]).filter(Boolean).join('\n\n---\n\n');
  return { name: parts.map((p) => p.name).find(Boolean) ?? '', images, description: join('description'), input: join('input'), output: join('output'), hint: join('hint') };
}

/**
 * `validation: default` is Kattis's default validator: tokens compared without case (our yes/no
 * compare, which lowercases every token), `case_sensitive` makes it our tokens compare and a
 * float tolerance our float compare (answers of numbers only). A custom validator (C or C++) runs
 * inside the adapter of icpc-validator.ts, or as it is when it is a testlib checker.
 */
interface Validator { judgeMode: string; spjCode: string; spjLanguage: string; judgeExtraFile: Record<string, string> | null }

function readValidator(files: Map<string, Buffer>, doc: Record<string, unknown>, label: string): Validator | SkippedProblem {
  const validation = String(doc.validation ?? (doc.type === 'interactive' ? 'custom interactive' : 'default'));
  if (!validation.startsWith('custom')) {
    const flags = String(doc.validator_flags ?? '');
    const tol = /float_(?:absolute_|relative_)?tolerance\s+([\d.eE+-]+)/.exec(flags)?.[1];
    const spec = tol ? `float:${Number(tol)}` : /\bcase_sensitive\b/.test(flags) ? 'tokens' : 'yesno';
    return { judgeMode: 'spj', spjCode: spec, spjLanguage: 'Builtin', judgeExtraFile: null };
  }
  const interactive = validation.includes('interactive');
  const folder = [...files.keys()].map((k) => /^(output_validators?\/(?:[^/]+\/)?)[^/]+$/.exec(k)?.[1]).find(Boolean);
  const own = folder ? [...under(files, folder.replace(/\/$/, ''))].filter(([k]) => !k.includes('/')) : [];
  const sources = own.filter(([k]) => /\.(c|cc|cpp|cxx)$/i.test(k));
  const main = sources.find(([, b]) => /\bmain\s*\(/.test(asText(b))) ?? sources[0];
  if (!main) {
    const other = own.find(([k]) => /\.\w+$/.test(k) && !/\.(h|hpp|txt|md)$/i.test(k));
    return { label, reason: other ? 'packageLanguageUnknown' : 'packageSourceMissing', vars: { what: 'output validator', name: 'output_validators/', type: other ? baseName(other[0]) : '' } };
  }
  const code = asText(main[1]);
  const headers = Object.fromEntries(own.filter(([k]) => /\.(h|hpp|hh)$/i.test(k)).map(([k, b]) => [k, asText(b)]));
  const language = packageLanguage(undefined, `${main[0].replace(/\.c$/i, '.cpp')}`)!;
  if (/registerTestlibCmd|registerInteraction/.test(code)) {
    return { judgeMode: interactive ? 'interactive' : 'spj', spjCode: code, spjLanguage: language, judgeExtraFile: Object.keys(headers).length ? headers : null };
  }
  const flags = String(doc.validator_flags ?? '').split(/\s+/).filter((f) => /^[\x21-\x7e]+$/.test(f)).slice(0, 50);
  return { judgeMode: interactive ? 'interactive' : 'spj', spjCode: icpcValidatorAdapter(interactive, flags), spjLanguage: language, judgeExtraFile: { ...headers, [ICPC_VALIDATOR_FILE]: code } };
}

/** One package folder: problem.yaml, data/, output_validators/, problem_statement/, submissions/. */
function readIcpcProblem(files: Map<string, Buffer>, folder: string): ImportedProblem | SkippedProblem {
  const doc = yamlDoc(files.get('problem.yaml'));
  const names = doc.name && typeof doc.name === 'object' ? (doc.name as Record<string, unknown>) : { en: doc.name };
  const label = /^[A-Za-z0-9_-]{1,100}$/.test(folder) ? folder : String(doc.shortname ?? folder).replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 100) || 'icpc';
  const samples = dataPairs(files, 'data/sample', label);
  if ('reason' in samples) return samples;
  const secret = dataPairs(files, 'data/secret', label);
  if ('reason' in secret) return secret;
  if (!secret.length && !samples.length) return { label, reason: 'packageNoTests' };
  const validator = readValidator(files, doc, label);
  if ('reason' in validator) return validator;
  // DOMjudge runs the samples as tests too, first.
  const all = [...samples.map((s) => ({ ...s, name: `sample-${s.name}` })), ...secret];
  const cases: TestCaseData[] = all.map((c, i) => ({ input: c.input, output: c.answer, groupNum: i + 1, inputName: `${c.name}.in`, outputName: `${c.name}.ans` }));
  const unsafe = unsafeNameSkip(label, cases.flatMap((c) => [c.inputName!, c.outputName!]));
  if (unsafe) return unsafe;
  const limits = doc.limits && typeof doc.limits === 'object' ? (doc.limits as Record<string, unknown>) : {};
  const ini = /timelimit\s*=\s*['"]?([\d.]+)/.exec(asText(files.get('domjudge-problem.ini')))?.[1];
  const seconds = positive(limits.time_limit) ?? positive(asText(files.get('.timelimit')).trim()) ?? positive(ini) ?? 1;
  const st = readStatement(files);
  const notes: NonNullable<ImportedProblem['notes']> = [];
  if (doc.type === 'scoring' || [...files.keys()].some((k) => /^data\/(?:.*\/)?testdata\.yaml$/.test(k))) notes.push({ reason: 'packageDroppedScoring' });
  if (validator.spjCode.startsWith('float:')) notes.push({ reason: 'packageFloatTokens' });
  const solutions: PackageSolution[] = [];
  for (const [p, b] of under(files, 'submissions')) {
    const [verdict, name, deeper] = p.split('/');
    if (deeper !== undefined || !name || !SUBMISSION_TAGS[verdict]) continue;
    const language = packageLanguage(undefined, name);
    if (language) solutions.push({ name, tag: SUBMISSION_TAGS[verdict], language, code: asText(b) });
    else notes.push({ reason: 'packageDroppedSolution', vars: { name, type: name.split('.').pop() ?? '?' } });
  }
  const keywords = typeof doc.keywords === 'string' ? doc.keywords.split(/[\s,]+/) : Array.isArray(doc.keywords) ? doc.keywords.map(String) : [];
  return {
    label,
    body: {
      problem: {
        problemId: label, title: ([names.zh, names.en, ...Object.values(names), st.name].find((n) => typeof n === 'string' && n.trim()) as string ?? label).slice(0, 255),
        description: st.description, input: st.input, output: st.output, hint: st.hint,
        examples: samples.map((s) => ({ input: asText(s.input), output: asText(s.answer) })),
        source: String(doc.source ?? doc.author ?? 'ICPC').slice(0, 1000),
        timeLimit: Math.min(60_000, Math.max(1, Math.round(seconds * 1000))),
        memoryLimit: Math.min(4096, Math.round(positive(limits.memory) ?? DEFAULT_MEMORY_MB)),
        type: 0, judgeCaseMode: 'default',
        spjCode: validator.spjCode, spjLanguage: validator.spjLanguage, judgeExtraFile: validator.judgeExtraFile,
      },
      languages: [...DEFAULT_PROBLEM_LANGUAGES],
      tags: keywords.filter(Boolean).slice(0, 20).map((name) => ({ name: name.slice(0, 100) })),
      codeTemplates: [],
      judgeMode: validator.judgeMode,
      isUploadTestCase: true,
    },
    cases,
    images: st.images,
    solutions,
    notes,
  };
}

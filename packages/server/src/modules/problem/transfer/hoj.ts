import { DEFAULT_PROBLEM_LANGUAGES } from '@verdict/shared';
import type { ZipFileEntry } from '../../testcase/zip.js';
import { asText, byTopFolder, missingTestsSkip, pairByName, parseJsonFile, under, unsafeNameSkip } from './archive.js';
import type { ImportedProblem, ParsedArchive } from './types.js';

/**
 * HOJ's export, which is also our own: `problem_<n>.json` beside a folder `problem_<n>/` of test
 * files. The json holds `problem` (camelCase fields of the admin form), `languages`, `tags`,
 * `codeTemplates`, `samples` (file names with score and groupNum), `judgeMode` and extra files.
 */
export function readHojArchive(entries: ZipFileEntry[]): ParsedArchive {
  const out: ParsedArchive = { problems: [], skipped: [] };
  const top = byTopFolder(entries);
  const rootFiles = top.get('') ?? new Map<string, Buffer>();
  // Also accept everything wrapped in one folder (a re-zipped download).
  const wrapped = [...top.keys()].filter((k) => k !== '');
  const tree = rootFiles.size === 0 && wrapped.length === 1 ? top.get(wrapped[0])! : null;
  const files = new Map<string, Buffer>();
  if (tree) for (const [k, v] of tree) files.set(k, v);
  else for (const e of entries) files.set(e.path, e.data);

  const jsons = [...files.keys()].filter((k) => !k.includes('/') && k.endsWith('.json'));
  for (const name of jsons) {
    const label = name.replace(/\.json$/, '');
    const doc = parseJsonFile(files.get(name));
    const p = doc?.problem as Record<string, unknown> | undefined;
    if (!doc || !p || typeof p !== 'object') { out.skipped.push({ label: name, reason: 'importFormatInvalid', vars: { format: 'HOJ' } }); continue; }
    const folder = under(files, label);
    const samples = Array.isArray(doc.samples) ? (doc.samples as Record<string, unknown>[]) : [];
    let caseFiles = samples.map((s) => ({ input: String(s.input ?? ''), output: String(s.output ?? ''), score: Number(s.score ?? 0) || 0, groupNum: Number(s.groupNum ?? 0) || undefined }));
    if (!caseFiles.length) caseFiles = pairByName(folder).pairs.map((x) => ({ input: x.input, output: x.output, score: 0, groupNum: undefined }));
    const unsafe = unsafeNameSkip(String(p.problemId ?? label), caseFiles.flatMap((c) => [c.input, c.output]));
    if (unsafe) { out.skipped.push(unsafe); continue; }
    const missing = caseFiles.filter((c) => !folder.has(c.input)).map((c) => c.input);
    if (!caseFiles.length || missing.length) {
      out.skipped.push(missingTestsSkip(String(p.problemId ?? label), missing));
      continue;
    }
    const cases = caseFiles.map((c, i) => ({
      input: folder.get(c.input)!, output: folder.get(c.output) ?? Buffer.alloc(0), score: c.score, groupNum: c.groupNum ?? i + 1,
      inputName: c.input, outputName: c.output,
    }));
    const tags = (Array.isArray(doc.tags) ? doc.tags : []).map((t) => (typeof t === 'string' ? { name: t } : { name: String((t as { name?: unknown }).name ?? '') }))
      .filter((t) => t.name);
    const languages = (Array.isArray(doc.languages) ? doc.languages : []).map((l) => (typeof l === 'string' ? l : String((l as { name?: unknown }).name ?? ''))).filter(Boolean);
    const templates = (Array.isArray(doc.codeTemplates) ? doc.codeTemplates : []) as Record<string, unknown>[];
    const judgeMode = String(doc.judgeMode ?? p.judgeMode ?? 'default');
    const problem: ImportedProblem = {
      label: String(p.problemId ?? label),
      body: {
        problem: {
          ...p,
          id: undefined,
          userExtraFile: doc.userExtraFile ?? p.userExtraFile ?? null,
          judgeExtraFile: doc.judgeExtraFile ?? p.judgeExtraFile ?? null,
          examples: typeof p.examples === 'string' || Array.isArray(p.examples) ? p.examples : '',
          hint: p.hint ?? '', source: p.source ?? '',
        },
        languages: languages.length ? languages : [...DEFAULT_PROBLEM_LANGUAGES],
        tags,
        codeTemplates: templates.map((t) => ({ language: String(t.language ?? t.lid ?? ''), code: asText(Buffer.from(String(t.code ?? ''))), status: t.status ?? true })),
        judgeMode: ['default', 'spj', 'interactive'].includes(judgeMode) ? judgeMode : 'default',
        isUploadTestCase: p.isUploadCase ?? true,
      },
      cases,
      checkerConvention: doc.checkerConvention === 'hustoj' ? 'hustoj' : undefined,
    };
    out.problems.push(problem);
  }
  return out;
}

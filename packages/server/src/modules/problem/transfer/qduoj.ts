import { DEFAULT_PROBLEM_LANGUAGES, splitOiScores } from '@verdict/shared';
import type { ZipFileEntry } from '../../testcase/zip.js';
import { byTopFolder, missingTestsSkip, pairByName, parseJsonFile, under, unsafeNameSkip } from './archive.js';
import type { ParsedArchive } from './types.js';

const text = (v: unknown) => (v && typeof v === 'object' ? String((v as { value?: unknown }).value ?? '') : String(v ?? ''));

/** QDUOJ's language names to ours. */
const LANGS: Record<string, string> = { C: 'C', 'C++': 'C++', Java: 'Java', Python2: 'Python2', Python3: 'Python3', Golang: 'Golang', JavaScript: 'JavaScript Node' };

/**
 * QDUOJ's export: numbered folders `1/problem.json` with `1/testcase/` (1.in, 1.out, ...).
 * Statements are HTML in {format, value}; OI scores come from test_case_score.
 */
export function readQduojArchive(entries: ZipFileEntry[]): ParsedArchive {
  const out: ParsedArchive = { problems: [], skipped: [] };
  for (const [folder, files] of byTopFolder(entries)) {
    if (!folder) continue;
    const doc = parseJsonFile(files.get('problem.json'));
    if (!doc) { out.skipped.push({ label: folder, reason: 'importFormatInvalid', vars: { format: 'QDUOJ' } }); continue; }
    const label = String(doc.display_id ?? folder);
    const tc = under(files, 'testcase');
    const isOi = String(doc.rule_type ?? 'ACM').toUpperCase() === 'OI';
    const scored = Array.isArray(doc.test_case_score) ? (doc.test_case_score as Record<string, unknown>[]) : [];
    let list = scored.map((s) => ({ input: String(s.input_name ?? ''), output: String(s.output_name ?? ''), score: Number(s.score ?? 0) || 0 }));
    if (!list.length) {
      const { pairs } = pairByName(tc);
      const split = splitOiScores(pairs.length);
      list = pairs.map((p, i) => ({ input: p.input, output: p.output, score: split[i] }));
    }
    const unsafe = unsafeNameSkip(label, list.flatMap((c) => [c.input, c.output]));
    if (unsafe) { out.skipped.push(unsafe); continue; }
    // Special-judge problems may ship inputs only.
    const missing = list.filter((c) => !tc.has(c.input)).map((c) => c.input);
    if (!list.length || missing.length) { out.skipped.push(missingTestsSkip(label, missing)); continue; }
    const spj = doc.spj && typeof doc.spj === 'object' ? (doc.spj as { language?: string; code?: string }) : null;
    const templates = doc.template && typeof doc.template === 'object' ? (doc.template as Record<string, Record<string, string> | string>) : {};
    const langs = (Array.isArray(doc.languages) ? (doc.languages as string[]) : []).map((l) => LANGS[l] ?? l);
    out.problems.push({
      label,
      body: {
        problem: {
          problemId: label, title: String(doc.title ?? ''), description: text(doc.description), input: text(doc.input_description),
          output: text(doc.output_description), hint: text(doc.hint), source: String(doc.source ?? ''),
          examples: (Array.isArray(doc.samples) ? (doc.samples as { input?: string; output?: string }[]) : []).map((s) => ({ input: s.input ?? '', output: s.output ?? '' })),
          timeLimit: Number(doc.time_limit ?? 1000) || 1000, memoryLimit: Number(doc.memory_limit ?? 256) || 256,
          type: isOi ? 1 : 0, difficulty: ({ Low: 0, Mid: 1, High: 2 } as Record<string, number>)[String(doc.difficulty)] ?? 0,
          spjCode: spj?.code ?? null, spjLanguage: spj ? (LANGS[spj.language ?? 'C'] ?? 'C') : null,
        },
        languages: langs.length ? langs : [...DEFAULT_PROBLEM_LANGUAGES],
        tags: (Array.isArray(doc.tags) ? (doc.tags as unknown[]) : []).map((t) => ({ name: String(t) })).filter((t) => t.name),
        codeTemplates: Object.entries(templates).map(([lang, t]) => ({
          language: LANGS[lang] ?? lang,
          code: typeof t === 'string' ? t : [t.prepend, t.template, t.append].filter(Boolean).join('\n'),
          status: true,
        })),
        judgeMode: spj?.code ? 'spj' : 'default',
        isUploadTestCase: true,
      },
      cases: list.map((c) => ({ input: tc.get(c.input)!, output: tc.get(c.output) ?? Buffer.alloc(0), score: isOi ? c.score : 0, inputName: c.input, outputName: c.output })),
    });
  }
  return out;
}

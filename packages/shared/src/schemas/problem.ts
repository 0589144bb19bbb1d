import { z } from 'zod';
import { PAGE_SIZES, PROBLEM_DEFAULTS } from '../constants.js';
import { isPlainFileName } from '../file-name.js';
import { pageOf, vo } from './common.js';

/** Queries of the public problem calls (spec 01 §7). Empty filters arrive as "" and are dropped. */
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optInt = (min: number, max: number) => z.preprocess(emptyToUndefined, z.coerce.number().int().min(min).max(max).optional());
const optStr = (max: number) => z.preprocess(emptyToUndefined, z.string().trim().max(max).optional());

export const problemListQuery = z.object({
  keyword: optStr(200),
  difficulty: optInt(0, 10),
  oj: optStr(20),
  /** Comma list of tag ids (also accepts a JSON list). */
  tagId: optStr(500),
  currentPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(PAGE_SIZES.problemList),
});
export type ProblemListQuery = z.infer<typeof problemListQuery>;

export const ojQuery = z.object({ oj: optStr(20) });
export const problemDetailQuery = z.object({ problemId: z.string().trim().min(1).max(100), gid: optInt(0, 2 ** 31 - 1) });
export const pidQuery = z.object({ pid: z.coerce.number().int().positive().max(2 ** 31 - 1) });

export const adminProblemListQuery = z.object({
  keyword: optStr(200),
  /** HOJ's admin list sends 0 for "all"; 1 public, 2 private, 3 contest only. */
  auth: optInt(0, 3),
  currentPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(10),
});
export const problemCasesQuery = z.object({
  pid: z.coerce.number().int().positive().max(2 ** 31 - 1),
  isUpload: z.preprocess((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1' || v === true), z.boolean().optional()),
});
/** HOJ's problem lists send the whole row (its `id`); Verdict's client sends `pid`. */
export const changeProblemAuthBody = z.object({
  pid: z.coerce.number().int().positive().optional(),
  id: z.coerce.number().int().positive().optional(),
  auth: z.coerce.number().int().min(1).max(3),
}).refine((b) => b.pid !== undefined || b.id !== undefined, { message: 'problemNotFound', path: ['pid'] })
  .transform(({ pid, id, auth }) => ({ pid: (pid ?? id) as number, auth }));

export const JUDGE_MODES = ['default', 'spj', 'interactive'] as const;
export const JUDGE_CASE_MODES = ['default', 'subtask_lowest', 'subtask_average', 'ergodic_without_error'] as const;

const bool01 = z.preprocess((v) => (v === true || v === 1 || v === '1' || v === 'true' ? true : v === false || v === 0 || v === '0' || v === 'false' || v == null ? false : v), z.boolean());
const jsonMap = z.preprocess((v) => {
  if (v == null || v === '') return null;
  if (typeof v === 'string') {
    try { return JSON.parse(v); } catch { return v; }
  }
  return v;
}, z.record(z.string().max(255), z.string().max(1_000_000)).nullable().superRefine((m, ctx) => {
  // Extra files are written into the judge's box by name: plain names only, never paths.
  for (const name of Object.keys(m ?? {})) {
    if (!name.trim()) ctx.addIssue({ code: 'custom', message: 'extraFileNameRequired', path: [name] });
    else if (!isPlainFileName(name)) {
      // `params` carries the message's variables (the server's error handler fills them in).
      ctx.addIssue({ code: 'custom', message: 'extraFileNameInvalid', path: [name], params: { name: JSON.stringify(name).slice(1, -1).slice(0, 200) } });
    }
  }
}));
/** File-IO names: blank when the problem reads stdin, else a plain file name. */
const ioFileName = z.string().max(100).nullable().optional()
  .refine((v) => v == null || v.trim() === '' || isPlainFileName(v.trim()), { message: 'fileIoNameInvalid' });

/** A test case as the form sends it: typed content (manual) or file names (uploaded). */
export const caseInput = z.object({
  input: z.string().max(10_000_000).default(''),
  output: z.string().max(10_000_000).default(''),
  score: z.preprocess(emptyToUndefined, z.union([z.number(), z.string()]).optional()),
  groupNum: z.preprocess(emptyToUndefined, z.union([z.number(), z.string()]).optional()),
});
export type CaseInput = z.infer<typeof caseInput>;

export const exampleInput = z.object({ input: z.string().max(100_000).default(''), output: z.string().max(100_000).default('') });

/** The problem part of the create / update payload (spec 03 §3 group problem fields). */
export const problemFields = z.object({
  /** HOJ's create forms send `id: null`: no id yet, like a missing one. */
  id: z.coerce.number().int().positive().nullish().transform((v) => v ?? undefined),
  problemId: z.string().max(100).default(''),
  title: z.string().max(255).default(''),
  description: z.string().max(200_000).default(''),
  input: z.string().max(100_000).default(''),
  output: z.string().max(100_000).default(''),
  examples: z.union([z.string().max(500_000), z.array(exampleInput).max(100)]).default(''),
  hint: z.string().max(100_000).nullable().default(''),
  source: z.string().max(1000).nullable().default(''),
  timeLimit: z.coerce.number().int().min(1).max(60_000).default(PROBLEM_DEFAULTS.timeLimit),
  memoryLimit: z.coerce.number().int().min(1).max(4096).default(PROBLEM_DEFAULTS.memoryLimit),
  stackLimit: z.coerce.number().int().min(1).max(4096).default(PROBLEM_DEFAULTS.stackLimit),
  difficulty: z.coerce.number().int().min(0).max(10).default(0),
  auth: z.coerce.number().int().min(1).max(3).default(1),
  type: z.coerce.number().int().min(0).max(1).default(0),
  ioScore: z.coerce.number().int().min(0).max(100_000).default(100),
  codeShare: bool01.default(true),
  isRemoveEndBlank: bool01.default(true),
  openCaseResult: bool01.default(true),
  isUploadCase: bool01.default(true),
  /** The admin form spells modes with hyphens (subtask-lowest); both spellings are accepted. */
  judgeCaseMode: z.preprocess((v) => (typeof v === 'string' ? v.replace(/-/g, '_') : v), z.enum(JUDGE_CASE_MODES)).default('default'),
  spjCode: z.string().max(200_000).nullable().optional(),
  spjLanguage: z.string().max(50).nullable().optional(),
  userExtraFile: jsonMap.optional(),
  judgeExtraFile: jsonMap.optional(),
  isFileIO: bool01.default(false),
  ioReadFileName: ioFileName,
  ioWriteFileName: ioFileName,
  isRemote: bool01.default(false),
});
export type ProblemFields = z.infer<typeof problemFields>;

export const tagRef = z.union([
  z.coerce.number().int().positive(),
  z.object({ id: z.coerce.number().int().positive().optional(), name: z.string().max(100).optional(), color: z.string().max(30).nullable().optional() }),
]);
export const codeTemplateInput = z.object({
  language: z.string().max(100).optional(),
  /** Language name; `lid` is accepted as an alias for clients that send the language id. */
  lid: z.union([z.string(), z.number()]).optional(),
  code: z.string().max(200_000).default(''),
  status: bool01.default(true),
});

export const problemSaveBody = z.object({
  problem: problemFields,
  codeTemplates: z.array(codeTemplateInput).max(100).default([]),
  tags: z.array(tagRef).max(50).default([]),
  languages: z.array(z.union([z.string().max(100), z.object({ name: z.string().max(100) })])).max(100).default([]),
  isUploadTestCase: bool01.default(true),
  uploadTestcaseDir: z.string().max(100).nullable().optional(),
  judgeMode: z.enum(JUDGE_MODES).default('default'),
  samples: z.array(caseInput).max(1000).default([]),
  changeModeCode: bool01.optional(),
  changeJudgeCaseMode: bool01.optional(),
});
export type ProblemSaveBody = z.infer<typeof problemSaveBody>;

export const compileSpjBody = z.object({
  pid: z.coerce.number().int().positive().optional().nullable(),
  code: z.string().max(200_000).default(''),
  language: z.string().max(50).default(PROBLEM_DEFAULTS.spjLanguage),
  extraFiles: jsonMap.optional(),
  gid: z.coerce.number().int().optional().nullable(),
});

export const tagBody = z.object({
  id: z.coerce.number().int().positive().optional(),
  name: z.string().trim().min(1, 'tagNameRequired').max(100),
  color: z.string().max(30).nullable().optional(),
  oj: z.string().max(20).default('ME'),
  classificationId: z.coerce.number().int().positive().nullable().optional(),
});
export const tagClassificationBody = z.object({
  id: z.coerce.number().int().positive().optional(),
  name: z.string().trim().min(1, 'tagNameRequired').max(100),
  oj: z.string().max(20).default('ME'),
  rank: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export const idQuery = z.object({ id: z.coerce.number().int().positive().max(2 ** 31 - 1) });
export const exportProblemsBody = z.object({ pids: z.array(z.coerce.number().int().positive()).min(1).max(500) });

/** Case modes each problem type offers (spec 03 §4). */
export const CASE_MODES_BY_TYPE: Record<0 | 1, readonly (typeof JUDGE_CASE_MODES)[number][]> = {
  0: ['default', 'ergodic_without_error'],
  1: ['default', 'subtask_lowest', 'subtask_average'],
};

// The examples' text format lives in ../examples.ts, apart from the schemas: a page that only shows
// examples (the problem page) then does not load zod with them.
export { formatExamples, parseExamples } from '../examples.js';

/**
 * OI score split of spec 03 §4: 100 points shared evenly, the remainder spread one point at a
 * time over the last cases (7 cases: 14,14,14,14,14,15,15).
 */
export function splitOiScores(n: number, total = 100): number[] {
  if (n <= 0) return [];
  const base = Math.floor(total / n);
  const rest = total - base * n;
  return Array.from({ length: n }, (_, i) => base + (i >= n - rest ? 1 : 0));
}

/*
 * Answers (issue 29). Times are milliseconds since the epoch as stored (gmtCreate, gmtModified),
 * limits in ms / MB as HOJ's.
 */

/** A tag as a problem shows it (HOJ's Tag, the fields its lists read). */
export const tagVo = vo({ id: z.number().int(), name: z.string(), color: z.string().nullable() });
export type TagVo = z.infer<typeof tagVo>;
/** A tag of a bank (oj) with its classification: the tag lists and the admin tag calls. */
export const bankTagVo = vo({ ...tagVo.shape, oj: z.string(), classificationId: z.number().int().nullable() });
export type BankTagVo = z.infer<typeof bankTagVo>;
/** HOJ's TagClassification (the fields sent). */
export const tagClassificationVo = vo({ id: z.number().int(), name: z.string(), oj: z.string(), rank: z.number().int() });
export type TagClassificationVo = z.infer<typeof tagClassificationVo>;
/** HOJ's ProblemTagVO: a classification (null: the unclassified tags) and its tags. */
export const problemTagVo = vo({ classification: tagClassificationVo.nullable(), tagList: z.array(bankTagVo) });
export type ProblemTagVo = z.infer<typeof problemTagVo>;

/** HOJ's ProblemCountVO without pid: submissions per verdict. */
export const problemCountVo = vo({
  total: z.number().int(), ac: z.number().int(), wa: z.number().int(), ce: z.number().int(), pa: z.number().int(),
  tle: z.number().int(), mle: z.number().int(), re: z.number().int(), pe: z.number().int(), se: z.number().int(),
});
export type ProblemCountVo = z.infer<typeof problemCountVo>;

/** HOJ's ProblemVO: one row of the problem list (counts spread in the row). */
export const problemVo = vo({
  pid: z.number().int(),
  problemId: z.string(),
  title: z.string(),
  difficulty: z.number().int(),
  type: z.number().int(),
  tags: z.array(tagVo),
  ...problemCountVo.shape,
  /** Only for logged-in users: 0 Accepted, -10 Not Submitted, else the latest status. */
  myStatus: z.number().int().optional(),
});
export type ProblemVo = z.infer<typeof problemVo>;
/** @deprecated name kept for the web client: the list row is `ProblemVo`. */
export type ProblemListRow = ProblemVo;
export const problemPage = pageOf(problemVo);

const fileMap = z.record(z.string(), z.string());
/**
 * HOJ's Problem entity as Verdict sends it (problemToApi). The judge's files (checker code, judge
 * extra files, case version) only go to those who manage the problem.
 */
export const problemEntityVo = vo({
  id: z.number().int(),
  problemId: z.string(),
  title: z.string(),
  author: z.string().nullable(),
  authorUid: z.number().int().nullable(),
  type: z.number().int(),
  timeLimit: z.number().int(),
  memoryLimit: z.number().int(),
  stackLimit: z.number().int(),
  description: z.string(),
  input: z.string(),
  output: z.string(),
  /** `<input>..</input><output>..</output>` pairs, as stored. */
  examples: z.string(),
  hint: z.string(),
  source: z.string(),
  difficulty: z.number().int(),
  auth: z.number().int(),
  ioScore: z.number().int(),
  codeShare: z.boolean(),
  judgeMode: z.string(),
  judgeCaseMode: z.string(),
  isRemoveEndBlank: z.boolean(),
  openCaseResult: z.boolean(),
  isUploadCase: z.boolean(),
  userExtraFile: fileMap.nullable(),
  isFileIO: z.boolean(),
  ioReadFileName: z.string().nullable(),
  ioWriteFileName: z.string().nullable(),
  isRemote: z.boolean(),
  remoteOj: z.string().nullable(),
  gid: z.number().int(),
  applyPublicProgress: z.number().int().nullable(),
  modifiedUser: z.string().nullable(),
  gmtCreate: z.number(),
  gmtModified: z.number(),
  spjCode: z.string().nullable().optional(),
  spjLanguage: z.string().nullable().optional(),
  spjCompileOk: z.boolean().optional(),
  judgeExtraFile: fileMap.nullable().optional(),
  caseVersion: z.string().optional(),
});
export type ProblemEntityVo = z.infer<typeof problemEntityVo>;

export const exampleVo = vo({ input: z.string(), output: z.string() });
/** HOJ's ProblemInfoVO (get-problem-detail), plus the examples parsed. */
export const problemInfoVo = vo({
  problem: problemEntityVo,
  examples: z.array(exampleVo),
  tags: z.array(tagVo),
  languages: z.array(z.string()),
  /** Language name -> template code (enabled templates only). */
  codeTemplate: z.record(z.string(), z.string()),
  problemCount: problemCountVo,
});
export type ProblemInfoVo = z.infer<typeof problemInfoVo>;

/** get-random-problem (HOJ's RandomProblemVO). */
export const randomProblemVo = vo({ problemId: z.string() });
/** A user's standing on a problem: 0 Accepted, -10 Not Submitted, else the latest status; best OI score. */
export const userProblemStatusVo = vo({ status: z.number().int(), score: z.number().nullable() });
export type UserProblemStatusVo = z.infer<typeof userProblemStatusVo>;
/** get-user-problem-status: problem id (pid) -> standing. */
export const userProblemStatusMap = z.record(z.string(), userProblemStatusVo);
/** HOJ's CodeTemplate (the fields sent): a language's starting code; status = enabled. */
/** get-problem-code-template rows (HOJ's CodeTemplate): `lid` is the language's id (null for a language the registry lacks). */
export const codeTemplateVo = vo({ id: z.number().int(), lid: z.number().int().nullable(), language: z.string(), code: z.string(), status: z.boolean() });
export type CodeTemplateVo = z.infer<typeof codeTemplateVo>;
/** A user extra file of the Annex tab. */
export const problemAnnexVo = vo({ name: z.string(), content: z.string() });

/** One row of admin/problem/get-problem-list. */
export const adminProblemVo = vo({
  id: z.number().int(), problemId: z.string(), title: z.string(), auth: z.number().int(), type: z.number().int(), difficulty: z.number().int(),
  isRemote: z.boolean(), judgeMode: z.string(), author: z.string().nullable(), modifiedUser: z.string().nullable(),
  gmtCreate: z.number(), gmtModified: z.number(),
});
export type AdminProblemVo = z.infer<typeof adminProblemVo>;
export const adminProblemPage = pageOf(adminProblemVo);
/** Create / update of a problem: the problem's id. */
export const problemSavedVo = vo({ pid: z.number().int() });
/**
 * HOJ's ProblemCase as the admin form reads it: typed cases come back as text (input/output),
 * uploaded ones by file name; inputName/outputName are always the stored file names.
 */
export const problemCaseVo = vo({
  id: z.number().int(), input: z.string(), output: z.string(), inputName: z.string(), outputName: z.string(),
  score: z.number().int(), groupNum: z.number().int(), index: z.number().int(),
});
export type ProblemCaseVo = z.infer<typeof problemCaseVo>;
export const adminProblemCases = z.array(problemCaseVo);
/** compile-spj / compile-interactive success: the compiler's output. */
export const compileSpjVo = vo({ msg: z.string() });
/** A package solution with its last check: expected verdicts vs the one got (ok null until judged). */
export const packageSolutionVo = vo({
  id: z.number().int(), name: z.string(), tag: z.string(), language: z.string(), expected: z.array(z.number().int()),
  status: z.number().int().nullable(), score: z.number().nullable(), time: z.number().nullable(), memory: z.number().nullable(),
  message: z.string().nullable(), checkedAt: z.number().nullable(), ok: z.boolean().nullable(),
});
export type PackageSolutionVo = z.infer<typeof packageSolutionVo>;

/** One staged case of an uploaded test-case zip (groupNum only in subtask modes). */
export const stagedCaseVo = vo({ input: z.string(), output: z.string(), score: z.number().int(), groupNum: z.number().int().optional() });
/** file/upload-testcase-zip: the staged cases and the folder the form saves them from. */
export const testcaseZipVo = vo({ fileList: z.array(stagedCaseVo), fileListDir: z.string() });
/** file/upload-md-img and upload-md-file: the stored file's link and id. */
export const markdownFileVo = vo({ link: z.string(), fileId: z.number().int() });
/** The report of a problem import: what was imported, skipped (with why) and noted. */
export const importReportVo = vo({
  imported: z.array(vo({ label: z.string(), pid: z.number().int(), problemId: z.string(), title: z.string() })),
  /** `name` repeats `label` for clients that read it under that key. */
  skipped: z.array(vo({ label: z.string(), name: z.string(), reason: z.string() })),
  /** What an imported problem's package held that was not kept, or not checked (no judge online). */
  notes: z.array(vo({ label: z.string(), name: z.string(), message: z.string() })),
});
export type ImportReportVo = z.infer<typeof importReportVo>;
/** admin/tag/classification rows: the stored row, its creation time under the column's name. */
/** admin/tag/classification rows (HOJ's TagClassification entity): gmtCreate in ms. */
export const tagClassificationRowVo = vo({ ...tagClassificationVo.shape, gmtCreate: z.number() });
export type TagClassificationRowVo = z.infer<typeof tagClassificationRowVo>;

/**
 * Languages a new problem offers when the form or an import names none: the judge registry's
 * names (packages/judge); a worker that lacks a toolchain simply never claims that language.
 */
export const DEFAULT_PROBLEM_LANGUAGES = [
  'C', 'C With O2', 'C++', 'C++ With O2', 'C++ 17', 'C++ 17 With O2', 'C++ 20', 'C++ 20 With O2', 'Java', 'Python3', 'PyPy3', 'Python2',
  'Golang', 'Rust', 'JavaScript Node', 'Ruby', 'PHP', 'C#', 'Pascal', 'Kotlin', 'Haskell', 'Lua', 'Fortran',
] as const;

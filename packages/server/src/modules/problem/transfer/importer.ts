import { CASE_MODES_BY_TYPE, MSG, formatMsg, isPlainFileName, problemSaveBody, type ImportReportVo, type Locale, type ProblemSaveBody } from '@verdict/shared';
import type { AppContext } from '../../../context.js';
import { AppError, isMsgKey } from '../../../http/errors.js';
import type { AuthUser } from '../../../http/auth.js';
import { savePackageSolutions } from '../package-solutions.js';
import { deleteProblem, saveProblem } from '../service.js';
import { shownName, type TestCaseData } from '../../testcase/testdata.js';
import { checkImportedChecker, mapLimit } from './checker-check.js';
import { checkStatementFile, writeStatementFiles, type StatementFile } from './statement-files.js';
import type { ImportedProblem, ParsedArchive } from './types.js';

/** The import's report (schema importReportVo in packages/shared). */
export type ImportReport = ImportReportVo;

const DISPLAY_ID = /^[A-Za-z0-9_-]{1,100}$/;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Hands out numeric display ids above every numeric one in use (FPS has none, others may collide). */
export async function displayIdAllocator(ctx: AppContext) {
  const rows = await ctx.db.selectFrom('problem').select('problem_id').execute();
  const taken = new Set(rows.map((r) => r.problem_id));
  let next = Math.max(999, ...rows.map((r) => (/^\d{1,9}$/.test(r.problem_id) ? Number(r.problem_id) : 0))) + 1;
  return () => {
    while (taken.has(String(next))) next++;
    taken.add(String(next));
    return String(next++);
  };
}

/**
 * The first file name of an imported problem that is not plain (IO names, extra-file names, test
 * file names), or null. Archives bypass the admin form, so this runs before anything is saved.
 */
export function badFileName(problem: Record<string, unknown>, cases: TestCaseData[]): string | null {
  const names: unknown[] = [];
  for (const k of ['ioReadFileName', 'ioWriteFileName'] as const) {
    const v = problem[k];
    if (v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '')) names.push(typeof v === 'string' ? v.trim() : v);
  }
  for (const k of ['userExtraFile', 'judgeExtraFile'] as const) {
    let files = problem[k];
    // HOJ writes these maps as JSON text.
    if (typeof files === 'string') { try { files = JSON.parse(files); } catch { files = null; } }
    if (files && typeof files === 'object') names.push(...Object.keys(files));
  }
  for (const c of cases) names.push(...[c.inputName, c.outputName].filter((n) => n !== undefined));
  const bad = names.find((n) => !isPlainFileName(n));
  return bad === undefined ? null : String(bad);
}

const withoutNulls = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));

type Say = (key: string, vars?: Record<string, string | number>) => string;

/** Checks one archive problem as the admin form would, before anything is stored; throws an AppError naming the fault. */
function validateImported(item: ImportedProblem, say: Say): { body: ProblemSaveBody; files: { file: StatementFile; ext: string }[] } {
  const raw = item.body as { problem: Record<string, unknown> };
  const problem = withoutNulls(raw.problem);
  // Every name that reaches the disk or the judge must be plain: a problem naming a path is refused whole, by name.
  const bad = badFileName(problem, item.cases);
  if (bad !== null) throw new AppError(400, 'problemFileNameInvalid', { problem: item.label, name: shownName(bad) });
  // Extra files without content are dropped (the form requires content; archives often carry empty ones).
  for (const k of ['userExtraFile', 'judgeExtraFile'] as const) {
    const files = problem[k];
    if (files && typeof files === 'object') problem[k] = Object.fromEntries(Object.entries(files).filter(([, c]) => typeof c === 'string' && c));
  }
  const parsedBody = problemSaveBody.safeParse({ ...raw, problem });
  if (!parsedBody.success) {
    const issue = parsedBody.error.issues[0];
    throw new AppError(400, `${issue.path.join('.')}: ${say(issue.message)}`);
  }
  const body = parsedBody.data;
  const p = body.problem;
  if (!p.problemId.trim()) throw new AppError(400, 'problemIdRequired');
  if (!DISPLAY_ID.test(p.problemId.trim())) throw new AppError(400, 'problemIdInvalid');
  if (!p.title.trim()) throw new AppError(400, 'problemTitleRequired');
  // A mode the type does not offer falls back to the default one rather than failing the import.
  if (!CASE_MODES_BY_TYPE[p.type === 1 ? 1 : 0].includes(p.judgeCaseMode)) p.judgeCaseMode = 'default';
  item.cases.forEach((c, i) => {
    for (const part of [c.input, c.output]) {
      try { strictUtf8.decode(typeof part === 'string' ? Buffer.from(part) : part); } catch { throw new AppError(400, 'zipNotUtf8', { name: c.inputName ?? `case ${i + 1}` }); }
    }
  });
  // Statement images (and Hydro's PDFs) pass the upload route's checks before any byte is stored.
  const files = (item.images ?? []).map((file) => ({ file, ext: checkStatementFile(file, item.allowPdf === true) }));
  return { body, files };
}

/** Checkers compiled at once, at most this many at a time (each one waits for a judge slot). */
const COMPILE_LANES = 4;

/**
 * Saves every problem read from an archive, one at a time: a problem that fails (duplicate id,
 * bad fields, text that is not UTF-8, an image over the limit, a checker that does not compile)
 * is reported with its reason and leaves nothing behind; the rest go on. The checker or
 * interactor a problem brings is compiled on a real judge first (with the judge library), so a
 * package that cannot be judged is not reported as a success.
 */
export async function importProblems(ctx: AppContext, user: Pick<AuthUser, 'uid' | 'username'>, parsed: ParsedArchive, locale: Locale): Promise<ImportReport> {
  const say: Say = (key, vars = {}) => (isMsgKey(key) ? formatMsg(MSG[key], locale, vars) : key);
  const report: ImportReport = { imported: [], skipped: parsed.skipped.map((s) => ({ label: s.label, name: s.label, reason: say(s.reason, s.vars) })), notes: [] };
  const skip = (label: string, e: unknown) => {
    if (!(e instanceof AppError)) ctx.log.error({ err: e, label }, 'problem import failed');
    report.skipped.push({ label, name: label, reason: e instanceof AppError ? say(e.message, e.vars) : say('serverError') });
  };
  const valid: { item: ImportedProblem; body: ProblemSaveBody; files: { file: StatementFile; ext: string }[] }[] = [];
  for (const item of parsed.problems) {
    try { valid.push({ item, ...validateImported(item, say) }); } catch (e) { skip(item.label, e); }
  }
  const checks = await mapLimit(valid, COMPILE_LANES, (v) => checkImportedChecker(ctx, v.body, say));
  for (const [i, { item, body, files }] of valid.entries()) {
    const check = checks[i];
    if (check instanceof Error) { skip(item.label, check); continue; }
    const p = body.problem;
    let stored: ReturnType<typeof writeStatementFiles> | null = null;
    let pid = 0;
    try {
      stored = writeStatementFiles(ctx, files);
      for (const { src, link } of stored.links) {
        for (const k of ['description', 'input', 'output', 'hint'] as const) p[k] = (p[k] ?? '').split(src).join(link);
      }
      pid = await saveProblem(ctx, user, body, null, {
        skipCompile: true, spjCompiled: check === 'ok', checkerConvention: item.checkerConvention, cases: item.cases,
      });
      if (item.solutions?.length) await savePackageSolutions(ctx.db, pid, item.solutions);
      await stored.record(user.uid).catch((err) => ctx.log.warn({ err }, 'statement file rows not recorded'));
      report.imported.push({ label: item.label, pid, problemId: p.problemId, title: p.title });
      const notes = [...(item.notes ?? [])];
      if (check === 'unchecked') notes.push({ reason: 'importCheckerUnchecked', vars: { what: say(body.judgeMode === 'interactive' ? 'importWhatInteractor' : 'importWhatChecker') } });
      for (const n of notes) report.notes.push({ label: item.label, name: item.label, message: say(n.reason, localised(n.vars, say)) });
    } catch (e) {
      // Saved but its solutions were not: the problem goes too, so nothing half-imported stays.
      if (pid) await deleteProblem(ctx, pid).catch((err) => ctx.log.error({ err, pid }, 'half-imported problem not removed'));
      stored?.undo();
      skip(item.label, e);
    }
  }
  return report;
}

/** Note variables may name message keys (`what: 'importWhatChecker'`): shown in the reader's language. */
const localised = (vars: Record<string, string | number> | undefined, say: Say) =>
  Object.fromEntries(Object.entries(vars ?? {}).map(([k, v]) => [k, typeof v === 'string' && isMsgKey(v) ? say(v) : v]));

import { isPlainFileName, type CheckerConvention, type JudgeCaseModeName, type JudgeModeName, type JudgeTask, type TaskCase, type TaskProblem } from '@verdict/shared';
import type { Db } from '../../db/index.js';
import type { TaskRow } from './queue.js';

const CASE_MODES: readonly JudgeCaseModeName[] = ['default', 'subtask_lowest', 'subtask_average', 'ergodic_without_error'];
const JUDGE_MODES: readonly JudgeModeName[] = ['default', 'spj', 'interactive'];

/** Case modes may be stored with hyphens (the admin form's spelling) or underscores. */
export function normaliseCaseMode(v: string | null | undefined): JudgeCaseModeName {
  const m = String(v ?? 'default').replace(/-/g, '_') as JudgeCaseModeName;
  return CASE_MODES.includes(m) ? m : 'default';
}

function parseFileMap(json: string | null): Record<string, string> {
  if (!json) return {};
  try {
    const v = JSON.parse(json);
    if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
    return Object.fromEntries(Object.entries(v).filter(([, c]) => typeof c === 'string')) as Record<string, string>;
  } catch {
    return {};
  }
}

/** Name of the inline case of a test run (its input travels in the task, not as test data). */
export const TEST_RUN_CASE: TaskCase = { caseId: null, inputName: 'test.in', outputName: 'test.out', score: 0, groupNum: 1 };

/** A problem that is not saved yet (the form's Compile button before the first save). */
function blankProblem(): TaskProblem {
  return {
    pid: 0, problemId: '', type: 0, timeLimit: 1000, memoryLimit: 256, stackLimit: 128, judgeMode: 'spj', judgeCaseMode: 'default',
    isRemoveEndBlank: true, ioScore: 100, isFileIO: false, ioReadFileName: null, ioWriteFileName: null, userExtraFiles: {},
    judgeExtraFiles: {}, spjCode: null, spjLanguage: null, caseVersion: '', cases: [],
  };
}

/** The judge's view of a problem: limits, modes, extra files and the cases in order. */
export async function buildTaskProblem(db: Db, pid: number, withCases = true): Promise<TaskProblem | null> {
  const p = await db.selectFrom('problem').selectAll().where('id', '=', pid).executeTakeFirst();
  if (!p) return null;
  const cases = withCases
    ? await db.selectFrom('problem_case').selectAll().where('pid', '=', pid).where('status', '=', 0)
      .orderBy('seq').orderBy('id').execute()
    : [];
  const judgeMode = (JUDGE_MODES.includes(p.judge_mode as JudgeModeName) ? p.judge_mode : 'default') as JudgeModeName;
  return {
    pid: p.id,
    problemId: p.problem_id,
    type: p.type === 1 ? 1 : 0,
    timeLimit: p.time_limit,
    memoryLimit: p.memory_limit,
    stackLimit: p.stack_limit,
    judgeMode,
    judgeCaseMode: normaliseCaseMode(p.judge_case_mode),
    isRemoveEndBlank: p.is_remove_end_blank === 1,
    ioScore: p.io_score,
    isFileIO: p.is_file_io === 1,
    ioReadFileName: p.io_read_file_name,
    ioWriteFileName: p.io_write_file_name,
    userExtraFiles: parseFileMap(p.user_extra_file),
    judgeExtraFiles: parseFileMap(p.judge_extra_file),
    spjCode: judgeMode === 'default' ? null : p.spj_code,
    spjLanguage: judgeMode === 'default' ? null : p.spj_language,
    checkerConvention: (p.checker_convention === 'hustoj' ? 'hustoj' : 'testlib') satisfies CheckerConvention,
    caseVersion: p.case_version,
    cases: cases.map((c) => ({ caseId: c.id, inputName: c.input, outputName: c.output, score: c.score, groupNum: c.group_num })),
  };
}

/**
 * The first file name of a task's problem that is not plain, or null. Problems imported before
 * names were checked may still hold a path (`../../etc/x`); such a task never reaches a judge.
 */
export function unsafeTaskFileName(p: TaskProblem): string | null {
  const names = [
    ...(p.isFileIO ? [p.ioReadFileName ?? '', p.ioWriteFileName ?? ''] : []),
    ...Object.keys(p.userExtraFiles), ...Object.keys(p.judgeExtraFiles),
    ...p.cases.flatMap((c) => [c.inputName, c.outputName]),
  ];
  const bad = names.find((n) => !isPlainFileName(n));
  return bad === undefined ? null : bad;
}

/** The System Error text for such a problem (admins see it on the submission). */
function unsafeNameError(p: TaskProblem, name: string) {
  return `problem ${p.problemId || p.pid} has a file name that is not a plain name (${JSON.stringify(name).slice(0, 200)}); an admin must fix it in the problem form`;
}

/** The site-wide judge library's headers (testlib.h, ...): name -> content. */
export type JudgeLibraryFiles = () => Promise<Record<string, string>>;

/**
 * The task, or a System Error when its problem names a file that is not plain. A compiled
 * checker or interactor gets the judge library beside it (the problem's own extra files win on
 * a name clash); the worker's artefact cache hashes these files, so a library change recompiles.
 */
async function checked(task: JudgeTask, library: JudgeLibraryFiles): Promise<JudgeTask | { error: string }> {
  const p = task.problem;
  if (p.judgeMode !== 'default' && p.spjLanguage !== 'Builtin') {
    // A library file no server holds intact ends this task at once as a System Error naming it,
    // instead of failing the claim and leaving the task to wait for its lease.
    let files: Record<string, string>;
    try {
      files = await library();
    } catch (err) {
      const e = err as { message?: string; vars?: Record<string, unknown> };
      return { error: `judge library: ${e.message ?? String(err)}${e.vars ? ' ' + JSON.stringify(e.vars) : ''}` };
    }
    p.judgeExtraFiles = { ...files, ...p.judgeExtraFiles };
  }
  const bad = unsafeTaskFileName(task.problem);
  return bad === null ? task : { error: unsafeNameError(task.problem, bad) };
}

/**
 * What a worker receives for a claimed task, or a reason it cannot be judged (the submission or
 * problem vanished, no test data) so the caller can finish it as a System Error.
 */
export async function buildJudgeTask(db: Db, task: TaskRow, library: JudgeLibraryFiles = async () => ({})): Promise<JudgeTask | { error: string }> {
  const lease = { taskId: task.id, leaseToken: task.lease_token ?? '', leaseExpiresAt: task.lease_expires_at ?? 0 };
  // A submission, or a problem package's solution: the worker judges both as a submission (a
  // solution's result goes back to its problem_solution row).
  if (task.kind === 'submission' || task.kind === 'solution') {
    const src = task.kind === 'submission'
      ? await db.selectFrom('submission').select(['id', 'pid', 'language', 'code']).where('id', '=', Number(task.ref_id)).executeTakeFirst()
      : await db.selectFrom('problem_solution').select(['id', 'pid', 'language', 'code']).where('id', '=', Number(task.ref_id)).executeTakeFirst();
    if (!src) return { error: task.kind === 'submission' ? 'the submission no longer exists' : 'the package solution no longer exists' };
    const problem = await buildTaskProblem(db, src.pid);
    if (!problem) return { error: 'the problem no longer exists' };
    if (problem.cases.length === 0) return { error: 'the problem has no test data' };
    const submitId = task.kind === 'submission' ? src.id : undefined;
    return checked({ ...lease, kind: 'submission', submitId, language: src.language, code: src.code, problem }, library);
  }
  if (task.kind === 'test') {
    const run = await db.selectFrom('test_run').selectAll().where('key', '=', task.ref_id).executeTakeFirst();
    if (!run) return { error: 'the test run has expired' };
    const problem = await buildTaskProblem(db, run.pid, false);
    if (!problem) return { error: 'the problem no longer exists' };
    problem.cases = [TEST_RUN_CASE];
    return checked({
      ...lease, kind: 'test', testKey: run.key, language: run.language, code: run.code, problem,
      testInput: run.user_input, expectedOutput: run.expected_output,
    }, library);
  }
  if (task.kind === 'compile') {
    const c = await db.selectFrom('judge_compile').selectAll().where('key', '=', task.ref_id).executeTakeFirst();
    if (!c) return { error: 'the compile request has expired' };
    const base = (c.pid ? await buildTaskProblem(db, c.pid, false) : null) ?? blankProblem();
    const mode: JudgeModeName = c.mode === 'interactive' ? 'interactive' : 'spj';
    const problem: TaskProblem = { ...base, judgeMode: mode, spjCode: c.code, spjLanguage: c.language, judgeExtraFiles: parseFileMap(c.extra_files), cases: [] };
    return checked({ ...lease, kind: 'compile', language: c.language, code: c.code, problem }, library);
  }
  return { error: `unknown task kind ${task.kind}` };
}

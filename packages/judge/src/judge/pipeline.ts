import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { JudgeStatus, type CaseResult, type JudgeResult, type JudgeTask } from '@verdict/shared';
import { findLanguage, type LanguageDef } from '../languages/registry.js';
import { isAvailable } from '../languages/detect.js';
import { boxes } from '../sandbox/box.js';
import type { Sandbox, SandboxFactory } from '../sandbox/types.js';
import { UnsafeFileName } from '../sandbox/box-files.js';
import { ArtefactCache, artefactCache, artefactNames } from './artefact-cache.js';
import { judgeStateDir } from '../sandbox/paths.js';
import { CasePlanner, finalStatus, totalScore } from './case-modes.js';
import { compileInBox, JudgeSession } from './session.js';
import { precompiled } from './precompiled.js';
import { TEST_RUN_OUTPUT_KEEP } from './limits.js';

export interface PipelineDeps {
  judger: string;
  /** Host path of one test-data file of the task's problem (the worker's verified cache). */
  testFile(name: string): Promise<string>;
  onProgress?(status: 6 | 7, done: number, total: number): Promise<void> | void;
  /** Where programs run: bubblewrap boxes unless given (the pipeline's tests give a fake). */
  sandboxes?: SandboxFactory;
  /** Whether a language's toolchain is here (detect.ts unless given; a fake sandbox needs none). */
  available?(lang: LanguageDef): boolean;
}

const emptyResult = (judger: string, status: number, errorMessage: string | null): JudgeResult => ({
  status, score: null, time: 0, memory: 0, errorMessage, cases: [], judger,
});

/**
 * Judges one task from the queue: a submission, a test run, or a checker compile. A file name in
 * the problem's data that is not a plain name (file IO, extra files, test cases) ends the task as
 * a System Error before anything is written or read under it.
 */
export async function judgeTask(task: JudgeTask, deps: PipelineDeps): Promise<JudgeResult> {
  try {
    return await judgeTaskUnchecked(task, deps);
  } catch (e) {
    if (!(e instanceof UnsafeFileName)) throw e;
    const message = `Problem data error: ${e.message}`;
    return { ...emptyResult(deps.judger, JudgeStatus.SYSTEM_ERROR, message), ...(task.kind === 'compile' ? { compile: { ok: false, message } } : {}) };
  }
}

async function judgeTaskUnchecked(task: JudgeTask, deps: PipelineDeps): Promise<JudgeResult> {
  if (task.kind === 'compile') return compileTask(task, deps);
  const lang = findLanguage(task.language);
  if (!lang || !(deps.available ?? isAvailable)(lang)) {
    return emptyResult(deps.judger, JudgeStatus.SYSTEM_ERROR, `Language "${task.language}" is not available on judge ${deps.judger}`);
  }
  const problem = task.problem;
  if (task.kind === 'submission' && problem.cases.length === 0) {
    return emptyResult(deps.judger, JudgeStatus.SYSTEM_ERROR, 'The problem has no test data');
  }
  await deps.onProgress?.(JudgeStatus.COMPILING, 0, problem.cases.length);
  const session = await JudgeSession.open(lang, task.kind === 'test' ? { ...problem, judgeMode: 'default' } : problem, deps.sandboxes);
  try {
    const compiled = await session.compileUser(task.code);
    if (!compiled.ok) return emptyResult(deps.judger, JudgeStatus.COMPILE_ERROR, compiled.message || 'Compile Error');
    if (task.kind === 'test') return await testRun(task, session, deps);
    const checker = await session.prepareChecker();
    if (!checker.ok) return emptyResult(deps.judger, JudgeStatus.SYSTEM_ERROR, `Checker compile error: ${checker.message}`);
    return await runCases(task, session, deps);
  } finally {
    await session.close();
  }
}

async function runCases(task: JudgeTask, session: JudgeSession, deps: PipelineDeps): Promise<JudgeResult> {
  const problem = task.problem;
  const isOI = problem.type === 1;
  const planner = new CasePlanner(problem.judgeCaseMode, isOI);
  const results: CaseResult[] = [];
  let skipped = false;
  await deps.onProgress?.(JudgeStatus.JUDGING, 0, problem.cases.length);
  for (const [i, c] of problem.cases.entries()) {
    if (!planner.shouldRun(c)) {
      skipped = true;
      continue;
    }
    const run = await session.runCase({ inputPath: await deps.testFile(c.inputName), answerPath: await deps.testFile(c.outputName) });
    planner.record(c, run.status);
    results.push({
      caseId: c.caseId, seq: i + 1, status: run.status, time: run.timeMs, memory: run.memoryKb,
      score: isOI ? Math.floor(run.fraction * c.score) : 0, groupNum: c.groupNum, inputName: c.inputName,
      outputName: c.outputName, userOutput: run.userOutput, message: run.message,
    });
    await deps.onProgress?.(JudgeStatus.JUDGING, i + 1, problem.cases.length);
  }
  const score = totalScore(problem.judgeCaseMode, results);
  return {
    status: finalStatus(isOI, results, score, skipped),
    score: isOI ? score : null,
    time: Math.max(0, ...results.map((r) => r.time)),
    memory: Math.max(0, ...results.map((r) => r.memory)),
    errorMessage: null,
    cases: results,
    judger: deps.judger,
  };
}

/** "Online test": the user's own input, compared with an expected output when one is given. */
async function testRun(task: JudgeTask, session: JudgeSession, deps: PipelineDeps): Promise<JudgeResult> {
  const dir = mkdtempSync(join(judgeStateDir(), 'test-'));
  try {
    const input = join(dir, 'input');
    writeFileSync(input, task.testInput ?? '');
    writeFileSync(join(dir, 'answer'), task.expectedOutput ?? '');
    await deps.onProgress?.(JudgeStatus.JUDGING, 0, 1);
    const run = await session.runCase({ inputPath: input, answerPath: join(dir, 'answer') }, TEST_RUN_OUTPUT_KEEP);
    let status = run.status;
    const expected = task.expectedOutput ?? null;
    // Without an expected output a clean run is simply Accepted.
    if (expected === null && (status === JudgeStatus.WRONG_ANSWER || status === JudgeStatus.PRESENTATION_ERROR)) status = JudgeStatus.ACCEPTED;
    const stderr = session.readUserStderr();
    return {
      status, score: null, time: run.timeMs, memory: run.memoryKb, errorMessage: run.message, judger: deps.judger,
      cases: [{ caseId: null, seq: 1, status, time: run.timeMs, memory: run.memoryKb, score: 0, groupNum: 1, inputName: 'input',
        outputName: 'output', userOutput: run.userOutput, message: run.message }],
      testRun: { userOutput: run.userOutput ?? '', stderr, expectedOutput: expected, problemJudgeMode: task.problem.judgeMode === 'spj' ? 'spj' : 'default' },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The admin's "compile" button for a checker or interactor: compile only, report the compiler's words. */
async function compileTask(task: JudgeTask, deps: PipelineDeps): Promise<JudgeResult> {
  const lang = findLanguage(task.language);
  if (!lang || !(deps.available ?? isAvailable)(lang)) {
    const message = `Language "${task.language}" is not available on judge ${deps.judger}`;
    return { ...emptyResult(deps.judger, JudgeStatus.COMPILE_ERROR, message), compile: { ok: false, message } };
  }
  // The same artefact cache as submissions: a checker the admin compiled is not compiled again
  // for the first submission, and an unchanged one needs no box at all.
  const extra = task.problem?.judgeExtraFiles ?? {};
  const opened: Sandbox[] = [];
  try {
    const r = await artefactCache().obtain(ArtefactCache.key(lang, task.code, extra), async () => {
      const box = await (deps.sandboxes ?? boxes()).open({ binds: [precompiled().bind()] });
      opened.push(box);
      return { ...(await compileInBox(box, lang, task.code, extra, true)), box, files: artefactNames(box, lang) };
    });
    return { ...emptyResult(deps.judger, r.ok ? JudgeStatus.ACCEPTED : JudgeStatus.COMPILE_ERROR, r.ok ? null : r.message), compile: { ok: r.ok, message: r.message } };
  } finally {
    await Promise.all(opened.map((b) => b.close()));
  }
}

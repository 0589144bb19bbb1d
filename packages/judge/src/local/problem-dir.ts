import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JUDGE_STATUS_NAMES, type JudgeResult, type JudgeTask, type TaskCase, type TaskProblem } from '@verdict/shared';
import { judgeTask } from '../judge/pipeline.js';
import { pathInside } from '../sandbox/box-files.js';

/**
 * A problem setter's directory: problem.json (limits, type, judge mode, case mode, scores),
 * tests/NAME.in with NAME.out or NAME.ans, optional checker.cpp / interactor.cpp, user-extra/
 * and judge-extra/ folders.
 */
export interface ProblemJson {
  timeLimit?: number;
  memoryLimit?: number;
  stackLimit?: number;
  type?: 'ACM' | 'OI' | 0 | 1;
  judgeMode?: TaskProblem['judgeMode'];
  judgeCaseMode?: TaskProblem['judgeCaseMode'];
  isRemoveEndBlank?: boolean;
  ioReadFileName?: string;
  ioWriteFileName?: string;
  /** Checker / interactor language (default "C++ 17 With O2"); "Builtin" with builtinChecker. */
  spjLanguage?: string;
  builtinChecker?: string;
  /** Per case (by test name): score and group. Missing: score 100 / number of cases, group 1. */
  cases?: Record<string, { score?: number; groupNum?: number }>;
}

function readFolder(dir: string): Record<string, string> {
  if (!existsSync(dir)) return {};
  return Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
}

const naturalSort = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true });

export function loadProblemDir(dir: string): TaskProblem {
  const cfg: ProblemJson = existsSync(join(dir, 'problem.json')) ? JSON.parse(readFileSync(join(dir, 'problem.json'), 'utf8')) : {};
  const testsDir = join(dir, 'tests');
  const names = readdirSync(testsDir).filter((f) => f.endsWith('.in')).map((f) => f.slice(0, -3)).sort(naturalSort);
  if (names.length === 0) throw new Error(`no tests in ${testsDir}`);
  const cases: TaskCase[] = names.map((name) => {
    const answer = existsSync(join(testsDir, `${name}.out`)) ? `${name}.out` : `${name}.ans`;
    if (!existsSync(join(testsDir, answer))) throw new Error(`test ${name} has no .out or .ans file`);
    const c = cfg.cases?.[name] ?? {};
    return { caseId: null, inputName: `${name}.in`, outputName: answer, score: c.score ?? Math.floor(100 / names.length), groupNum: c.groupNum ?? 1 };
  });
  const judgeMode = cfg.judgeMode ?? (existsSync(join(dir, 'interactor.cpp')) ? 'interactive' : existsSync(join(dir, 'checker.cpp')) ? 'spj' : 'default');
  let spjCode: string | null = null;
  let spjLanguage: string | null = null;
  if (judgeMode === 'spj' && cfg.spjLanguage === 'Builtin') {
    spjLanguage = 'Builtin';
    spjCode = cfg.builtinChecker ?? 'tokens';
  } else if (judgeMode !== 'default') {
    spjLanguage = cfg.spjLanguage ?? 'C++ 17 With O2';
    spjCode = readFileSync(join(dir, judgeMode === 'interactive' ? 'interactor.cpp' : 'checker.cpp'), 'utf8');
  }
  const fileIO = Boolean(cfg.ioReadFileName && cfg.ioWriteFileName);
  return {
    pid: 0, problemId: dir, type: cfg.type === 'OI' || cfg.type === 1 ? 1 : 0, timeLimit: cfg.timeLimit ?? 1000,
    memoryLimit: cfg.memoryLimit ?? 256, stackLimit: cfg.stackLimit ?? 128, judgeMode, judgeCaseMode: cfg.judgeCaseMode ?? 'default',
    isRemoveEndBlank: cfg.isRemoveEndBlank ?? false, ioScore: 100, isFileIO: fileIO, ioReadFileName: cfg.ioReadFileName ?? null,
    ioWriteFileName: cfg.ioWriteFileName ?? null, userExtraFiles: readFolder(join(dir, 'user-extra')),
    judgeExtraFiles: readFolder(join(dir, 'judge-extra')), spjCode, spjLanguage, caseVersion: 'local', cases,
  };
}

/** Output of `verdict-judge run`. */
export interface LocalRunReport {
  status: string;
  statusCode: number;
  score: number | null;
  time: number;
  memory: number;
  errorMessage: string | null;
  cases: { name: string; status: string; statusCode: number; time: number; memory: number; score: number; message: string | null }[];
}

const shortName = (code: number) => JUDGE_STATUS_NAMES[code]?.short ?? String(code);

export function toReport(r: JudgeResult): LocalRunReport {
  return {
    status: shortName(r.status), statusCode: r.status, score: r.score, time: r.time, memory: r.memory, errorMessage: r.errorMessage,
    cases: r.cases.map((c) => ({
      name: c.inputName.replace(/\.in$/, ''), status: shortName(c.status), statusCode: c.status, time: c.time, memory: c.memory, score: c.score, message: c.message,
    })),
  };
}

/** Judges one source file against a problem directory with the real sandbox and pipeline. */
export async function runLocal(dir: string, language: string, code: string): Promise<JudgeResult> {
  const problem = loadProblemDir(dir);
  const task: JudgeTask = { taskId: 0, leaseToken: '', leaseExpiresAt: 0, kind: 'submission', language, code, problem };
  return judgeTask(task, { judger: 'local', testFile: async (name) => pathInside(join(dir, 'tests'), name, 'test case file') });
}

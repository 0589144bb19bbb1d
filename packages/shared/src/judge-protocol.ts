/**
 * The judge protocol: how judge workers (packages/judge) talk to the server
 * (packages/server/src/modules/judge) over HTTP. Local workers started by the server use it
 * over loopback; remote workers use it with the same token.
 *
 * Every call carries the header `X-Judge-Token: <token>`. All bodies are JSON; responses use
 * the usual envelope {status, msg, data}.
 *
 *   POST /api/judge/register   RegisterRequest          -> { name }
 *   POST /api/judge/heartbeat  HeartbeatRequest         -> {}
 *   POST /api/judge/claim      ClaimRequest             -> { task: JudgeTask | null }   (long poll, up to waitMs)
 *   POST /api/judge/progress   ProgressRequest          -> { ok: boolean }  (false: the lease is lost, stop)
 *   POST /api/judge/result     ResultRequest            -> { applied: boolean } (a repeated report is not applied twice)
 *   GET  /api/judge/testdata/:pid?version=V             -> TestDataManifest
 *   GET  /api/judge/testdata/:pid/file/:name?version=V  -> raw bytes of one test-data file
 *
 * Leases: a claimed task belongs to the worker until leaseExpiresAt; progress calls extend it.
 * A task whose lease expires goes back to the queue and another worker judges it; the late
 * worker's result is refused because its leaseToken no longer matches.
 */

export const JUDGE_PROTOCOL_VERSION = 1;
export const JUDGE_TOKEN_HEADER = 'x-judge-token';
/** Lease length; workers report progress at least every LEASE_MS / 3. */
export const JUDGE_LEASE_MS = 60_000;

export type IsolationLevel = 'full' | 'no-cgroup' | 'none';

export interface LanguageAvailability {
  name: string; // registry name, e.g. "C++17 O2"
  available: boolean;
  version: string | null;
}

export interface RegisterRequest {
  name: string;
  version: string;
  protocol: number;
  cpuCores: number;
  slots: number;
  isolation: IsolationLevel;
  languages: LanguageAvailability[];
  local?: boolean;
  /** The worker process has just started: tasks still leased under its name are from its previous life. */
  fresh?: boolean;
}

export interface HeartbeatRequest { name: string; load: number; running: number }

export interface ClaimRequest { name: string; waitMs: number; freeSlots: number }

export type JudgeModeName = 'default' | 'spj' | 'interactive';
export type JudgeCaseModeName = 'default' | 'subtask_lowest' | 'subtask_average' | 'ergodic_without_error';

export interface TaskCase {
  caseId: number | null;
  /** File names inside the problem's test data (see TestDataManifest); for test runs: inline. */
  inputName: string;
  outputName: string;
  score: number;
  groupNum: number;
}

export interface TaskProblem {
  pid: number;
  problemId: string;
  type: 0 | 1; // 0 ACM, 1 OI
  timeLimit: number; // ms, as stated (the judge applies language factors)
  memoryLimit: number; // MB
  stackLimit: number; // MB
  judgeMode: JudgeModeName;
  judgeCaseMode: JudgeCaseModeName;
  isRemoveEndBlank: boolean;
  ioScore: number;
  isFileIO: boolean;
  ioReadFileName: string | null;
  ioWriteFileName: string | null;
  /** Files copied beside the user's program: name -> content. */
  userExtraFiles: Record<string, string>;
  /** Files copied beside the checker / interactor (e.g. testlib.h): name -> content. */
  judgeExtraFiles: Record<string, string>;
  spjCode: string | null;
  spjLanguage: string | null;
  /**
   * How the checker is called: 'testlib' (default) `checker input user_output answer` with testlib
   * exit codes; 'hustoj' (FPS `<spj>`) `spj input answer user_output`, exit 0 AC, any other WA.
   */
  checkerConvention?: CheckerConvention;
  caseVersion: string;
  cases: TaskCase[];
}

export type CheckerConvention = 'testlib' | 'hustoj';

export interface JudgeTask {
  taskId: number;
  leaseToken: string;
  leaseExpiresAt: number;
  kind: 'submission' | 'test' | 'compile';
  submitId?: number;
  testKey?: string;
  language: string;
  code: string;
  problem: TaskProblem;
  /** Test runs: custom input and optional expected output. */
  testInput?: string;
  expectedOutput?: string | null;
}

export interface ProgressRequest {
  taskId: number;
  leaseToken: string;
  status: 6 | 7; // Compiling | Judging
  caseDone: number;
  caseTotal: number;
  /** The test running now, for a remote judge that names it without a total (Codeforces); 0 or absent when unknown. */
  caseCurrent?: number;
}

export interface CaseResult {
  caseId: number | null;
  seq: number; // 1-based order
  status: number; // judge status code
  time: number; // ms
  memory: number; // KB
  score: number;
  groupNum: number;
  inputName: string;
  outputName: string;
  /** Truncated user output (at most 1 KiB kept). */
  userOutput: string | null;
  /** Checker / runtime message (e.g. signal name, checker comment). */
  message: string | null;
}

export interface JudgeResult {
  status: number; // final status of the submission
  score: number | null; // OI score (sum of case scores) or null for ACM
  time: number; // ms, max over cases
  memory: number; // KB, max over cases
  errorMessage: string | null; // compile output (CE), system error detail (SE)
  cases: CaseResult[];
  judger: string;
  /** Test runs only. */
  testRun?: { userOutput: string; stderr: string; expectedOutput: string | null; problemJudgeMode: 'default' | 'spj' };
  /** Compile tasks only (checker / interactor compile button). */
  compile?: { ok: boolean; message: string };
}

export interface ResultRequest { taskId: number; leaseToken: string; result: JudgeResult }

export interface TestDataManifest {
  pid: number;
  version: string;
  files: { name: string; size: number; sha256: string }[];
}

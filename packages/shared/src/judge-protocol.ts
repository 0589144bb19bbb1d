/**
 * The judge protocol: how judge workers (packages/judge) talk to the server
 * (packages/server/src/modules/judge) over HTTP. Local workers started by the server use it
 * over loopback; remote workers use it with the same token.
 *
 * Every call carries the header `X-Judge-Token: <token>`. All bodies are JSON; responses use
 * the usual envelope {status, msg, data}.
 *
 *   POST /api/judge/register   RegisterRequest          -> { name }
 *   POST /api/judge/heartbeat  HeartbeatRequest         -> { registered: boolean }
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

import { z } from 'zod';
import { vo } from './schemas/common.js';

export const JUDGE_PROTOCOL_VERSION = 1;
export const JUDGE_TOKEN_HEADER = 'x-judge-token';
/** Lease length; workers report progress at least every LEASE_MS / 3. */
export const JUDGE_LEASE_MS = 60_000;

export type IsolationLevel = 'full' | 'no-cgroup' | 'none';

export const languageAvailability = vo({
  /** registry name, e.g. "C++17 O2" */
  name: z.string(),
  available: z.boolean(),
  version: z.string().nullable(),
});
export type LanguageAvailability = z.infer<typeof languageAvailability>;

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

export const JUDGE_MODE_NAMES = ['default', 'spj', 'interactive'] as const;
export type JudgeModeName = (typeof JUDGE_MODE_NAMES)[number];
export const JUDGE_CASE_MODE_NAMES = ['default', 'subtask_lowest', 'subtask_average', 'ergodic_without_error'] as const;
export type JudgeCaseModeName = (typeof JUDGE_CASE_MODE_NAMES)[number];
export const CHECKER_CONVENTIONS = ['testlib', 'hustoj'] as const;
export type CheckerConvention = (typeof CHECKER_CONVENTIONS)[number];

/*
 * What the server answers (the worker reads these): zod schemas, so the server's routes declare
 * them and the suites check what is sent against them; the types are the schemas' own.
 */

export const taskCase = vo({
  caseId: z.number().int().nullable(),
  /** File names inside the problem's test data (see TestDataManifest); for test runs: inline. */
  inputName: z.string(),
  outputName: z.string(),
  score: z.number(),
  groupNum: z.number().int(),
});
export type TaskCase = z.infer<typeof taskCase>;

export const taskProblem = vo({
  pid: z.number().int(),
  problemId: z.string(),
  /** 0 ACM, 1 OI */
  type: z.union([z.literal(0), z.literal(1)]),
  /** ms, as stated (the judge applies language factors) */
  timeLimit: z.number(),
  /** MB */
  memoryLimit: z.number(),
  /** MB */
  stackLimit: z.number(),
  judgeMode: z.enum(JUDGE_MODE_NAMES),
  judgeCaseMode: z.enum(JUDGE_CASE_MODE_NAMES),
  isRemoveEndBlank: z.boolean(),
  ioScore: z.number(),
  isFileIO: z.boolean(),
  ioReadFileName: z.string().nullable(),
  ioWriteFileName: z.string().nullable(),
  /** Files copied beside the user's program: name -> content. */
  userExtraFiles: z.record(z.string(), z.string()),
  /** Files copied beside the checker / interactor (e.g. testlib.h): name -> content. */
  judgeExtraFiles: z.record(z.string(), z.string()),
  spjCode: z.string().nullable(),
  spjLanguage: z.string().nullable(),
  /**
   * How the checker is called: 'testlib' (default) `checker input user_output answer` with testlib
   * exit codes; 'hustoj' (FPS `<spj>`) `spj input answer user_output`, exit 0 AC, any other WA.
   */
  checkerConvention: z.enum(CHECKER_CONVENTIONS).optional(),
  caseVersion: z.string(),
  cases: z.array(taskCase),
});
export type TaskProblem = z.infer<typeof taskProblem>;

export const judgeTask = vo({
  taskId: z.number().int(),
  leaseToken: z.string(),
  /** epoch ms */
  leaseExpiresAt: z.number(),
  kind: z.enum(['submission', 'test', 'compile']),
  submitId: z.number().int().optional(),
  testKey: z.string().optional(),
  language: z.string(),
  code: z.string(),
  problem: taskProblem,
  /** Test runs: custom input and optional expected output. */
  testInput: z.string().optional(),
  expectedOutput: z.string().nullable().optional(),
});
export type JudgeTask = z.infer<typeof judgeTask>;

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

export const testDataManifest = vo({
  pid: z.number().int(),
  version: z.string(),
  files: z.array(vo({ name: z.string(), size: z.number().int(), sha256: z.string() })),
});
export type TestDataManifest = z.infer<typeof testDataManifest>;

/** Answers of the calls (the `data` of the envelope). */
export const judgeRegisterAnswer = vo({ name: z.string() });
/** registered=false: the server forgot the worker (new database), which registers again. */
export const judgeHeartbeatAnswer = vo({ registered: z.boolean() });
export const judgeClaimAnswer = vo({ task: judgeTask.nullable() });
/** ok=false: the lease is lost, stop. */
export const judgeProgressAnswer = vo({ ok: z.boolean() });
/** applied=false: a repeated or late report (its lease is gone). */
export const judgeResultAnswer = vo({ applied: z.boolean() });

/*
 * The requests as the server reads them, checked loosely: extra fields are allowed so a newer
 * worker can talk to this server; defaults fill what an older one leaves out.
 */
const workerName = z.string().trim().min(1).max(100);
export const judgeRegisterBody = z.object({
  name: workerName,
  version: z.string().max(50).default(''),
  protocol: z.number().int().default(JUDGE_PROTOCOL_VERSION),
  cpuCores: z.number().int().min(0).max(100000).default(1),
  slots: z.number().int().min(0).max(10000).default(1),
  isolation: z.string().max(50).default('none'),
  languages: z.array(z.object({ name: z.string().max(100), available: z.boolean(), version: z.string().max(200).nullable().optional() }).loose()).max(500).default([]),
  local: z.boolean().optional(),
  fresh: z.boolean().optional(),
}).loose();
export const judgeHeartbeatBody = z.object({ name: workerName, load: z.number().min(0).default(0), running: z.number().int().min(0).default(0) }).loose();
export const judgeClaimBody = z.object({ name: workerName, waitMs: z.number().int().min(0).max(60_000).default(20_000), freeSlots: z.number().int().min(0).default(1) }).loose();
const leaseFields = { taskId: z.number().int().positive(), leaseToken: z.string().min(1).max(100) };
export const judgeProgressBody = z.object({ ...leaseFields, status: z.number().int(), caseDone: z.number().int().min(0).default(0), caseTotal: z.number().int().min(0).default(0),
  caseCurrent: z.number().int().min(0).default(0),
}).loose();
const caseResultBody = z.object({
  caseId: z.number().int().nullable().optional(),
  seq: z.number().int().min(0).optional(),
  status: z.number().int(),
  time: z.number().min(0).default(0),
  memory: z.number().min(0).default(0),
  score: z.number().min(0).default(0),
  groupNum: z.number().int().nullable().optional(),
  inputName: z.string().max(1000).default(''),
  outputName: z.string().max(1000).default(''),
  userOutput: z.string().nullable().optional(),
  message: z.string().nullable().optional(),
}).loose();
export const judgeResultBody = z.object({
  ...leaseFields,
  result: z.object({
    status: z.number().int(),
    score: z.number().min(0).nullable().default(null),
    time: z.number().min(0).default(0),
    memory: z.number().min(0).default(0),
    errorMessage: z.string().nullable().default(null),
    cases: z.array(caseResultBody).max(10_000).default([]),
    judger: z.string().max(100).default(''),
    testRun: z.object({
      userOutput: z.string(), stderr: z.string(), expectedOutput: z.string().nullable(), problemJudgeMode: z.enum(['default', 'spj']),
    }).loose().optional(),
    compile: z.object({ ok: z.boolean(), message: z.string() }).loose().optional(),
  }).loose(),
});

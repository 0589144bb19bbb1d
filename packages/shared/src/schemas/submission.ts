import { z } from 'zod';
import { LIMITS, PAGE_SIZES } from '../constants.js';
import { optionalQueryBool, pageOf, vo } from './common.js';
import { JUDGE_CASE_MODES } from './problem.js';
import { languageAvailability } from '../judge-protocol.js';

// Payloads of the submission calls of spec 01 §7. Message keys of ../messages.ts are zod messages.
const id = z.coerce.number().int().positive().max(2 ** 31 - 1);
const optionalId = z.coerce.number().int().min(0).max(2 ** 31 - 1).optional().nullable();

/** Code of a submission or a test run: non-empty after trimming and at most 65535 characters. */
export const submissionCode = z
  .string({ error: 'codeEmpty' })
  .max(LIMITS.codeMaxLength, 'codeTooLong')
  .refine((s) => s.trim().length > 0, 'codeEmpty');

/** A problem's display ID as HOJ's client sends it ("1000", or "A" in a contest); a number is read as text. */
export const displayIdField = z.union([z.string(), z.number()]).transform((v) => String(v).trim()).pipe(z.string().min(1, 'problemNotFound').max(100));

export const submitProblemJudgeBody = z.object({
  /** The problem's display ID; inside a contest (cid) the contest display ID. */
  pid: displayIdField,
  language: z.string().trim().min(1, 'languageRequired').max(50),
  code: submissionCode,
  cid: optionalId,
  tid: optionalId,
  gid: optionalId,
  isRemote: z.boolean().optional(),
  captcha: z.string().max(20).optional().nullable(),
  captchaKey: z.string().max(100).optional().nullable(),
});
export type SubmitProblemJudgeBody = z.infer<typeof submitProblemJudgeBody>;
/** What a client sends (pid is the display ID). */
export type SubmitProblemJudgeInput = z.input<typeof submitProblemJudgeBody>;

export const submitTestJudgeBody = z.object({
  pid: id,
  language: z.string().trim().min(1, 'languageRequired').max(50),
  code: submissionCode,
  type: z.enum(['public', 'contest', 'group']).optional(),
  userInput: z.string().max(LIMITS.testInputMax, 'testInputTooLong').default(''),
  expectedOutput: z.string().max(LIMITS.testInputMax * 4).optional().nullable(),
  mode: z.string().max(20).optional().nullable(),
  isRemoteJudge: z.boolean().optional(),
  cid: optionalId,
  gid: optionalId,
});
export type SubmitTestJudgeBody = z.infer<typeof submitTestJudgeBody>;

export const submitIdQuery = z.object({ submitId: id });
export const testJudgeKeyQuery = z.object({ testJudgeKey: z.string().min(1).max(64) });
export const lastAcCodeQuery = z.object({ pid: id, cid: optionalId });

export const submissionListQuery = z.object({
  currentPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZES.submissionList),
  onlyMine: optionalQueryBool,
  status: z.coerce.number().int().min(-10).max(10).optional(),
  username: z.string().trim().max(50).optional(),
  problemID: z.string().trim().max(100).optional(),
  completeProblemID: optionalQueryBool,
  contestID: optionalId,
  gid: optionalId,
  beforeContestSubmit: optionalQueryBool,
  containsEnd: optionalQueryBool,
});
export type SubmissionListQuery = z.infer<typeof submissionListQuery>;

export const checkSubmissionsStatusBody = z.object({
  submitIds: z.array(id).max(200),
  cid: optionalId,
});

export const updateSubmissionBody = z.object({
  submitId: id,
  share: z.boolean(),
  uid: optionalId,
});

export const userProblemStatusBody = z.object({
  pidList: z.array(id).max(1000),
  isContestProblemList: z.boolean().optional(),
  cid: optionalId,
  gid: optionalId,
  containsEnd: z.boolean().optional(),
});

export const languagesQuery = z.object({ all: optionalQueryBool, pid: optionalId });
export const problemLanguagesQuery = z.object({ pid: id });

/** GET admin/judge/manual-judge query (HOJ sends it as query parameters; score only for OI). */
export const manualJudgeQuery = z.object({
  submitId: id,
  status: z.coerce.number().int(),
  score: z.preprocess((v) => (v === '' || v === 'null' ? undefined : v), z.coerce.number().int().min(0).max(1_000_000).optional().nullable()),
});
export const rejudgeContestProblemQuery = z.object({ cid: id, pid: id });
export const cancelJudgeQuery = z.object({ submitId: id });

/*
 * Answers of the submission calls (spec 01 §3, §7), as sent. Times are epoch milliseconds (HOJ's
 * Jackson sends its `Date`s as strings; Verdict has always sent numbers, which HOJ's client reads
 * as well), `time` in ms, `memory` in KB.
 */

/**
 * A submission as every call sends it: the status list's rows, get-submission-detail's
 * `submission`, and submit / resubmit / rejudge / manual judge / cancel. HOJ's JudgeVO (list) and
 * Judge (detail) fields, with the judging progress beside them. The list sends `code` and
 * `errorMessage` as null; `title` is null where the viewer may not read the problem's title.
 */
export const submissionVo = vo({
  submitId: z.number().int(),
  pid: z.number().int(),
  displayPid: z.string(),
  /** The contest's display ID ("A"); null outside contests. */
  displayId: z.string().nullable(),
  cid: z.number().int(),
  gid: z.number().int(),
  tid: z.number().int(),
  uid: z.number().int(),
  username: z.string(),
  title: z.string().nullable(),
  status: z.number().int(),
  /** OI score; null for ACM and while judging. */
  score: z.number().int().nullable(),
  oiRankScore: z.number().int().nullable(),
  /** ms */
  time: z.number().int().nullable(),
  /** KB */
  memory: z.number().int().nullable(),
  /** Code length in characters. */
  length: z.number().int(),
  language: z.string(),
  judger: z.string().nullable(),
  isManual: z.boolean(),
  submitTime: z.number().int().describe('epoch ms'),
  judgeTime: z.number().int().nullable().describe('epoch ms'),
  code: z.string().nullable(),
  share: z.boolean(),
  errorMessage: z.string().nullable(),
  /** Judging progress: cases finished and in all; the test running now when a remote judge names it without a total (0: unknown). */
  caseDone: z.number().int(),
  caseTotal: z.number().int(),
  caseCurrent: z.number().int(),
});
export type SubmissionVo = z.infer<typeof submissionVo>;
/** get-submission-list. */
export const submissionPage = pageOf(submissionVo);
export type SubmissionPage = z.infer<typeof submissionPage>;
/** get-submission-detail (HOJ's SubmissionInfoVO). */
export const submissionInfoVo = vo({ submission: submissionVo, codeShare: z.boolean() });
export type SubmissionInfoVo = z.infer<typeof submissionInfoVo>;

/** One row of check-(contest-)submissions-status: the fields a poll refreshes. */
export const submissionStatusVo = vo({
  submitId: z.number().int(),
  status: z.number().int(),
  score: z.number().int().nullable(),
  time: z.number().int().nullable(),
  memory: z.number().int().nullable(),
  judger: z.string().nullable(),
  isManual: z.boolean(),
  caseDone: z.number().int(),
  caseTotal: z.number().int(),
  caseCurrent: z.number().int(),
  /** Ours: the place in the local judge queue while Pending (1: next); null when not queued. */
  queuePosition: z.number().int().nullable(),
});
export type SubmissionStatusVo = z.infer<typeof submissionStatusVo>;
/** check-submissions-status: visible rows by submission id. */
export const submissionStatusMap = z.record(z.string(), submissionStatusVo);
export type SubmissionStatusMap = z.infer<typeof submissionStatusMap>;

/** One test case's result (HOJ's JudgeCase). `userOutput` and `message` only for the owner and admins. */
export const judgeCase = vo({
  caseId: z.number().int().nullable(),
  seq: z.number().int(),
  inputData: z.string().nullable(),
  outputData: z.string().nullable(),
  userOutput: z.string().nullable(),
  status: z.number().int(),
  /** ms */
  time: z.number().int().nullable(),
  /** KB */
  memory: z.number().int().nullable(),
  /** OI only; null for ACM (HOJ's client prints "0 pts" for any number). */
  score: z.number().int().nullable(),
  groupNum: z.number().int().nullable(),
  message: z.string().nullable(),
});
export type JudgeCase = z.infer<typeof judgeCase>;
/** A subtask: a group of cases with its own verdict and score (HOJ's SubTaskJudgeCaseVO). */
export const subTaskJudgeCaseVo = vo({
  groupNum: z.number().int(),
  status: z.number().int(),
  score: z.number().int(),
  ac: z.number().int(),
  total: z.number().int(),
  /** ms, the group's longest case */
  time: z.number().int(),
  /** KB, the group's largest case */
  memory: z.number().int(),
  subtaskDetailList: z.array(judgeCase),
});
export type SubTaskJudgeCaseVo = z.infer<typeof subTaskJudgeCaseVo>;
/** get-all-case-result (HOJ's JudgeCaseVO): the cases, and for the subtask modes the groups. */
export const judgeCaseVo = vo({
  judgeCaseMode: z.enum(JUDGE_CASE_MODES),
  judgeCaseList: z.array(judgeCase),
  subTaskJudgeCaseVoList: z.array(subTaskJudgeCaseVo),
});
export type JudgeCaseVo = z.infer<typeof judgeCaseVo>;

/** A language of spec 01 §3 (HOJ's Language), with the availability live workers report. */
export const languageVo = vo({
  /** Stable id (HOJ's Language.id; code templates carry it as `lid`); null for a language only a worker reports. */
  id: z.number().int().nullable(),
  name: z.string(),
  description: z.string(),
  compileCommand: z.string(),
  /** The default code (spec 01's `template`; HOJ's client reads the same text as `codeTemplate`). */
  template: z.string(),
  codeTemplate: z.string(),
  /** Offered for checkers and interactors (HOJ's isSpj: C and C++). */
  isSpj: z.boolean(),
  /** "ME", or a remote problem's home site. */
  oj: z.string(),
  contentType: z.string(),
  available: z.boolean(),
  version: z.string().nullable(),
});
export type LanguageVo = z.infer<typeof languageVo>;
/** languages, get-problem-languages. */
export const languageList = z.array(languageVo);

/** get-test-judge-result (HOJ's TestJudgeVO). */
export const testJudgeVo = vo({
  status: z.number().int(),
  problemJudgeMode: z.string(),
  /** ms */
  time: z.number().nullable(),
  /** KB */
  memory: z.number().nullable(),
  stderr: z.string().nullable(),
  userInput: z.string(),
  expectedOutput: z.string().nullable(),
  userOutput: z.string().nullable(),
});
export type TestJudgeVo = z.infer<typeof testJudgeVo>;
/** submit-problem-test-judge: the key to poll the result with. */
export const testJudgeKey = z.string();

/** get-last-ac-code. */
export const lastAcCode = vo({ code: z.string(), language: z.string() });
export type LastAcCode = z.infer<typeof lastAcCode>;

/** admin/judge/rejudge-contest-problem: how many submissions were queued again. */
export const rejudgeCount = vo({ count: z.number().int() });

/** admin/judge-server-list: a registered judge worker (times epoch ms). */
export const judgeServer = vo({
  id: z.number().int(),
  name: z.string(),
  version: z.string(),
  cpuCores: z.number().int(),
  slots: z.number().int(),
  languages: z.array(languageAvailability),
  isolation: z.string(),
  load: z.number(),
  running: z.number().int(),
  isLocal: z.boolean(),
  lastHeartbeat: z.number().int(),
  /** Heard from within the last ONLINE_MS. */
  online: z.boolean(),
  gmtCreate: z.number().int(),
});
export type JudgeServer = z.infer<typeof judgeServer>;
export const judgeServerList = z.array(judgeServer);

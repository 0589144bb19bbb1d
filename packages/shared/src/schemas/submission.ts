import { z } from 'zod';
import { LIMITS, PAGE_SIZES } from '../constants.js';
import { optionalQueryBool } from './common.js';

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

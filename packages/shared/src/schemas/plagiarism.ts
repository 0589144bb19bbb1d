import { z } from 'zod';
import { vo } from './common.js';

/*
 * Plagiarism check of a contest (issue 31). A contest admin starts a check; a background job runs
 * Dolos (winnowing over tree-sitter tokens) per problem and language family over each participant's
 * last accepted (or final) submission; admins then review the pairs and decide on them.
 * Verdict's own calls (HOJ has none): times are ms since the epoch, similarities 0..1.
 */

export const PLAGIARISM_SCOPES = ['lastAccepted', 'final'] as const;
export const plagiarismScope = z.enum(PLAGIARISM_SCOPES, { error: 'plagiarismScopeInvalid' });
export type PlagiarismScope = z.infer<typeof plagiarismScope>;

export const PLAGIARISM_STATUSES = ['none', 'queued', 'running', 'done', 'failed'] as const;
export type PlagiarismStatus = (typeof PLAGIARISM_STATUSES)[number];

export const PLAGIARISM_VERDICTS = ['cleared', 'cheating'] as const;
export type PlagiarismVerdict = (typeof PLAGIARISM_VERDICTS)[number];

/** Pairs below this similarity are not kept (unrelated solutions of one problem score well under it). */
export const PLAGIARISM_KEEP_MIN = 0.3;
/** Default of the list's `min` filter and of the cluster threshold. */
export const PLAGIARISM_DEFAULT_MIN = 0.5;
export const PLAGIARISM_CLUSTER_MIN = 0.7;
/** Most pairs one list answer carries (the rest are counted in `total`). */
export const PLAGIARISM_LIST_CAP = 500;

const cid = z.coerce.number({ error: 'plagiarismCidInvalid' }).int('plagiarismCidInvalid').positive('plagiarismCidInvalid').max(2 ** 31 - 1, 'plagiarismCidInvalid');
const submitId = z.coerce.number({ error: 'plagiarismSubmitIdInvalid' }).int('plagiarismSubmitIdInvalid').positive('plagiarismSubmitIdInvalid')
  .max(2 ** 31 - 1, 'plagiarismSubmitIdInvalid');
const similarity = z.coerce.number({ error: 'plagiarismMinInvalid' }).min(0, 'plagiarismMinInvalid').max(1, 'plagiarismMinInvalid');

/** POST /api/admin/contest/plagiarism: start a check (a second call while one is queued or running answers that one). */
export const plagiarismStartBody = z.object({ cid, scope: plagiarismScope.default('lastAccepted') });
export type PlagiarismStartBody = z.infer<typeof plagiarismStartBody>;

/** GET /api/admin/contest/plagiarism: the contest's check, its pairs filtered (problem display ID, language family, least similarity). */
export const plagiarismQuery = z.object({
  cid,
  /** The problem's id, or its contest display ID (`problem`). */
  pid: z.coerce.number({ error: 'plagiarismCidInvalid' }).int().positive().max(2 ** 31 - 1).optional(),
  problem: z.string().trim().max(50).optional(),
  language: z.string().trim().max(30).optional(),
  min: similarity.default(PLAGIARISM_DEFAULT_MIN),
  limit: z.coerce.number().int().min(1).max(PLAGIARISM_LIST_CAP).default(200),
});
export type PlagiarismQuery = z.infer<typeof plagiarismQuery>;

/** GET /api/admin/contest/plagiarism/pair: one pair, side by side. */
export const plagiarismPairQuery = z.object({ cid, left: submitId, right: submitId });

/** PUT /api/admin/contest/plagiarism/decision. */
export const plagiarismDecisionBody = z.object({
  cid,
  leftSubmitId: submitId,
  rightSubmitId: submitId,
  verdict: z.enum(PLAGIARISM_VERDICTS, { error: 'plagiarismVerdictInvalid' }),
  /** Take both users out of the contest's rank (only with verdict "cheating"). */
  exclude: z.boolean().default(false),
  /** Shown to the excluded users on the rank; required when excluding. */
  reason: z.string().trim().max(300, 'plagiarismReasonTooLong').default(''),
}).refine((b) => b.leftSubmitId !== b.rightSubmitId, { message: 'plagiarismSamePair', path: ['rightSubmitId'] })
  .refine((b) => !b.exclude || b.verdict === 'cheating', { message: 'plagiarismExcludeNeedsCheating', path: ['exclude'] })
  .refine((b) => !b.exclude || b.reason.length > 0, { message: 'plagiarismReasonRequired', path: ['reason'] });
export type PlagiarismDecisionBody = z.infer<typeof plagiarismDecisionBody>;

/** An admin's decision on a pair: who decided and when. */
export const plagiarismDecisionVo = vo({
  verdict: z.enum(PLAGIARISM_VERDICTS),
  exclude: z.boolean(),
  reason: z.string(),
  decidedBy: z.string(),
  decidedByUid: z.number().int(),
  /** ms since the epoch. */
  decidedAt: z.number().int(),
});
export type PlagiarismDecisionVo = z.infer<typeof plagiarismDecisionVo>;

/** One pair of submissions of one problem in one language family; left is the older submission. */
export const plagiarismPairVo = vo({
  leftSubmitId: z.number().int(),
  rightSubmitId: z.number().int(),
  leftUid: z.number().int(),
  rightUid: z.number().int(),
  leftUsername: z.string(),
  rightUsername: z.string(),
  pid: z.number().int(),
  /** The contest display ID ("A"). */
  problem: z.string(),
  problemTitle: z.string(),
  /** Language family: Dolos' language name (cpp, c, java, python, go, rust, javascript, c-sharp, php) or the Verdict family checked by characters. */
  language: z.string(),
  /** True when the family has no tree-sitter grammar and was compared character by character. */
  charTokens: z.boolean(),
  /** 0..1: shared fingerprints over all fingerprints of both. */
  similarity: z.number(),
  /** Lines of the longest shared fragment (on the left source). */
  longestFragment: z.number().int(),
  /** Fingerprints of each side covered by shared fragments. */
  leftCovered: z.number().int(),
  rightCovered: z.number().int(),
  decision: plagiarismDecisionVo.nullable(),
});
export type PlagiarismPairVo = z.infer<typeof plagiarismPairVo>;

export const plagiarismClusterUser = vo({ uid: z.number().int(), username: z.string(), submitId: z.number().int() });

/** Three or more users of one problem and family linked by pairs at or above the cluster threshold. */
export const plagiarismClusterVo = vo({
  pid: z.number().int(),
  problem: z.string(),
  language: z.string(),
  users: z.array(plagiarismClusterUser),
  /** Highest and lowest similarity of the links that make the cluster. */
  maxSimilarity: z.number(),
  minSimilarity: z.number(),
});
export type PlagiarismClusterVo = z.infer<typeof plagiarismClusterVo>;

/** One problem and language family as the job saw it. */
export const plagiarismGroupVo = vo({
  pid: z.number().int(),
  problem: z.string(),
  language: z.string(),
  charTokens: z.boolean(),
  submissions: z.number().int(),
  /** Pairs kept (at or above PLAGIARISM_KEEP_MIN). */
  pairs: z.number().int(),
  /** Why the group was not (fully) compared, in the request's language (a single submission, sources skipped, the detector failed), or null. */
  error: z.string().nullable(),
});
export type PlagiarismGroupVo = z.infer<typeof plagiarismGroupVo>;

/** GET /api/admin/contest/plagiarism (also the answer of the POST, with no pairs yet). */
export const plagiarismReportVo = vo({
  cid: z.number().int(),
  /** none: never checked. */
  status: z.enum(PLAGIARISM_STATUSES),
  /** 0..1, by groups done. */
  progress: z.number(),
  scope: plagiarismScope.nullable(),
  /** The contest had not ended when the check started: later submissions are not in it. */
  partial: z.boolean(),
  /** The bilingual warning for a partial check (in the request's language), else null. */
  warning: z.string().nullable(),
  /** A failed job's reason, else null. */
  error: z.string().nullable(),
  startedBy: z.string().nullable(),
  /** ms since the epoch; null before it ran. */
  createdAt: z.number().int().nullable(),
  startedAt: z.number().int().nullable(),
  finishedAt: z.number().int().nullable(),
  /** Kept pairs matching the filters (the list carries at most `limit`). */
  total: z.number().int(),
  pairs: z.array(plagiarismPairVo),
  clusters: z.array(plagiarismClusterVo),
  groups: z.array(plagiarismGroupVo),
  /** Groups not compared (those of `groups` with an error). */
  unchecked: z.array(plagiarismGroupVo),
  /** Language families present (for the filter). */
  languages: z.array(z.string()),
});
export type PlagiarismReportVo = z.infer<typeof plagiarismReportVo>;

/** A line range of a shared fragment, 0-based rows inclusive (Dolos' selections). */
export const plagiarismRangeVo = vo({ startRow: z.number().int(), endRow: z.number().int(), startCol: z.number().int(), endCol: z.number().int() });
export const plagiarismFragmentVo = vo({ left: plagiarismRangeVo, right: plagiarismRangeVo });

export const plagiarismSideVo = vo({
  submitId: z.number().int(),
  uid: z.number().int(),
  username: z.string(),
  /** Verdict's language name ("C++ 17"). */
  language: z.string(),
  code: z.string(),
  /** ms since the epoch. */
  submitTime: z.number().int(),
  status: z.number().int(),
});

/** GET /api/admin/contest/plagiarism/pair: both sources and their shared fragments (for the side-by-side view). */
export const plagiarismPairDetailVo = vo({
  pair: plagiarismPairVo,
  left: plagiarismSideVo,
  right: plagiarismSideVo,
  fragments: z.array(plagiarismFragmentVo),
});
export type PlagiarismPairDetailVo = z.infer<typeof plagiarismPairDetailVo>;

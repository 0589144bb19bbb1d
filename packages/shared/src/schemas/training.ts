import { z } from 'zod';
import type { MsgKey } from '../messages.js';
import { optionalQueryBool, pageOf, queryBool, vo } from './common.js';

// Payloads of the training and global-rank calls (spec 02 §7, spec 03 §7), with HOJ's names.

export const TrainingAuth = { PUBLIC: 'Public', PRIVATE: 'Private' } as const;
export type TrainingAuthValue = (typeof TrainingAuth)[keyof typeof TrainingAuth];

export const TRAINING_PAGE_SIZE = 15;
export const TRAINING_RANK_PAGE_SIZE = 30;
export const GLOBAL_RANK_PAGE_SIZE = 30;
export const TRAINING_RANK_MAX = 2147483647;
export const TRAINING_RANK_DEFAULT = 1000;
/** Search boxes: longer text is refused with a message instead of being scanned. */
export const SEARCH_MAX = 200;

const id = z.coerce.number().int().positive().max(2 ** 31 - 1);
const currentPage = z.coerce.number().int().min(1).max(1_000_000).default(1);
const limit = (d: number) => z.coerce.number().int().min(1).max(200).default(d);
/** Blank search text means no filter. */
const search = z.string().max(SEARCH_MAX, 'searchTooLong').optional().nullable().transform((s) => (s?.trim() ? s.trim() : undefined));
/** Empty query values are dropped by HOJ's client, but an empty string may still arrive. */
const optionalQueryId = z.preprocess((v) => (v === '' || v === 'null' || v === 'undefined' ? undefined : v), id.optional());

export const trainingListQuery = z.object({
  currentPage, limit: limit(TRAINING_PAGE_SIZE), keyword: search, categoryId: optionalQueryId,
  auth: z.preprocess((v) => (v === '' ? undefined : v), z.enum([TrainingAuth.PUBLIC, TrainingAuth.PRIVATE]).optional()),
});
export type TrainingListQuery = z.infer<typeof trainingListQuery>;

export const tidQuery = z.object({ tid: id });

export const registerTrainingBody = z.object({
  tid: id,
  password: z.string({ error: 'trainingPasswordRequired' }).max(100).refine((s) => s.trim().length > 0, 'trainingPasswordRequired'),
});
export type RegisterTrainingBody = z.infer<typeof registerTrainingBody>;

export const trainingRankQuery = z.object({ tid: id, currentPage, limit: limit(TRAINING_RANK_PAGE_SIZE), keyword: search });
export type TrainingRankQuery = z.infer<typeof trainingRankQuery>;

/** get-rank-list: type 0 ACM, 1 OI. */
export const rankListQuery = z.object({
  currentPage, limit: limit(GLOBAL_RANK_PAGE_SIZE), searchUser: search,
  type: z.coerce.number({ error: 'rankTypeInvalid' }).int().refine((v) => v === 0 || v === 1, 'rankTypeInvalid'),
});
export type RankListQuery = z.infer<typeof rankListQuery>;

// ---- admin ---------------------------------------------------------------------------------

export const adminTrainingListQuery = z.object({ currentPage, limit: limit(10), keyword: search });

const bool01 = z.preprocess((v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v), z.boolean());

/** The training half of HOJ's TrainingDTO ({training, trainingCategory}). Ordered rules in validateTrainingForm. */
export const trainingFormSchema = z.object({
  id: z.coerce.number().int().positive().optional().nullable(),
  rank: z.union([z.number(), z.string(), z.null()]).optional(),
  title: z.string().max(255).nullable().optional(),
  description: z.string().max(65535).nullable().optional(),
  auth: z.string().max(20).default(TrainingAuth.PUBLIC),
  privatePwd: z.string().max(100).nullable().optional(),
  status: bool01.default(true),
  author: z.string().max(50).nullable().optional(),
  rankShowName: z.enum(['username', 'nickname', 'realname']).default('username'),
});
export type TrainingForm = z.infer<typeof trainingFormSchema>;

export const trainingCategoryRef = z.object({
  id: z.coerce.number().int().positive().optional().nullable(),
  name: z.string().max(255).nullable().optional(),
  color: z.string().max(30).nullable().optional(),
}).nullable().optional();

export const trainingDtoBody = z.object({ training: trainingFormSchema, trainingCategory: trainingCategoryRef });
export type TrainingDtoBody = z.infer<typeof trainingDtoBody>;

/** The rank field as a number when it is a valid one. */
export function parseTrainingRank(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(String(v).trim());
  return Number.isInteger(n) && n >= 0 && n <= TRAINING_RANK_MAX ? n : null;
}

/** Spec 03 §5 training form, checked in order: rank, title, description, category, password when not public. */
export function validateTrainingForm(f: { rank?: unknown; title?: string | null; description?: string | null; auth?: string | null; privatePwd?: string | null }, categoryId: number | null | undefined): MsgKey | null {
  if (parseTrainingRank(f.rank) === null) return 'trainingRankRequired';
  if (!f.title?.trim()) return 'trainingTitleRequired';
  if (!f.description?.trim()) return 'trainingDescriptionRequired';
  if (!categoryId) return 'trainingCategoryRequired';
  if (f.auth !== TrainingAuth.PUBLIC && f.auth !== TrainingAuth.PRIVATE) return 'trainingAuthInvalid';
  if (f.auth !== TrainingAuth.PUBLIC && !f.privatePwd?.trim()) return 'trainingPwdRequired';
  return null;
}

export const changeTrainingStatusQuery = z.object({ tid: id, status: queryBool, author: z.string().max(50).optional() });

export const adminTrainingProblemListQuery = z.object({
  tid: id, currentPage, limit: limit(10), keyword: search, queryExisted: optionalQueryBool,
});

export const addTrainingProblemBody = z.object({ tid: id, pid: id, displayId: z.string().max(50).optional().nullable() });
export type AddTrainingProblemBody = z.infer<typeof addTrainingProblemBody>;

/** PUT admin/training/problem: a training problem row with its new order (rank) and display ID. */
export const updateTrainingProblemBody = z.object({
  id: id, tid: id.optional(), pid: id.optional(),
  rank: z.coerce.number().int().min(0).max(TRAINING_RANK_MAX),
  displayId: z.string().max(50).optional().nullable(),
});

export const deleteTrainingProblemQuery = z.object({ pid: id, tid: id });

export const trainingCategoryBody = z.object({
  id: z.coerce.number().int().positive().optional().nullable(),
  name: z.string().max(255).nullable().optional().transform((s) => s?.trim() ?? ''),
  color: z.string().max(30).nullable().optional(),
}).refine((c) => c.name.length > 0, { message: 'trainingCategoryNameRequired', path: ['name'] });

export const deleteTrainingCategoryQuery = z.object({ cid: id });

// ---- responses -----------------------------------------------------------------------------

/** Training entity of spec 02 §3 (TrainingVO). */
export interface TrainingVo {
  id: number; rank: number; title: string; description: string; auth: TrainingAuthValue; author: string;
  categoryId: number | null; categoryName: string | null; categoryColor: string | null;
  problemCount: number; acCount: number; gid: number | null; rankShowName: string; gmtModified: number;
}

export interface TrainingCategoryVo { id: number; name: string; color: string | null; gid: number | null }

/** Training problem of spec 02 §3 (ProblemVO of a training). */
export interface TrainingProblemVo {
  pid: number; problemId: string; title: string; difficulty: number; type: number;
  tags: { id: number; name: string; color: string | null }[]; ac: number; total: number; myStatus: number | null;
}

/** Training rank row of spec 02 §3; submissionInfo is keyed by the problem's display ID. */
export interface TrainingRankRow {
  rank: number; uid: number; username: string; realname: string | null; nickname: string | null; showName: string;
  gender: string; school: string | null; avatar: string | null; ac: number; totalRunTime: number;
  submissionInfo: Record<string, { status: number; runTime: number | null; isAC: boolean }>;
}

/** Global rank record of spec 02 §3 (ACMRankVO / OIRankVO). */
/** One row of get-rank-list (HOJ's ACMRankVO / OIRankVO in one: `ac`/`total` for ACM, `score` for OI). */
export const globalRankRecord = vo({
  rank: z.number().int(), uid: z.number().int(), username: z.string(), nickname: z.string().nullable(), avatar: z.string().nullable(),
  signature: z.string().nullable(), titleName: z.string().nullable(), titleColor: z.string().nullable(),
  ac: z.number().int(), total: z.number().int(), score: z.number(),
});
export type GlobalRankRecord = z.infer<typeof globalRankRecord>;
/** get-rank-list. */
export const globalRankPage = pageOf(globalRankRecord);
/** get-user-rank-position: the user's place in the ACM and OI lists (null: not listed). */
export const userRankPosition = vo({ acmRank: z.number().int().nullable(), oiRank: z.number().int().nullable() });

export interface TrainingAdminVo {
  id: number; rank: number; title: string; description: string; auth: TrainingAuthValue; privatePwd: string; status: boolean;
  author: string; gid: number | null; rankShowName: string; gmtCreate: number; gmtModified: number;
}

/** AC rate of spec 02 §9: ac/total*100 to 2 decimals. */
export const acRate = (ac: number, total: number) => (total > 0 ? ((ac / total) * 100).toFixed(2) : '0.00');

import { z } from 'zod';
import type { MsgKey } from '../messages.js';
import { optionalQueryBool, pageOf, queryBool, vo } from './common.js';
import { tagVo } from './problem.js';

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

export const trainingAuth = z.enum([TrainingAuth.PUBLIC, TrainingAuth.PRIVATE]);
/** What a training's rank shows as the name. */
export const rankShowName = z.string().describe('username | nickname | realname');

/** Training entity of spec 02 §3 (HOJ's TrainingVO): get-training-list rows, group training lists. Times are epoch ms. */
export const trainingVo = vo({
  id: z.number().int(), rank: z.number().int(), title: z.string(), description: z.string(), auth: trainingAuth, author: z.string(),
  categoryId: z.number().int().nullable(), categoryName: z.string().nullable(), categoryColor: z.string().nullable(),
  problemCount: z.number().int(), acCount: z.number().int(), gid: z.number().int().nullable(), rankShowName, gmtModified: z.number().int(),
});
export type TrainingVo = z.infer<typeof trainingVo>;
/** get-training-list, group/get-training-list. */
export const trainingPage = pageOf(trainingVo);

/** get-training-detail: the training with the caller's access and admin right. */
export const trainingDetailVo = vo({ ...trainingVo.shape, access: z.boolean(), isTrainingAdmin: z.boolean() });
export type TrainingDetailVo = z.infer<typeof trainingDetailVo>;

/** get-training-access. */
export const trainingAccessVo = vo({ access: z.boolean() });

/** HOJ's TrainingCategory (get-training-category, the admin category calls). */
export const trainingCategoryVo = vo({ id: z.number().int(), name: z.string(), color: z.string().nullable(), gid: z.number().int().nullable() });
export type TrainingCategoryVo = z.infer<typeof trainingCategoryVo>;

/** Training problem of spec 02 §3 (HOJ's ProblemVO of a training): get-training-problem-list. */
export const trainingProblemVo = vo({
  pid: z.number().int(), problemId: z.string(), title: z.string(), difficulty: z.number().int(), type: z.number().int(),
  tags: z.array(tagVo), ac: z.number().int(), total: z.number().int(), myStatus: z.number().int().describe('NOT_SUBMITTED (-10) when the caller has none'),
});
export type TrainingProblemVo = z.infer<typeof trainingProblemVo>;

/** One problem cell of a training rank row. runTime: the fastest accepted run, ms. */
export const trainingRankCell = vo({ status: z.number().int(), runTime: z.number().int().nullable(), isAC: z.boolean() });
/** Training rank row of spec 02 §3 (HOJ's TrainingRankVO); submissionInfo is keyed by the problem's display ID. */
export const trainingRankVo = vo({
  rank: z.number().int(), uid: z.number().int(), username: z.string(), realname: z.string().nullable(), nickname: z.string().nullable(), showName: z.string(),
  gender: z.string(), school: z.string().nullable(), avatar: z.string().nullable(), ac: z.number().int(), totalRunTime: z.number().int(),
  submissionInfo: z.record(z.string(), trainingRankCell),
});
export type TrainingRankRow = z.infer<typeof trainingRankVo>;
/** get-training-rank. */
export const trainingRankPage = pageOf(trainingRankVo);

/** get-user-trainings: the trainings a user has progressed in (user home). */
export const userTrainingVo = vo({ tid: z.number().int(), title: z.string(), auth: trainingAuth, acCount: z.number().int(), problemCount: z.number().int() });
export type UserTrainingVo = z.infer<typeof userTrainingVo>;

/** HOJ's Training entity as the admin form reads it (password included: admins only). */
export const trainingAdminVo = vo({
  id: z.number().int(), rank: z.number().int(), title: z.string(), description: z.string(), auth: trainingAuth, privatePwd: z.string(), status: z.boolean(),
  author: z.string(), gid: z.number().int().nullable(), rankShowName, gmtCreate: z.number().int(), gmtModified: z.number().int(),
});
export type TrainingAdminVo = z.infer<typeof trainingAdminVo>;
/** A row of the admin training lists (site and group): the entity without its password, with its category. */
export const trainingAdminRow = vo({ ...trainingAdminVo.omit({ privatePwd: true }).shape, categoryName: z.string().nullable(), categoryColor: z.string().nullable() });
export type TrainingAdminRow = z.infer<typeof trainingAdminRow>;
/** admin/training/get-training-list, group/get-admin-training-list. */
export const trainingAdminPage = pageOf(trainingAdminRow);
/** GET admin/training, group/training: HOJ's TrainingDTO as the edit form reads it. */
export const trainingDtoVo = vo({ training: trainingAdminVo, trainingCategory: trainingCategoryVo.nullable() });
export type TrainingDtoVo = z.infer<typeof trainingDtoVo>;

/** HOJ's TrainingProblem entity: a problem's place in a training. */
export const trainingProblemLink = vo({ id: z.number().int(), tid: z.number().int(), pid: z.number().int(), displayId: z.string(), rank: z.number().int() });
export type TrainingProblemLink = z.infer<typeof trainingProblemLink>;
/** A problem row of the admin training problem lists (HOJ's Problem entity, the fields sent). */
export const trainingProblemRow = vo({
  id: z.number().int(), problemId: z.string(), title: z.string(), auth: z.number().int(), type: z.number().int(), difficulty: z.number().int(),
  author: z.string().nullable().describe("the author's username"), gid: z.number().int().nullable(), gmtModified: z.number().int(),
});
export type TrainingProblemRow = z.infer<typeof trainingProblemRow>;
/** admin/training/get-problem-list, group/get-training-problem-list: the page, and each training problem's row by pid. */
export const trainingProblemListVo = vo({ problemList: pageOf(trainingProblemRow), trainingProblemMap: z.record(z.string(), trainingProblemLink) });
export type TrainingProblemListVo = z.infer<typeof trainingProblemListVo>;

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

/** AC rate of spec 02 §9: ac/total*100 to 2 decimals. */
export const acRate = (ac: number, total: number) => (total > 0 ? ((ac / total) * 100).toFixed(2) : '0.00');

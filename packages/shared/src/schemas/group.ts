import { z } from 'zod';
import type { MsgKey } from '../messages.js';
import { idParam, optionalQueryBool, pageOf, queryBool, vo } from './common.js';
import { problemEntityVo, problemFields, problemSaveBody, problemVo, tagVo } from './problem.js';
import { contestAnnouncementBody, contestFormSchema } from './contest.js';
import { trainingCategoryRef, trainingFormSchema } from './training.js';
import { discussionBody } from './forum.js';
import { announcementVo } from './site.js';

// Payloads of the group calls (spec 03 §2.3, §3-§7, §9) with HOJ's names, verbs and fields
// (hoj-vue/src/common/api.js "Group ..." and hoj-springboot controller/group/*).

/** Group auth (spec 03 §9): 1 public (join at once), 2 protected (apply), 3 private (code + apply). */
export const GroupAuth = { PUBLIC: 1, PROTECTED: 2, PRIVATE: 3 } as const;
/** A user's row in a group: 1 applying, 2 refused, 3 member, 4 group admin, 5 group root. */
export const GroupMemberAuth = { APPLYING: 1, REFUSED: 2, MEMBER: 3, ADMIN: 4, ROOT: 5 } as const;
/** Apply-public progress of a group problem: null never applied. */
export const ApplyPublicProgress = { APPLYING: 1, PUBLIC: 2, REFUSED: 3 } as const;

export const GROUP_LIMITS = {
  name: [5, 25], shortName: [5, 10], brief: [5, 50], description: [5, 1000], code: 6, reason: [5, 100],
} as const;

export const GROUP_PAGE_SIZES = {
  list: 15, listOptions: [9, 15, 30, 60, 120], announcement: 5, adminAnnouncement: 10,
  member: 10, discussion: 10, rank: 30, problem: 10, training: 10, contest: 10,
} as const;

/** Group avatar (spec 03 §5): these image types, at most 2 MB. */
export const GROUP_AVATAR = { maxBytes: 2_097_152, types: ['gif', 'jpg', 'jpeg', 'png', 'bmp', 'webp'] } as const;

const currentPage = z.coerce.number().int().min(1).max(1_000_000).default(1);
const limit = (d: number) => z.coerce.number().int().min(1).max(200).default(d);
const emptyToUndefined = (v: unknown) => (v === '' || v === null || v === 'null' || v === 'undefined' ? undefined : v);
const search = z.preprocess(emptyToUndefined, z.string().max(200, 'searchTooLong').optional()).transform((s) => (s?.trim() ? s.trim() : undefined));

// ---- groups -------------------------------------------------------------------------------

/** GET get-group-list: auth 0 / absent = all; onlyMine = groups the caller belongs to. */
export const groupListQuery = z.object({
  currentPage, limit: limit(GROUP_PAGE_SIZES.list), keyword: search,
  auth: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(3).optional()),
  onlyMine: z.preprocess(emptyToUndefined, optionalQueryBool),
});
export type GroupListQuery = z.infer<typeof groupListQuery>;

export const gidQuery = z.object({ gid: idParam });
/** The lists of a group's tabs: page, limit and gid. */
export const groupPageQuery = (defaultLimit: number) => z.object({ currentPage, limit: limit(defaultLimit), gid: idParam });

/** HOJ's Group entity as the create and update forms send it; rules in validateGroupForm. */
export const groupBody = z.object({
  id: idParam.optional().nullable(),
  name: z.string().max(1000).nullable().optional(),
  shortName: z.string().max(1000).nullable().optional(),
  brief: z.string().max(1000).nullable().optional(),
  description: z.string().max(100_000).nullable().optional(),
  auth: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
  code: z.string().max(1000).nullable().optional(),
  visible: z.preprocess((v) => (v === undefined || v === null ? undefined : v === true || v === 1 || v === 'true'), z.boolean().optional()),
  avatar: z.string().max(1000).nullable().optional(),
}).passthrough();
export type GroupBody = z.infer<typeof groupBody>;

const within = (s: string, [lo, hi]: readonly [number, number]) => s.length >= lo && s.length <= hi;
/** A short name prefixes the group's problem display IDs, so it takes their characters. */
export const SHORT_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;

/** Spec 03 §5 group form, in the form's order; the first failing message or null. */
export function validateGroupForm(f: Pick<GroupBody, 'name' | 'shortName' | 'brief' | 'description' | 'auth' | 'code'>): MsgKey | null {
  const name = f.name?.trim() ?? '';
  const shortName = f.shortName?.trim() ?? '';
  const brief = f.brief?.trim() ?? '';
  const description = f.description?.trim() ?? '';
  if (!name) return 'groupNameRequired';
  if (!within(name, GROUP_LIMITS.name)) return 'groupNameLength';
  if (!shortName) return 'groupShortNameRequired';
  if (!within(shortName, GROUP_LIMITS.shortName)) return 'groupShortNameLength';
  if (!SHORT_NAME_PATTERN.test(shortName)) return 'groupShortNameChars';
  if (!brief) return 'groupBriefRequired';
  if (!within(brief, GROUP_LIMITS.brief)) return 'groupBriefLength';
  if (f.auth !== GroupAuth.PUBLIC && f.auth !== GroupAuth.PROTECTED && f.auth !== GroupAuth.PRIVATE) return 'groupAuthRequired';
  if (f.auth !== GroupAuth.PUBLIC) {
    const code = f.code ?? '';
    if (!code) return 'groupCodeRequired';
    if (code.length !== GROUP_LIMITS.code) return 'groupCodeLength';
  }
  if (!description) return 'groupDescriptionRequired';
  if (!within(description, GROUP_LIMITS.description)) return 'groupDescriptionLength';
  return null;
}

/** Spec 03 §5 apply: the code for private groups, a reason of 5-100 for non-public ones. */
export function validateGroupApply(auth: number, code: string | null | undefined, reason: string | null | undefined): MsgKey | null {
  if (auth === GroupAuth.PRIVATE) {
    if (!code) return 'groupCodeRequired';
    if (code.length !== GROUP_LIMITS.code) return 'groupCodeLength';
  }
  if (auth !== GroupAuth.PUBLIC) {
    const r = reason?.trim() ?? '';
    if (!r) return 'groupReasonRequired';
    if (!within(r, GROUP_LIMITS.reason)) return 'groupReasonLength';
  }
  return null;
}

// ---- members ------------------------------------------------------------------------------

/** POST group/member: HOJ sends gid, code and reason as query parameters. */
export const addGroupMemberQuery = z.object({
  gid: idParam,
  code: z.preprocess(emptyToUndefined, z.string().max(100).optional()),
  reason: z.preprocess(emptyToUndefined, z.string().max(1000).optional()),
});

/** PUT group/member: a row of the apply / member list with its new auth. */
export const updateGroupMemberBody = z.object({
  id: idParam.optional().nullable(),
  gid: idParam,
  uid: idParam,
  auth: z.coerce.number({ error: 'groupMemberAuthInvalid' }).int('groupMemberAuthInvalid').min(1, 'groupMemberAuthInvalid').max(5, 'groupMemberAuthInvalid'),
}).passthrough();

export const deleteGroupMemberQuery = z.object({ uid: idParam, gid: idParam });

// ---- announcements ------------------------------------------------------------------------

/** POST/PUT group/announcement (HOJ's Announcement entity with gid). */
export const groupAnnouncementBody = z.object({
  id: idParam.optional().nullable(),
  gid: idParam,
  title: z.string({ error: 'groupAnnouncementTitleRequired' }).max(255).refine((s) => s.trim().length > 0, 'groupAnnouncementTitleRequired'),
  content: z.string({ error: 'groupAnnouncementContentRequired' }).max(65535).refine((s) => s.trim().length > 0, 'groupAnnouncementContentRequired'),
  status: z.coerce.number().int().min(0).max(1).default(0),
}).passthrough();
export const aidQuery = z.object({ aid: idParam });

// ---- problems -----------------------------------------------------------------------------

/** POST/PUT group/problem: the admin problem payload whose problem carries its gid. */
export const groupProblemSaveBody = problemSaveBody.extend({ problem: problemFields.extend({ gid: idParam }) });
export type GroupProblemSaveBody = z.infer<typeof groupProblemSaveBody>;

export const groupProblemCasesQuery = z.object({
  pid: idParam,
  isUpload: z.preprocess((v) => (v === undefined || v === '' ? true : v === 'true' || v === '1' || v === true), z.boolean()),
});
export const groupChangeProblemAuthQuery = z.object({ pid: idParam, auth: z.coerce.number({ error: 'groupProblemAuthInvalid' }).int().min(1, 'groupProblemAuthInvalid').max(3, 'groupProblemAuthInvalid') });
export const applyPublicQuery = z.object({ pid: idParam, isApplied: queryBool });

/** Display ID of a group problem: the short-name prefix joins what the form shows (spec 03 §3). */
export const groupDisplayId = (shortName: string, id: string) => (id.startsWith(shortName) ? id : `${shortName}${id}`);
/** What the edit form shows: the display ID without the group prefix. */
export const stripGroupPrefix = (shortName: string, id: string) => (id.startsWith(shortName) ? id.slice(shortName.length) : id);

/** admin/group-problem/list and change-progress. */
export const adminGroupProblemListQuery = z.object({
  currentPage, limit: limit(10), keyword: search,
  gid: z.preprocess(emptyToUndefined, idParam.optional()),
});
export const changeGroupProblemProgressBody = z.object({
  pid: idParam,
  progress: z.coerce.number({ error: 'groupProblemProgressInvalid' }).int().refine((p) => p === ApplyPublicProgress.PUBLIC || p === ApplyPublicProgress.REFUSED, 'groupProblemProgressInvalid'),
});

// ---- trainings ----------------------------------------------------------------------------

/** POST/PUT group/training: HOJ's TrainingDTO whose training carries its gid. */
export const groupTrainingDtoBody = z.object({ training: trainingFormSchema.extend({ gid: idParam }), trainingCategory: trainingCategoryRef });
export const groupTidQuery = z.object({ tid: idParam });
export const groupTrainingStatusQuery = z.object({ tid: idParam, status: queryBool });
export const groupTrainingProblemListQuery = z.object({
  currentPage, limit: limit(10), tid: idParam, keyword: search,
  queryExisted: z.preprocess((v) => (v === undefined || v === '' ? true : v), queryBool),
});
export const groupTrainingProblemBody = z.object({
  id: idParam, tid: idParam.optional(), pid: idParam.optional(),
  rank: z.coerce.number().int().min(0).max(2147483647),
  displayId: z.string().max(50).optional().nullable(),
}).passthrough();
export const groupDeleteTrainingProblemQuery = z.object({ pid: idParam, tid: idParam });
export const groupTrainingProblemFromPublicBody = z.object({ pid: idParam, tid: idParam, displayId: z.string().max(50).optional().nullable() });
/** add-training-problem-from-group: problemId is the group problem's display ID. */
export const groupTrainingProblemFromGroupQuery = z.object({ problemId: z.string().trim().min(1, 'groupProblemDisplayIdRequired').max(100), tid: idParam });

// ---- contests -----------------------------------------------------------------------------

/** POST/PUT group/contest: HOJ's AdminContestVO with gid. */
export const groupContestBody = contestFormSchema.extend({ gid: idParam });
export const groupCidQuery = z.object({ cid: idParam });
export const groupContestVisibleQuery = z.object({ cid: idParam, visible: queryBool });
export const groupContestProblemListQuery = z.object({
  currentPage, limit: limit(10), cid: idParam, keyword: search,
  problemType: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(1).optional()),
  oj: z.preprocess(emptyToUndefined, z.string().max(20).optional()),
  queryExisted: z.preprocess((v) => (v === undefined || v === '' ? true : v), queryBool),
});
/** GET admin/contest/get-problem-list: as the group's, but a problemType asks for the candidates to add (HOJ). */
export const adminContestProblemListQuery = groupContestProblemListQuery.omit({ queryExisted: true });
/** POST group/contest-problem: the problem payload plus the contest's display ID and cid. */
export const groupContestProblemSaveBody = problemSaveBody.extend({
  problem: problemFields.extend({ gid: idParam }),
  cid: idParam,
  displayId: z.string().trim().min(1, 'groupProblemDisplayIdRequired').max(50),
});
export const groupContestProblemQuery = z.object({ pid: idParam, cid: idParam });
export const groupContestProblemFromPublicBody = z.object({ pid: idParam, cid: idParam, displayId: z.string().trim().min(1, 'groupProblemDisplayIdRequired').max(50) });
export const groupContestProblemFromGroupQuery = z.object({
  problemId: z.string().trim().min(1, 'groupProblemDisplayIdRequired').max(100), cid: idParam,
  displayId: z.string().trim().min(1, 'groupProblemDisplayIdRequired').max(50),
});
export const groupContestAnnouncementListQuery = z.object({ currentPage, limit: limit(10), cid: idParam });
/** POST/PUT group/contest-announcement: HOJ's AnnouncementDTO {announcement, cid}. */
export const groupContestAnnouncementBody = z.object({
  announcement: contestAnnouncementBody.omit({ cid: true }).extend({ cid: idParam.optional() }),
  cid: idParam,
});
export const groupContestAnnouncementDeleteQuery = z.object({ aid: idParam, cid: idParam });

// ---- discussions, rank, avatar ------------------------------------------------------------

export const groupDiscussionListQuery = z.object({
  currentPage, limit: limit(GROUP_PAGE_SIZES.discussion), gid: idParam,
  pid: z.preprocess(emptyToUndefined, z.string().trim().max(255).optional()),
});
/** POST/PUT group/discussion: the discussion entity with its gid. */
export const groupDiscussionBody = discussionBody.extend({ gid: idParam });
export const didQuery = z.object({ did: idParam });

export const groupRankQuery = z.object({
  currentPage, limit: limit(GROUP_PAGE_SIZES.rank), gid: idParam, searchUser: search,
  type: z.coerce.number({ error: 'rankTypeInvalid' }).int().refine((v) => v === 0 || v === 1, 'rankTypeInvalid'),
});

// ---- answers (issue 29) ------------------------------------------------------------------
// Times are milliseconds since the epoch as stored (gmtCreate, gmtModified, gmtModify).

/** A row of get-group-list (HOJ's GroupVO). */
export const groupVo = vo({
  id: z.number().int(), avatar: z.string().nullable(), owner: z.string(), name: z.string(), shortName: z.string(), brief: z.string(),
  description: z.string(), auth: z.number().int(), visible: z.boolean(), memberCount: z.number().int(), gmtCreate: z.number().int(),
});
export type GroupVo = z.infer<typeof groupVo>;
export const groupVoPage = pageOf(groupVo);
/** get-group-detail and the avatar upload (HOJ's Group entity; code only for the group root and the super admin). */
export const groupDetail = vo({
  ...groupVo.shape, uid: z.number().int(), code: z.string().nullable(), status: z.number().int(), gmtModified: z.number().int(),
});
export type GroupDetail = z.infer<typeof groupDetail>;
/** get-group-access: may the caller open the group's tabs. */
export const groupAccessVo = vo({ access: z.boolean() });
/** get-group-auth: the caller's row auth (0 none, 1 applying, 2 refused, 3-5 member levels). */
export const groupAuthAnswer = z.number().int();
/** Rows of get-member-list / get-apply-list (HOJ's GroupMemberVO). */
export const groupMemberVo = vo({
  id: z.number().int(), gid: z.number().int(), uid: z.number().int(), username: z.string(), avatar: z.string().nullable(), auth: z.number().int(),
  reason: z.string().nullable(), gmtCreate: z.number().int(), gmtModify: z.number().int(),
});
export type GroupMemberVo = z.infer<typeof groupMemberVo>;
export const groupMemberPage = pageOf(groupMemberVo);

/** A group announcement (or a group contest's): HOJ's AnnouncementVO with gid and cid (0: the group's own). */
export const groupAnnouncementVo = announcementVo.extend({ gid: z.number().int(), cid: z.number().int() });
export type GroupAnnouncementVo = z.infer<typeof groupAnnouncementVo>;
export const groupAnnouncementPage = pageOf(groupAnnouncementVo);

/** A row of get-group-rank-list (HOJ's ACMRankVO / OIRankVO as the group rank sends them). */
export const groupRankVo = vo({
  rank: z.number().int(), uid: z.number().int(), username: z.string(), avatar: z.string().nullable(), titleName: z.string().nullable(),
  titleColor: z.string().nullable(), nickname: z.string().nullable(), ac: z.number().int(), total: z.number().int(), score: z.number(),
});
export type GroupRankVo = z.infer<typeof groupRankVo>;
/** @deprecated name kept for the web client: the rank row is `GroupRankVo`. */
export type GroupRankRow = GroupRankVo;
export const groupRankPage = pageOf(groupRankVo);

/** A row of group/get-admin-problem-list: the group's problems and those it made public. */
export const groupAdminProblemVo = vo({
  id: z.number().int(), problemId: z.string(), title: z.string(), auth: z.number().int(), type: z.number().int(), difficulty: z.number().int(),
  gid: z.number().int(), author: z.string(), authorUid: z.number().int().nullable(), applyPublicProgress: z.number().int().nullable(),
  judgeMode: z.string(), modifiedUser: z.string().nullable(), gmtCreate: z.number().int(), gmtModified: z.number().int(),
});
export type GroupAdminProblemVo = z.infer<typeof groupAdminProblemVo>;
export const groupAdminProblemPage = pageOf(groupAdminProblemVo);
/** A row of admin/group-problem/list: a group problem applying to be public. */
export const applyingGroupProblemVo = vo({
  id: z.number().int(), problemId: z.string(), title: z.string(), auth: z.number().int(), type: z.number().int(), difficulty: z.number().int(),
  gid: z.number().int(), groupName: z.string(), author: z.string(), applyPublicProgress: z.number().int().nullable(),
  judgeMode: z.string(), gmtCreate: z.number().int(), gmtModified: z.number().int(),
});
export type ApplyingGroupProblemVo = z.infer<typeof applyingGroupProblemVo>;
export const applyingGroupProblemPage = pageOf(applyingGroupProblemVo);
/** admin/group-problem/change-progress: the public display ID when approved, null when refused. */
export const groupProblemProgressAnswer = vo({ problemId: z.string() }).nullable();

/** A row of group/get-problem-list: HOJ's ProblemVO with the caller's status and OI score. */
export const groupProblemVo = vo({ ...problemVo.shape, score: z.number().nullable(), myStatus: z.number().int() });
export type GroupProblemVo = z.infer<typeof groupProblemVo>;
export const groupProblemPage = pageOf(groupProblemVo);
/** GET group/problem: the Problem entity plus the group's short name and the ID without it (the edit form). */
export const groupProblemEntityVo = vo({ ...problemEntityVo.shape, shortName: z.string(), problemIdWithoutPrefix: z.string() });
/** group/get-all-problem-tags: the site's tags (gid null) and the group's own. */
export const groupTagVo = vo({ ...tagVo.shape, oj: z.string(), gid: z.number().int().nullable() });

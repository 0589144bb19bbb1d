import type { Page } from '@verdict/shared';
import type {
  GroupAnnouncementVo, GroupDetail, GroupMemberVo, GroupProblemVo, GroupRankRow, GroupVo as SharedGroupVo, TrainingAdminVo, TrainingCategoryVo,
} from '@verdict/shared';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, download } from '../../lib/request';

/** A group as get-group-list and get-group-detail answer it (the code only for the group root). */
export type GroupVo = SharedGroupVo & Partial<Pick<GroupDetail, 'code' | 'status' | 'uid'>>;
/** Body of POST/PUT /api/group. */
export interface GroupBody {
  id?: number;
  name: string;
  shortName: string;
  brief: string;
  description: string;
  auth: number;
  code: string | null;
  visible: boolean;
}
export interface GroupListQuery { currentPage: number; limit: number; keyword?: string; auth?: number; onlyMine?: boolean }

export type GroupMember = GroupMemberVo;
export type GroupAnnouncement = GroupAnnouncementVo;
export type { GroupRankRow };
/** A row of the members' problem list, with the caller's own status. */
export type GroupPublicProblem = GroupProblemVo & { myStatus?: number };

/** A row of the group's admin problem list and of the training/contest problem pickers. */
export interface GroupProblemRow {
  id: number; problemId: string; title: string; difficulty: number; type: number; auth: number; gid: number;
  author: string | null; ac?: number; total?: number; applyPublicProgress: number | null; gmtCreate?: string | number; gmtModified?: string | number;
  tags?: { id: number; name: string; color: string | null }[];
}
export interface GroupTrainingRow {
  id: number; title: string; rank: number; auth: string; status: boolean; author: string; gid: number; categoryName: string | null; categoryColor: string | null;
  problemCount?: number; acCount?: number; gmtCreate?: string | number; gmtModified?: string | number;
}
export interface GroupContestRow {
  id: number; title: string; type: number; auth: number; status: number; startTime: string | number; endTime: string | number; duration: number;
  count?: number; openRank: boolean; oiRankScoreType: string; visible?: boolean; author: string; uid: string | number; gid: number;
}
export interface GroupDiscussionRow {
  id: number; pid: string | null; gid: number; title: string; description: string; content?: string; categoryId: number; categoryName?: string;
  topPriority: boolean; uid: string | number; author: string; avatar: string | null; role: string | null;
  commentNum: number; likeNum: number; viewNum: number; gmtCreate: string | number; status: number;
}

type Q = Record<string, unknown>;
const clean = (q: Q) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== '' && v !== null && v !== undefined));

/** HOJ's group calls (hoj-vue api.js), paths and payloads unchanged. */
export const groupApi = {
  list: (q: GroupListQuery) => api.get<Page<GroupVo>>('/get-group-list', clean(q as unknown as Q), { quiet: true }),
  detail: (gid: number) => api.get<GroupVo>('/get-group-detail', { gid }),
  access: (gid: number) => api.get<{ access: boolean; isGroupMember?: boolean }>('/get-group-access', { gid }, { quiet: true }),
  /** The user's level in the group: 0 none, 1 applying, 2 refused, 3 member, 4 admin, 5 root. */
  auth: (gid: number) => api.get<number>('/get-group-auth', { gid }, { quiet: true }),
  create: (b: GroupBody) => api.post<{ id: number }>('/group', b),
  update: (b: GroupBody) => api.put<null>('/group', b),
  disband: (gid: number) => api.delete<null>('/group', { gid }),
  uploadAvatar: (gid: number, png: Blob) => api.upload<GroupVo>('/file/upload-group-avatar', png, 'image', { gid: String(gid) }),

  members: (gid: number, currentPage: number, limit: number) => api.get<Page<GroupMember>>('/group/get-member-list', { currentPage, limit, gid }),
  applies: (gid: number, currentPage: number, limit: number) => api.get<Page<GroupMember>>('/group/get-apply-list', { currentPage, limit, gid }),
  apply: (gid: number, code: string, reason: string) => api.post<null>('/group/member', undefined, { params: { gid, code, reason } }),
  updateMember: (m: { uid: number; gid: number; auth: number }) => api.put<null>('/group/member', m),
  kick: (uid: number, gid: number) => api.delete<null>('/group/member', { uid, gid }),
  exit: (gid: number) => api.delete<null>('/group/member/exit', { gid }),

  announcements: (gid: number, currentPage: number, limit: number) => api.get<Page<GroupAnnouncement>>('/group/get-announcement-list', { currentPage, limit, gid }, { quiet: true }),
  adminAnnouncements: (gid: number, currentPage: number, limit: number) => api.get<Page<GroupAnnouncement>>('/group/get-admin-announcement-list', { currentPage, limit, gid }),
  addAnnouncement: (b: { gid: number; title: string; content: string; status: number }) => api.post<null>('/group/announcement', b),
  updateAnnouncement: (b: Partial<GroupAnnouncement> & { id: number }) => api.put<null>('/group/announcement', b),
  deleteAnnouncement: (aid: number) => api.delete<null>('/group/announcement', { aid }),

  problems: (gid: number, currentPage: number, limit: number) => api.get<Page<GroupPublicProblem>>('/group/get-problem-list', { currentPage, limit, gid }),
  adminProblems: (gid: number, currentPage: number, limit: number) => api.get<Page<GroupProblemRow>>('/group/get-admin-problem-list', { currentPage, limit, gid }),
  problem: (pid: number) => api.get<Record<string, any> & { id: number; problemId: string }>('/group/problem', { pid }),
  addProblem: (b: unknown) => api.post<{ pid: number }>('/group/problem', b),
  updateProblem: (b: unknown) => api.put<{ pid: number }>('/group/problem', b),
  deleteProblem: (pid: number) => api.delete<null>('/group/problem', { pid }),
  problemCases: (pid: number, isUpload: boolean) => api.get<{ id?: number; input: string; output: string; score: number | null; groupNum: number | null }[]>('/group/get-problem-cases', { pid, isUpload }),
  problemTagList: (gid: number) => api.get<{ id: number; name: string; color: string | null; oj?: string }[]>('/group/get-all-problem-tags', { gid }),
  compile: (mode: 'spj' | 'interactive', gid: number, body: { pid?: number | null; code: string; language: string; extraFiles: Record<string, string> }) =>
    api.post<{ msg: string }>(`/group/compile-${mode}`, body, { quiet: true, params: { gid } }),
  changeProblemAuth: (pid: number, auth: number) => api.put<null>('/group/change-problem-auth', undefined, { params: { pid, auth } }),
  applyPublic: (pid: number, isApplied: boolean) => api.put<null>('/group/apply-public', undefined, { params: { pid, isApplied } }),
  downloadCases: (pid: number, problemId: string) => download('/file/download-testcase', { pid }, `problem_${problemId}_testcase.zip`),

  trainings: (gid: number, currentPage: number, limit: number) => api.get<Page<GroupTrainingRow>>('/group/get-training-list', { currentPage, limit, gid }),
  adminTrainings: (gid: number, currentPage: number, limit: number) => api.get<Page<GroupTrainingRow>>('/group/get-admin-training-list', { currentPage, limit, gid }),
  training: (tid: number) => api.get<{ training: TrainingAdminVo; trainingCategory: TrainingCategoryVo | null }>('/group/training', { tid }),
  addTraining: (b: unknown) => api.post<null>('/group/training', b),
  updateTraining: (b: unknown) => api.put<null>('/group/training', b),
  deleteTraining: (tid: number) => api.delete<null>('/group/training', { tid }),
  changeTrainingStatus: (tid: number, status: boolean) => api.put<null>('/group/change-training-status', undefined, { params: { tid, status } }),
  trainingProblems: (q: { tid: number; currentPage: number; limit: number; keyword?: string; queryExisted: boolean }) =>
    api.get<{ problemList: Page<GroupProblemRow>; trainingProblemMap: Record<string, { id: number; tid: number; pid: number; displayId: string; rank: number }> }>('/group/get-training-problem-list', clean(q)),
  updateTrainingProblem: (b: { id: number; tid: number; pid: number; rank: number; displayId: string }) => api.put<null>('/group/training-problem', b),
  deleteTrainingProblem: (pid: number, tid: number) => api.delete<null>('/group/training-problem', { pid, tid }),
  addTrainingProblemFromPublic: (b: { pid: number; tid: number; displayId: string }) => api.post<null>('/group/add-training-problem-from-public', b),
  addTrainingProblemFromGroup: (problemId: string, tid: number) => api.post<null>('/group/add-training-problem-from-group', undefined, { params: { problemId, tid } }),

  contests: (gid: number, currentPage: number, limit: number) => api.get<Page<GroupContestRow>>('/group/get-contest-list', { currentPage, limit, gid }),
  adminContests: (gid: number, currentPage: number, limit: number) => api.get<Page<GroupContestRow>>('/group/get-admin-contest-list', { currentPage, limit, gid }),
  contest: (cid: number) => api.get<any>('/group/contest', { cid }),
  addContest: (b: unknown) => api.post<any>('/group/contest', b),
  updateContest: (b: unknown) => api.put<any>('/group/contest', b),
  deleteContest: (cid: number) => api.delete<null>('/group/contest', { cid }),
  changeContestVisible: (cid: number, visible: boolean) => api.put<null>('/group/change-contest-visible', undefined, { params: { cid, visible } }),
  contestProblems: (q: { cid: number; currentPage: number; limit: number; keyword?: string; queryExisted?: boolean }) =>
    api.get<{ problemList: Page<GroupProblemRow>; contestProblemMap: Record<string, { id: number; cid: number; pid: number; displayId: string; displayTitle: string; color: string | null }> }>('/group/get-contest-problem-list', clean(q)),
  contestProblem: (pid: number, cid: number) => api.get<{ id: number; cid: number; pid: number; displayId: string; displayTitle: string; color: string | null }>('/group/contest-problem', { pid, cid }),
  addContestProblem: (b: unknown) => api.post<{ pid: number }>('/group/contest-problem', b),
  updateContestProblem: (b: unknown) => api.put<null>('/group/contest-problem', b),
  deleteContestProblem: (pid: number, cid: number) => api.delete<null>('/group/contest-problem', { pid, cid }),
  addContestProblemFromPublic: (b: { pid: number; cid: number; displayId: string }) => api.post<null>('/group/add-contest-problem-from-public', b),
  addContestProblemFromGroup: (problemId: string, cid: number, displayId: string) => api.post<null>('/group/add-contest-problem-from-group', undefined, { params: { problemId, cid, displayId } }),
  contestAnnouncements: (cid: number, currentPage: number, limit: number) => api.get<Page<GroupAnnouncement & { cid: number }>>('/group/get-contest-announcement-list', { currentPage, limit, cid }),
  addContestAnnouncement: (b: { announcement: { title: string; content: string; status: number }; cid: number }) => api.post<null>('/group/contest-announcement', b),
  updateContestAnnouncement: (b: { announcement: { id: number; title: string; content: string; status: number }; cid: number }) => api.put<null>('/group/contest-announcement', b),
  deleteContestAnnouncement: (aid: number, cid: number) => api.delete<null>('/group/contest-announcement', { aid, cid }),

  discussions: (gid: number, currentPage: number, limit: number, pid?: string) => api.get<Page<GroupDiscussionRow>>('/group/get-discussion-list', clean({ currentPage, limit, gid, pid })),
  adminDiscussions: (gid: number, currentPage: number, limit: number) => api.get<Page<GroupDiscussionRow>>('/group/get-admin-discussion-list', { currentPage, limit, gid }),
  addDiscussion: (b: unknown) => api.post<{ id: number }>('/group/discussion', b),
  updateDiscussion: (b: unknown) => api.put<null>('/group/discussion', b),
  deleteDiscussion: (did: number) => api.delete<null>('/group/discussion', { did }),

  rank: (gid: number, currentPage: number, limit: number, type: number, searchUser?: string) =>
    api.get<Page<GroupRankRow>>('/get-group-rank-list', clean({ currentPage, limit, gid, type, searchUser })),
};

/** Query keys beside their calls; invalidating `all(gid)` refreshes every list of one group. */
export const groupKeys = {
  list: (q: GroupListQuery) => ['group-list', q] as const,
  lists: ['group-list'] as const,
  detail: (gid: number) => ['group-detail', gid] as const,
  access: (gid: number) => ['group-access', gid] as const,
  auth: (gid: number) => ['group-auth', gid] as const,
  all: (gid: number) => ['group', gid] as const,
  members: (gid: number, page: number, limit: number) => ['group', gid, 'members', page, limit] as const,
  applies: (gid: number, page: number, limit: number) => ['group', gid, 'applies', page, limit] as const,
  announcements: (gid: number, admin: boolean, page: number, limit: number) => ['group', gid, 'announcements', admin, page, limit] as const,
  problems: (gid: number, admin: boolean, page: number, limit: number) => ['group', gid, 'problems', admin, page, limit] as const,
  trainings: (gid: number, admin: boolean, page: number, limit: number) => ['group', gid, 'trainings', admin, page, limit] as const,
  trainingProblems: (gid: number, q: object) => ['group', gid, 'training-problems', q] as const,
  contests: (gid: number, admin: boolean, page: number, limit: number) => ['group', gid, 'contests', admin, page, limit] as const,
  contestProblems: (gid: number, q: object) => ['group', gid, 'contest-problems', q] as const,
  contestAnnouncements: (gid: number, cid: number, page: number) => ['group', gid, 'contest-announcements', cid, page] as const,
  discussions: (gid: number, admin: boolean, page: number, pid?: string) => ['group', gid, 'discussions', admin, page, pid] as const,
  rank: (gid: number, page: number, limit: number, type: number, search: string) => ['group', gid, 'rank', page, limit, type, search] as const,
  /** The visible announcements of the group's home (and of its announcement page for members). */
  homeAnnouncements: (gid: number) => ['group', gid, 'home-announcements'] as const,
  /** The admin announcement table, of the group or of one group contest (its pages below). */
  announcementTable: (gid: number) => ['group', gid, 'announcements', true] as const,
  contestAnnouncementTable: (gid: number, cid: number) => ['group', gid, 'contest-announcements', cid] as const,
  contest: (cid: number) => ['group-contest', cid] as const,
  /** Public problems offered to a group training or contest ("add from public"; the search below). */
  trainingPublic: (tid: number) => ['group-training-public', tid] as const,
  contestPublic: (cid: number) => ['group-contest-public', cid] as const,
};

export const groupListQuery = (q: GroupListQuery) => queryOptions({ queryKey: groupKeys.list(q), queryFn: () => groupApi.list(q) });
export const groupDetailQuery = (gid: number) => queryOptions({ queryKey: groupKeys.detail(gid), queryFn: () => groupApi.detail(gid) });
/** Keyed by the user too: another login asks again. */
export const groupAuthQuery = (gid: number, username: string | undefined) => queryOptions({ queryKey: [...groupKeys.auth(gid), username], queryFn: () => groupApi.auth(gid) });
export const groupAccessQuery = (gid: number, username: string | undefined) => queryOptions({ queryKey: [...groupKeys.access(gid), username], queryFn: () => groupApi.access(gid) });
export const groupMembersQuery = (gid: number, admin: boolean, page: number, limit: number) => queryOptions({
  queryKey: admin ? groupKeys.applies(gid, page, limit) : groupKeys.members(gid, page, limit),
  queryFn: () => (admin ? groupApi.applies(gid, page, limit) : groupApi.members(gid, page, limit)),
});
export const groupProblemsQuery = (gid: number, page: number, limit: number) => queryOptions({ queryKey: groupKeys.problems(gid, false, page, limit), queryFn: () => groupApi.problems(gid, page, limit) });
export const groupAdminProblemsQuery = (gid: number, page: number, limit: number) => queryOptions({ queryKey: groupKeys.problems(gid, true, page, limit), queryFn: () => groupApi.adminProblems(gid, page, limit) });
export const groupTrainingsQuery = (gid: number, page: number, limit: number) => queryOptions({ queryKey: groupKeys.trainings(gid, false, page, limit), queryFn: () => groupApi.trainings(gid, page, limit) });
export const groupAdminTrainingsQuery = (gid: number, page: number, limit: number) => queryOptions({ queryKey: groupKeys.trainings(gid, true, page, limit), queryFn: () => groupApi.adminTrainings(gid, page, limit) });
export const groupTrainingProblemsQuery = (gid: number, q: Parameters<typeof groupApi.trainingProblems>[0]) =>
  queryOptions({ queryKey: groupKeys.trainingProblems(gid, q), queryFn: () => groupApi.trainingProblems(q) });
export const groupContestsQuery = (gid: number, page: number, limit: number) => queryOptions({ queryKey: groupKeys.contests(gid, false, page, limit), queryFn: () => groupApi.contests(gid, page, limit) });
export const groupAdminContestsQuery = (gid: number, page: number, limit: number) => queryOptions({ queryKey: groupKeys.contests(gid, true, page, limit), queryFn: () => groupApi.adminContests(gid, page, limit) });
export const groupContestProblemsQuery = (gid: number, q: Parameters<typeof groupApi.contestProblems>[0]) =>
  queryOptions({ queryKey: groupKeys.contestProblems(gid, q), queryFn: () => groupApi.contestProblems(q) });
export const groupContestQuery = (cid: number) => queryOptions({ queryKey: groupKeys.contest(cid), queryFn: () => groupApi.contest(cid) });
export const groupDiscussionsQuery = (gid: number, admin: boolean, page: number, limit: number, pid?: string) => queryOptions({
  queryKey: groupKeys.discussions(gid, admin, page, pid),
  queryFn: () => (admin ? groupApi.adminDiscussions(gid, page, limit) : groupApi.discussions(gid, page, limit, pid)),
});
export const groupRankQuery = (gid: number, page: number, limit: number, type: number, search: string) =>
  queryOptions({ queryKey: groupKeys.rank(gid, page, limit, type, search), queryFn: () => groupApi.rank(gid, page, limit, type, search || undefined) });
/** A page of an announcement table (`key` from groupKeys.announcementTable / contestAnnouncementTable). */
export const announcementTableQuery = <T,>(store: { key: readonly unknown[]; list: (page: number, limit: number) => Promise<T> }, page: number, limit: number) =>
  queryOptions({ queryKey: [...store.key, page, limit], queryFn: () => store.list(page, limit) });
/** A page of the "add from public" picker (`base` from groupKeys.trainingPublic / contestPublic). */
export const publicPickerQuery = <Q, T>(base: readonly unknown[], q: Q, load: (q: Q) => Promise<T>) => queryOptions({ queryKey: [...base, q], queryFn: () => load(q) });

export const invalidateGroupLists = (qc: QueryClient) => qc.invalidateQueries({ queryKey: groupKeys.lists });
/** Everything of one group (after a membership change): its detail, the caller's level and access, and every list. */
export function invalidateGroup(qc: QueryClient, gid: number) {
  void qc.invalidateQueries({ queryKey: groupKeys.detail(gid) });
  void qc.invalidateQueries({ queryKey: groupKeys.auth(gid) });
  void qc.invalidateQueries({ queryKey: groupKeys.access(gid) });
  void qc.invalidateQueries({ queryKey: groupKeys.all(gid) });
}
/** Every list of one group (after a judge of one of its problems). */
export const invalidateGroupData = (qc: QueryClient, gid: number) => qc.invalidateQueries({ queryKey: groupKeys.all(gid) });

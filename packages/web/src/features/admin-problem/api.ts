import type { ProblemSaveBody, AdminProblemVo, PackageSolutionVo, ImportReportVo, TagClassificationVo } from '@verdict/shared';
import { queryOptions } from '@tanstack/react-query';
import { api, download } from '../../lib/request';
import type { Page } from '@verdict/shared';
import type { Tag, TagGroup } from '../problem';

export type AdminProblemRow = AdminProblemVo;
export interface AdminCase { id?: number; input: string; output: string; score: number | null; groupNum: number | null; index?: number }
export interface AdminProblemView {
  problem: Record<string, any> & { id: number; problemId: string };
  tags: Tag[];
  languages: string[];
  codeTemplates: { id?: number; language: string; code: string; status: boolean }[];
  cases: AdminCase[];
  judgeMode: string;
}
export interface StagedUpload { fileList: { input: string; output: string; score: number; groupNum?: number }[]; fileListDir: string }
export type TagClassification = TagClassificationVo;
/** A solution kept from a problem package, with its last check (GET admin/problem/package-solutions). */
export type PackageSolution = PackageSolutionVo;
/** `notes`: what an imported problem's package held that was not kept (dropped group dependencies, solutions in languages we lack…). */
export type ImportReport = ImportReportVo;

export const adminProblemApi = {
  list: (q: { keyword?: string; auth?: number; currentPage: number; limit: number }) => api.get<Page<AdminProblemRow>>('/admin/problem/get-problem-list', q),
  /** As HOJ's editor loads a problem: the entity, then its tags, languages, templates and cases by their own calls. */
  get: async (pid: number): Promise<AdminProblemView> => {
    const [problem, tags, languages, codeTemplates] = await Promise.all([
      api.get<AdminProblemView['problem']>('/admin/problem', { pid }),
      api.get<Tag[]>('/get-problem-tags', { pid }),
      api.get<{ name: string }[]>('/get-problem-languages', { pid }),
      api.get<AdminProblemView['codeTemplates']>('/get-problem-code-template', { pid }),
    ]);
    const cases = await api.get<AdminCase[]>('/admin/problem/get-problem-cases', { pid, isUpload: !!problem.isUploadCase });
    return { problem, tags, languages: languages.map((l) => l.name), codeTemplates, cases, judgeMode: problem.judgeMode ?? 'default' };
  },
  create: (body: ProblemSaveBody) => api.post<{ pid: number }>('/admin/problem', body),
  update: (body: ProblemSaveBody) => api.put<{ pid: number }>('/admin/problem', body),
  remove: (pid: number) => api.delete<null>('/admin/problem', { pid }),
  changeAuth: (pid: number, auth: number) => api.put<null>('/admin/problem/change-problem-auth', { pid, auth }),
  compile: (mode: 'spj' | 'interactive', body: { pid?: number | null; code: string; language: string; extraFiles: Record<string, string> }) =>
    api.post<{ msg: string }>(`/admin/problem/compile-${mode}`, body, { quiet: true }),
  downloadCases: (pid: number, problemId: string) => download('/file/download-testcase', { pid }, `problem_${problemId}_testcase.zip`),
  uploadMdImage: (file: File) => api.upload<{ link: string; fileId: number }>('/file/upload-md-img', file, 'image'),
  // Tags and classifications (all admin roles).
  tags: (oj: string) => api.get<TagGroup[]>('/admin/tag', { oj }),
  saveTag: (t: { id?: number; name: string; color?: string | null; oj: string; classificationId?: number | null }) =>
    (t.id ? api.put<null>('/admin/tag', t) : api.post<Tag>('/admin/tag', t)),
  deleteTag: (id: number) => api.delete<null>('/admin/tag', { id }),
  classifications: (oj: string) => api.get<TagClassification[]>('/admin/tag/classification', { oj }),
  saveClassification: (c: { id?: number; name: string; oj: string; rank: number }) =>
    (c.id ? api.put<null>('/admin/tag/classification', c) : api.post<TagClassification>('/admin/tag/classification', c)),
  deleteClassification: (id: number) => api.delete<null>('/admin/tag/classification', { id }),
  // Batch operations: our own zip export, and imports of our zip and other judges' formats.
  exportProblems: (pids: number[]) => download('/admin/problem/export-problem', { pids: pids.join(',') }, 'problems.zip'),
  exportPolygon: (pids: number[]) => download('/file/export-polygon-problem', { pids: pids.join(',') }, 'polygon.zip'),
  // A problem package's solutions: expected vs got, and judging them all again.
  packageSolutions: (pid: number) => api.get<PackageSolution[]>('/admin/problem/package-solutions', { pid }),
  checkPackageSolutions: (pid: number) => api.post<PackageSolution[]>('/admin/problem/check-package-solutions', { pid }),
};

/** Query keys of the admin problem calls, built here only. */
export const adminProblemKeys = {
  list: (q: object) => ['admin-problems', q] as const,
  one: (pid: number | null | undefined) => ['admin-problem', pid] as const,
  /** A group's problem in the form (a group contest's when cid is set). */
  scoped: (gid: number, cid: number | null | undefined, pid: number | null | undefined) => ['scoped-problem', gid, cid, pid] as const,
  tags: (oj: string) => ['admin-tags', oj] as const,
  classifications: (oj: string) => ['admin-tag-classes', oj] as const,
  packageSolutions: (pid: number) => ['package-solutions', pid] as const,
  /** A contest's problem in the problem form. */
  inContest: (cid: number, pid: number | null | undefined) => ['admin-contest-problem', cid, pid] as const,
};
export const adminProblemListQuery = (q: Parameters<typeof adminProblemApi.list>[0]) => queryOptions({ queryKey: adminProblemKeys.list(q), queryFn: () => adminProblemApi.list(q) });
export const adminTagsQuery = (oj: string) => queryOptions({ queryKey: adminProblemKeys.tags(oj), queryFn: () => adminProblemApi.tags(oj) });
export const adminClassificationsQuery = (oj: string) => queryOptions({ queryKey: adminProblemKeys.classifications(oj), queryFn: () => adminProblemApi.classifications(oj) });
export const packageSolutionsQuery = (pid: number) => queryOptions({ queryKey: adminProblemKeys.packageSolutions(pid), queryFn: () => adminProblemApi.packageSolutions(pid) });
/** What the problem form loads, under the key of where it is edited (`key`: adminProblemKeys.one / scoped, or the contest's). */
export const problemFormQuery = <T,>(key: readonly unknown[], load: () => Promise<T>) => queryOptions({ queryKey: key, queryFn: load });

/** Where a problem sits in a contest, sent with the problem form in contest mode. */
export interface ContestProblemPlace { displayId: string; displayTitle: string; color?: string | null }
export type ContestProblemView = AdminProblemView & ContestProblemPlace;
export type ContestProblemSaveBody = ProblemSaveBody & ContestProblemPlace & { cid: number };

/** A problem through its contest (contest-only problems are created here: auth 3, the contest's rule type). */
export const adminContestProblemFormApi = {
  /** The problem as the admin form loads it, plus its place in the contest (the entity call carries it). */
  get: async (cid: number, pid: number): Promise<ContestProblemView> => {
    const [place, view] = await Promise.all([
      api.get<ContestProblemPlace>('/admin/contest/problem', { cid, pid }),
      adminProblemApi.get(pid),
    ]);
    return { ...view, displayId: place.displayId, displayTitle: place.displayTitle, color: place.color };
  },
  create: (body: ContestProblemSaveBody) => api.post<{ pid: number }>('/admin/contest/problem', body),
  update: (body: ContestProblemSaveBody) => api.put<{ pid: number }>('/admin/contest/problem', body),
};


import type { ProblemSaveBody } from '@verdict/shared';
import { api, download } from '../../lib/request';
import type { PageOf, Tag, TagGroup } from '../problem/api';

export interface AdminProblemRow {
  id: number; problemId: string; title: string; auth: number; type: number; difficulty: number; isRemote: boolean; judgeMode: string;
  author: string | null; modifiedUser: string | null; gmtCreate: string | number; gmtModified: string | number;
}
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
export interface TagClassification { id: number; name: string; oj: string; rank: number }
/** A solution kept from a problem package, with its last check (GET admin/problem/package-solutions). */
export interface PackageSolution {
  id: number; name: string; tag: string; language: string; expected: number[]; status: number | null; score: number | null;
  time: number | null; memory: number | null; message: string | null; checkedAt: number | null; ok: boolean | null;
}
/** `notes`: what an imported problem's package held that was not kept (dropped group dependencies, solutions in languages we lack…). */
export interface ImportReport { imported: { problemId: string; title: string }[]; skipped: { name: string; reason: string }[]; notes?: { name: string; message: string }[] }

export const adminProblemApi = {
  list: (q: { keyword?: string; auth?: number; currentPage: number; limit: number }) => api.get<PageOf<AdminProblemRow>>('/admin/problem/get-problem-list', q),
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
  allLanguages: () => api.get<{ name: string; description: string; template: string; contentType: string; available?: boolean }[]>('/languages', { all: true }),
  // Batch operations: our own zip export, and imports of our zip and other judges' formats.
  exportProblems: (pids: number[]) => download('/admin/problem/export-problem', { pids: pids.join(',') }, 'problems.zip'),
  exportPolygon: (pids: number[]) => download('/file/export-polygon-problem', { pids: pids.join(',') }, 'polygon.zip'),
  // A problem package's solutions: expected vs got, and judging them all again.
  packageSolutionsQuery: (pid: number) => ({ queryKey: ['package-solutions', pid], queryFn: () => api.get<PackageSolution[]>('/admin/problem/package-solutions', { pid }) }),
  checkPackageSolutions: (pid: number) => api.post<PackageSolution[]>('/admin/problem/check-package-solutions', { pid }),
};

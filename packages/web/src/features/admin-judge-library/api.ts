import type { JudgeLibraryFile, JudgeLibraryList } from '@verdict/shared';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/request';

export type { JudgeLibraryFile, JudgeLibraryList };


/** Admin → Judge library: headers every checker / interactor compile sees. */
export const judgeLibraryApi = {
  list: () => api.get<JudgeLibraryList>('/admin/judge-library'),
  upload: (file: File) => api.upload<JudgeLibraryFile>('/admin/judge-library', file),
  remove: (name: string) => api.delete<null>('/admin/judge-library', { name }),
};

export const judgeLibraryKeys = { list: ['admin', 'judge-library'] as const };
export const judgeLibraryQuery = () => queryOptions({ queryKey: judgeLibraryKeys.list, queryFn: judgeLibraryApi.list });
export const invalidateJudgeLibrary = (qc: QueryClient) => qc.invalidateQueries({ queryKey: judgeLibraryKeys.list });

import { createContext, useContext } from 'react';
import type { ProblemSaveBody } from '@verdict/shared';
import type { AdminProblemView, ContestProblemPlace } from '../api';

/**
 * Lets another area (a group, issue 15) reuse the problem form with its own calls: the problem is
 * loaded and saved through `load/create/update`, special-judge code is compiled and images and
 * test-case zips are uploaded with the group's id, and the display ID is edited without the
 * group's short-name prefix (the server adds it). With `cid` the form works on a group contest's problem.
 */
export interface ProblemFormScope {
  gid: number;
  /** The problem being edited; none to create one. */
  pid?: number;
  prefix: string;
  backTo: string;
  title: string;
  cid?: number;
  contestType?: number;
  load: (pid: number) => Promise<AdminProblemView & Partial<ContestProblemPlace>>;
  create: (body: ProblemSaveBody & Partial<ContestProblemPlace> & { cid?: number }) => Promise<unknown>;
  update: (body: ProblemSaveBody & Partial<ContestProblemPlace> & { cid?: number }) => Promise<unknown>;
  compile: (mode: 'spj' | 'interactive', body: { pid?: number | null; code: string; language: string; extraFiles: Record<string, string> }) => Promise<unknown>;
  uploadImage: (file: File) => Promise<{ link: string }>;
  onSaved: (created: boolean) => void;
}

export const ProblemFormScopeContext = createContext<ProblemFormScope | null>(null);
export const useProblemFormScope = () => useContext(ProblemFormScopeContext);

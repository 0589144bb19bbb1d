import { PROBLEM_DEFAULTS, splitOiScores, type JUDGE_CASE_MODES, type JUDGE_MODES } from '@verdict/shared';

export type JudgeMode = (typeof JUDGE_MODES)[number];
export type CaseMode = (typeof JUDGE_CASE_MODES)[number];

export interface CaseRow { input: string; output: string; score: number | null; groupNum: number | null }
export interface TemplateRow { language: string; code: string; status: boolean }
export interface TagRow { id?: number; name: string; color?: string | null }

/** Everything the problem form edits (spec 03 §3 group problem fields plus the save payload's lists). */
export interface ProblemFormState {
  id?: number;
  problemId: string;
  title: string;
  description: string;
  input: string;
  output: string;
  hint: string;
  source: string;
  timeLimit: number;
  memoryLimit: number;
  stackLimit: number;
  difficulty: number;
  auth: number;
  type: number;
  codeShare: boolean;
  isRemoveEndBlank: boolean;
  openCaseResult: boolean;
  isUploadCase: boolean;
  judgeCaseMode: CaseMode;
  judgeMode: JudgeMode;
  spjCode: string;
  spjLanguage: string;
  userExtraFile: Record<string, string>;
  judgeExtraFile: Record<string, string>;
  isFileIO: boolean;
  ioReadFileName: string;
  ioWriteFileName: string;
  isRemote: boolean;
  examples: { input: string; output: string }[];
  tags: TagRow[];
  languages: string[];
  codeTemplates: TemplateRow[];
  manualCases: CaseRow[];
  /** Uploaded cases (file names), either from a fresh zip (uploadDir set) or stored on the server. */
  uploadCases: CaseRow[];
  uploadDir: string | null;
}

export const emptyForm = (): ProblemFormState => ({
  problemId: '', title: '', description: '', input: '', output: '', hint: '', source: '',
  timeLimit: PROBLEM_DEFAULTS.timeLimit, memoryLimit: PROBLEM_DEFAULTS.memoryLimit, stackLimit: PROBLEM_DEFAULTS.stackLimit,
  difficulty: 0, auth: 1, type: 0, codeShare: true, isRemoveEndBlank: true, openCaseResult: true, isUploadCase: true,
  judgeCaseMode: 'default', judgeMode: 'default', spjCode: '', spjLanguage: PROBLEM_DEFAULTS.spjLanguage,
  userExtraFile: {}, judgeExtraFile: {}, isFileIO: false, ioReadFileName: '', ioWriteFileName: '', isRemote: false,
  examples: [{ input: '', output: '' }], tags: [], languages: [], codeTemplates: [], manualCases: [], uploadCases: [], uploadDir: null,
});

/** Spec 03 §4: OI shares 100 points evenly, the remainder on the last cases. */
export function withSplitScores(rows: CaseRow[]): CaseRow[] {
  const scores = splitOiScores(rows.length);
  return rows.map((r, i) => ({ ...r, score: scores[i] }));
}

/** Case modes offered by type (spec 03 §4): OI default/subtask, ACM default/ergodic. */
export const caseModesFor = (type: number): CaseMode[] =>
  type === 1 ? ['default', 'subtask_lowest', 'subtask_average'] : ['default', 'ergodic_without_error'];

/** What identifies a compiled checker: the mode, its language and its code. */
export const compileKey = (f: Pick<ProblemFormState, 'judgeMode' | 'spjLanguage' | 'spjCode'>) => `${f.judgeMode}\u0000${f.spjLanguage}\u0000${f.spjCode}`;

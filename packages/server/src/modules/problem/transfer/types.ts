import type { TestCaseData } from '../../testcase/testdata.js';
import type { PackageSolution } from './package-files.js';

/** One problem read from an exchange file, ready for saveProblem (cases given directly). */
export interface ImportedProblem {
  /** Where it came from, for the report (folder or title). */
  label: string;
  /** The admin form payload (parsed by problemSaveBody before saving). */
  body: Record<string, unknown>;
  cases: TestCaseData[];
  /** Images to store and link from the statement: placeholder src -> bytes. */
  images?: { src: string; data: Buffer; ext: string }[];
  /** Solutions a problem package carries (Polygon, ICPC), kept to be judged from the admin page. */
  solutions?: PackageSolution[];
}

/** A problem the reader had to leave out, with the reason shown in the report. */
export interface SkippedProblem { label: string; reason: string; vars?: Record<string, string | number> }

export interface ParsedArchive { problems: ImportedProblem[]; skipped: SkippedProblem[] }

export type ImportFormat = 'verdict' | 'hoj' | 'qduoj' | 'fps' | 'hydro' | 'polygon' | 'icpc';

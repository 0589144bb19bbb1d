import type { CheckerConvention } from '@verdict/shared';
import type { TestCaseData } from '../../testcase/testdata.js';
import type { StatementFile } from './statement-files.js';
import type { PackageSolution } from './package-files.js';

/** One problem read from an exchange file, ready for saveProblem (cases given directly). */
export interface ImportedProblem {
  /** Where it came from, for the report (folder or title). */
  label: string;
  /** The admin form payload (parsed by problemSaveBody before saving). */
  body: Record<string, unknown>;
  cases: TestCaseData[];
  /** Images to store and link from the statement: placeholder src -> bytes (checked like uploads: size, real type). */
  images?: StatementFile[];
  /** Hydro attachments: PDFs are kept beside the images. */
  allowPdf?: boolean;
  /** How the checker is called (FPS spj: HUSTOJ's order and exit codes); default testlib. */
  checkerConvention?: CheckerConvention;
  /** What the package held that is not kept (dropped subtask limits, ...): shown beside the imported problem. */
  notes?: { reason: string; vars?: Record<string, string | number> }[];
  /** Solutions a problem package carries (Polygon, ICPC), kept to be judged from the admin page. */
  solutions?: PackageSolution[];
}

/** A problem the reader had to leave out, with the reason shown in the report. */
export interface SkippedProblem { label: string; reason: string; vars?: Record<string, string | number> }

export interface ParsedArchive { problems: ImportedProblem[]; skipped: SkippedProblem[] }

export type ImportFormat = 'verdict' | 'hoj' | 'qduoj' | 'fps' | 'hydro' | 'polygon' | 'icpc';

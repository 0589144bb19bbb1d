/** Rows of the judge library (migration 0025): one per header; its text in `content` (0034; null on rows from before it, filled from a server's disk). */
export interface JudgeLibraryTable {
  name: string;
  size: number;
  sha256: string;
  uid: number;
  gmt_modified: number;
  content: string | null;
}

declare module '../../db/schema.js' {
  interface Database {
    judge_library: JudgeLibraryTable;
  }
  interface ProblemTable {
    checker_convention: import('kysely').Generated<string>; // 0025: 'testlib' | 'hustoj' (FPS spj argument order and exit codes)
  }
}

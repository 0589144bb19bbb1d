import type { Generated, Selectable } from 'kysely';

/** Tables of migration 0005_contest, merged into the Kysely Database interface. */
export interface ContestTable {
  id: Generated<number>;
  title: string;
  description: string;
  type: number; // 0 ACM, 1 OI
  auth: number; // 0 public, 1 private, 2 protected
  pwd: string | null;
  start_time: number;
  end_time: number;
  duration: number; // ms
  seal_rank: number;
  seal_rank_time: number | null; // absolute ms
  auto_real_rank: number;
  open_rank: number;
  open_print: number;
  allow_end_submit: number;
  rank_show_name: string;
  open_account_limit: number;
  account_limit_rule: string | null;
  star_account: string; // JSON list of usernames
  oi_rank_score_type: string; // Recent | Highest
  award_type: number;
  award_config: string; // JSON list of AwardTier
  visible: number;
  uid: number;
  author: string;
  gid: number;
  rank_ver: number;
  /** Users taken out of the rank for plagiarism (migration 0028): JSON {uid: reason}, or null. */
  rank_excluded: string | null;
  gmt_create: number;
  gmt_modified: number;
  /** 1: the contest moves ratings when it ends (migration 0029, issue 30). */
  rated: Generated<number>;
}

export interface ContestProblemTable {
  id: Generated<number>;
  cid: number;
  pid: number;
  display_id: string;
  display_title: string;
  color: string | null;
  gmt_create: number;
}

export interface ContestRegisterTable {
  id: Generated<number>;
  cid: number;
  uid: number;
  gmt_create: number;
}

export interface ContestRankCellTable {
  cid: number;
  uid: number;
  pid: number;
  subs: string;
  ver: number;
}

export interface ContestAcInfoTable {
  id: Generated<number>;
  cid: number;
  uid: number;
  pid: number;
  submit_id: number;
  submit_time: number;
  first_blood: number;
  checked: number;
  gmt_create: number;
}

export interface ContestPrintTable {
  id: Generated<number>;
  cid: number;
  uid: number;
  username: string;
  realname: string | null;
  content: string;
  status: number;
  gmt_create: number;
}

declare module '../../db/schema.js' {
  interface Database {
    contest: ContestTable;
    contest_problem: ContestProblemTable;
    contest_register: ContestRegisterTable;
    contest_rank_cell: ContestRankCellTable;
    contest_ac_info: ContestAcInfoTable;
    contest_print: ContestPrintTable;
  }
}

/** A contest's settings. Its rank version is the rank model's to read (repo.ts says why). */
export type ContestRow = Omit<Selectable<ContestTable>, 'rank_ver'>;
export type ContestProblemRow = Selectable<ContestProblemTable>;

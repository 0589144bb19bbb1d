import type { Generated, Selectable } from 'kysely';

/** Tables of migration 0013_training, merged into the Kysely Database interface. */
export interface TrainingTable {
  id: Generated<number>;
  title: string;
  description: string;
  author: string; // username of the creator
  uid: number;
  auth: string; // Public | Private
  private_pwd: string | null;
  status: number; // 1 visible
  rank: number; // list order, ascending
  gid: number; // 0 = site training
  category_id: number;
  rank_show_name: string; // username | nickname | realname
  rank_ver: number; // bumped on every rank change
  gmt_create: number;
  gmt_modified: number;
}

export interface TrainingCategoryTable {
  id: Generated<number>;
  name: string;
  color: string | null;
  gid: number;
  gmt_create: number;
  gmt_modified: number;
}

export interface TrainingProblemTable {
  id: Generated<number>;
  tid: number;
  pid: number;
  display_id: string;
  rank: number; // order inside the training, ascending
  gmt_create: number;
  gmt_modified: number;
}

export interface TrainingRegisterTable {
  id: Generated<number>;
  tid: number;
  uid: number;
  status: number; // 1 allowed
  gmt_create: number;
}

export interface TrainingParticipantTable {
  tid: number;
  uid: number;
  ac: number;
  total_run_time: number;
  gmt_modified: number;
  ver: Generated<number>; // training rank version of the row's last change (migration 0014)
}

export interface TrainingRankCellTable {
  tid: number;
  uid: number;
  pid: number;
  status: number; // Accepted when ever accepted, else the latest verdict
  ac: number;
  run_time: number | null; // fastest Accepted run, ms
}

declare module '../../db/schema.js' {
  interface Database {
    training: TrainingTable;
    training_category: TrainingCategoryTable;
    training_problem: TrainingProblemTable;
    training_register: TrainingRegisterTable;
    training_participant: TrainingParticipantTable;
    training_rank_cell: TrainingRankCellTable;
  }
}

export type TrainingRow = Selectable<TrainingTable>;
export type TrainingCategoryRow = Selectable<TrainingCategoryTable>;

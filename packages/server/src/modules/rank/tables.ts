/** Tables of migration 0013_training (global ranks), merged into the Kysely Database interface. */
export interface RankUserProblemTable {
  uid: number;
  pid: number;
  ac: number; // 1 when the user has an Accepted on the problem (outside contests)
  subs: number; // judged submissions outside contests
  best_oi: number; // best OI rank score (spec 01 §9)
}

export interface RankUserTable {
  uid: number;
  ac: number;
  total: number;
  score: number;
  gmt_modified: number;
  ver: number;
}

export interface RankStateTable {
  id: number;
  ver: number;
}

declare module '../../db/schema.js' {
  interface Database {
    rank_user_problem: RankUserProblemTable;
    rank_user: RankUserTable;
    rank_state: RankStateTable;
  }
}

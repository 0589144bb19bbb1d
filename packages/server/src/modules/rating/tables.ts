import type { Generated, Selectable } from 'kysely';

/** Tables of migration 0029_rating, merged into the Kysely Database interface. */
export interface ContestRatingJobTable {
  id: Generated<number>;
  cid: number;
  /** pending | running | done | failed */
  state: string;
  owner: string | null;
  lease_until: number | null;
  attempts: Generated<number>;
  rated_count: Generated<number>;
  error: string | null;
  done_at: number | null;
}

export interface ContestRatingTable {
  id: Generated<number>;
  cid: number;
  uid: number;
  old_rating: number;
  new_rating: number;
  delta: number;
  rank: number;
  performance: number;
  is_first: number;
  /** The contest's end (ms): the order of a user's rating history. */
  contest_end: number;
  gmt_create: number;
}

export interface UserRatingTable {
  uid: number;
  rating: number;
  contests: number;
  gmt_modified: number;
}

declare module '../../db/schema.js' {
  interface Database {
    contest_rating_job: ContestRatingJobTable;
    contest_rating: ContestRatingTable;
    user_rating: UserRatingTable;
  }
}

export type ContestRatingJobRow = Selectable<ContestRatingJobTable>;

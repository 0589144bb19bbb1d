import type { Selectable } from 'kysely';

type Id = import('kysely').Generated<number>;

export interface RemoteSiteTable {
  oj: string;
  enabled: number;
  base_url: string | null; // null: the site's real address
  gmt_modified: number;
}

export interface RemoteAccountTable {
  id: Id;
  oj: string;
  username: string;
  secret: string; // AES-GCM, see secrets.ts
  enabled: number;
  lease_owner: string | null; // busy while a submission uses it
  lease_token: string | null;
  lease_expires_at: number | null;
  last_used_at: number | null;
  last_error: string | null;
  gmt_create: number;
  gmt_modified: number;
}

export interface RemoteSubmissionTable {
  submit_id: number;
  oj: string;
  remote_pid: string;
  account_id: number | null;
  run_id: string | null; // set once the home site accepted the code
  submitted_at: number | null;
  tries: number;
  last_error: string | null;
}

declare module '../../db/schema.js' {
  interface Database {
    remote_site: RemoteSiteTable;
    remote_account: RemoteAccountTable;
    remote_submission: RemoteSubmissionTable;
  }
  interface ProblemTable {
    remote_pid: string | null; // 0017: the home site's id ('1000A'); remote_oj holds the site key
  }
  interface JudgeTaskTable {
    site: string | null; // 0017: remote tasks: the site key, so claims can pick sites with a free account
  }
}

export type RemoteAccountRow = Selectable<RemoteAccountTable>;
export type RemoteSiteRow = Selectable<RemoteSiteTable>;

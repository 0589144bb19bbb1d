import type { ColumnType, Generated, Selectable } from 'kysely';

/** Tables of migration 0015_group, merged into the Kysely Database interface. */
export interface GroupInfoTable {
  id: Generated<number>;
  avatar: string | null;
  name: string;
  short_name: string; // prefix of the group's problem display IDs
  brief: string;
  description: string;
  owner: string; // username of the owner
  uid: number; // the owner
  auth: number; // 1 public, 2 protected, 3 private
  code: string | null; // invitation code (protected / private)
  visible: number;
  status: number; // 0 normal, 1 banned
  gmt_create: number;
  gmt_modified: number;
}

export interface GroupMemberTable {
  id: Generated<number>;
  gid: number;
  uid: number;
  auth: number; // 1 applying, 2 refused, 3 member, 4 admin, 5 root
  reason: string | null;
  gmt_create: number;
  gmt_modified: number;
}

declare module '../../db/schema.js' {
  interface Database {
    group_info: GroupInfoTable;
    group_member: GroupMemberTable;
  }
  // The group a public problem came from (set when its apply-public is approved), so the group keeps seeing its progress.
  interface ProblemTable {
    origin_gid: ColumnType<number, number | undefined, number>;
  }
}

export type GroupRow = Selectable<GroupInfoTable>;
export type GroupMemberRow = Selectable<GroupMemberTable>;

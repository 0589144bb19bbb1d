/** Role names and role codes of spec 01 §3. */
export const Role = {
  ROOT: 1000,
  ADMIN: 1001,
  DEFAULT_USER: 1002,
  NO_SUBMIT: 1003,
  NO_DISCUSS: 1004,
  MUTED: 1005,
  NO_SUBMIT_NO_DISCUSS: 1006,
  NO_SUBMIT_MUTED: 1007,
  PROBLEM_ADMIN: 1008,
} as const;
export type RoleCode = (typeof Role)[keyof typeof Role];

export const ROLE_NAMES: Record<number, string> = {
  1000: 'root',
  1001: 'admin',
  1002: 'default_user',
  1003: 'no_submit',
  1004: 'no_discuss',
  1005: 'mute_comment',
  1006: 'no_submit_no_discuss',
  1007: 'no_submit_mute_comment',
  1008: 'problem_admin',
};

export const ALL_ROLE_CODES = Object.values(Role) as RoleCode[];
const has = (roles: readonly number[], ...codes: number[]) => roles.some((r) => codes.includes(r));

export const isRoot = (roles: readonly number[]) => has(roles, Role.ROOT);
export const isAdminRole = (roles: readonly number[]) => has(roles, Role.ROOT, Role.ADMIN);
/** Any role that may enter the admin area. */
export const canEnterAdmin = (roles: readonly number[]) => has(roles, Role.ROOT, Role.ADMIN, Role.PROBLEM_ADMIN);
export const canSubmit = (roles: readonly number[]) => !has(roles, Role.NO_SUBMIT, Role.NO_SUBMIT_NO_DISCUSS, Role.NO_SUBMIT_MUTED);
export const canPostDiscussion = (roles: readonly number[]) => !has(roles, Role.NO_DISCUSS, Role.NO_SUBMIT_NO_DISCUSS);
export const canComment = (roles: readonly number[]) => !has(roles, Role.MUTED, Role.NO_SUBMIT_MUTED);

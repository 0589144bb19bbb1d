import type { Selectable } from 'kysely';
import { ROLE_NAMES, canComment, canEnterAdmin, canPostDiscussion, canSubmit, isAdminRole, isRoot, type UserInfo } from '@verdict/shared';
import type { UserTable } from '../../db/schema.js';

export type UserRow = Selectable<UserTable>;

export const roleNames = (role: number) => [ROLE_NAMES[role] ?? 'default_user'];

/** What the client keeps about the logged-in user (login, change-userInfo, avatar upload answers). */
export function toUserInfo(u: UserRow): UserInfo {
  return {
    uid: u.id, username: u.username, nickname: u.nickname, realname: u.realname, email: u.email, avatar: u.avatar,
    school: u.school, gender: u.gender, signature: u.signature, github: u.github, blog: u.blog, cfUsername: u.cf_username, number: u.number,
    titleName: u.title_name, titleColor: u.title_color, roleList: roleNames(u.role),
    uiTheme: u.ui_theme === 'light' || u.ui_theme === 'dark' || u.ui_theme === 'system' ? u.ui_theme : null,
  };
}

/** Permission names derived from the role code, for get-user-auth-info. */
export function permissionsOf(role: number): string[] {
  const r = [role];
  const out: string[] = [];
  if (canSubmit(r)) out.push('submit');
  if (canPostDiscussion(r)) out.push('discussion');
  if (canComment(r)) out.push('comment');
  if (canEnterAdmin(r)) out.push('admin_area', 'problem_admin');
  if (isAdminRole(r)) out.push('admin');
  if (isRoot(r)) out.push('root');
  return out;
}

/** Trimmed optional text; empty becomes null. */
export const orNull = (v: string | null | undefined) => {
  if (v === undefined || v === null) return null;
  const s = v.trim();
  return s === '' ? null : s;
};

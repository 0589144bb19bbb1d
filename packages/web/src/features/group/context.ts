import { createContext, useContext } from 'react';
import { GroupAuth, GroupMemberAuth } from '@verdict/shared';
import type { GroupVo } from './api';

export { GroupAuth };

/** Member levels of spec 03 §3 / §6. */
export const GroupLevel = { NONE: 0, ...GroupMemberAuth } as const;
export const GROUP_AUTH_KEYS: Record<number, { key: 'public' | 'protected' | 'private'; color: string }> = {
  1: { key: 'public', color: 'success' },
  2: { key: 'protected', color: 'warning' },
  3: { key: 'private', color: 'error' },
};
export const LEVEL_KEYS: Record<number, string> = { 1: 'applying', 2: 'refused', 3: 'member', 4: 'admin', 5: 'root' };

/**
 * What every screen under /group/{id} shares: the group, the user's level in it and the derived
 * rights of spec 03 §6 (root = level 5, owner or super admin; admin = root or 4; member = admin or 3).
 */
export interface GroupContextValue {
  group: GroupVo;
  gid: number;
  level: number;
  isOwner: boolean;
  isRoot: boolean;
  isAdmin: boolean;
  isMember: boolean;
  /** Super admin of the site. */
  isSuperAdmin: boolean;
  /** Site admin roles (admin, problem_admin, root) */
  isSiteAdmin: boolean;
  username: string | null;
  uid: string | number | null;
  /** Tabs other than the home are disabled for non-members without entry access. */
  menuDisabled: boolean;
  refresh: () => void;
}

export const GroupContext = createContext<GroupContextValue | null>(null);
export function useGroup(): GroupContextValue {
  const v = useContext(GroupContext);
  if (!v) throw new Error('useGroup outside GroupContext');
  return v;
}

export function groupRights(group: GroupVo, level: number, access: boolean, user: { username: string; uid: string | number } | null, isSuperAdmin: boolean, isSiteAdmin: boolean) {
  const logged = !!user;
  const isOwner = logged && group.owner === user!.username;
  const isRoot = logged && (level === GroupLevel.ROOT || isOwner || isSuperAdmin);
  const isAdmin = logged && (isRoot || level === GroupLevel.ADMIN);
  const isMember = logged && (isAdmin || level === GroupLevel.MEMBER);
  return { isOwner, isRoot, isAdmin, isMember, menuDisabled: !isMember && !access, isSuperAdmin, isSiteAdmin };
}

import { ContestStatus, GroupMemberAuth } from '@verdict/shared';
import type { GroupContextValue } from './context';

/**
 * Spec 03 §6 as the screens apply it (the server enforces the same rules; these only decide what
 * is offered). Kept free of React so they are unit-tested (packages/web/test/group-rules.test.ts).
 */
type Me = Pick<GroupContextValue, 'isSuperAdmin' | 'isOwner' | 'level'>;

/** A row's auth select is locked for non-super, non-owner users when the row is at or above their level. */
export const canChangeRow = (g: Me, row: { auth: number }) => g.isSuperAdmin || g.isOwner || row.auth < g.level;

/** Options at or above one's own level are locked (the owner and the super admin may give any); a member never goes back to applying/refused. */
export function optionDisabled(g: Me, row: { auth: number }, option: number) {
  if (option <= GroupMemberAuth.REFUSED) return row.auth >= GroupMemberAuth.MEMBER;
  return !g.isSuperAdmin && !g.isOwner && option >= g.level;
}

/** Kick: the owner or super admin, or a member below one's level; never oneself; the owner only by the super admin (that disbands the group). */
export function canKick(g: Me & Pick<GroupContextValue, 'uid' | 'group'>, row: { uid: number | string; username: string; auth: number }) {
  if (String(row.uid) === String(g.uid)) return false;
  if (row.username === g.group.owner) return g.isSuperAdmin;
  return g.isOwner || g.isSuperAdmin || row.auth < g.level;
}

/** Edit, download, apply-public, delete and auth of a problem: only this group's problems, by the group root or the author. */
export const mayManageProblem = (g: Pick<GroupContextValue, 'gid' | 'isRoot' | 'username'>, p: { gid: number | null; author: string | null }) =>
  Number(p.gid) === g.gid && (g.isRoot || (!!g.username && p.author === g.username));

/** Visibility, edit, problem list and delete of a training: the group root or its author (by username). */
export const mayManageTraining = (g: Pick<GroupContextValue, 'isRoot' | 'username'>, tr: { author: string }) => g.isRoot || (!!g.username && tr.author === g.username);

/** Edit, problems, announcements, download, delete and visibility of a contest: the group root or its creator (by uid). */
export const mayManageContest = (g: Pick<GroupContextValue, 'isRoot' | 'uid'>, c: { uid: number | string }) => g.isRoot || (g.uid !== null && String(c.uid) === String(g.uid));

/**
 * The plagiarism check of a contest (issue 31): its admins as the server counts them (the group root
 * or the contest's creator), once the contest has started (a running one gives a partial result).
 */
export const mayCheckPlagiarism = (g: Pick<GroupContextValue, 'isRoot' | 'uid'>, c: { uid: number | string; status: number }) =>
  mayManageContest(g, c) && c.status !== ContestStatus.SCHEDULED;

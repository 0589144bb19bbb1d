import { GroupMemberAuth, isRoot } from '@verdict/shared';
import type { Db } from '../../db/index.js';
import type { AuthUser } from '../../http/auth.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { GroupRow } from './tables.js';

/**
 * Group levels of spec 03 §6: root 5 (a level-5 row, the owner, or the super admin), admin 4,
 * member 3; applying (1), refused (2) and strangers (0) are not members. Site admin and
 * problem admin roles give no level inside a group (HOJ: only the super admin passes).
 */
export const Level = { NONE: 0, APPLYING: 1, REFUSED: 2, MEMBER: 3, ADMIN: 4, ROOT: 5 } as const;
export type Need = 'member' | 'admin' | 'root';
const NEED_LEVEL: Record<Need, number> = { member: Level.MEMBER, admin: Level.ADMIN, root: Level.ROOT };
const NEED_MSG = { member: 'groupMemberOnly', admin: 'groupAdminOnly', root: 'groupRootOnly' } as const;

export async function findGroup(db: Db, gid: number): Promise<GroupRow | undefined> {
  return db.selectFrom('group_info').selectAll().where('id', '=', gid).executeTakeFirst();
}

/** The auth of the user's row in the group (0 without one). */
export async function memberAuth(db: Db, gid: number, uid: number): Promise<number> {
  const r = await db.selectFrom('group_member').select('auth').where('gid', '=', gid).where('uid', '=', uid).executeTakeFirst();
  return r?.auth ?? Level.NONE;
}

/** The caller's effective level in the group. */
export async function levelIn(db: Db, user: AuthUser | null, g: Pick<GroupRow, 'id' | 'uid'>): Promise<number> {
  if (!user) return Level.NONE;
  if (isRoot(user.roles) || user.uid === g.uid) return Level.ROOT;
  return memberAuth(db, g.id, user.uid);
}

/**
 * The group when it may be opened by the caller: it exists and is not banned (the super admin
 * sees banned ones), and a hidden group only for its members.
 */
export async function openGroup(db: Db, user: AuthUser | null, gid: number): Promise<{ g: GroupRow; level: number }> {
  const g = await findGroup(db, gid);
  const superAdmin = !!user && isRoot(user.roles);
  if (!g || (g.status === 1 && !superAdmin)) throw notFound('groupNotFound');
  const level = await levelIn(db, user, g);
  if (g.visible !== 1 && level < Level.MEMBER) throw forbidden('groupNotVisible');
  return { g, level };
}

/** The group and the caller's level, refused (403) below `need`. */
export async function requireLevel(db: Db, user: AuthUser, gid: number, need: Need): Promise<{ g: GroupRow; level: number }> {
  const r = await openGroup(db, user, gid);
  if (r.level < NEED_LEVEL[need]) throw forbidden(NEED_MSG[need]);
  return r;
}

/**
 * Content of the group (problems, trainings, contests, announcements) is managed by the group
 * root or by its author while still a group admin (spec 03 §6).
 */
export async function requireRootOrAuthor(db: Db, user: AuthUser, gid: number, isAuthor: boolean): Promise<{ g: GroupRow; level: number }> {
  const r = await requireLevel(db, user, gid, 'admin');
  if (r.level < Level.ROOT && !isAuthor) throw forbidden('groupRootOnly');
  return r;
}

export const isMemberLevel = (level: number) => level >= GroupMemberAuth.MEMBER;

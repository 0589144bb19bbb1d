import type { GroupDetail, GroupMemberVo, GroupVo } from '@verdict/shared';
import type { Db } from '../../db/index.js';
import { notifyUser } from '../message/reminds.js';
import type { NoticeI18n } from '../message/notice-text.js';
import { Level } from './access.js';
import type { GroupRow } from './tables.js';

/** Members (level 3 and up) per group, for the list's memberCount. */
export async function memberCounts(db: Db, gids: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!gids.length) return out;
  const rows = await db.selectFrom('group_member').select((eb) => ['gid', eb.fn.countAll<number>().as('n')])
    .where('gid', 'in', gids).where('auth', '>=', Level.MEMBER).groupBy('gid').execute();
  for (const r of rows) out.set(r.gid, Number(r.n));
  return out;
}

export const toGroupVo = (g: GroupRow, memberCount: number): GroupVo => ({
  id: g.id, avatar: g.avatar, owner: g.owner, name: g.name, shortName: g.short_name, brief: g.brief, description: g.description,
  auth: g.auth, visible: g.visible === 1, memberCount, gmtCreate: g.gmt_create,
});

/** HOJ's Group entity; the invitation code only for who may change it. */
export const toGroupDetail = (g: GroupRow, memberCount: number, withCode: boolean): GroupDetail => ({
  ...toGroupVo(g, memberCount), uid: g.uid, code: withCode ? g.code : null, status: g.status, gmtModified: g.gmt_modified,
});

export function memberSelect(db: Db) {
  return db.selectFrom('group_member as m').innerJoin('user as u', 'u.id', 'm.uid')
    .select(['m.id', 'm.gid', 'm.uid', 'u.username', 'u.avatar', 'm.auth', 'm.reason', 'm.gmt_create', 'm.gmt_modified']);
}
type MemberSelected = Awaited<ReturnType<ReturnType<typeof memberSelect>['execute']>>[number];

export const toMemberVo = (r: MemberSelected): GroupMemberVo => ({
  id: r.id, gid: r.gid, uid: r.uid, username: r.username, avatar: r.avatar ?? null, auth: r.auth, reason: r.reason,
  gmtCreate: Number(r.gmt_create), gmtModify: Number(r.gmt_modified),
});

/** Uids of the group's admins and root(s), who hear of new applications. */
export async function groupAdminUids(db: Db, g: GroupRow): Promise<number[]> {
  const rows = await db.selectFrom('group_member').select('uid').where('gid', '=', g.id).where('auth', '>=', Level.ADMIN).execute();
  return [...new Set([g.uid, ...rows.map((r) => r.uid)])];
}

/** A notice in each user's message centre, shown in the reader's language (message/notice-text.ts). */
export async function notify(db: Db, uids: number[], notice: NoticeI18n) {
  for (const uid of uids) await notifyUser(db, uid, notice, null);
}

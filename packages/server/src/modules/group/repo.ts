import type { GroupAnnouncementVo, GroupDetail, GroupMemberVo, GroupVo } from '@verdict/shared';
import type { Db } from '../../db/index.js';
import { page } from '../../http/envelope.js';
import { containsText } from '../../lib/like.js';
import { now } from '../../lib/time.js';
import { notifyUser } from '../message/reminds.js';
import type { NoticeI18n } from '../message/notice-text.js';
import { Level } from './access.js';
import type { GroupMemberRow, GroupRow } from './tables.js';

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

// ---- groups ---------------------------------------------------------------------------------

export interface GroupListFilter {
  superAdmin: boolean; uid: number | null; onlyMine: boolean; auth?: number; keyword?: string; currentPage: number; limit: number;
}

/**
 * A page of get-group-list, newest first: banned groups only for the super admin, hidden ones
 * only for their members; onlyMine: the groups the caller owns or belongs to (none without login).
 */
export async function listGroups(db: Db, f: GroupListFilter): Promise<{ rows: GroupRow[]; total: number }> {
  let base = db.selectFrom('group_info');
  if (!f.superAdmin) base = base.where('status', '=', 0);
  const uid = f.uid;
  if (f.onlyMine) {
    if (uid === null) return { rows: [], total: 0 };
    const mine = db.selectFrom('group_member').select('gid').where('uid', '=', uid).where('auth', '>=', Level.MEMBER);
    base = base.where((eb) => eb.or([eb('id', 'in', mine), eb('uid', '=', uid)]));
  } else if (!f.superAdmin) {
    const mine = uid !== null ? db.selectFrom('group_member').select('gid').where('uid', '=', uid).where('auth', '>=', Level.MEMBER) : null;
    base = base.where((eb) => (mine ? eb.or([eb('visible', '=', 1), eb('id', 'in', mine)]) : eb('visible', '=', 1)));
  }
  if (f.auth) base = base.where('auth', '=', f.auth);
  if (f.keyword) {
    const kw = f.keyword;
    // HOJ's keyword: the name, the short name or the owner.
    base = base.where((eb) => eb.or([containsText('name', kw), containsText('short_name', kw), containsText('owner', kw)]));
  }
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base.selectAll().orderBy('id', 'desc').limit(f.limit).offset((f.currentPage - 1) * f.limit).execute();
  return { rows, total: Number(n) };
}

/** The stored columns of the group form (validated). */
export interface GroupColumns { name: string; short_name: string; brief: string; description: string; auth: number; code: string | null }

/** A new group and its owner's level-5 row, in one transaction; the group's id. */
export async function createGroup(db: Db, cols: GroupColumns, visible: boolean, owner: { uid: number; username: string }): Promise<number> {
  const t = now();
  return db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('group_info').values({
      ...cols, visible: visible ? 1 : 0, avatar: null, owner: owner.username, uid: owner.uid, status: 0, gmt_create: t, gmt_modified: t,
    }).returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('group_member').values({ gid: row.id, uid: owner.uid, auth: Level.ROOT, reason: null, gmt_create: t, gmt_modified: t }).execute();
    return row.id;
  });
}

/** Saves the group form; a new short name renames the group's problem display IDs with it. Returns the renamed problems. */
export async function updateGroup(db: Db, g: GroupRow, cols: GroupColumns, visible: number): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('group_info').set({ ...cols, visible, gmt_modified: now() }).where('id', '=', g.id).execute();
    return cols.short_name !== g.short_name ? renamePrefix(trx, g, cols.short_name) : [];
  });
}

/** The group's problem display IDs follow a new short name; returns the renamed problems. */
async function renamePrefix(trx: Db, g: GroupRow, next: string): Promise<number[]> {
  const rows = await trx.selectFrom('problem').select(['id', 'problem_id']).where('gid', '=', g.id).execute();
  const renamed: number[] = [];
  for (const r of rows) {
    if (!r.problem_id.startsWith(g.short_name)) continue;
    await trx.updateTable('problem').set({ problem_id: next + r.problem_id.slice(g.short_name.length) }).where('id', '=', r.id).execute();
    renamed.push(r.id);
  }
  return renamed;
}

/** Groups holding this name or this short name. */
export async function groupsNamed(db: Db, name: string, shortName: string) {
  return db.selectFrom('group_info').select(['id', 'name', 'short_name'])
    .where((eb) => eb.or([eb('name', '=', name), eb('short_name', '=', shortName)])).execute();
}

/** Distinct public problems (outside contests) the user has solved. */
export async function solvedProblemCount(db: Db, uid: number): Promise<number> {
  const r = await db.selectFrom('user_accept').select((eb) => eb.fn.count<number>('pid').distinct().as('n'))
    .where('uid', '=', uid).where('cid', '=', 0).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Groups the user created after `since` (ms). */
export async function groupsCreatedSince(db: Db, uid: number, since: number): Promise<number> {
  const r = await db.selectFrom('group_info').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('uid', '=', uid).where('gmt_create', '>', since).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The group's avatar: the file row and the group's link, in one transaction. */
export async function saveGroupAvatar(db: Db, gid: number, link: string, file: { uid: number; name: string; storageKey: string; mime: string; size: number }) {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('file').values({ uid: file.uid, name: file.name, storage_key: file.storageKey, mime: file.mime, size: file.size, kind: 'avatar', gid, gmt_create: now() }).execute();
    await trx.updateTable('group_info').set({ avatar: link, gmt_modified: now() }).where('id', '=', gid).execute();
  });
}

// ---- members --------------------------------------------------------------------------------

/** Uids of the group's members (level 3 and up). */
export async function memberUids(db: Db, gid: number): Promise<number[]> {
  const rows = await db.selectFrom('group_member').select('uid').where('gid', '=', gid).where('auth', '>=', Level.MEMBER).execute();
  return rows.map((m) => m.uid);
}

/** get-member-list: root and admins first, then the newest members (the (gid, auth, id) index read backwards, no sort). */
export async function memberPage(db: Db, gid: number, currentPage: number, limit: number) {
  const base = db.selectFrom('group_member').where('gid', '=', gid).where('auth', '>=', Level.MEMBER);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await memberSelect(db).where('m.gid', '=', gid).where('m.auth', '>=', Level.MEMBER)
    .orderBy('m.auth', 'desc').orderBy('m.id', 'desc').limit(limit).offset((currentPage - 1) * limit).execute();
  return page(rows.map(toMemberVo), Number(n), currentPage, limit);
}

/** get-apply-list: every row of the group, applications first, then the latest changed. */
export async function applyPage(db: Db, gid: number, currentPage: number, limit: number) {
  const base = db.selectFrom('group_member').where('gid', '=', gid);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await memberSelect(db).where('m.gid', '=', gid)
    .orderBy('m.auth', 'asc').orderBy('m.gmt_modified', 'desc').orderBy('m.id', 'desc').limit(limit).offset((currentPage - 1) * limit).execute();
  return page(rows.map(toMemberVo), Number(n), currentPage, limit);
}

/** Joins or applies: a refused applicant's row is reused, otherwise a new row. */
export async function joinOrApply(db: Db, gid: number, uid: number, auth: number, reason: string | null, reuseRow: boolean) {
  const t = now();
  if (reuseRow) {
    await db.updateTable('group_member').set({ auth, reason, gmt_modified: t }).where('gid', '=', gid).where('uid', '=', uid).execute();
  } else {
    await db.insertInto('group_member').values({ gid, uid, auth, reason, gmt_create: t, gmt_modified: t }).execute();
  }
}

/** The user's row in the group. */
export async function findMemberRow(db: Db, gid: number, uid: number): Promise<GroupMemberRow | undefined> {
  return db.selectFrom('group_member').selectAll().where('gid', '=', gid).where('uid', '=', uid).executeTakeFirst();
}

export async function setMemberAuth(db: Db, id: number, auth: number) {
  await db.updateTable('group_member').set({ auth, gmt_modified: now() }).where('id', '=', id).execute();
}

export async function deleteMemberRow(db: Db, id: number) {
  await db.deleteFrom('group_member').where('id', '=', id).execute();
}

/** The user leaves the group (their row goes). */
export async function removeMember(db: Db, gid: number, uid: number) {
  await db.deleteFrom('group_member').where('gid', '=', gid).where('uid', '=', uid).execute();
}

// ---- announcements (the group's, cid 0, and its contests') ----------------------------------

/** A page of a group's announcements (or a group contest's, by cid), newest first. */
export async function announcementPage(db: Db, scope: { gid: number } | { cid: number }, currentPage: number, limit: number, visibleOnly: boolean) {
  let base = 'gid' in scope
    ? db.selectFrom('announcement').where('announcement.gid', '=', scope.gid).where('announcement.cid', '=', 0)
    : db.selectFrom('announcement').where('announcement.cid', '=', scope.cid);
  if (visibleOnly) base = base.where('announcement.status', '=', 0);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base.leftJoin('user', 'user.id', 'announcement.uid')
    .select(['announcement.id', 'announcement.gid', 'announcement.cid', 'announcement.title', 'announcement.content', 'announcement.status',
      'announcement.uid', 'user.username', 'announcement.gmt_create', 'announcement.gmt_modified'])
    .orderBy('announcement.id', 'desc').limit(limit).offset((currentPage - 1) * limit).execute();
  const records: GroupAnnouncementVo[] = rows.map((r) => ({
    id: r.id, gid: r.gid, cid: r.cid, title: r.title, content: r.content, status: r.status, uid: r.uid, username: r.username ?? '',
    gmtCreate: Number(r.gmt_create), gmtModified: Number(r.gmt_modified),
  }));
  return page(records, Number(n), currentPage, limit);
}

/** A group's own announcement (not a contest's) by id. */
export async function findGroupAnnouncement(db: Db, aid: number) {
  return db.selectFrom('announcement').selectAll().where('id', '=', aid).where('cid', '=', 0).executeTakeFirst();
}

/** A new announcement; its id. */
export async function insertAnnouncement(db: Db, a: { title: string; content: string; uid: number; status: number; cid: number; gid: number }): Promise<number> {
  const t = now();
  const row = await db.insertInto('announcement').values({ ...a, gmt_create: t, gmt_modified: t }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAnnouncement(db: Db, id: number, a: { title: string; content: string; status: number }) {
  await db.updateTable('announcement').set({ ...a, gmt_modified: now() }).where('id', '=', id).execute();
}

export async function deleteAnnouncement(db: Db, id: number) {
  await db.deleteFrom('announcement').where('id', '=', id).execute();
}

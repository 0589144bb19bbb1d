import type { Db } from '../../db/index.js';

/** A contest's announcements, newest first: one page and the total (visibleOnly: status 0 only). */
export async function readAnnouncementPage(db: Db, cid: number, currentPage: number, limit: number, visibleOnly: boolean) {
  let base = db.selectFrom('announcement').where('announcement.cid', '=', cid);
  if (visibleOnly) base = base.where('announcement.status', '=', 0);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base.leftJoin('user', 'user.id', 'announcement.uid')
    .select(['announcement.id', 'announcement.title', 'announcement.content', 'announcement.status', 'announcement.uid', 'user.username',
      'announcement.gmt_create', 'announcement.gmt_modified'])
    .orderBy('announcement.id', 'desc').limit(limit).offset((currentPage - 1) * limit).execute();
  return { rows, total: Number(n) };
}

/** Visible announcements of the contest whose ids are not in `readIds`, newest first (at most 100). */
export async function unreadContestAnnouncements(db: Db, cid: number, readIds: number[]) {
  let q = db.selectFrom('announcement').select(['id', 'title', 'content', 'gmt_create']).where('cid', '=', cid).where('status', '=', 0);
  if (readIds.length) q = q.where('id', 'not in', readIds);
  return q.orderBy('id', 'desc').limit(100).execute();
}

export interface ContestAnnouncementFields { title: string; content: string; status: number }

/** Adds an announcement to the contest; its id. */
export async function insertContestAnnouncement(db: Db, cid: number, uid: number, f: ContestAnnouncementFields, t: number): Promise<number> {
  const row = await db.insertInto('announcement').values({
    title: f.title, content: f.content, uid, status: f.status, cid, gid: 0, gmt_create: t, gmt_modified: t,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Edits an announcement of the contest; false when the contest has no such announcement. */
export async function updateContestAnnouncement(db: Db, cid: number, id: number, f: ContestAnnouncementFields, t: number): Promise<boolean> {
  const res = await db.updateTable('announcement').set({ title: f.title, content: f.content, status: f.status, gmt_modified: t })
    .where('id', '=', id).where('cid', '=', cid).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Deletes an announcement of the contest; false when the contest has no such announcement. */
export async function deleteContestAnnouncement(db: Db, cid: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('announcement').where('id', '=', id).where('cid', '=', cid).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

import type { AnnouncementRow, Page } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { now } from '../../lib/time.js';

/** Site announcements (cid 0, gid 0): the admin area's list and edits, and the home page's list. */

const siteRows = (ctx: AppContext) => ctx.db.selectFrom('announcement').where('announcement.cid', '=', 0).where('announcement.gid', '=', 0);

/** A page of site announcements, newest first; `visibleOnly` leaves out the hidden ones (the home page). */
export async function siteAnnouncementPage(ctx: AppContext, currentPage: number, limit: number, visibleOnly: boolean): Promise<Page<AnnouncementRow>> {
  const base = visibleOnly ? siteRows(ctx).where('announcement.status', '=', 0) : siteRows(ctx);
  const { n } = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const rows = await base.leftJoin('user', 'user.id', 'announcement.uid')
    .select(['announcement.id', 'announcement.title', 'announcement.content', 'announcement.status', 'announcement.uid', 'user.username',
      'announcement.gmt_create', 'announcement.gmt_modified'])
    .orderBy('announcement.gmt_create', 'desc').orderBy('announcement.id', 'desc')
    .limit(limit).offset((currentPage - 1) * limit).execute();
  const records: AnnouncementRow[] = rows.map((r) => ({
    id: r.id, title: r.title, content: r.content, status: r.status, uid: r.uid, username: r.username ?? '', gmtCreate: r.gmt_create, gmtModified: r.gmt_modified,
  }));
  return { records, total: Number(n), current: currentPage, size: limit };
}

/** One site announcement as the admin list shows it (answer of create and update). */
export async function siteAnnouncementRow(ctx: AppContext, id: number): Promise<AnnouncementRow> {
  const r = await ctx.db.selectFrom('announcement').leftJoin('user', 'user.id', 'announcement.uid')
    .select(['announcement.id', 'announcement.title', 'announcement.content', 'announcement.status', 'announcement.uid', 'user.username',
      'announcement.gmt_create', 'announcement.gmt_modified'])
    .where('announcement.id', '=', id).executeTakeFirstOrThrow();
  return { id: r.id, title: r.title, content: r.content, status: r.status, uid: r.uid, username: r.username ?? '', gmtCreate: r.gmt_create, gmtModified: r.gmt_modified };
}

/** Throws announcementNotFound unless `id` is a site announcement. */
export async function requireSiteAnnouncement(ctx: AppContext, id: number) {
  const row = await ctx.db.selectFrom('announcement').select('id').where('id', '=', id).where('cid', '=', 0).where('gid', '=', 0).executeTakeFirst();
  if (!row) throw notFound('announcementNotFound');
}

export interface AnnouncementText { title: string; content: string; status: number }

/** Adds a site announcement by `uid`; returns its id. */
export async function createSiteAnnouncement(ctx: AppContext, uid: number, a: AnnouncementText): Promise<number> {
  const t = now();
  const row = await ctx.db.insertInto('announcement').values({
    title: a.title, content: a.content, status: a.status, uid, cid: 0, gid: 0, gmt_create: t, gmt_modified: t,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSiteAnnouncement(ctx: AppContext, id: number, a: AnnouncementText) {
  await ctx.db.updateTable('announcement').set({ title: a.title, content: a.content, status: a.status, gmt_modified: now() })
    .where('id', '=', id).execute();
}

export async function deleteSiteAnnouncement(ctx: AppContext, id: number) {
  await ctx.db.deleteFrom('announcement').where('id', '=', id).execute();
}

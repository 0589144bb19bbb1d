import type { AdminSysNoticeVo } from '@verdict/shared';
import type { Db } from '../../db/index.js';
import { page } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { now } from '../../lib/time.js';
import { bumpNoticeRecipients, deleteNoticeCopies, noticeEdited } from '../message/counters.js';

/**
 * System notices: an admin writes one (admin_sys_notice) and every user gets a row in
 * user_sys_notice (type 'Sys', state 0 unread) that the message centre lists under SysMsg.
 */
async function deliverToAll(db: Db, noticeId: number, t: number) {
  await db.insertInto('user_sys_notice')
    .columns(['sys_notice_id', 'recipient_uid', 'type', 'state', 'gmt_create'])
    .expression((eb) => eb.selectFrom('user').select((s) => [
      s.val(noticeId).as('sys_notice_id'), 'user.id as recipient_uid', s.val('Sys').as('type'), s.val(0).as('state'), s.val(t).as('gmt_create'),
    ]))
    .execute();
  // The recipients' counters (message module): exactly the copies just written.
  await bumpNoticeRecipients(db, noticeId);
}

/** admin/msg/notice: the notices sent to all, newest first, with their author and recipient count (onlyId: that one). */
export async function noticeList(db: Db, currentPage: number, limit: number, onlyId?: number) {
  // Personal (Single) notices of the message module are not the admin's to list.
  const { n } = await db.selectFrom('admin_sys_notice').select((eb) => eb.fn.countAll().as('n')).where('recipient_type', '=', 'All').executeTakeFirstOrThrow();
  let q = db.selectFrom('admin_sys_notice').where('admin_sys_notice.recipient_type', '=', 'All');
  if (onlyId !== undefined) q = q.where('admin_sys_notice.id', '=', onlyId);
  const rows = await q
    .leftJoin('user', 'user.id', 'admin_sys_notice.uid')
    .select((eb) => ['admin_sys_notice.id', 'admin_sys_notice.title', 'admin_sys_notice.content', 'admin_sys_notice.uid', 'user.username',
      'admin_sys_notice.gmt_create', 'admin_sys_notice.gmt_modified',
      eb.selectFrom('user_sys_notice').select((s) => s.fn.countAll().as('c')).whereRef('user_sys_notice.sys_notice_id', '=', 'admin_sys_notice.id').as('recipients')])
    .orderBy('admin_sys_notice.gmt_create', 'desc').orderBy('admin_sys_notice.id', 'desc')
    .limit(limit).offset((currentPage - 1) * limit).execute();
  const records: AdminSysNoticeVo[] = rows.map((r) => ({
    id: r.id, title: r.title, content: r.content, uid: r.uid, username: r.username ?? '', adminUsername: r.username ?? '', state: true,
    recipients: Number(r.recipients ?? 0),
    gmtCreate: r.gmt_create, gmtModified: r.gmt_modified,
  }));
  return page(records, Number(n), currentPage, limit);
}

/** One notice as the list shows it. */
export async function noticeRow(db: Db, id: number): Promise<AdminSysNoticeVo> {
  const [row] = (await noticeList(db, 1, 1, id)).records;
  if (!row) throw notFound('noticeNotFound');
  return row;
}

export async function ensureNotice(db: Db, id: number) {
  if (!(await db.selectFrom('admin_sys_notice').select('id').where('id', '=', id).executeTakeFirst())) throw notFound('noticeNotFound');
}

/** Writes a notice to all and delivers a copy to every user, in one transaction; its id. */
export async function sendNotice(db: Db, adminUid: number, title: string, content: string): Promise<number> {
  const t = now();
  return db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('admin_sys_notice').values({ title, content, uid: adminUid, recipient_type: 'All', gmt_create: t, gmt_modified: t })
      .returning('id').executeTakeFirstOrThrow();
    await deliverToAll(trx, row.id, t);
    return row.id;
  });
}

/** Edits a notice; its readers' message pages show the new text at their next request. */
export async function editNotice(db: Db, id: number, title: string, content: string) {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('admin_sys_notice').set({ title, content, gmt_modified: now() }).where('id', '=', id).execute();
    await noticeEdited(trx, id);
  });
}

/** Withdraws a notice with every user's copy. */
export async function deleteNotice(db: Db, id: number) {
  await db.transaction().execute(async (trx) => {
    await deleteNoticeCopies(trx, id);
    await trx.deleteFrom('admin_sys_notice').where('id', '=', id).execute();
  });
}

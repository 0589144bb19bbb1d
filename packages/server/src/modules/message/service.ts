import { sql } from 'kysely';
import type { MsgType, SysMsgVo, UserMsgVo } from '@verdict/shared';
import type { Db } from '../../db/index.js';
import { page } from '../../http/envelope.js';
import { lower, unreadOf, type Tab } from './counters.js';

const REMIND_TAB: Record<'Discuss' | 'Reply' | 'Like', Tab> = { Discuss: 'comment', Reply: 'reply', Like: 'like' };
export const TAB_OF_TYPE: Record<MsgType, Tab> = { ...REMIND_TAB, Sys: 'sys', Mine: 'mine' };

/**
 * One page of the discuss, reply or like tab, unread first then newest. Reading the tab marks
 * its messages read; the records still show which were unread when they were fetched.
 */
export async function remindPage(db: Db, uid: number, type: 'Discuss' | 'Reply' | 'Like', currentPage: number, limit: number) {
  const tab = REMIND_TAB[type];
  const { n } = await db.selectFrom('msg_remind').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('recipient_id', '=', uid).where('tab', '=', tab).executeTakeFirstOrThrow();
  const rows = await db.selectFrom('msg_remind as m')
    .leftJoin('user as s', 's.id', 'm.sender_id')
    .leftJoin('discussion as d', (j) => j.onRef('d.id', '=', 'm.source_id').on('m.source_type', '=', 'Discussion'))
    .leftJoin('contest as c', (j) => j.onRef('c.id', '=', 'm.source_id').on('m.source_type', '=', 'Contest'))
    .leftJoin('comment as qc', (j) => j.onRef('qc.id', '=', 'm.quote_id').on('m.quote_type', '=', 'Comment'))
    .leftJoin('reply as qr', (j) => j.onRef('qr.id', '=', 'm.quote_id').on('m.quote_type', '=', 'Reply'))
    .select(['m.id', 'm.action', 'm.source_id', 'm.source_type', 'm.source_content', 'm.quote_id', 'm.quote_type', 'm.url', 'm.state',
      'm.sender_id', 'm.gmt_create', 's.username', 's.avatar', 'd.title as d_title', 'c.title as c_title', 'qc.content as qc_content', 'qr.content as qr_content'])
    .where('m.recipient_id', '=', uid).where('m.tab', '=', tab)
    .orderBy('m.state', 'asc').orderBy('m.id', 'desc')
    .limit(limit).offset((currentPage - 1) * limit).execute();
  if ((await unreadOf(db, uid))[tab] > 0) await markRead(db, uid, tab);
  const records: UserMsgVo[] = rows.map((r) => ({
    id: r.id, action: r.action as UserMsgVo['action'], sourceId: r.source_id, sourceType: r.source_type as UserMsgVo['sourceType'],
    sourceTitle: r.d_title ?? r.c_title ?? null, sourceContent: r.source_content, quoteId: r.quote_id, quoteType: r.quote_type as UserMsgVo['quoteType'],
    quoteContent: r.qc_content ?? r.qr_content ?? null, url: r.url, state: r.state === 1, senderId: r.sender_id,
    senderUsername: r.username ?? null, senderAvatar: r.avatar ?? null, gmtCreate: Number(r.gmt_create),
  }));
  return page(records, Number(n), currentPage, limit);
}

/** One page of system notices (Sys) or personal notices (Mine), unread first then newest; marks them read. */
export async function noticePage(db: Db, uid: number, type: 'Sys' | 'Mine', currentPage: number, limit: number) {
  const { n } = await db.selectFrom('user_sys_notice').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('recipient_uid', '=', uid).where('type', '=', type).executeTakeFirstOrThrow();
  const rows = await db.selectFrom('user_sys_notice as u').innerJoin('admin_sys_notice as a', 'a.id', 'u.sys_notice_id')
    .select(['u.id', 'u.state', 'u.gmt_create', 'a.title', 'a.content', 'a.uid'])
    .where('u.recipient_uid', '=', uid).where('u.type', '=', type)
    .orderBy('u.state', 'asc').orderBy('u.id', 'desc')
    .limit(limit).offset((currentPage - 1) * limit).execute();
  const tab: Tab = type === 'Sys' ? 'sys' : 'mine';
  // Only a tab with unread messages is written to: reading an already read tab stays a pure read.
  if ((await unreadOf(db, uid))[tab] > 0) {
    const res = await db.updateTable('user_sys_notice').set({ state: 1 })
      .where('recipient_uid', '=', uid).where('type', '=', type).where('state', '=', 0).executeTakeFirst();
    await lower(db, uid, tab, Number(res.numUpdatedRows));
  }
  const records: SysMsgVo[] = rows.map((r) => ({
    id: r.id, title: r.title, content: r.content, adminId: r.uid || null, type, state: r.state === 1, gmtCreate: Number(r.gmt_create),
  }));
  return page(records, Number(n), currentPage, limit);
}

/** Marks a tab read (only called when its counter says so); the counter drops by exactly the rows changed, so a message arriving meanwhile still counts. */
async function markRead(db: Db, uid: number, tab: Tab) {
  const res = await db.updateTable('msg_remind').set({ state: 1 })
    .where('recipient_id', '=', uid).where('tab', '=', tab).where('state', '=', 0).executeTakeFirst();
  await lower(db, uid, tab, Number(res.numUpdatedRows));
}

/** msg/clean: deletes one message of a tab (id) or the whole tab; returns how many went. */
export async function clean(db: Db, uid: number, type: MsgType, id?: number): Promise<number> {
  const tab = TAB_OF_TYPE[type];
  return db.transaction().execute(async (trx) => {
    if (type === 'Sys' || type === 'Mine') {
      let q = trx.selectFrom('user_sys_notice').select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>(sql`case when state = 0 then 1 else 0 end`).as('unread')])
        .where('recipient_uid', '=', uid).where('type', '=', type);
      if (id !== undefined) q = q.where('id', '=', id);
      const { n, unread } = await q.executeTakeFirstOrThrow();
      let d = trx.deleteFrom('user_sys_notice').where('recipient_uid', '=', uid).where('type', '=', type);
      if (id !== undefined) d = d.where('id', '=', id);
      await d.execute();
      await lower(trx, uid, tab, Number(unread ?? 0));
      return Number(n);
    }
    let q = trx.selectFrom('msg_remind').select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>(sql`case when state = 0 then 1 else 0 end`).as('unread')])
      .where('recipient_id', '=', uid).where('tab', '=', tab);
    if (id !== undefined) q = q.where('id', '=', id);
    const { n, unread } = await q.executeTakeFirstOrThrow();
    let d = trx.deleteFrom('msg_remind').where('recipient_id', '=', uid).where('tab', '=', tab);
    if (id !== undefined) d = d.where('id', '=', id);
    await d.execute();
    await lower(trx, uid, tab, Number(unread ?? 0));
    return Number(n);
  });
}

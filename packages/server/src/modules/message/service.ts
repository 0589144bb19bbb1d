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
 *
 * The page comes straight from idx_msg_remind_page (recipient, tab, state, id desc), stopping after
 * the page, with the tab's total in the same query; titles and quotes are looked up for those rows
 * only, by primary key (scalar subqueries: PostgreSQL plans them in a fraction of the time a
 * six-table join takes).
 */
export async function remindPage(db: Db, uid: number, type: 'Discuss' | 'Reply' | 'Like', currentPage: number, limit: number) {
  const tab = REMIND_TAB[type];
  const offset = (currentPage - 1) * limit;
  const count = db.selectFrom('msg_remind').select((eb) => eb.fn.countAll<number>().as('n')).where('recipient_id', '=', uid).where('tab', '=', tab);
  const rows = await db.selectFrom('msg_remind as m')
    .leftJoin('user as s', 's.id', 'm.sender_id')
    .select((eb) => [count.as('total'), 'm.id', 'm.action', 'm.source_id', 'm.source_type', 'm.source_content', 'm.quote_id', 'm.quote_type', 'm.url', 'm.state',
      'm.sender_id', 'm.gmt_create', 's.username', 's.avatar',
      eb.selectFrom('discussion as d').select('d.title').whereRef('d.id', '=', 'm.source_id').where('m.source_type', '=', 'Discussion').as('d_title'),
      eb.selectFrom('contest as c').select('c.title').whereRef('c.id', '=', 'm.source_id').where('m.source_type', '=', 'Contest').as('c_title'),
      eb.selectFrom('comment as qc').select('qc.content').whereRef('qc.id', '=', 'm.quote_id').where('m.quote_type', '=', 'Comment').as('qc_content'),
      eb.selectFrom('reply as qr').select('qr.content').whereRef('qr.id', '=', 'm.quote_id').where('m.quote_type', '=', 'Reply').as('qr_content')])
    .where('m.recipient_id', '=', uid).where('m.tab', '=', tab)
    .orderBy('m.state', 'asc').orderBy('m.id', 'desc')
    .limit(limit).offset(offset).execute();
  if (await hasUnread(db, uid, tab, rows, offset)) await markRead(db, uid, tab);
  const records: UserMsgVo[] = rows.map((r) => ({
    id: r.id, action: r.action as UserMsgVo['action'], sourceId: r.source_id, sourceType: r.source_type as UserMsgVo['sourceType'],
    sourceTitle: r.d_title ?? r.c_title ?? null, sourceContent: r.source_content, quoteId: r.quote_id, quoteType: r.quote_type as UserMsgVo['quoteType'],
    quoteContent: r.qc_content ?? r.qr_content ?? null, url: r.url, state: r.state === 1, senderId: r.sender_id,
    senderUsername: r.username ?? null, senderAvatar: r.avatar ?? null, gmtCreate: Number(r.gmt_create),
  }));
  return page(records, await totalOf(rows, offset, count), currentPage, limit);
}

/** One page of system notices (Sys) or personal notices (Mine), unread first then newest; marks them read. */
export async function noticePage(db: Db, uid: number, type: 'Sys' | 'Mine', currentPage: number, limit: number) {
  const offset = (currentPage - 1) * limit;
  const count = db.selectFrom('user_sys_notice').select((eb) => eb.fn.countAll<number>().as('n')).where('recipient_uid', '=', uid).where('type', '=', type);
  const rows = await db.selectFrom('user_sys_notice as u').innerJoin('admin_sys_notice as a', 'a.id', 'u.sys_notice_id')
    .select([count.as('total'), 'u.id', 'u.state', 'u.gmt_create', 'a.title', 'a.content', 'a.uid'])
    .where('u.recipient_uid', '=', uid).where('u.type', '=', type)
    .orderBy('u.state', 'asc').orderBy('u.id', 'desc')
    .limit(limit).offset(offset).execute();
  const tab: Tab = type === 'Sys' ? 'sys' : 'mine';
  if (await hasUnread(db, uid, tab, rows, offset)) {
    const res = await db.updateTable('user_sys_notice').set({ state: 1 })
      .where('recipient_uid', '=', uid).where('type', '=', type).where('state', '=', 0).executeTakeFirst();
    await lower(db, uid, tab, Number(res.numUpdatedRows));
  }
  const records: SysMsgVo[] = rows.map((r) => ({
    id: r.id, title: r.title, content: r.content, adminId: r.uid || null, type, state: r.state === 1, gmtCreate: Number(r.gmt_create),
  }));
  return page(records, await totalOf(rows, offset, count), currentPage, limit);
}

/**
 * The tab's total: carried by every row of the page (the count is an uncorrelated subquery, run
 * once), so a page costs one query; an empty page past the first asks for it separately.
 */
async function totalOf(rows: { total: number | string | bigint | null }[], offset: number, count: { executeTakeFirstOrThrow(): Promise<{ n: number }> }) {
  if (rows.length) return Number(rows[0].total);
  return offset === 0 ? 0 : Number((await count.executeTakeFirstOrThrow()).n);
}

/**
 * Does reading this page mark its tab read? Only a tab with unread messages is written to, so
 * reading an already read tab stays a pure read. Unread ones sort first: the first page shows
 * whether there are any, later pages ask the counter; an empty page (past the end) marks nothing.
 */
async function hasUnread(db: Db, uid: number, tab: Tab, rows: { state: number }[], offset: number) {
  if (!rows.length) return false;
  return offset === 0 ? rows.some((r) => r.state === 0) : (await unreadOf(db, uid))[tab] > 0;
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

import type { Locale, MsgType, SysMsgVo, UserMsgVo } from '@verdict/shared';
import type { Db } from '../../db/index.js';
import { page } from '../../http/envelope.js';
import { compiledOnce } from '../../db/compiled-once.js';
import { lower, tabCounts, tabTotal, type Tab } from './counters.js';
import { noticeText } from './notice-text.js';

const REMIND_TAB: Record<'Discuss' | 'Reply' | 'Like', Tab> = { Discuss: 'comment', Reply: 'reply', Like: 'like' };
export const TAB_OF_TYPE: Record<MsgType, Tab> = { ...REMIND_TAB, Sys: 'sys', Mine: 'mine' };

/**
 * One page of the discuss, reply or like tab, unread first then newest. Reading the tab marks
 * its messages read; the records still show which were unread when they were fetched.
 *
 * The page's ids come straight from idx_msg_remind_page (recipient, tab, state, id desc), stopping
 * after the page, with the tab's total and unread count from its counters in the same query (never
 * a count of the tab); titles and quotes are looked up for those rows only, by primary key (scalar
 * subqueries: PostgreSQL plans them in a fraction of the time a six-table join takes), each row
 * looking up only the table its source and quote type name (a CASE, not all four every time).
 */
export async function remindPage(db: Db, uid: number, type: 'Discuss' | 'Reply' | 'Like', currentPage: number, limit: number) {
  const tab = REMIND_TAB[type];
  const offset = (currentPage - 1) * limit;
  const rows = await REMIND_PAGE[type][offset ? 'deep' : 'first'](db, { uid, limit, offset });
  const { total, unread } = await countsOf(db, uid, tab, rows, offset);
  if (unread > 0) await markRead(db, uid, tab);
  const records: UserMsgVo[] = rows.map((r) => ({
    id: r.id, action: r.action as UserMsgVo['action'], sourceId: r.source_id, sourceType: r.source_type as UserMsgVo['sourceType'],
    sourceTitle: r.source_title ?? null, sourceContent: r.source_content, quoteId: r.quote_id, quoteType: r.quote_type as UserMsgVo['quoteType'],
    quoteContent: r.quote_content ?? null, url: r.url, state: r.state === 1, senderId: r.sender_id,
    senderUsername: r.username ?? null, senderAvatar: r.avatar ?? null, gmtCreate: Number(r.gmt_create),
  }));
  return page(records, total, currentPage, limit);
}

/**
 * A reminder tab's page queries, compiled once per tab (db/compiled-once.ts): the caller, the
 * page's size and offset are their values. Page 1 reads its rows straight from the index. A later
 * page takes its ids from the index alone first, and reads sender, titles and quotes for those
 * rows only: PostgreSQL would otherwise compute them for every row the offset skips (page 50 of a
 * big tab: 1.2 ms instead of 0.3), and SQLite would read each skipped row from the table; on page
 * 1 the extra join costs SQLite about a fifth more, so it is not taken there.
 */
const remindPageOf = (tab: Tab, deep: boolean) => compiledOnce(['uid', 'limit', 'offset'], (db, v) => {
  const counts = tabCounts(db, v.uid, tab);
  const ids = db.selectFrom('msg_remind').select('msg_remind.id').where('msg_remind.recipient_id', '=', v.uid).where('msg_remind.tab', '=', tab)
    .orderBy('msg_remind.state', 'asc').orderBy('msg_remind.id', 'desc').limit(v.limit).offset(v.offset);
  const rows = deep
    ? db.selectFrom(ids.as('p')).innerJoin('msg_remind as m', 'm.id', 'p.id')
    : db.selectFrom('msg_remind as m').where('m.recipient_id', '=', v.uid).where('m.tab', '=', tab).limit(v.limit).offset(v.offset);
  return rows
    .leftJoin('user as s', 's.id', 'm.sender_id')
    .select((eb) => [counts.total.as('total'), counts.unread.as('unread'), 'm.id', 'm.action', 'm.source_id', 'm.source_type', 'm.source_content', 'm.quote_id', 'm.quote_type', 'm.url', 'm.state',
      'm.sender_id', 'm.gmt_create', 's.username', 's.avatar',
      eb.case('m.source_type').when('Discussion').then(eb.selectFrom('discussion as d').select('d.title').whereRef('d.id', '=', 'm.source_id'))
        .when('Contest').then(eb.selectFrom('contest as c').select('c.title').whereRef('c.id', '=', 'm.source_id')).end().as('source_title'),
      eb.case('m.quote_type').when('Comment').then(eb.selectFrom('comment as qc').select('qc.content').whereRef('qc.id', '=', 'm.quote_id'))
        .when('Reply').then(eb.selectFrom('reply as qr').select('qr.content').whereRef('qr.id', '=', 'm.quote_id')).end().as('quote_content')])
    .orderBy('m.state', 'asc').orderBy('m.id', 'desc');
});
const remindPages = (tab: Tab) => ({ first: remindPageOf(tab, false), deep: remindPageOf(tab, true) });
const REMIND_PAGE = { Discuss: remindPages('comment'), Reply: remindPages('reply'), Like: remindPages('like') } as const;

/** A notice tab's page queries, compiled once per type; a later page reads its notices for the page's rows only, as above. */
const noticePageOf = (type: 'Sys' | 'Mine', deep: boolean) => compiledOnce(['uid', 'limit', 'offset'], (db, v) => {
  const counts = tabCounts(db, v.uid, type === 'Sys' ? 'sys' : 'mine');
  const ids = db.selectFrom('user_sys_notice').select('user_sys_notice.id').where('user_sys_notice.recipient_uid', '=', v.uid).where('user_sys_notice.type', '=', type)
    .orderBy('user_sys_notice.state', 'asc').orderBy('user_sys_notice.id', 'desc').limit(v.limit).offset(v.offset);
  const rows = deep
    ? db.selectFrom(ids.as('p')).innerJoin('user_sys_notice as u', 'u.id', 'p.id')
    : db.selectFrom('user_sys_notice as u').where('u.recipient_uid', '=', v.uid).where('u.type', '=', type).limit(v.limit).offset(v.offset);
  return rows.innerJoin('admin_sys_notice as a', 'a.id', 'u.sys_notice_id')
    .select([counts.total.as('total'), counts.unread.as('unread'), 'u.id', 'u.state', 'u.gmt_create', 'a.title', 'a.content', 'a.msg_i18n', 'a.uid'])
    .orderBy('u.state', 'asc').orderBy('u.id', 'desc');
});
const NOTICE_PAGE = { Sys: { first: noticePageOf('Sys', false), deep: noticePageOf('Sys', true) }, Mine: { first: noticePageOf('Mine', false), deep: noticePageOf('Mine', true) } } as const;

/** One page of system notices (Sys) or personal notices (Mine), unread first then newest; marks them read. */
export async function noticePage(db: Db, uid: number, type: 'Sys' | 'Mine', currentPage: number, limit: number, locale: Locale) {
  const offset = (currentPage - 1) * limit;
  const tab: Tab = type === 'Sys' ? 'sys' : 'mine';
  const rows = await NOTICE_PAGE[type][offset ? 'deep' : 'first'](db, { uid, limit, offset });
  const { total, unread } = await countsOf(db, uid, tab, rows, offset);
  if (unread > 0) {
    const res = await db.updateTable('user_sys_notice').set({ state: 1 })
      .where('recipient_uid', '=', uid).where('type', '=', type).where('state', '=', 0).executeTakeFirst();
    await lower(db, uid, tab, { unread: Number(res.numUpdatedRows) });
  }
  const records: SysMsgVo[] = rows.map((r) => ({
    id: r.id, ...noticeText(r, locale), adminId: r.uid || null, type, state: r.state === 1, gmtCreate: Number(r.gmt_create),
  }));
  return page(records, total, currentPage, limit);
}

/**
 * The tab's total and unread count, from its counters: carried by every row of the page (one
 * query per page); an empty first page is an empty tab, and a page past the end asks the counters
 * on their own. `unread` says whether reading the page marks the tab read: only a page with rows
 * of a tab with unread messages does, so reading a read tab stays a pure read.
 */
async function countsOf(db: Db, uid: number, tab: Tab, rows: { total: number | string | bigint | null; unread: number | string | bigint | null }[], offset: number) {
  if (rows.length) return { total: Number(rows[0].total ?? 0), unread: Number(rows[0].unread ?? 0) };
  return { total: offset === 0 ? 0 : await tabTotal(db, uid, tab), unread: 0 };
}

/** Marks a tab read (only called when its counter says so); the counter drops by exactly the rows changed, so a message arriving meanwhile still counts. */
async function markRead(db: Db, uid: number, tab: Tab) {
  const res = await db.updateTable('msg_remind').set({ state: 1 })
    .where('recipient_id', '=', uid).where('tab', '=', tab).where('state', '=', 0).executeTakeFirst();
  await lower(db, uid, tab, { unread: Number(res.numUpdatedRows) });
}

/**
 * msg/clean: deletes one message of a tab (id) or the whole tab; returns how many went. The
 * counters move by the rows this delete really removed (RETURNING), so a message deleted twice at
 * once, or read or removed by another path meanwhile, is counted once.
 */
export async function clean(db: Db, uid: number, type: MsgType, id?: number): Promise<number> {
  const tab = TAB_OF_TYPE[type];
  return db.transaction().execute(async (trx) => {
    let gone: { state: number }[];
    if (type === 'Sys' || type === 'Mine') {
      let d = trx.deleteFrom('user_sys_notice').where('recipient_uid', '=', uid).where('type', '=', type);
      if (id !== undefined) d = d.where('id', '=', id);
      gone = await d.returning('state').execute();
    } else {
      let d = trx.deleteFrom('msg_remind').where('recipient_id', '=', uid).where('tab', '=', tab);
      if (id !== undefined) d = d.where('id', '=', id);
      gone = await d.returning('state').execute();
    }
    await lower(trx, uid, tab, { removed: gone.length, unread: gone.filter((r) => r.state === 0).length });
    return gone.length;
  });
}

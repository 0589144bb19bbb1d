import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { isPostgres } from '../../db/dialect.js';
import { compiledOnce } from '../../db/compiled-once.js';
import '../discussion/tables.js';

/**
 * The counters of one user (user_msg_count), two per message-centre tab: its unread messages
 * (`comment`, ..., what the navbar polls) and all its messages (`comment_total`, ..., a page's
 * total). Every path that adds, reads or deletes messages moves them in the same transaction, by
 * the rows it really changed (a row deleted by two racing transactions is counted by the one
 * that deleted it), so a page never counts its tab. The same statements move the user's `ver`,
 * under which message pages are kept (pages.ts).
 */
export type Tab = 'comment' | 'reply' | 'like' | 'sys' | 'mine';
const totalOf = (tab: Tab) => `${tab}_total` as const;

/** Emits 'change' with the uid whose counters moved (0 = everybody's); the live module pushes it. */
export const unreadChanges = new EventEmitter().setMaxListeners(0);

const ZERO = { comment: 0, reply: 0, like: 0, sys: 0, mine: 0, comment_total: 0, reply_total: 0, like_total: 0, sys_total: 0, mine_total: 0, ver: 1 };
const nextVer = sql<number>`${sql.ref('user_msg_count.ver')} + 1`;

/** One new unread message in a user's tab (creates the counter row on first use). */
export async function bump(db: Db, uid: number, tab: Tab) {
  await db.insertInto('user_msg_count').values({ uid, ...ZERO, [tab]: 1, [totalOf(tab)]: 1 })
    .onConflict((oc) => oc.column('uid').doUpdateSet({ [tab]: plus(tab, 1), [totalOf(tab)]: plus(totalOf(tab), 1), ver: nextVer }))
    .execute();
  unreadChanges.emit('change', uid);
}

/**
 * Takes messages off a user's tab: `unread` of them were unread (read or deleted), `removed` of
 * them were deleted; neither counter goes below zero.
 */
export async function lower(db: Db, uid: number, tab: Tab, n: { unread?: number; removed?: number }) {
  const unread = n.unread ?? 0;
  const removed = n.removed ?? 0;
  if (unread <= 0 && removed <= 0) return;
  await db.updateTable('user_msg_count')
    .set({ ...(unread > 0 ? { [tab]: plus(tab, -unread) } : {}), ...(removed > 0 ? { [totalOf(tab)]: plus(totalOf(tab), -removed) } : {}), ver: nextVer })
    .where('uid', '=', uid).execute();
  if (unread > 0) unreadChanges.emit('change', uid);
}

// col + n, floored at 0 (works on both databases; "like" is quoted by sql.ref).
const plus = (col: string, n: number) =>
  sql<number>`case when ${sql.ref(`user_msg_count.${col}`)} + ${n} > 0 then ${sql.ref(`user_msg_count.${col}`)} + ${n} else 0 end`;

/** One more unread system notice for each recipient of notice `noticeId`, whose copies were just written. */
export async function bumpNoticeRecipients(db: Db, noticeId: number) {
  await db.insertInto('user_msg_count')
    .columns(['uid', 'comment', 'reply', 'like', 'sys', 'mine', 'comment_total', 'reply_total', 'like_total', 'sys_total', 'mine_total', 'ver'])
    // The WHERE also keeps SQLite's parser from reading ON CONFLICT as a join constraint.
    .expression((eb) => eb.selectFrom('user_sys_notice').where('sys_notice_id', '=', noticeId).where('type', '=', 'Sys')
      .select((s) => ['recipient_uid as uid', s.val(0).as('comment'), s.val(0).as('reply'), s.val(0).as('like'), s.val(1).as('sys'), s.val(0).as('mine'),
        s.val(0).as('comment_total'), s.val(0).as('reply_total'), s.val(0).as('like_total'), s.val(1).as('sys_total'), s.val(0).as('mine_total'), s.val(1).as('ver')]))
    .onConflict((oc) => oc.column('uid').doUpdateSet({
      sys: sql<number>`${sql.ref('user_msg_count.sys')} + 1`, sys_total: sql<number>`${sql.ref('user_msg_count.sys_total')} + 1`, ver: nextVer,
    }))
    .execute();
  unreadChanges.emit('change', 0);
}

/**
 * Deletes every copy of a system notice and takes them off their recipients' counters, in the
 * caller's transaction: one statement per tab for all recipients (a notice to everyone has one copy
 * per user; one UPDATE per user would take minutes on a big site).
 *
 * PostgreSQL: the delete and the counters are one statement (a DELETE ... RETURNING feeding the
 * UPDATE), so a copy the recipient deletes at the same moment is counted by exactly one of the two.
 * SQLite: the counters' UPDATE comes first and takes the database's one write lock, so nothing can
 * change the copies before they are deleted.
 */
export async function deleteNoticeCopies(db: Db, noticeId: number) {
  if (isPostgres(db)) {
    await sql`WITH gone AS (DELETE FROM user_sys_notice WHERE sys_notice_id = ${noticeId} RETURNING recipient_uid, type, state),
      per AS (SELECT recipient_uid AS uid,
          SUM(CASE WHEN type = 'Sys' THEN 1 ELSE 0 END) AS sys_n, SUM(CASE WHEN type = 'Sys' AND state = 0 THEN 1 ELSE 0 END) AS sys_u,
          SUM(CASE WHEN type = 'Mine' THEN 1 ELSE 0 END) AS mine_n, SUM(CASE WHEN type = 'Mine' AND state = 0 THEN 1 ELSE 0 END) AS mine_u
        FROM gone GROUP BY recipient_uid)
      UPDATE user_msg_count c SET sys = GREATEST(c.sys - per.sys_u, 0), sys_total = GREATEST(c.sys_total - per.sys_n, 0),
        mine = GREATEST(c.mine - per.mine_u, 0), mine_total = GREATEST(c.mine_total - per.mine_n, 0), ver = c.ver + 1
      FROM per WHERE c.uid = per.uid`.execute(db);
  } else {
    for (const [type, tab] of [['Sys', 'sys'], ['Mine', 'mine']] as const) {
      const copies = (unreadOnly: boolean) => sql<number>`(SELECT count(*) FROM user_sys_notice s WHERE s.sys_notice_id = ${noticeId}
        AND s.type = ${type} AND s.recipient_uid = user_msg_count.uid${sql.raw(unreadOnly ? ' AND s.state = 0' : '')})`;
      await sql`UPDATE user_msg_count SET ${sql.ref(tab)} = max(${sql.ref(tab)} - ${copies(true)}, 0),
          ${sql.ref(totalOf(tab))} = max(${sql.ref(totalOf(tab))} - ${copies(false)}, 0), ver = ver + 1
        WHERE uid IN (SELECT recipient_uid FROM user_sys_notice WHERE sys_notice_id = ${noticeId} AND type = ${type})`.execute(db);
    }
    await db.deleteFrom('user_sys_notice').where('sys_notice_id', '=', noticeId).execute();
  }
  unreadChanges.emit('change', 0);
}

/** A system notice's text changed: its recipients' kept message pages are built again (pages.ts). */
export async function noticeEdited(db: Db, noticeId: number) {
  await db.updateTable('user_msg_count').set({ ver: nextVer })
    .where('uid', 'in', db.selectFrom('user_sys_notice').select('recipient_uid').where('sys_notice_id', '=', noticeId)).execute();
}

/** The unread counts of the navbar and the tabs. */
export async function unreadOf(db: Db, uid: number) {
  const [row] = await unreadRow(db, { uid });
  return row ?? { comment: 0, reply: 0, like: 0, sys: 0, mine: 0 };
}
const unreadRow = compiledOnce(['uid'], (db, v) => db.selectFrom('user_msg_count').select(['comment', 'reply', 'like', 'sys', 'mine']).where('uid', '=', v.uid));

/** A tab's counters as a scalar subquery of a page's query (its total and unread count ride on every row). */
export const tabCounts = (db: Db, uid: number, tab: Tab) => ({
  total: db.selectFrom('user_msg_count').select(totalOf(tab)).where('uid', '=', uid),
  unread: db.selectFrom('user_msg_count').select(tab).where('uid', '=', uid),
});

/** A tab's total read on its own (a page past the end). */
export async function tabTotal(db: Db, uid: number, tab: Tab): Promise<number> {
  const row = await tabCounts(db, uid, tab).total.executeTakeFirst();
  return Number((row as Record<string, unknown> | undefined)?.[totalOf(tab)] ?? 0);
}

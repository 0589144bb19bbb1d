import { EventEmitter } from 'node:events';
import { sql, type Expression } from 'kysely';
import type { Db } from '../../db/index.js';
import '../discussion/tables.js';

/** The unread counters of one user (user_msg_count), one per message-centre tab. */
export type Tab = 'comment' | 'reply' | 'like' | 'sys' | 'mine';

/** Emits 'change' with the uid whose counters moved (0 = everybody's); the live module pushes it. */
export const unreadChanges = new EventEmitter().setMaxListeners(0);

/** Adds `by` unread messages to a user's tab (creates the counter row on first use). */
export async function bump(db: Db, uid: number, tab: Tab, by = 1) {
  if (by === 0) return;
  const zero = { comment: 0, reply: 0, like: 0, sys: 0, mine: 0 };
  await db.insertInto('user_msg_count').values({ uid, ...zero, [tab]: Math.max(0, by) })
    .onConflict((oc) => oc.column('uid').doUpdateSet({ [tab]: lowered(tab, -by) }))
    .execute();
  unreadChanges.emit('change', uid);
}

/** Takes `n` unread messages off a user's tab, never below zero. */
export async function lower(db: Db, uid: number, tab: Tab, n: number) {
  if (n <= 0) return;
  await db.updateTable('user_msg_count').set({ [tab]: lowered(tab, n) }).where('uid', '=', uid).execute();
  unreadChanges.emit('change', uid);
}

// col - n, floored at 0 (works on both databases; "like" is quoted by sql.ref).
const lowered = (tab: Tab, n: number) =>
  sql<number>`case when ${sql.ref(`user_msg_count.${tab}`)} - ${n} > 0 then ${sql.ref(`user_msg_count.${tab}`)} - ${n} else 0 end`;

/** One more unread system notice for every user (an admin published one). */
export async function bumpAllSys(db: Db) {
  await db.insertInto('user_msg_count')
    .columns(['uid', 'comment', 'reply', 'like', 'sys', 'mine'])
    // The WHERE keeps SQLite's parser from reading ON CONFLICT as a join constraint.
    .expression((eb) => eb.selectFrom('user').where('user.id', '>', 0)
      .select((s) => ['user.id as uid', s.val(0).as('comment'), s.val(0).as('reply'), s.val(0).as('like'), s.val(1).as('sys'), s.val(0).as('mine')]))
    .onConflict((oc) => oc.column('uid').doUpdateSet({ sys: sql<number>`${sql.ref('user_msg_count.sys')} + 1` }))
    .execute();
  unreadChanges.emit('change', 0);
}

/**
 * Takes back the unread copies of a system notice that is being deleted: one statement per tab for
 * all its recipients (a notice to everyone has one copy per user; one UPDATE per user would take
 * minutes on a big site).
 */
export async function lowerForNotice(db: Db, noticeId: number) {
  for (const [type, tab] of [['Sys', 'sys'], ['Mine', 'mine']] as const) {
    const unreadCopies = (uid: Expression<number>) => db.selectFrom('user_sys_notice').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sys_notice_id', '=', noticeId).where('type', '=', type).where('state', '=', 0).where('recipient_uid', '=', uid);
    await db.updateTable('user_msg_count')
      .set((eb) => ({ [tab]: sql<number>`case when ${eb.ref(tab)} > ${unreadCopies(eb.ref('user_msg_count.uid'))} then ${eb.ref(tab)} - ${unreadCopies(eb.ref('user_msg_count.uid'))} else 0 end` }))
      .where('uid', 'in', db.selectFrom('user_sys_notice').select('recipient_uid').where('sys_notice_id', '=', noticeId).where('type', '=', type).where('state', '=', 0))
      .execute();
  }
  unreadChanges.emit('change', 0);
}

export async function unreadOf(db: Db, uid: number) {
  const row = await db.selectFrom('user_msg_count').select(['comment', 'reply', 'like', 'sys', 'mine']).where('uid', '=', uid).executeTakeFirst();
  return row ?? { comment: 0, reply: 0, like: 0, sys: 0, mine: 0 };
}

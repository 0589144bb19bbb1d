import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { FORUM_LIMITS } from '@verdict/shared';
import type { Db } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { now } from '../../lib/time.js';
import { bump, lower, type Tab } from './counters.js';
import { storedText, type NoticeI18n } from './notice-text.js';

export type RemindAction = 'Discuss' | 'Reply' | 'Like_Post' | 'Like_Discuss';
const TAB_OF: Record<RemindAction, Tab> = { Discuss: 'comment', Reply: 'reply', Like_Post: 'like', Like_Discuss: 'like' };

/** Where an event happened: a discussion (optionally in a group) or a contest's comment tab. */
export interface Source { type: 'Discussion' | 'Contest'; id: number; gid?: number | null }

export const sourceUrl = (s: Source) =>
  s.type === 'Contest' ? `/contest/${s.id}/comment` : s.gid ? `/group/${s.gid}/discussion-detail/${s.id}` : `/discussion-detail/${s.id}`;

const excerpt = (s: string) => (s.length > FORUM_LIMITS.msgExcerpt ? `${s.slice(0, FORUM_LIMITS.msgExcerpt)}...` : s);

/**
 * A message for the discuss, reply or like tab, written in the caller's transaction with its
 * unread counter. Nobody is told about their own actions. `origin` is the comment, reply or
 * discussion whose deletion must take the message away.
 */
export async function remind(db: Db, m: {
  action: RemindAction; recipient: number; sender: number; source: Source; content?: string | null;
  quote?: { id: number; type: 'Comment' | 'Reply' } | null; origin: { type: 'comment' | 'reply' | 'discussion'; id: number };
}) {
  if (m.recipient === m.sender) return;
  const tab = TAB_OF[m.action];
  await db.insertInto('msg_remind').values({
    action: m.action, tab, source_id: m.source.id, source_type: m.source.type, source_content: m.content == null ? null : excerpt(m.content),
    quote_id: m.quote?.id ?? null, quote_type: m.quote?.type ?? null, url: sourceUrl(m.source), recipient_id: m.recipient, sender_id: m.sender,
    origin_type: m.origin.type, origin_id: m.origin.id, state: 0, gmt_create: now(),
  }).execute();
  await bump(db, m.recipient, tab);
}

type Where = (eb: ExpressionBuilder<Database, 'msg_remind'>) => Expression<SqlBool>;

/**
 * Deletes messages and takes them off their recipients' counters, in the caller's transaction: by
 * the rows this delete really removed (RETURNING), so a recipient cleaning the same message at the
 * same moment, or a second delete of the same comment, never counts it twice.
 */
export async function removeReminds(db: Db, where: Where) {
  const gone = await db.deleteFrom('msg_remind').where((eb) => where(eb)).returning(['recipient_id', 'tab', 'state']).execute();
  const per = new Map<string, { uid: number; tab: Tab; removed: number; unread: number }>();
  for (const r of gone) {
    const key = `${r.recipient_id}:${r.tab}`;
    let c = per.get(key);
    if (!c) per.set(key, (c = { uid: r.recipient_id, tab: r.tab as Tab, removed: 0, unread: 0 }));
    c.removed++;
    if (r.state === 0) c.unread++;
  }
  // Counter rows in one order (uid, tab) in every transaction: two purges never wait on each other in a cycle.
  const moves = [...per.values()].sort((x, y) => x.uid - y.uid || x.tab.localeCompare(y.tab));
  for (const c of moves) await lower(db, c.uid, c.tab, c);
}

/** Messages caused by a comment: the comment itself, its likes and all its replies. */
export const byComment = (commentId: number): Where => (eb) => eb.or([
  eb.and([eb('origin_type', '=', 'comment'), eb('origin_id', '=', commentId)]),
  eb.and([eb('origin_type', '=', 'reply'), eb('origin_id', 'in', eb.selectFrom('reply').select('reply.id').where('reply.comment_id', '=', commentId))]),
]);

export const byReply = (replyId: number): Where => (eb) => eb.and([eb('origin_type', '=', 'reply'), eb('origin_id', '=', replyId)]);

/** Every message about some discussions (their likes, comments, replies and comment likes). */
export const byDiscussions = (dids: number[]): Where => (eb) => eb.and([eb('source_type', '=', 'Discussion'), eb('source_id', 'in', dids)]);

/**
 * A personal notice in the "mine" tab (HOJ's Single notice): an admin_sys_notice row addressed
 * to one user, plus that user's copy and unread count.
 */
export async function notifyUser(db: Db, uid: number, notice: NoticeI18n, adminId: number | null) {
  const t = now();
  const row = await db.insertInto('admin_sys_notice').values({
    ...storedText(notice), msg_i18n: JSON.stringify(notice), uid: adminId ?? 0, recipient_type: 'Single', gmt_create: t, gmt_modified: t,
  }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('user_sys_notice').values({ sys_notice_id: row.id, recipient_uid: uid, type: 'Mine', state: 0, gmt_create: t }).execute();
  await bump(db, uid, 'mine');
}

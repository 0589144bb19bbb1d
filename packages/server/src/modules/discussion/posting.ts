import { canComment, canEnterAdmin, canPostDiscussion, isAdminRole, isRoot, type AuthorRole } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError, forbidden } from '../../http/errors.js';
import { DAY, now } from '../../lib/time.js';

/** Role shown beside a post (SPA / ADM badges), fixed when it is written. */
export const authorRole = (u: AuthUser): AuthorRole => (isRoot(u.roles) ? 'root' : canEnterAdmin(u.roles) ? 'admin' : 'user');

/** Admin-area roles skip the AC minimum, the daily limit and the posting interval (HOJ does the same). */
const trusted = (u: AuthUser) => canEnterAdmin(u.roles);
export const isSiteAdmin = (u: AuthUser | null) => !!u && isAdminRole(u.roles);
export const isAnyAdmin = (u: AuthUser | null) => !!u && canEnterAdmin(u.roles);

async function acceptedCount(db: Db, uid: number): Promise<number> {
  const r = await db.selectFrom('user_accept').select((eb) => eb.fn.count<number>('pid').distinct().as('n')).where('uid', '=', uid).where('cid', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** May this user post a discussion now? (role, AC minimum, daily limit; the interval is taken in the write.) */
export async function checkCanPostDiscussion(ctx: AppContext, u: AuthUser) {
  if (!canPostDiscussion(u.roles)) throw forbidden('bannedDiscuss');
  if (trusted(u)) return;
  const sw = await ctx.services.siteConfig.switches();
  if (sw.discussionAcMin > 0 && (await acceptedCount(ctx.db, u.uid)) < sw.discussionAcMin) throw new AppError(403, 'discussionAcRequired', { n: sw.discussionAcMin });
  if (sw.discussionDailyLimit > 0) {
    const r = await ctx.db.selectFrom('discussion').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('uid', '=', u.uid).where('gmt_create', '>', now() - DAY).executeTakeFirstOrThrow();
    if (Number(r.n) >= sw.discussionDailyLimit) throw new AppError(403, 'discussionDailyLimit', { n: sw.discussionDailyLimit });
  }
}

/** May this user comment or reply? Muted roles may not; outside contests the AC minimum applies. */
export async function checkCanComment(ctx: AppContext, u: AuthUser, inContest: boolean) {
  if (!canComment(u.roles)) throw forbidden('muted');
  if (trusted(u) || inContest) return;
  const sw = await ctx.services.siteConfig.switches();
  if (sw.commentAcMin > 0 && (await acceptedCount(ctx.db, u.uid)) < sw.commentAcMin) throw new AppError(403, 'commentAcRequired', { n: sw.commentAcMin });
}

/** Seconds this user must leave between two posts of this kind (read before the write's transaction). */
export async function postInterval(ctx: AppContext, u: AuthUser, kind: 'discussion' | 'comment'): Promise<number> {
  if (trusted(u)) return 0;
  const sw = await ctx.services.siteConfig.switches();
  return Math.max(0, Number(kind === 'discussion' ? sw.discussionInterval : sw.commentInterval) || 0);
}

/**
 * The posting interval (site switch: discussionInterval / commentInterval seconds). Taken inside
 * the transaction that writes the post: one conditional upsert on the throttle row, so two posts
 * racing on any number of servers cannot both pass, and a post that fails later gives it back.
 */
export async function takePostSlot(trx: Db, u: AuthUser, kind: 'discussion' | 'comment', seconds: number) {
  if (!seconds || seconds <= 0) return;
  const key = `post:${kind}:${u.uid}`;
  const t = now();
  const until = t + seconds * 1000;
  const res = await trx.insertInto('throttle').values({ key, count: 1, window_start: t, locked_until: until })
    .onConflict((oc) => oc.column('key').doUpdateSet({ count: 1, window_start: t, locked_until: until }).where('throttle.locked_until', '<=', t))
    .executeTakeFirst();
  if (Number(res.numInsertedOrUpdatedRows ?? 0) > 0) return;
  const row = await trx.selectFrom('throttle').select('locked_until').where('key', '=', key).executeTakeFirst();
  throw new AppError(429, 'postTooFast', { s: Math.max(1, Math.ceil(((row?.locked_until ?? until) - t) / 1000)) });
}

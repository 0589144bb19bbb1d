import { canComment, canEnterAdmin, canPostDiscussion, isAdminRole, isRoot, type AuthorRole } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError, forbidden } from '../../http/errors.js';
import { DAY, now } from '../../lib/time.js';
import { consume, refund } from '../account/throttle.js';

/** Role shown beside a post (SPA / ADM badges), fixed when it is written. */
export const authorRole = (u: AuthUser): AuthorRole => (isRoot(u.roles) ? 'root' : canEnterAdmin(u.roles) ? 'admin' : 'user');
/** The role stored with a post, as the answers name it. */
export const authorRoleOf = (role: string): AuthorRole => (role === 'root' || role === 'admin' ? role : 'user');

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
  if (sw.defaultCreateDiscussionACInitValue > 0 && (await acceptedCount(ctx.db, u.uid)) < sw.defaultCreateDiscussionACInitValue) throw new AppError(403, 'discussionAcRequired', { n: sw.defaultCreateDiscussionACInitValue });
  if (sw.defaultCreateDiscussionDailyLimit > 0) {
    const r = await ctx.db.selectFrom('discussion').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('uid', '=', u.uid).where('gmt_create', '>', now() - DAY).executeTakeFirstOrThrow();
    if (Number(r.n) >= sw.defaultCreateDiscussionDailyLimit) throw new AppError(403, 'discussionDailyLimit', { n: sw.defaultCreateDiscussionDailyLimit });
  }
}

/** May this user comment or reply? Muted roles may not; outside contests the AC minimum applies. */
export async function checkCanComment(ctx: AppContext, u: AuthUser, inContest: boolean) {
  if (!canComment(u.roles)) throw forbidden('muted');
  if (trusted(u) || inContest) return;
  const sw = await ctx.services.siteConfig.switches();
  if (sw.defaultCreateCommentACInitValue > 0 && (await acceptedCount(ctx.db, u.uid)) < sw.defaultCreateCommentACInitValue) throw new AppError(403, 'commentAcRequired', { n: sw.defaultCreateCommentACInitValue });
}

/** Seconds this user must leave between two posts of this kind (site switch; admin-area roles none). */
async function postInterval(ctx: AppContext, u: AuthUser, kind: 'discussion' | 'comment'): Promise<number> {
  if (trusted(u)) return 0;
  const sw = await ctx.services.siteConfig.switches();
  return Math.max(0, Number(kind === 'discussion' ? sw.discussionInterval : sw.commentInterval) || 0);
}

/**
 * Writes a post under the posting interval (site switch: discussionInterval / commentInterval
 * seconds). The slot is one atomic take from the site's throttle (Redis or the database, shared
 * by every server), so two posts racing cannot both pass; a write that fails gives it back.
 */
export async function withPostSlot<T>(ctx: AppContext, u: AuthUser, kind: 'discussion' | 'comment', write: () => Promise<T>): Promise<T> {
  const seconds = await postInterval(ctx, u, kind);
  if (seconds <= 0) return write();
  const key = `post:${kind}:${u.uid}`;
  const rate = { burst: 1, intervalMs: seconds * 1000 };
  await consume(ctx, [[key, rate]], 'postTooFast');
  try {
    return await write();
  } catch (e) {
    await refund(ctx, key, rate);
    throw e;
  }
}

import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { revokeAllSessions } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { now } from '../../lib/time.js';
import { recordAudit, removeTwoFactor, twoFactorOf } from '../account/two-factor-repo.js';

/**
 * The super admin turns a user's second factor off (a lost phone, issue 33): the key and recovery
 * codes go, every session of the user ends, and the audit records who did it to whom and when.
 * Answers whether the user had one on.
 */
export async function resetTwoFactor(ctx: AppContext, actor: AuthUser, uid: number): Promise<boolean> {
  const target = await ctx.db.selectFrom('user').select(['id', 'username']).where('id', '=', uid).executeTakeFirst();
  if (!target) throw notFound('twoFactorUserNotFound');
  const had = (await twoFactorOf(ctx, uid))?.enabled === 1;
  await removeTwoFactor(ctx, uid);
  await revokeAllSessions(ctx, uid);
  await recordAudit(ctx, { actorUid: actor.uid, actorName: actor.username, action: 'reset_2fa', targetUid: target.id, targetName: target.username, detail: had ? 'enabled' : 'not enabled' }, now());
  return had;
}

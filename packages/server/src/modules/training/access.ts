import { TrainingAuth, isRoot } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { now } from '../../lib/time.js';
import { entryPasswordAttempt } from '../account/throttle.js';
import type { TrainingRow } from './tables.js';


/**
 * Group trainings plug in their membership rules here (the groups issue); without them a
 * group training is open to its author and the super admin only.
 */
export interface TrainingGroupRules {
  isMember(user: AuthUser, gid: number): Promise<boolean>;
  isRoot(user: AuthUser, gid: number): Promise<boolean>;
}
let groupRules: TrainingGroupRules | null = null;
export const setTrainingGroupRules = (r: TrainingGroupRules) => { groupRules = r; };

/** Training admin of spec 02 §6: the author, the super admin, or the group root of a group training. */
export async function isTrainingAdmin(user: AuthUser | null, t: TrainingRow): Promise<boolean> {
  if (!user) return false;
  if (isRoot(user.roles) || user.username === t.author) return true;
  return t.gid > 0 && !!groupRules && groupRules.isRoot(user, t.gid);
}

/** Hidden trainings exist only for their admins. */
export async function ensureVisible(user: AuthUser | null, t: TrainingRow) {
  if (t.status !== 1 && !(await isTrainingAdmin(user, t))) throw notFound('trainingNotFound');
  if (t.gid > 0 && !(await isTrainingAdmin(user, t)) && !(user && groupRules && (await groupRules.isMember(user, t.gid)))) throw forbidden();
}

export async function isRegistered(db: Db, tid: number, uid: number): Promise<boolean> {
  const r = await db.selectFrom('training_register').select('status').where('tid', '=', tid).where('uid', '=', uid).executeTakeFirst();
  return !!r && r.status === 1;
}

/** get-training-access: may the user see the training's problems and rank? */
export async function hasAccess(db: Db, user: AuthUser, t: TrainingRow): Promise<boolean> {
  if (t.auth !== TrainingAuth.PRIVATE || (await isTrainingAdmin(user, t))) return true;
  return isRegistered(db, t.id, user.uid);
}

/** Problems, rank and submissions of a training: visible, and registered when private. */
export async function ensureAccess(db: Db, user: AuthUser, t: TrainingRow) {
  await ensureVisible(user, t);
  if (!(await hasAccess(db, user, t))) throw forbidden('trainingNeedRegister');
}

/**
 * register-training: the password is asked once per user (registering again is harmless);
 * wrong passwords are throttled per user and training so the password cannot be guessed.
 * Returns true when a new registration was written.
 */
export async function register(ctx: AppContext, user: AuthUser, t: TrainingRow, password: string, ip: string): Promise<boolean> {
  await ensureVisible(user, t);
  if (t.auth !== TrainingAuth.PRIVATE || (await isTrainingAdmin(user, t))) return false;
  if (await isRegistered(ctx.db, t.id, user.uid)) return false;
  // Each guess takes a slot per account and address first (account/throttle.ts: a slow-down, no lockout).
  const passed = await entryPasswordAttempt(ctx, ip, user.uid, `training:${t.id}`);
  if (!password.trim()) throw badRequest('trainingPasswordRequired');
  if (password !== (t.private_pwd ?? '')) throw badRequest('trainingPasswordWrong');
  await passed();
  try {
    await ctx.db.insertInto('training_register').values({ tid: t.id, uid: user.uid, status: 1, gmt_create: now() }).execute();
    return true;
  } catch {
    // A concurrent registration of the same user won the unique index: nothing to do.
    return false;
  }
}

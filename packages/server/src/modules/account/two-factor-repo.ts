import type { Generated } from 'kysely';
import type { AppContext } from '../../context.js';

/** Tables of migration 0031 (issue 33). */
export interface UserTwoFactorTable {
  uid: number;
  /** The TOTP key, sealed (two-factor.ts: seal/unseal); never answered after set-up. */
  secret: string;
  enabled: number;
  /** The last accepted RFC 6238 time step: a code of that step or an earlier one is refused. */
  last_step: number | null;
  gmt_create: number;
  enabled_at: number | null;
}
export interface UserRecoveryCodeTable {
  id: Generated<number>;
  uid: number;
  code_hash: string;
  used_at: number | null;
}
export interface AdminAuditTable {
  id: Generated<number>;
  actor_uid: number;
  actor_name: string;
  action: string;
  target_uid: number | null;
  target_name: string | null;
  detail: string | null;
  gmt_create: number;
}

declare module '../../db/schema.js' {
  interface Database {
    user_two_factor: UserTwoFactorTable;
    user_recovery_code: UserRecoveryCodeTable;
    admin_audit: AdminAuditTable;
  }
}

export const twoFactorOf = (ctx: AppContext, uid: number) =>
  ctx.db.selectFrom('user_two_factor').selectAll().where('uid', '=', uid).executeTakeFirst();

/** A new set-up (not enabled yet) replaces an unfinished one; an enabled row is never replaced here. */
export async function storePendingSecret(ctx: AppContext, uid: number, sealed: string, at: number) {
  await ctx.db.insertInto('user_two_factor').values({ uid, secret: sealed, enabled: 0, last_step: null, gmt_create: at, enabled_at: null })
    .onConflict((oc) => oc.column('uid').doUpdateSet({ secret: sealed, gmt_create: at, last_step: null }).where('user_two_factor.enabled', '=', 0))
    .execute();
}

/**
 * Takes a time step for the account: one UPDATE that succeeds only when the step is later than
 * the last one accepted, so a code is accepted once even by two concurrent requests.
 */
export async function claimStep(ctx: AppContext, uid: number, step: number): Promise<boolean> {
  const r = await ctx.db.updateTable('user_two_factor').set({ last_step: step })
    .where('uid', '=', uid)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Turns the check on and replaces the recovery codes, in one transaction. */
export async function enableTwoFactor(ctx: AppContext, uid: number, codeHashes: string[], at: number): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const r = await trx.updateTable('user_two_factor').set({ enabled: 1, enabled_at: at }).where('uid', '=', uid).where('enabled', '=', 0).executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return false;
    await trx.deleteFrom('user_recovery_code').where('uid', '=', uid).execute();
    await trx.insertInto('user_recovery_code').values(codeHashes.map((code_hash) => ({ uid, code_hash, used_at: null }))).execute();
    return true;
  });
}

export async function removeTwoFactor(ctx: AppContext, uid: number) {
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('user_recovery_code').where('uid', '=', uid).execute();
    await trx.deleteFrom('user_two_factor').where('uid', '=', uid).execute();
  });
}

/** Uses a recovery code: one UPDATE marks it used, so it passes once. */
export async function useRecoveryCode(ctx: AppContext, uid: number, codeHash: string, at: number): Promise<boolean> {
  const r = await ctx.db.updateTable('user_recovery_code').set({ used_at: at })
    .where('uid', '=', uid).where('code_hash', '=', codeHash).where('used_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function recoveryCodesLeft(ctx: AppContext, uid: number): Promise<number> {
  const r = await ctx.db.selectFrom('user_recovery_code').select((eb) => eb.fn.countAll<number>().as('n')).where('uid', '=', uid).where('used_at', 'is', null).executeTakeFirst();
  return Number(r?.n ?? 0);
}

export interface AuditEntry { actorUid: number; actorName: string; action: string; targetUid?: number | null; targetName?: string | null; detail?: string | null }

/** One row of the admin audit: who did what, to whom, when. */
export async function recordAudit(ctx: AppContext, e: AuditEntry, at: number) {
  await ctx.db.insertInto('admin_audit').values({
    actor_uid: e.actorUid, actor_name: e.actorName, action: e.action, target_uid: e.targetUid ?? null, target_name: e.targetName ?? null, detail: e.detail ?? null, gmt_create: at,
  }).execute();
}

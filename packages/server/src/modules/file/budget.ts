import { sql } from 'kysely';
import { canEnterAdmin } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { DAY, now } from '../../lib/time.js';

/** upload_budget (migration 0024): bytes uploaded per "user:<uid>:<UTC day>" and per "group:<gid>". */
export interface UploadBudgetTable { key: string; bytes: number; gmt_modified: number }

declare module '../../db/schema.js' {
  interface Database { upload_budget: UploadBudgetTable }
}

const MIB = 1024 * 1024;

interface Budget { key: string; limit: number; msg: 'uploadBudgetUser' | 'uploadBudgetGroup' }

/** Gives back what an upload did not use (the declared length was an upper bound, or it failed). */
export type SettleUpload = (usedBytes: number) => Promise<void>;

/**
 * The byte budgets of users without an admin role (site switches uploadUserDailyMb and
 * uploadGroupMb; 0 = no limit): an upload takes its declared length from the user's day and from
 * the group it is for before any of its bytes are read, each in one atomic step, so parallel
 * uploads cannot all pass a check made before their writes. Staged test data counts like any
 * other upload. Returns the function that settles the charge once the real size is known.
 */
export async function chargeUpload(ctx: AppContext, user: AuthUser, gid: number, bytes: number): Promise<SettleUpload> {
  if (canEnterAdmin(user.roles)) return async () => {};
  const sw = await ctx.services.siteConfig.switches();
  const budgets: Budget[] = [];
  if (sw.uploadUserDailyMb > 0) budgets.push({ key: `user:${user.uid}:${Math.floor(now() / DAY)}`, limit: sw.uploadUserDailyMb * MIB, msg: 'uploadBudgetUser' });
  if (gid > 0 && sw.uploadGroupMb > 0) budgets.push({ key: `group:${gid}`, limit: sw.uploadGroupMb * MIB, msg: 'uploadBudgetGroup' });
  const taken: Budget[] = [];
  for (const b of budgets) {
    if (!(await take(ctx, b, bytes))) {
      for (const done of taken) await giveBack(ctx, done.key, bytes);
      const row = await ctx.db.selectFrom('upload_budget').select('bytes').where('key', '=', b.key).executeTakeFirst();
      const left = Math.max(0, b.limit - Number(row?.bytes ?? 0));
      throw new AppError(413, b.msg, { mb: b.limit / MIB, left: Math.floor((left / MIB) * 10) / 10 });
    }
    taken.push(b);
  }
  if (Math.random() < 1 / 256) {
    await ctx.db.deleteFrom('upload_budget').where('key', 'like', 'user:%').where('gmt_modified', '<', now() - 2 * DAY).execute();
  }
  return async (used) => {
    if (used < bytes) for (const b of taken) await giveBack(ctx, b.key, bytes - used);
  };
}

/** Adds `bytes` to the budget's count unless that passes its limit: true when taken. */
async function take(ctx: AppContext, b: Budget, bytes: number): Promise<boolean> {
  if (bytes > b.limit) return false;
  const t = now();
  const row = await ctx.db.insertInto('upload_budget').values({ key: b.key, bytes, gmt_modified: t })
    .onConflict((oc) => oc.column('key')
      .doUpdateSet({ bytes: sql`upload_budget.bytes + ${bytes}`, gmt_modified: t })
      .where(sql`upload_budget.bytes + ${bytes}`, '<=', b.limit))
    .returning('key').executeTakeFirst();
  return !!row;
}

async function giveBack(ctx: AppContext, key: string, bytes: number) {
  await ctx.db.updateTable('upload_budget')
    .set({ bytes: sql`CASE WHEN bytes > ${bytes} THEN bytes - ${bytes} ELSE 0 END` }).where('key', '=', key).execute();
}

/** A group's stored file was removed: its bytes count no longer against the group. */
export const releaseGroupBytes = (ctx: AppContext, gid: number, bytes: number) => (gid > 0 ? giveBack(ctx, `group:${gid}`, bytes) : Promise.resolve());

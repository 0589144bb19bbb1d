import type { AppContext } from '../../context.js';
import { now } from '../../lib/time.js';
import type { UserRow } from './user-info.js';

/** The user table as the account calls read and write it. */

export async function userByUsername(ctx: AppContext, username: string) {
  return ctx.db.selectFrom('user').selectAll().where('username', '=', username).executeTakeFirst();
}

export async function userById(ctx: AppContext, uid: number): Promise<UserRow> {
  return ctx.db.selectFrom('user').selectAll().where('id', '=', uid).executeTakeFirstOrThrow();
}

export async function userByEmail(ctx: AppContext, email: string) {
  return ctx.db.selectFrom('user').select(['id', 'username']).where('email', '=', email).executeTakeFirst();
}

export async function emailTaken(ctx: AppContext, email: string) {
  return !!(await ctx.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst());
}

/** A new ordinary account (role 1002), as registration creates it. */
export async function insertRegisteredUser(ctx: AppContext, u: { username: string; passwordHash: string; email: string }) {
  const t = now();
  await ctx.db.insertInto('user').values({
    username: u.username, password_hash: u.passwordHash, email: u.email, nickname: null, realname: null, school: null, course: null, number: null, gender: 'secrecy',
    avatar: null, signature: null, github: null, blog: null, cf_username: null, title_name: null, title_color: null,
    role: 1002, status: 0, last_login_time: null, last_login_ip: null, gmt_create: t, gmt_modified: t,
  }).execute();
}

/** A stronger hash of the same password (at login): the account itself is not modified. */
export async function upgradePasswordHash(ctx: AppContext, uid: number, hash: string) {
  await ctx.db.updateTable('user').set({ password_hash: hash }).where('id', '=', uid).execute();
}

/** A new password (reset or change). */
export async function setPasswordHash(ctx: AppContext, uid: number, hash: string) {
  await ctx.db.updateTable('user').set({ password_hash: hash, gmt_modified: now() }).where('id', '=', uid).execute();
}

/** Stamps a login and drops the user's sessions that ran out (revoked ones stay for the admin's list until they expire). */
export async function stampLogin(ctx: AppContext, uid: number, at: number, ip: string | null) {
  await ctx.db.updateTable('user').set({ last_login_time: at, last_login_ip: ip }).where('id', '=', uid).execute();
  await ctx.db.deleteFrom('user_session').where('uid', '=', uid).where('expires_at', '<', at).execute();
}

export async function setEmail(ctx: AppContext, uid: number, email: string) {
  await ctx.db.updateTable('user').set({ email, gmt_modified: now() }).where('id', '=', uid).execute();
}

/** Profile fields of change-userInfo; returns the updated row. */
export async function updateProfile(ctx: AppContext, uid: number, patch: Partial<UserRow>): Promise<UserRow> {
  await ctx.db.updateTable('user').set({ ...patch, gmt_modified: now() }).where('id', '=', uid).execute();
  return userById(ctx, uid);
}

/** Sets a new avatar link; returns the previous one. */
export async function replaceAvatar(ctx: AppContext, uid: number, link: string): Promise<string | null> {
  const old = await ctx.db.selectFrom('user').select('avatar').where('id', '=', uid).executeTakeFirstOrThrow();
  await ctx.db.updateTable('user').set({ avatar: link, gmt_modified: now() }).where('id', '=', uid).execute();
  return old.avatar;
}

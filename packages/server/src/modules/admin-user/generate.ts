import crypto from 'node:crypto';
import { GENERATE_USER_MAX, LIMITS, type GenerateUserResult } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { HOUR, now } from '../../lib/time.js';
import { hashPasswordBulk, randomPassword } from '../account/password.js';
import { csvCell } from './csv.js';

export interface GenerateSpec { prefix: string; suffix: string; numberFrom: number; numberTo: number; passwordLength: number }

/**
 * Creates prefix + n + suffix for every n of the range with a random password. Names that already
 * exist are skipped and listed. The username,password list is kept for an hour for download by
 * the admin who generated it.
 */
export async function generateUsers(ctx: AppContext, adminUid: number, s: GenerateSpec): Promise<GenerateUserResult> {
  const n = s.numberTo - s.numberFrom + 1;
  if (n > GENERATE_USER_MAX) throw badRequest('generateTooMany', { n: GENERATE_USER_MAX });
  const names = Array.from({ length: n }, (_, i) => `${s.prefix}${s.numberFrom + i}${s.suffix}`);
  if (names.some((u) => u.length > LIMITS.usernameMax)) throw badRequest('generatedNameTooLong');
  if (names.some((u) => !/^[^\s\p{C}]+$/u.test(u))) throw badRequest('usernameInvalid');

  const taken = new Set<string>();
  for (let i = 0; i < names.length; i += 500) {
    (await ctx.db.selectFrom('user').select('username').where('username', 'in', names.slice(i, i + 500)).execute()).forEach((r) => taken.add(r.username));
  }
  const skipped = names.filter((u) => taken.has(u));
  const created: { username: string; password: string }[] = [];
  const todo = names.filter((u) => !taken.has(u));
  for (let i = 0; i < todo.length; i += 16) {
    const chunk = todo.slice(i, i + 16).map((username) => ({ username, password: randomPassword(s.passwordLength) }));
    const hashes = await Promise.all(chunk.map((c) => hashPasswordBulk(c.password)));
    const t = now();
    for (const [j, c] of chunk.entries()) {
      try {
        await ctx.db.insertInto('user').values({
          username: c.username, password_hash: hashes[j], email: null, nickname: null, realname: null, school: null, course: null, number: null,
          gender: 'secrecy', avatar: null, signature: null, github: null, blog: null, cf_username: null, title_name: null, title_color: null,
          role: 1002, status: 0, last_login_time: null, last_login_ip: null, gmt_create: t, gmt_modified: t,
        }).execute();
        created.push(c);
      } catch {
        skipped.push(c.username);
      }
    }
  }
  const key = crypto.randomBytes(16).toString('hex');
  const content = ['username,password', ...created.map((c) => `${csvCell(c.username)},${csvCell(c.password)}`)].join('\r\n') + '\r\n';
  await ctx.db.deleteFrom('download_blob').where('expires_at', '<', now()).execute();
  await ctx.db.insertInto('download_blob').values({
    key, uid: adminUid, file_name: `users-${s.prefix}${s.numberFrom}-${s.numberTo}${s.suffix}.csv`.replace(/[^\w.-]/g, '_'), content, expires_at: now() + HOUR,
  }).execute();
  return { key, inserted: created.length, skipped };
}

/** A kept download (the generated users' password list) by its key, whoever it belongs to and whether expired or not. */
export async function downloadBlob(ctx: AppContext, key: string) {
  return ctx.db.selectFrom('download_blob').selectAll().where('key', '=', key).executeTakeFirst();
}

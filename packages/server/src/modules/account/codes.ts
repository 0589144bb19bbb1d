import crypto from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { now } from '../../lib/time.js';

/** Mailed codes (register, change email, reset link) in the email_code table. */
export type CodePurpose = 'register' | 'change_email' | 'reset';
export const CODE_TTL_MS: Record<CodePurpose, number> = { register: 5 * 60_000, change_email: 5 * 60_000, reset: 30 * 60_000 };
export const RESEND_MS: Record<CodePurpose, number> = { register: 60_000, change_email: 60_000, reset: 90_000 };
/** Wrong guesses a code survives before it is burnt. */
const MAX_ATTEMPTS = 5;

/**
 * Sends the mail for a stored code; when delivery fails the code is withdrawn, so the resend wait
 * does not hold the person back from trying again.
 */
export async function mailCode(ctx: AppContext, email: string, purpose: CodePurpose, code: string, mail: { subject: string; text: string; html?: string }) {
  try {
    return await ctx.services.mail.send({ to: email, ...mail });
  } catch (err) {
    await ctx.db.deleteFrom('email_code').where('email', '=', email).where('purpose', '=', purpose).where('code', '=', code).execute();
    throw err;
  }
}

export async function storeCode(ctx: AppContext, email: string, purpose: CodePurpose, code: string, uid: number | null) {
  const t = now();
  // Older codes for the same purpose stop working once a new one is sent.
  await ctx.db.updateTable('email_code').set({ used: 1 }).where('email', '=', email).where('purpose', '=', purpose).where('used', '=', 0).execute();
  await ctx.db.deleteFrom('email_code').where('expires_at', '<', t - 86_400_000).execute();
  await ctx.db.insertInto('email_code').values({ email, purpose, code, uid, sent_at: t, expires_at: t + CODE_TTL_MS[purpose], attempts: 0, used: 0 }).execute();
}

const same = (a: string, b: string) => {
  const x = Buffer.from(a.toUpperCase()), y = Buffer.from(b.toUpperCase());
  return x.length === y.length && crypto.timingSafeEqual(x, y);
};

/**
 * Checks and consumes the latest live code. A wrong guess counts against the code, so it cannot
 * be brute-forced within its lifetime. `uid` binds change-email and reset codes to their account.
 */
export async function consumeCode(ctx: AppContext, email: string, purpose: CodePurpose, code: string, uid: number | null, wrongMsg: 'codeWrong' | 'resetLinkInvalid' = 'codeWrong') {
  let q = ctx.db.selectFrom('email_code').selectAll().where('email', '=', email).where('purpose', '=', purpose).where('used', '=', 0);
  if (uid !== null) q = q.where('uid', '=', uid);
  const row = await q.orderBy('sent_at', 'desc').limit(1).executeTakeFirst();
  if (!row || row.expires_at <= now()) throw badRequest(wrongMsg);
  // Counting the attempt and checking the limit is one statement, so concurrent guesses cannot
  // all read "0 attempts so far"; using the code up is one too, so it works only once.
  const counted = await ctx.db.updateTable('email_code').set({ attempts: sql`attempts + 1` })
    .where('id', '=', row.id).where('attempts', '<', MAX_ATTEMPTS).where('used', '=', 0).executeTakeFirst();
  if (Number(counted.numUpdatedRows) === 0 || !same(row.code, code.trim())) throw badRequest(wrongMsg);
  const used = await ctx.db.updateTable('email_code').set({ used: 1 }).where('id', '=', row.id).where('used', '=', 0).executeTakeFirst();
  if (Number(used.numUpdatedRows) === 0) throw badRequest(wrongMsg);
}

const CAPTCHA_TTL_MS = 5 * 60_000;

export async function createCaptcha(ctx: AppContext): Promise<{ img: string; captchaKey: string }> {
  const c = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', color: true, width: 100, height: 40 });
  const key = crypto.randomUUID();
  const t = now();
  await ctx.db.deleteFrom('captcha').where('expires_at', '<', t).execute();
  await ctx.db.insertInto('captcha').values({ key, text: c.text.toLowerCase(), expires_at: t + CAPTCHA_TTL_MS }).execute();
  return { img: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}`, captchaKey: key };
}

/** Single use: the captcha is gone after one check, right or wrong. */
export async function checkCaptcha(ctx: AppContext, key: string, text: string) {
  // Deleted and read in one statement: two concurrent checks of one captcha cannot both see it.
  const row = await ctx.db.deleteFrom('captcha').where('key', '=', key).returningAll().executeTakeFirst();
  if (!row || row.expires_at <= now() || row.text !== text.trim().toLowerCase()) throw badRequest('captchaWrong');
}

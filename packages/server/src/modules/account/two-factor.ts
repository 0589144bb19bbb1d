import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { TWO_FACTOR, canEnterAdmin } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { AppError, badRequest } from '../../http/errors.js';
import { now } from '../../lib/time.js';
import { verifyPassword } from './password.js';
import { RATES, clear, consume, refund, take, type Rate } from './throttle.js';
import { claimStep, twoFactorOf, useRecoveryCode } from './two-factor-repo.js';

/**
 * Two-factor login (issue 33): TOTP of RFC 6238 (SHA-1, 6 digits, 30 s, one step either side)
 * through otplib, recovery codes, and the throttle of wrong codes.
 */

/** Wrong codes of one account from one address, and from anywhere (the password was already right). */
const CODE_RATES = {
  perAccountAddress: { burst: 5, intervalMs: 60_000 },
  perAccount: { burst: 10, intervalMs: 60_000 },
} satisfies Record<string, Rate>;

// The TOTP key is stored sealed (AES-256-GCM) under a key derived from the site's JWT secret: a
// copy of the database alone does not give the codes. Changing JWT_SECRET turns every enrolled
// account's codes invalid (an admin then resets their second factor).
const sealKeys = new WeakMap<Uint8Array, Buffer>();
function sealKey(ctx: AppContext): Buffer {
  let k = sealKeys.get(ctx.config.jwtSecret);
  if (!k) {
    k = Buffer.from(crypto.hkdfSync('sha256', ctx.config.jwtSecret, 'verdict', 'two-factor-secret', 32));
    sealKeys.set(ctx.config.jwtSecret, k);
  }
  return k;
}

export function seal(ctx: AppContext, secret: string): string {
  const iv = crypto.randomBytes(12);
  const c = crypto.createCipheriv('aes-256-gcm', sealKey(ctx), iv);
  const body = Buffer.concat([c.update(secret, 'utf8'), c.final()]);
  return `v1:${Buffer.concat([iv, c.getAuthTag(), body]).toString('base64')}`;
}

export function unseal(ctx: AppContext, sealed: string): string | null {
  if (!sealed.startsWith('v1:')) return null;
  try {
    const raw = Buffer.from(sealed.slice(3), 'base64');
    const d = crypto.createDecipheriv('aes-256-gcm', sealKey(ctx), raw.subarray(0, 12));
    d.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** A fresh key with its otpauth:// URI and that URI as a QR code (PNG data URL). */
export async function newSecret(issuer: string, account: string) {
  const secret = generateSecret();
  const otpauthUri = generateURI({ issuer, label: account, secret, digits: TWO_FACTOR.digits, period: TWO_FACTOR.periodSeconds });
  const qrDataUrl = await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 1, width: 220 });
  return { secret, otpauthUri, qrDataUrl };
}

/** The time step a code of this key matches (now, one before or one after), or null. */
async function matchingStep(secret: string, code: string): Promise<number | null> {
  const r = await verify({ secret, token: code, epochTolerance: TWO_FACTOR.periodSeconds, period: TWO_FACTOR.periodSeconds, digits: TWO_FACTOR.digits });
  return r.valid ? (r as { timeStep: number }).timeStep : null;
}

/** A code of the account's key, accepted once: its step must be later than the last one taken. */
export async function acceptTotp(ctx: AppContext, uid: number, sealed: string, code: string): Promise<boolean> {
  const secret = unseal(ctx, sealed);
  if (!secret) return false;
  const step = await matchingStep(secret, code);
  return step !== null && claimStep(ctx, uid, step);
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** Ten codes shown as xxxxx-xxxxx (about 49 bits each), with the hashes that are stored. */
export function newRecoveryCodes(): { shown: string[]; hashes: string[] } {
  const shown: string[] = [];
  for (let i = 0; i < TWO_FACTOR.recoveryCodes; i++) {
    let s = '';
    for (let j = 0; j < 10; j++) s += RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)];
    shown.push(`${s.slice(0, 5)}-${s.slice(5)}`);
  }
  return { shown, hashes: shown.map((c) => hashRecoveryCode(c)) };
}
/** Recovery codes carry ~49 random bits: a plain SHA-256 is enough (the throttle bounds guessing). */
const hashRecoveryCode = (code: string) => crypto.createHash('sha256').update(code.replace(/[\s-]+/g, '').toLowerCase()).digest('hex');

const codeNeeded = () => new AppError(400, 'twoFactorCodeNeeded', {}, { twoFactorRequired: true });

/**
 * One attempt at a second factor: a slot from the (account, address) and the account's buckets
 * first (refused with the wait once one is empty), then the check. A right code gives the slots
 * back. Every refusal carries data.twoFactorRequired so the client keeps the code field.
 */
export async function codeAttempt(ctx: AppContext, ip: string, uid: number, check: () => Promise<boolean>) {
  const pairKey = `2fa-pair:${uid}:${ip}`;
  const userKey = `2fa-user:${uid}`;
  const waits = await Promise.all([take(ctx, pairKey, CODE_RATES.perAccountAddress), take(ctx, userKey, CODE_RATES.perAccount)]);
  const wait = Math.max(...waits);
  if (wait > 0) throw new AppError(429, 'twoFactorTooManyCodes', { s: Math.max(1, Math.ceil(wait / 1000)) }, { twoFactorRequired: true });
  if (!(await check())) throw new AppError(400, 'twoFactorCodeWrong', {}, { twoFactorRequired: true });
  await clear(ctx, pairKey);
  await refund(ctx, userKey, CODE_RATES.perAccount);
}

export interface SecondFactor { totp?: string | null; recoveryCode?: string | null }

/** A code (or recovery code) against the account's enabled second factor. */
export function checkCode(ctx: AppContext, uid: number, sealed: string, f: SecondFactor): () => Promise<boolean> {
  return async () => {
    if (f.totp) return acceptTotp(ctx, uid, sealed, f.totp);
    if (f.recoveryCode) return useRecoveryCode(ctx, uid, hashRecoveryCode(f.recoveryCode), now());
    return false;
  };
}

/**
 * The login's second step, after a right password: nothing for an account without a second
 * factor (HOJ's login unchanged); otherwise a code is needed (400 with data.twoFactorRequired).
 */
export async function requireSecondFactor(ctx: AppContext, req: FastifyRequest, uid: number, f: SecondFactor) {
  const tf = await twoFactorOf(ctx, uid);
  if (!tf?.enabled) return;
  if (!f.totp && !f.recoveryCode) throw codeNeeded();
  await codeAttempt(ctx, req.ip, uid, checkCode(ctx, uid, tf.secret, f));
}

/** The site requires a second factor of this role (an admin-area role, with the super admin's switch on). */
export async function secondFactorRequired(ctx: AppContext, role: number): Promise<boolean> {
  return canEnterAdmin([role]) && (await ctx.services.siteConfig.switches()).requireAdminTwoFactor;
}

/**
 * A password re-check of a logged-in account: the same bucket as account/routes.ts' re-checks
 * (password-check:uid), so a stolen session cannot brute-force the password here either.
 */
export async function recheckPassword(ctx: AppContext, uid: number, passwordHash: string, password: string) {
  const key = `password-check:${uid}`;
  await consume(ctx, [[key, RATES.loginPerAccountAddress]], 'tooManyLoginFailures');
  if (!(await verifyPassword(password, passwordHash))) throw badRequest('passwordWrong');
  await clear(ctx, key);
}

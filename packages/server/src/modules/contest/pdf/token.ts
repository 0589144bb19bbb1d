import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { printLang, type PrintLang } from '@verdict/shared';
import type { AppContext } from '../../../context.js';

/**
 * The print token the PDF job hands the server's own Chromium: it reads one contest's print set
 * for a few minutes and nothing else. Signed with a key derived from the site's JWT secret (never
 * a session token: it names no session, so it logs no one in).
 */
const AUDIENCE = 'verdict-print-set';
const TTL_S = 300;

const keys = new WeakMap<AppContext, Uint8Array>();
function keyOf(ctx: AppContext): Uint8Array {
  let k = keys.get(ctx);
  if (!k) keys.set(ctx, (k = new Uint8Array(crypto.createHmac('sha256', ctx.config.jwtSecret).update('print-set token').digest())));
  return k;
}

export function signPrintToken(ctx: AppContext, cid: number, lang: PrintLang): Promise<string> {
  return new SignJWT({ cid, lang }).setProtectedHeader({ alg: 'HS256' }).setAudience(AUDIENCE)
    .setIssuedAt().setExpirationTime(`${TTL_S}s`).sign(keyOf(ctx));
}

/** The contest and language the token was signed for, or null (bad signature, expired, another contest). */
export async function verifyPrintToken(ctx: AppContext, token: string, cid: number): Promise<{ lang: PrintLang } | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(ctx), { algorithms: ['HS256'], audience: AUDIENCE });
    const lang = printLang.safeParse(payload.lang);
    if (payload.cid !== cid || !lang.success) return null;
    return { lang: lang.data };
  } catch {
    return null;
  }
}

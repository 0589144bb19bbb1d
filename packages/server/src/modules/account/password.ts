import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (pw: string, salt: Buffer, keylen: number, opts: crypto.ScryptOptions) => Promise<Buffer>;
const PARAMS = { N: 16384, r: 8, p: 1 };
const KEYLEN = 32;

/**
 * Accounts an admin creates in bulk (CSV import, generated users) get a sixteenth of the cost so a
 * thousand of them hash within one request; the first login upgrades the hash to full cost.
 */
const BULK_PARAMS = { N: 1024, r: 8, p: 1 };

/** `scrypt$N$r$p$salt$hash` (base64), so the cost can be raised later without breaking old hashes. */
export async function hashPassword(password: string, params: { N: number; r: number; p: number } = PARAMS): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, KEYLEN, params);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export const hashPasswordBulk = (password: string) => hashPassword(password, BULK_PARAMS);

/** True when a stored hash is weaker than the current full cost (bulk-created accounts). */
export function needsRehash(stored: string): boolean {
  const [kind, N, r, p] = stored.split('$');
  return kind !== 'scrypt' || Number(N) < PARAMS.N || Number(r) < PARAMS.r || Number(p) < PARAMS.p;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  const actual = await scrypt(password, salt, expected.length, { N, r, p, maxmem: 64 * 1024 * 1024 });
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

/** A hash for no password at all: verifying against it costs the same time, so a missing user is not revealed by timing. */
let dummy: string | null = null;
export async function dummyHash() {
  dummy ??= await hashPassword(crypto.randomBytes(12).toString('hex'));
  return dummy;
}

const PW_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
export function randomPassword(length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += PW_ALPHABET[crypto.randomInt(PW_ALPHABET.length)];
  return s;
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Mailed verification codes: 6 characters, no look-alikes (0/O, 1/I). */
export function randomCode(length = 6): string {
  let s = '';
  for (let i = 0; i < length; i++) s += CODE_ALPHABET[crypto.randomInt(CODE_ALPHABET.length)];
  return s;
}

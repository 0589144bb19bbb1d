import { z } from 'zod';
import { BATCH_USER_MAX_ROWS, LIMITS, MSG, formatMsg, type BatchInsertResult, type Locale, type MsgKey } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { now } from '../../lib/time.js';
import { hashPasswordBulk } from '../account/password.js';
import { parseCsv } from './csv.js';

/** One row of the seven import columns (spec 03 §3): username, password, email, real name, gender, nickname, school. */
interface ImportRow { line: number; cells: (string | null)[] }
interface NewUser { line: number; username: string; password: string; email: string | null; realname: string | null; gender: string; nickname: string | null; school: string | null }

const isEmail = (s: string) => z.string().email().safeParse(s).success;

/** male or 0, female or 1, anything else secrecy (spec 03 §5). */
export function importGender(v: string | null | undefined): string {
  const g = (v ?? '').trim().toLowerCase();
  if (g === 'male' || g === '0') return 'male';
  if (g === 'female' || g === '1') return 'female';
  return 'secrecy';
}

const cell = (v: string | null | undefined, max: number) => {
  const s = (v ?? '').trim();
  return s === '' ? null : s.slice(0, max);
};

/** Rows from the request: raw CSV text (checked to be UTF-8) or rows the client already split. */
export function rowsOf(body: { csv?: string; users?: (string | null)[][] }): ImportRow[] {
  if (body.csv !== undefined) {
    // A file read as UTF-8 that was not UTF-8 comes with replacement characters.
    if (body.csv.includes('\uFFFD')) throw badRequest('csvNotUtf8');
    return parseCsv(body.csv).map((r) => ({ line: r.line, cells: r.fields }));
  }
  const users = body.users ?? [];
  if (users.some((cells) => cells.some((c) => c?.includes('\uFFFD')))) throw badRequest('csvNotUtf8');
  return users.map((cells, i) => ({ line: i + 1, cells }));
}

/**
 * Checks every row, skipping bad ones with a reason (missing username or password, bad length,
 * taken or repeated name or address), then creates the rest. A first row that names the columns
 * is taken as a header.
 */
export async function importUsers(ctx: AppContext, rows: ImportRow[], locale: Locale): Promise<BatchInsertResult> {
  if (rows.length > 0 && ['username', '用户名'].includes((rows[0].cells[0] ?? '').trim().toLowerCase())) rows = rows.slice(1);
  if (rows.length === 0) throw badRequest('csvEmpty');
  if (rows.length > BATCH_USER_MAX_ROWS) throw badRequest('tooManyRows', { n: BATCH_USER_MAX_ROWS });
  const skipped: BatchInsertResult['skipped'] = [];
  const skip = (line: number, username: string, key: MsgKey) => skipped.push({ row: line, username, reason: formatMsg(MSG[key], locale) });

  const seenNames = new Set<string>();
  const seenEmails = new Set<string>();
  const candidates: NewUser[] = [];
  for (const { line, cells } of rows) {
    const username = (cells[0] ?? '').trim();
    const password = (cells[1] ?? '').trim();
    if (cells.length > 7) { skip(line, username, 'csvColumns'); continue; }
    if (!username || !password) { skip(line, username, 'csvMissingFields'); continue; }
    if (username.length > LIMITS.usernameMax) { skip(line, username, 'usernameMax'); continue; }
    if (!/^[^\s\p{C}]+$/u.test(username)) { skip(line, username, 'usernameInvalid'); continue; }
    if (password.length < LIMITS.generatedPasswordMin || password.length > LIMITS.generatedPasswordMax) { skip(line, username, 'csvPasswordLength'); continue; }
    const email = cell(cells[2], 255)?.toLowerCase() ?? null;
    if (email && !isEmail(email)) { skip(line, username, 'emailInvalid'); continue; }
    if (seenNames.has(username.toLowerCase())) { skip(line, username, 'csvDuplicateInFile'); continue; }
    if (email && seenEmails.has(email)) { skip(line, username, 'csvEmailDuplicateInFile'); continue; }
    seenNames.add(username.toLowerCase());
    if (email) seenEmails.add(email);
    candidates.push({ line, username, password, email, realname: cell(cells[3], 100), gender: importGender(cells[4]), nickname: cell(cells[5], 20), school: cell(cells[6], 100) });
  }

  // Names and addresses already on the site.
  const takenNames = new Set<string>();
  const takenEmails = new Set<string>();
  for (let i = 0; i < candidates.length; i += 500) {
    const chunk = candidates.slice(i, i + 500);
    const names = await ctx.db.selectFrom('user').select('username').where('username', 'in', chunk.map((c) => c.username)).execute();
    names.forEach((r) => takenNames.add(r.username));
    const emails = chunk.flatMap((c) => (c.email ? [c.email] : []));
    if (emails.length) (await ctx.db.selectFrom('user').select('email').where('email', 'in', emails).execute()).forEach((r) => r.email && takenEmails.add(r.email));
  }
  const fresh = candidates.filter((c) => {
    if (takenNames.has(c.username)) { skip(c.line, c.username, 'usernameExists'); return false; }
    if (c.email && takenEmails.has(c.email)) { skip(c.line, c.username, 'emailExists'); return false; }
    return true;
  });

  let inserted = 0;
  // Hash a few at a time (scrypt runs on libuv's thread pool), then write each chunk in one transaction.
  for (let i = 0; i < fresh.length; i += 16) {
    const chunk = fresh.slice(i, i + 16);
    const hashes = await Promise.all(chunk.map((c) => hashPasswordBulk(c.password)));
    const t = now();
    for (const [j, c] of chunk.entries()) {
      try {
        await ctx.db.insertInto('user').values({
          username: c.username, password_hash: hashes[j], email: c.email, nickname: c.nickname, realname: c.realname, school: c.school,
          course: null, number: null, gender: c.gender, avatar: null, signature: null, github: null, blog: null, cf_username: null,
          title_name: null, title_color: null, role: 1002, status: 0, last_login_time: null, last_login_ip: null, gmt_create: t, gmt_modified: t,
        }).execute();
        inserted++;
      } catch {
        skip(c.line, c.username, 'usernameExists'); // created meanwhile by someone else
      }
    }
  }
  skipped.sort((a, b) => a.row - b.row);
  return { inserted, skipped };
}

import { expect } from 'vitest';
import type { TestApp } from './helpers.js';
import { hashPassword } from '../src/modules/account/password.js';

/** Test users written straight into the database (registration itself is tested through the API). */
export async function addUser(t: TestApp, username: string, password: string, extra: { role?: number; status?: number; email?: string | null } = {}) {
  const now = Date.now();
  const row = await t.ctx.db.insertInto('user').values({
    username, password_hash: await hashPassword(password), email: extra.email === undefined ? `${username.toLowerCase()}@example.com` : extra.email,
    nickname: null, realname: null, school: null, course: null, number: null, gender: 'secrecy', avatar: null, signature: null,
    github: null, blog: null, cf_username: null, title_name: null, title_color: null, role: extra.role ?? 1002, status: extra.status ?? 0,
    last_login_time: null, last_login_ip: null, gmt_create: now, gmt_modified: now,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Logs in through the API and returns the token from the Authorization response header. */
export async function login(t: TestApp, username: string, password: string, path = '/api/login'): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: path, payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login of ${username} failed: ${res.statusCode} ${res.body}`);
  return String(res.headers.authorization);
}

export const en = { 'accept-language': 'en-US' };

/** A captcha fetched from `ip` and its answer, read the way a person reads the picture: from the server's record of it. */
export async function solvedCaptcha(t: TestApp, ip: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/captcha', remoteAddress: ip });
  expect(res.statusCode).toBe(200);
  const { img, captchaKey } = res.json().data;
  expect(img).toMatch(/^data:image\/svg\+xml;base64,/);
  const row = await t.ctx.db.selectFrom('captcha').select('text').where('key', '=', captchaKey).executeTakeFirstOrThrow();
  return { captchaKey, captcha: row.text };
}

import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@verdict/shared';
import { createTestApp, type TestApp } from './helpers.js';
import { addUser, en, login } from './account-fixtures.js';
import { sessionsChanged } from '../src/http/auth.js';
import { buildApp } from '../src/app.js';

/**
 * Two-factor login and a user's own sessions (issue 33). The codes are computed here with
 * node:crypto per RFC 6238 (checked against the RFC's own test vector), not by the server's library.
 */

function base32Decode(s: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of s.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const out: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) out.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(out);
}
/** RFC 4226 HOTP over an RFC 6238 time step, HMAC-SHA1. */
function hotp(key: Buffer, counter: number, digits = 6): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const h = crypto.createHmac('sha1', key).update(msg).digest();
  const off = h[h.length - 1]! & 0xf;
  const bin = ((h[off]! & 0x7f) << 24) | (h[off + 1]! << 16) | (h[off + 2]! << 8) | h[off + 3]!;
  return String(bin % 10 ** digits).padStart(digits, '0');
}
const stepNow = () => Math.floor(Date.now() / 1000 / 30);
const totp = (secret: string, step = stepNow()) => hotp(base32Decode(secret), step);

let t: TestApp;
const PW = 'secret123';
const ua = (name: string) => ({ 'user-agent': name });
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function call(method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: object, headers: Record<string, string> = {}, ip = '127.0.0.1') {
  const res = await t.app.inject({ method, url, payload, remoteAddress: ip, headers: { ...en, ...(token ? { authorization: token } : {}), ...headers } });
  return { status: res.statusCode, body: res.json() as { status: number; msg: string; data: any }, headers: res.headers };
}
const loginWith = (username: string, extra: object = {}, headers: Record<string, string> = {}, ip = '127.0.0.1', path = '/api/login') =>
  call('POST', path, null, { username, password: PW, ...extra }, headers, ip);

/** Sets up and enables a second factor through the API; answers the key and the recovery codes. */
async function enrol(token: string) {
  const setup = await call('POST', '/api/two-factor/setup', token, { password: PW });
  expect(setup.status).toBe(200);
  const secret: string = setup.body.data.secret;
  const step = stepNow();
  const on = await call('POST', '/api/two-factor/enable', token, { code: totp(secret, step) });
  expect(on.status).toBe(200);
  return { secret, step, recoveryCodes: on.body.data.recoveryCodes as string[] };
}

beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

describe('the test\'s own TOTP generator', () => {
  it('gives RFC 6238\'s SHA-1 test vector', () => {
    // RFC 6238 appendix B: key "12345678901234567890", T = 59 s → 94287082 (8 digits); T = 1111111109 → 07081804.
    expect(hotp(Buffer.from('12345678901234567890'), Math.floor(59 / 30), 8)).toBe('94287082');
    expect(hotp(Buffer.from('12345678901234567890'), Math.floor(1111111109 / 30), 8)).toBe('07081804');
  });
});

describe('two-factor login', () => {
  it('leaves the login of an account without a second factor as it was (HOJ\'s client)', async () => {
    await addUser(t, 'plain', PW);
    const r = await loginWith('plain');
    expect(r.status).toBe(200);
    expect(r.body.data.username).toBe('plain');
    expect(r.headers.authorization).toBeTruthy();
  });

  it('sets up with the password re-checked, enables with one code, asks for a code at login, accepts a code once', async () => {
    await addUser(t, 'alice', PW);
    const first = String((await loginWith('alice', {}, ua(CHROME))).headers.authorization);
    const other = String((await loginWith('alice', {}, ua(IPHONE))).headers.authorization);

    const wrongPw = await call('POST', '/api/two-factor/setup', first, { password: 'nope-nope' });
    expect(wrongPw.status).toBe(400);
    expect(wrongPw.body.msg).toBe('The password is wrong');
    expect((await call('POST', '/api/two-factor/enable', first, { code: '123456' })).body.msg).toMatch(/Start the set-up first/);

    const setup = await call('POST', '/api/two-factor/setup', first, { password: PW });
    expect(setup.status).toBe(200);
    const { secret, otpauthUri, qrDataUrl } = setup.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(otpauthUri).toMatch(new RegExp(`^otpauth://totp/Verdict:alice\\?secret=${secret}&`));
    expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
    // Stored sealed, never the key itself; the status never answers it.
    const row = await t.ctx.db.selectFrom('user_two_factor').selectAll().where('uid', '=', await uid('alice')).executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(secret);
    const status = await call('GET', '/api/two-factor/status', first);
    expect(status.body.data).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false, enabledAt: null });
    expect(JSON.stringify(status.body)).not.toContain(secret);

    const step = stepNow();
    const wrong = await call('POST', '/api/two-factor/enable', first, { code: totp(secret, step + 5) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('The two-factor code is wrong, expired or already used');
    const on = await call('POST', '/api/two-factor/enable', first, { code: totp(secret, step) });
    expect(on.status).toBe(200);
    const codes: string[] = on.body.data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    // Turning it on signed out the other device, not this one.
    expect((await call('GET', '/api/two-factor/status', other)).status).toBe(401);
    expect((await call('GET', '/api/two-factor/status', first)).body.data).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // The recovery codes are stored hashed only.
    const stored = await t.ctx.db.selectFrom('user_recovery_code').select('code_hash').where('uid', '=', await uid('alice')).execute();
    expect(stored.map((s) => s.code_hash)).not.toContain(codes[0]);

    // A right password alone: a bilingual 400 with the flag the client reads, and no token.
    const need = await loginWith('alice');
    expect(need.status).toBe(400);
    expect(need.body.data).toEqual({ twoFactorRequired: true });
    expect(need.body.msg).toMatch(/two-factor login/);
    expect(need.headers.authorization).toBeUndefined();
    const needZh = await loginWith('alice', {}, { 'accept-language': 'zh-CN' });
    expect(needZh.body.msg).toMatch(/两步验证/);
    // A wrong password with a code still fails as a wrong password.
    expect((await call('POST', '/api/login', null, { username: 'alice', password: 'wrongwrong', totp: totp(secret) })).body.msg).toBe('The username or password is wrong');

    // The code of the step after the one used to enable (±1 step is accepted), once.
    const code = totp(secret, step + 1);
    const ok = await loginWith('alice', { totp: code });
    expect(ok.status).toBe(200);
    expect(ok.headers.authorization).toBeTruthy();
    const replay = await loginWith('alice', { totp: code });
    expect(replay.status).toBe(400);
    expect(replay.body.msg).toBe('The two-factor code is wrong, expired or already used');
    // The enabling code (an earlier step) is refused too.
    expect((await loginWith('alice', { totp: totp(secret, step) })).status).toBe(400);
  });

  it('takes each recovery code once, typed in any case with or without the dash', async () => {
    await addUser(t, 'rita', PW);
    const token = await login(t, 'rita', PW);
    const { recoveryCodes } = await enrol(token);
    const typed = recoveryCodes[3]!.toUpperCase().replace('-', ' ');
    const first = await loginWith('rita', { recoveryCode: typed });
    expect(first.status).toBe(200);
    const again = await loginWith('rita', { recoveryCode: recoveryCodes[3] });
    expect(again.status).toBe(400);
    expect(again.body.data).toEqual({ twoFactorRequired: true });
    expect((await call('GET', '/api/two-factor/status', String(first.headers.authorization))).body.data.recoveryCodesLeft).toBe(9);
    const bad = await loginWith('rita', { recoveryCode: 'not a code' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('The recovery code is invalid');
  });

  it('slows wrong codes per account and address, atomically, and a right code from elsewhere still gets in', async () => {
    await addUser(t, 'walt', PW);
    const token = await login(t, 'walt', PW);
    const { secret, step } = await enrol(token);
    const wrong = totp(secret, step + 7);
    // Eight concurrent wrong codes from one address: the bucket holds five.
    const burst = await Promise.all(Array.from({ length: 8 }, () => loginWith('walt', { totp: wrong }, {}, '10.0.0.9')));
    expect(burst.filter((r) => r.status === 400)).toHaveLength(5);
    const refused = burst.filter((r) => r.status === 429);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.body.msg).toMatch(/Too many wrong two-factor codes, please try again in \d+ seconds/);
    expect(refused[0]!.body.data).toEqual({ twoFactorRequired: true });
    // Even the right code waits at that address ...
    expect((await loginWith('walt', { totp: totp(secret, step + 1) }, {}, '10.0.0.9')).status).toBe(429);
    // ... while the owner elsewhere gets in (the account's own bucket holds ten).
    expect((await loginWith('walt', { totp: totp(secret, step + 1) }, {}, '10.0.0.10')).status).toBe(200);
    // Past the account's bucket, every address waits.
    const spread = await Promise.all(Array.from({ length: 12 }, (_, i) => loginWith('walt', { totp: wrong }, {}, `10.0.1.${i}`)));
    expect(spread.some((r) => r.status === 429)).toBe(true);
  });

  it('turns off with the password and a code; other sessions end; the login then needs no code', async () => {
    await addUser(t, 'dora', PW);
    const token = await login(t, 'dora', PW);
    const { secret, step, recoveryCodes } = await enrol(token);
    const second = String((await loginWith('dora', { recoveryCode: recoveryCodes[0] })).headers.authorization);
    expect((await call('POST', '/api/two-factor/disable', token, { password: PW })).body.data).toEqual({ twoFactorRequired: true });
    expect((await call('POST', '/api/two-factor/disable', token, { password: 'wrongwrong', totp: totp(secret, step + 1) })).body.msg).toBe('The password is wrong');
    const off = await call('POST', '/api/two-factor/disable', token, { password: PW, totp: totp(secret, step + 1) });
    expect(off.status).toBe(200);
    expect((await call('GET', '/api/get-sessions', second)).status).toBe(401);
    expect((await loginWith('dora')).status).toBe(200);
    expect(await t.ctx.db.selectFrom('user_recovery_code').select('id').where('uid', '=', await uid('dora')).execute()).toEqual([]);
  });
});

async function uid(username: string) {
  return (await t.ctx.db.selectFrom('user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
}

describe('the super admin\'s requirement and reset', () => {
  it('closes the admin area to admins without a second factor until they enrol; reset and requirement are recorded', async () => {
    await addUser(t, 'boss', PW, { role: Role.ROOT });
    await addUser(t, 'adam', PW, { role: Role.ADMIN });
    await addUser(t, 'ursula', PW);
    const boss = await login(t, 'boss', PW);
    const on = { requireAdminTwoFactor: true };
    // Not before the super admin has one (or they would lock themselves out).
    const early = await call('PUT', '/api/admin/switch/update', boss, on);
    expect(early.status).toBe(400);
    expect(early.body.msg).toMatch(/before requiring it/);
    await enrol(boss);
    expect((await call('PUT', '/api/admin/switch/update', boss, on)).body.data.requireAdminTwoFactor).toBe(true);
    expect((await call('GET', '/api/admin/switch/info', boss)).body.data.requireAdminTwoFactor).toBe(true);

    // An admin without one logs in, but the admin area answers a clear 403 with the flag.
    const adamLogin = await loginWith('adam', {}, {}, '127.0.0.1', '/api/admin/login');
    expect(adamLogin.status).toBe(200);
    const adam = String(adamLogin.headers.authorization);
    const refused = await call('GET', '/api/admin/dashboard/get-dashboard-info', adam);
    expect(refused.status).toBe(403);
    expect(refused.body.data).toEqual({ twoFactorEnrolRequired: true });
    expect(refused.body.msg).toMatch(/requires two-factor login for the admin area/);
    expect((await call('GET', '/api/two-factor/status', adam)).body.data).toMatchObject({ enabled: false, required: true });
    // A plain user is not concerned.
    const ursula = await login(t, 'ursula', PW);
    expect((await call('GET', '/api/two-factor/status', ursula)).body.data.required).toBe(false);
    // Enrolled, the admin gets in.
    await enrol(adam);
    expect((await call('GET', '/api/admin/dashboard/get-dashboard-info', adam)).status).toBe(200);

    // The super admin resets the admin's second factor: their sessions end, the area closes again until they enrol.
    const reset = await call('POST', '/api/admin/user/reset-two-factor', boss, { uid: await uid('adam') });
    expect(reset.body.data).toEqual({ hadTwoFactor: true });
    expect((await call('GET', '/api/two-factor/status', adam)).status).toBe(401);
    const back = await loginWith('adam', {}, {}, '127.0.0.1', '/api/admin/login');
    expect(back.status).toBe(200);
    expect((await call('GET', '/api/admin/dashboard/get-dashboard-info', String(back.headers.authorization))).status).toBe(403);
    expect((await call('POST', '/api/admin/user/reset-two-factor', boss, { uid: 999999 })).status).toBe(404);

    // Off again; every change is in the audit with who, whom and when.
    const off = await call('PUT', '/api/admin/switch/update', boss, { requireAdminTwoFactor: false });
    expect(off.status).toBe(200);
    const audit = await t.ctx.db.selectFrom('admin_audit').selectAll().orderBy('id').execute();
    expect(audit.map((a) => [a.actor_name, a.action, a.target_name])).toEqual([
      ['boss', 'require_admin_2fa_on', null], ['boss', 'reset_2fa', 'adam'], ['boss', 'require_admin_2fa_off', null],
    ]);
    for (const a of audit) expect(Number(a.gmt_create)).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('own sessions', () => {
  it('lists the live logins with device and address, signs out one or all others, never another user\'s', async () => {
    await addUser(t, 'sam', PW);
    await addUser(t, 'eve', PW);
    const a = String((await loginWith('sam', {}, ua(CHROME), '10.1.1.1')).headers.authorization);
    const b = String((await loginWith('sam', {}, ua(IPHONE), '10.1.1.2')).headers.authorization);
    const c = String((await loginWith('sam', {}, ua('curl/8.5.0'), '10.1.1.3')).headers.authorization);
    const eve = await login(t, 'eve', PW);

    // A refreshed token (past half its life) stays one login in the list.
    await t.ctx.db.updateTable('user_session').set((eb) => ({ created_at: eb('created_at', '-', t.ctx.config.tokenTtlMs * 0.6), expires_at: eb('expires_at', '-', t.ctx.config.tokenTtlMs * 0.6) }))
      .where('uid', '=', await uid('sam')).where('user_agent', '=', CHROME).execute();
    await sessionsChanged(t.ctx);
    const refreshed = await call('GET', '/api/get-sessions', a, undefined, ua(CHROME), '10.1.1.1');
    expect(refreshed.headers['refresh-token']).toBe('true');
    const a2 = String(refreshed.headers.authorization);

    const list = await call('GET', '/api/get-sessions', a2, undefined, ua(CHROME), '10.1.1.1');
    expect(list.status).toBe(200);
    const rows = list.body.data as { id: string; device: string; mobile: boolean; ip: string; current: boolean; startedAt: number; lastSeenAt: number }[];
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ device: 'Chrome 131 · Windows', mobile: false, ip: '10.1.1.1', current: true });
    expect(rows.find((r) => r.ip === '10.1.1.2')).toMatchObject({ device: 'Safari 17 · iOS', mobile: true, current: false });
    expect(rows.find((r) => r.ip === '10.1.1.3')?.device).toBe('curl 8');
    expect(rows[0]!.startedAt).toBeLessThan(Date.now() - t.ctx.config.tokenTtlMs / 2);
    for (const r of rows) expect(r.lastSeenAt).toBeGreaterThanOrEqual(r.startedAt);

    // Another user's session id is not found for eve; the current one is a logout, not a sign-out.
    const iphone = rows.find((r) => r.ip === '10.1.1.2')!;
    expect((await call('POST', '/api/sign-out-session', eve, { id: iphone.id })).status).toBe(404);
    expect((await call('GET', '/api/get-sessions', b)).status).toBe(200);
    const self = await call('POST', '/api/sign-out-session', a2, { id: rows[0]!.id });
    expect(self.status).toBe(400);
    expect(self.body.msg).toMatch(/log out instead/);

    const one = await call('POST', '/api/sign-out-session', a2, { id: iphone.id });
    expect(one.body.data).toEqual({ signedOut: 1 });
    expect((await call('GET', '/api/get-sessions', b)).status).toBe(401);
    expect((await call('GET', '/api/get-sessions', c)).status).toBe(200);

    const others = await call('POST', '/api/sign-out-other-sessions', a2);
    expect(others.body.data).toEqual({ signedOut: 1 });
    expect((await call('GET', '/api/get-sessions', c)).status).toBe(401);
    // The login in use stays, its older token included (requests in flight).
    expect((await call('GET', '/api/get-sessions', a)).status).toBe(200);
    expect((await call('GET', '/api/get-sessions', a2)).body.data).toHaveLength(1);
    expect((await call('GET', '/api/get-sessions', eve)).body.data).toHaveLength(1);
  });

  it('writes last seen at most once a minute per session', async () => {
    await addUser(t, 'lou', PW);
    const tk = await login(t, 'lou', PW);
    const lastSeen = async () => Number((await t.ctx.db.selectFrom('user_session').select('last_seen').where('uid', '=', await uid('lou')).executeTakeFirstOrThrow()).last_seen);
    const atLogin = await lastSeen();
    await call('GET', '/api/get-sessions', tk);
    expect(await lastSeen()).toBe(atLogin);
    // Two minutes later (moved back in the row; a new process, as after a restart, reads it with the session).
    await t.ctx.db.updateTable('user_session').set({ last_seen: atLogin - 120_000 }).where('uid', '=', await uid('lou')).execute();
    await sessionsChanged(t.ctx);
    const other = await buildApp(t.ctx.config, { logger: false });
    await other.app.ready();
    try {
      const seen = await other.app.inject({ method: 'GET', url: '/api/get-sessions', headers: { authorization: tk } });
      expect(seen.statusCode).toBe(200);
      const written = await lastSeen();
      expect(written).toBeGreaterThanOrEqual(atLogin);
      expect(seen.json().data[0].lastSeenAt).toBe(written);
      await other.app.inject({ method: 'GET', url: '/api/get-sessions', headers: { authorization: tk } });
      expect(await lastSeen()).toBe(written);
    } finally {
      await other.app.close();
    }
  });

  it('a password change signs out the other sessions, not this one', async () => {
    await addUser(t, 'pat', PW);
    const here = await login(t, 'pat', PW);
    const there = await login(t, 'pat', PW);
    expect((await call('GET', '/api/get-sessions', here)).body.data).toHaveLength(2);
    const changed = await call('POST', '/api/change-password', here, { oldPassword: PW, newPassword: 'another123' });
    expect(changed.status).toBe(200);
    expect((await call('GET', '/api/get-sessions', there)).status).toBe(401);
    expect((await call('GET', '/api/get-sessions', here)).body.data).toHaveLength(1);
  });
});

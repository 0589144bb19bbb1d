import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { mailPort, startMailPeer, type MailPeer } from './mail-peer.js';
import { addUser, en, login, solvedCaptcha } from './account-fixtures.js';
import { publicBaseUrl } from '../src/modules/account/public-origin.js';

let t: TestApp;
let peer: MailPeer;

beforeAll(async () => {
  peer = await startMailPeer(mailPort(10));
  t = await createTestApp({}, { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(peer.port), SMTP_SECURE: 'false', SMTP_FROM: 'oj@example.com' });
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const codeIn = (subject: string) => /([A-Z0-9]{6})\s*$/.exec(subject)?.[1] ?? '';

async function registerViaMail(username: string, email: string, password = 'secret123', ip = '10.0.0.1') {
  const before = peer.mails.length;
  const sent = await t.app.inject({ method: 'GET', url: `/api/get-register-code?email=${encodeURIComponent(email)}`, headers: en, remoteAddress: ip });
  expect(sent.statusCode, sent.body).toBe(200);
  const mail = await peer.waitFor(email, before);
  const code = codeIn(mail.subject);
  expect(code).toHaveLength(6);
  expect(mail.text).toContain(code);
  const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: { username, password, email, code }, headers: en, remoteAddress: ip });
  return res;
}

describe('register, login, logout', () => {
  it('registers with the mailed code, logs in with the token in the header and logs out for good', async () => {
    const reg = await registerViaMail('alice', 'Alice@Example.com');
    expect(reg.statusCode, reg.body).toBe(200);

    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'alice', password: 'secret123' } });
    expect(res.statusCode).toBe(200);
    const token = String(res.headers.authorization);
    expect(token.length).toBeGreaterThan(20);
    expect(res.json().data).toMatchObject({ username: 'alice', email: 'alice@example.com', roleList: ['default_user'] });

    const info = await t.app.inject({ method: 'GET', url: '/api/get-user-auth-info', headers: { authorization: token } });
    expect(info.json().data.roles).toEqual(['default_user']);
    expect(info.json().data.permissions).toEqual(expect.arrayContaining(['submit', 'comment', 'discussion']));

    const bearer = await t.app.inject({ method: 'GET', url: '/api/get-user-auth-info', headers: { authorization: `Bearer ${token}` } });
    expect(bearer.statusCode).toBe(200);

    const out = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { authorization: token } });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/get-user-auth-info', headers: { authorization: token, ...en } });
    expect(after.statusCode).toBe(401);
    expect(after.json().msg).toBe('Login has expired, please login again');
    // Logging out again (an already revoked token) is not an error.
    expect((await t.app.inject({ method: 'GET', url: '/api/logout', headers: { authorization: token } })).statusCode).toBe(200);
  });

  it('refuses a second register code within 60 seconds, a wrong code, and taken names and addresses', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/get-register-code?email=bob@example.com', remoteAddress: '10.0.0.2' });
    expect(first.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'GET', url: '/api/get-register-code?email=bob@example.com', headers: en, remoteAddress: '10.0.0.2' });
    expect(again.statusCode).toBe(429);
    expect(again.json().msg).toMatch(/^Please wait \d+ seconds before requesting again$/);

    const wrong = await t.app.inject({ method: 'POST', url: '/api/register', headers: en, payload: { username: 'bob', password: 'secret123', email: 'bob@example.com', code: 'ZZZZZZ' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe('The verification code is wrong or has expired');

    // A registered address gets the same answer as a new one (nothing is mailed): no enumeration.
    await addUser(t, 'abby', 'secret123', { email: 'abby@example.com' });
    const before = peer.mails.length;
    const taken = await t.app.inject({ method: 'GET', url: '/api/get-register-code?email=abby@example.com', headers: en, remoteAddress: '10.0.0.5' });
    const fresh = await t.app.inject({ method: 'GET', url: '/api/get-register-code?email=nobody-yet@example.com', headers: en, remoteAddress: '10.0.0.5' });
    expect([taken.statusCode, taken.json().msg]).toEqual([fresh.statusCode, fresh.json().msg]);
    expect(taken.json().data).toEqual({ email: 'abby@example.com', delivered: true });
    await peer.waitFor('nobody-yet@example.com', before);
    expect(peer.mails.filter((m) => JSON.stringify(m).includes('abby@example.com'))).toEqual([]);
    const takenAgain = await t.app.inject({ method: 'GET', url: '/api/get-register-code?email=abby@example.com', headers: en, remoteAddress: '10.0.0.5' });
    expect(takenAgain.statusCode).toBe(429);

    const dupName = await registerViaMail('alice', 'alice2@example.com', 'secret123', '10.0.0.3');
    expect(dupName.statusCode).toBe(400);
    expect(dupName.json().msg).toBe('The username already exists');
  });

  it('a code works once and only for the address it was sent to', async () => {
    const before = peer.mails.length;
    await t.app.inject({ method: 'GET', url: '/api/get-register-code?email=carol@example.com', remoteAddress: '10.0.0.4' });
    const code = codeIn((await peer.waitFor('carol@example.com', before)).subject);
    const other = await t.app.inject({ method: 'POST', url: '/api/register', payload: { username: 'mallory', password: 'secret123', email: 'mallory@example.com', code } });
    expect(other.statusCode).toBe(400);
    const ok = await t.app.inject({ method: 'POST', url: '/api/register', payload: { username: 'carol', password: 'secret123', email: 'carol@example.com', code } });
    expect(ok.statusCode).toBe(200);
    const reuse = await t.app.inject({ method: 'POST', url: '/api/register', payload: { username: 'carol2', password: 'secret123', email: 'carol@example.com', code } });
    expect(reuse.statusCode).toBe(400);
  });

  it('validates payloads with the spec messages in both languages', async () => {
    const long = await t.app.inject({ method: 'POST', url: '/api/login', headers: en, payload: { username: 'x'.repeat(21), password: 'secret123' } });
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toBe('The username can not exceed 20 characters');
    const short = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'alice', password: '123' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().msg).toBe('密码长度应为6~20位');
    const noBody = await t.app.inject({ method: 'POST', url: '/api/register', headers: en });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().msg).toBeTruthy();
    const badMail = await t.app.inject({ method: 'GET', url: '/api/get-register-code?email=not-an-address', headers: en });
    expect(badMail.statusCode).toBe(400);
    expect(badMail.json().msg).toBe('The email format is incorrect');
    const badCode = await t.app.inject({ method: 'POST', url: '/api/register', headers: en, payload: { username: 'dave', password: 'secret123', email: 'dave@example.com', code: '123' } });
    expect(badCode.json().msg).toBe('The code must be 6 characters');
    const spaces = await t.app.inject({ method: 'POST', url: '/api/register', headers: en, payload: { username: 'da ve', password: 'secret123', email: 'dave@example.com', code: '123456' } });
    expect(spaces.statusCode).toBe(400);
    const huge = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ username: 'a', password: 'b'.repeat(3 * 1024 * 1024) }) });
    expect(huge.statusCode).toBe(413);
  });

  it('check-username-or-email tells only whether each exists', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/check-username-or-email', payload: { username: 'alice', email: 'nobody@example.com' } });
    expect(res.json().data).toEqual({ username: true, email: false });
    const res2 = await t.app.inject({ method: 'POST', url: '/api/check-username-or-email', payload: { email: 'ALICE@example.com' } });
    expect(res2.json().data).toEqual({ username: false, email: true });
    // Sixty checks at once per address, then one a second; more look like harvesting.
    vi.useFakeTimers({ toFake: ['Date'] });
    let last = 0;
    for (let i = 0; i < 61; i++) last = (await t.app.inject({ method: 'POST', url: '/api/check-username-or-email', payload: { username: `n${i}` }, remoteAddress: '10.7.0.1' })).statusCode;
    expect(last).toBe(429);
    expect((await t.app.inject({ method: 'POST', url: '/api/check-username-or-email', payload: { username: 'x' }, remoteAddress: '10.7.0.2' })).statusCode).toBe(200);
  });

  it('closes registration when the switch is off', async () => {
    await t.ctx.services.siteConfig.set('switch', { ...(await t.ctx.services.siteConfig.switches()), register: false });
    const res = await t.app.inject({ method: 'GET', url: '/api/get-register-code?email=erin@example.com', headers: en });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('Registration is closed by the administrator');
    await t.ctx.services.siteConfig.set('switch', { ...(await t.ctx.services.siteConfig.switches()), register: true });
  });
});

describe('login throttling and roles', () => {
  it('slows an account from one address after 10 failures (one try a minute there, the right password too) without locking it out; a success clears the count', async () => {
    vi.useFakeTimers({ toFake: ['Date'] }); // the clock stands still while the guesses run
    await addUser(t, 'frank', 'rightpass');
    for (let i = 0; i < 4; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/api/login', headers: en, payload: { username: 'frank', password: 'wrongpass' }, remoteAddress: `10.1.0.${i}` });
      expect(r.statusCode).toBe(400);
      expect(r.json().msg).toBe('The username or password is wrong');
    }
    await login(t, 'frank', 'rightpass');
    for (let i = 0; i < 10; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'frank', password: 'wrongpass' }, remoteAddress: '10.2.0.1' });
      expect(r.statusCode).toBe(400);
    }
    const slowed = await t.app.inject({ method: 'POST', url: '/api/login', headers: en, payload: { username: 'frank', password: 'rightpass' }, remoteAddress: '10.2.0.1' });
    expect(slowed.statusCode).toBe(429);
    const wait = Number(/^Too many failed logins, please try again in (\d+) seconds$/.exec(slowed.json().msg)?.[1]);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    // A minute later the right password works there (the old rule kept it out for 10 minutes).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const later = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'frank', password: 'rightpass' }, remoteAddress: '10.2.0.1' });
    expect(later.statusCode).toBe(200);
  });

  it('slows an address that guesses many usernames to one try every 5 s, without locking out the people behind it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    for (let i = 0; i < 30; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: `ghost${i}`, password: 'wrongpass' }, remoteAddress: '10.9.9.9' });
      expect(r.statusCode).toBe(400);
    }
    await addUser(t, 'gina', 'rightpass');
    const fromThere = await t.app.inject({ method: 'POST', url: '/api/login', headers: en, payload: { username: 'gina', password: 'rightpass' }, remoteAddress: '10.9.9.9' });
    expect(fromThere.statusCode).toBe(429);
    expect(Number(/in (\d+) seconds/.exec(fromThere.json().msg)?.[1])).toBeLessThanOrEqual(5);
    const elsewhere = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'gina', password: 'rightpass' }, remoteAddress: '10.9.9.10' });
    expect(elsewhere.statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5_100);
    const later = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'gina', password: 'rightpass' }, remoteAddress: '10.9.9.9' });
    expect(later.statusCode).toBe(200);
  });

  it('a disabled account cannot log in and its sessions stop working; a submit-banned one can log in without the submit permission', async () => {
    const uid = await addUser(t, 'henry', 'rightpass');
    const token = await login(t, 'henry', 'rightpass');
    await t.ctx.db.updateTable('user').set({ status: 1 }).where('id', '=', uid).execute();
    const r = await t.app.inject({ method: 'POST', url: '/api/login', headers: en, payload: { username: 'henry', password: 'rightpass' } });
    expect(r.statusCode).toBe(403);
    expect(r.json().msg).toBe('This account has been disabled');
    expect((await t.app.inject({ method: 'GET', url: '/api/get-user-auth-info', headers: { authorization: token } })).statusCode).toBe(401);
    // A wrong password on a disabled account says only "wrong", like any other.
    const wrong = await t.app.inject({ method: 'POST', url: '/api/login', headers: en, payload: { username: 'henry', password: 'nottheone' } });
    expect(wrong.statusCode).toBe(400);

    await addUser(t, 'ivan', 'rightpass', { role: 1007 });
    const tk = await login(t, 'ivan', 'rightpass');
    const info = (await t.app.inject({ method: 'GET', url: '/api/get-user-auth-info', headers: { authorization: tk } })).json().data;
    expect(info.roles).toEqual(['no_submit_mute_comment']);
    expect(info.permissions).not.toContain('submit');
    expect(info.permissions).not.toContain('comment');
    expect(info.permissions).toContain('discussion');
  });

  it('refreshes a token past half its life', async () => {
    const uid = await addUser(t, 'judy', 'rightpass');
    const token = await login(t, 'judy', 'rightpass');
    // Age the session: created long enough ago that more than half of its life has passed.
    const ttl = t.ctx.config.tokenTtlMs;
    await t.ctx.db.updateTable('user_session').set({ created_at: Date.now() - ttl * 0.6, expires_at: Date.now() + ttl * 0.4 }).where('uid', '=', uid).execute();
    const res = await t.app.inject({ method: 'GET', url: '/api/get-user-auth-info', headers: { authorization: token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['refresh-token']).toBe('true');
    const fresh = String(res.headers.authorization);
    expect(fresh).not.toBe(token);
    expect((await t.app.inject({ method: 'GET', url: '/api/get-user-auth-info', headers: { authorization: fresh } })).headers['refresh-token']).toBeUndefined();
  });
});

describe('password reset', () => {
  const captcha = (ip: string) => solvedCaptcha(t, ip);

  it('mails a link with username and code that resets the password once', async () => {
    await addUser(t, 'kate', 'oldpass1', { email: 'kate@example.com' });
    const oldToken = await login(t, 'kate', 'oldpass1');
    const before = peer.mails.length;
    const res = await t.app.inject({ method: 'POST', url: '/api/apply-reset-password', headers: en, remoteAddress: '10.3.0.1', payload: { email: 'kate@example.com', ...(await captcha('10.3.0.1')) } });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await peer.waitFor('kate@example.com', before);
    const link = /(https?:\/\/\S+\/reset-password\?\S+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    const u = new URL(link!);
    expect(u.searchParams.get('username')).toBe('kate');
    const code = u.searchParams.get('code')!;

    const again = await t.app.inject({ method: 'POST', url: '/api/apply-reset-password', headers: en, remoteAddress: '10.3.0.1', payload: { email: 'kate@example.com', ...(await captcha('10.3.0.1')) } });
    expect(again.statusCode).toBe(429);

    const mismatch = await t.app.inject({ method: 'POST', url: '/api/reset-password', headers: en, payload: { username: 'alice', password: 'newpass1', code } });
    expect(mismatch.statusCode).toBe(400);
    const done = await t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { username: 'kate', password: 'newpass1', code } });
    expect(done.statusCode).toBe(200);
    await login(t, 'kate', 'newpass1');
    expect((await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'kate', password: 'oldpass1' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/get-user-auth-info', headers: { authorization: oldToken } })).statusCode).toBe(401);
    const twice = await t.app.inject({ method: 'POST', url: '/api/reset-password', headers: en, payload: { username: 'kate', password: 'newpass2', code } });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().msg).toBe('The reset link is invalid or has expired');
  });

  it('builds the reset link from PUBLIC_URL or the site address root sets, never from a request header', async () => {
    await addUser(t, 'boss', 'bosspass', { role: 1000 });
    // The old rule took the Host header of the last admin login (or of the reset request itself).
    const adminLogin = await t.app.inject({ method: 'POST', url: '/api/admin/login', headers: { host: 'oj.example.org' }, payload: { username: 'boss', password: 'bosspass' } });
    expect(adminLogin.statusCode).toBe(200);
    await addUser(t, 'victim', 'victimpass', { email: 'victim@example.com' });
    const resetLink = async (ip: string) => {
      const before = peer.mails.length;
      const res = await t.app.inject({ method: 'POST', url: '/api/apply-reset-password', headers: { host: 'evil.example.net', 'x-forwarded-host': 'evil.example.net' }, remoteAddress: ip, payload: { email: 'victim@example.com', ...(await captcha(ip)) } });
      expect(res.statusCode, res.body).toBe(200);
      return (await peer.waitFor('victim@example.com', before)).text;
    };
    const unset = await resetLink('10.3.0.9');
    expect(unset).toContain(`http://localhost:${t.ctx.config.port}/reset-password?username=victim&code=`);
    expect(unset).not.toMatch(/evil\.example\.net|oj\.example\.org/);

    const token = String(adminLogin.headers.authorization);
    const web = (await t.app.inject({ method: 'GET', url: '/api/admin/config/get-web-config', headers: { authorization: token } })).json().data;
    const bad = await t.app.inject({ method: 'PUT', url: '/api/admin/config/set-web-config', headers: { authorization: token, ...en }, payload: { ...web, baseUrl: 'javascript:alert(1)' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('The site address must be an http:// or https:// address');
    const set = await t.app.inject({ method: 'PUT', url: '/api/admin/config/set-web-config', headers: { authorization: token }, payload: { ...web, baseUrl: 'https://oj.example.org/' } });
    expect(set.statusCode, set.body).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 91_000); // past the reset resend wait
    const configured = await resetLink('10.3.0.10');
    expect(configured).toContain('https://oj.example.org/reset-password?username=victim&code=');
    expect(configured).not.toContain('evil.example.net');
    // PUBLIC_URL, when set, comes before the admin's setting.
    expect(await publicBaseUrl({ ...t.ctx, config: { ...t.ctx.config, publicUrl: 'https://judge.example.edu/' } })).toBe('https://judge.example.edu');
  });

  it('refuses a wrong captcha (single use) and an unknown address, and an unknown username on reset', async () => {
    const c = await captcha('10.3.0.2');
    const wrong = await t.app.inject({ method: 'POST', url: '/api/apply-reset-password', headers: en, payload: { email: 'kate@example.com', captchaKey: c.captchaKey, captcha: 'nope' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe('The captcha is wrong');
    const reused = await t.app.inject({ method: 'POST', url: '/api/apply-reset-password', headers: en, payload: { email: 'kate@example.com', ...c } });
    expect(reused.json().msg).toBe('The captcha is wrong');
    const unknown = await t.app.inject({ method: 'POST', url: '/api/apply-reset-password', headers: en, remoteAddress: '10.3.0.3', payload: { email: 'nobody@example.com', ...(await captcha('10.3.0.3')) } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe('The email does not exist');
    // Unknown usernames answer like wrong codes, so the call tells nothing about who exists.
    const noUser = await t.app.inject({ method: 'POST', url: '/api/reset-password', headers: en, payload: { username: 'nobody', password: 'newpass1', code: 'x' } });
    const wrongCode = await t.app.inject({ method: 'POST', url: '/api/reset-password', headers: en, payload: { username: 'kate', password: 'newpass1', code: 'x' } });
    expect([noUser.statusCode, noUser.json().msg]).toEqual([400, 'The reset link is invalid or has expired']);
    expect([wrongCode.statusCode, wrongCode.json().msg]).toEqual([400, 'The reset link is invalid or has expired']);
  });
});

describe('account settings', () => {
  it('changes the password (other sessions end, this one stays)', async () => {
    await addUser(t, 'leo', 'firstpass');
    const a = await login(t, 'leo', 'firstpass');
    const b = await login(t, 'leo', 'firstpass');
    const bad = await t.app.inject({ method: 'POST', url: '/api/change-password', headers: { authorization: a, ...en }, payload: { oldPassword: 'nottheone', newPassword: 'secondpass' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('The old password is wrong');
    const good = await t.app.inject({ method: 'POST', url: '/api/change-password', headers: { authorization: a }, payload: { oldPassword: 'firstpass', newPassword: 'secondpass' } });
    expect(good.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/get-user-auth-info', headers: { authorization: a } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/get-user-auth-info', headers: { authorization: b } })).statusCode).toBe(401);
    await login(t, 'leo', 'secondpass');
    const anon = await t.app.inject({ method: 'POST', url: '/api/change-password', headers: en, payload: { oldPassword: 'x', newPassword: 'secondpass' } });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().msg).toBe('Please login first');
  });

  it('changes the email with a code mailed to the new address', async () => {
    await addUser(t, 'mia', 'miapass1', { email: 'mia@example.com' });
    const tk = await login(t, 'mia', 'miapass1');
    const before = peer.mails.length;
    const sent = await t.app.inject({ method: 'GET', url: '/api/get-change-email-code?email=mia.new@example.com', headers: { authorization: tk }, remoteAddress: '10.4.0.1' });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = codeIn((await peer.waitFor('mia.new@example.com', before)).subject);
    const wrongPw = await t.app.inject({ method: 'POST', url: '/api/change-email', headers: { authorization: tk, ...en }, payload: { password: 'nottheone', newEmail: 'mia.new@example.com', code } });
    expect(wrongPw.json().msg).toBe('The password is wrong');
    const res = await t.app.inject({ method: 'POST', url: '/api/change-email', headers: { authorization: tk }, payload: { password: 'miapass1', newEmail: 'mia.new@example.com', code } });
    expect(res.statusCode, res.body).toBe(200);
    // HOJ's ChangeAccountVO: {code: 200, msg, userInfo} (its settings screen stores userInfo).
    expect(res.json().data).toMatchObject({ code: 200, msg: '修改邮箱成功！', userInfo: { username: 'mia', email: 'mia.new@example.com' } });
    expect(res.json().data.userInfo.roleList).toEqual(expect.any(Array));
    const taken = await t.app.inject({ method: 'GET', url: '/api/get-change-email-code?email=alice@example.com', headers: { authorization: tk, ...en } });
    expect(taken.json().msg).toBe('The email already exists');
  });

  it('stores profile text literally, markup and SQL included', async () => {
    await addUser(t, 'nina', 'ninapass');
    const tk = await login(t, 'nina', 'ninapass');
    const evil = `<script>alert(1)</script>'; DROP TABLE "user"; --`;
    const res = await t.app.inject({ method: 'POST', url: '/api/change-userInfo', headers: { authorization: tk }, payload: { nickname: 'N"i\'na', school: evil, signature: evil, gender: 'female', github: '' } });
    expect(res.statusCode, res.body).toBe(200);
    const home = await t.app.inject({ method: 'GET', url: '/api/get-user-home-info?username=nina' });
    expect(home.json().data).toMatchObject({ nickname: 'N"i\'na', school: evil, signature: evil, gender: 'female', github: null });
    const bad = await t.app.inject({ method: 'POST', url: '/api/change-userInfo', headers: { authorization: tk }, payload: { gender: 'robot' } });
    expect(bad.statusCode).toBe(400);
    const long = await t.app.inject({ method: 'POST', url: '/api/change-userInfo', headers: { authorization: tk }, payload: { nickname: 'n'.repeat(100) } });
    expect(long.statusCode).toBe(400);
  });
});

describe('avatar', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000000000500010d0a2db40000000049454e44ae426082', 'hex');
  function multipart(name: string, content: Buffer, field = 'image') {
    const boundary = '----verdicttest';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      content, Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }

  it('uploads a png avatar served under /public and refuses other types and files over 2 MB', async () => {
    await addUser(t, 'omar', 'omarpass');
    const tk = await login(t, 'omar', 'omarpass');
    const up = multipart('me.png', png);
    const res = await t.app.inject({ method: 'POST', url: '/api/file/upload-avatar', payload: up.payload, headers: { ...up.headers, authorization: tk } });
    expect(res.statusCode, res.body).toBe(200);
    const link: string = res.json().data.avatar;
    expect(link).toMatch(/^\/public\/avatar\/[0-9a-f]+\.png$/);
    const served = await t.app.inject({ method: 'GET', url: link });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);

    const txt = multipart('me.txt', Buffer.from('hello'));
    const r1 = await t.app.inject({ method: 'POST', url: '/api/file/upload-avatar', payload: txt.payload, headers: { ...txt.headers, authorization: tk, ...en } });
    expect(r1.statusCode).toBe(400);
    expect(r1.json().msg).toBe('File type not support');
    const fake = multipart('me.png', Buffer.from('<svg onload=alert(1)>'));
    expect((await t.app.inject({ method: 'POST', url: '/api/file/upload-avatar', payload: fake.payload, headers: { ...fake.headers, authorization: tk } })).statusCode).toBe(400);
    const big = multipart('big.png', Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]));
    const r2 = await t.app.inject({ method: 'POST', url: '/api/file/upload-avatar', payload: big.payload, headers: { ...big.headers, authorization: tk, ...en } });
    expect(r2.statusCode).toBe(400);
    expect(r2.json().msg).toBe('Exceed max size limit');
    const anon = await t.app.inject({ method: 'POST', url: '/api/file/upload-avatar', payload: up.payload, headers: up.headers });
    expect(anon.statusCode).toBe(401);
  });
});

describe('user home and heatmap', () => {
  it('counts solved problems by difficulty and submissions per day over the last year', async () => {
    const uid = await addUser(t, 'pete', 'petepass');
    const now = Date.now();
    const pids: number[] = [];
    for (const [i, difficulty] of [0, 1, 2].entries()) {
      const p = await t.ctx.db.insertInto('problem').values({
        problem_id: `P100${i}`, title: `Problem ${i}`, author_uid: uid, type: i === 2 ? 1 : 0, time_limit: 1000, memory_limit: 256, stack_limit: 128,
        description: '', input: '', output: '', examples: '', hint: '', source: '', difficulty, auth: 1, io_score: 100, code_share: 1,
        judge_mode: 'default', judge_case_mode: 'default', spj_code: null, spj_language: null, spj_compile_ok: 0, is_remove_end_blank: 1,
        open_case_result: 1, is_upload_case: 1, user_extra_file: null, judge_extra_file: null, is_file_io: 0, io_read_file_name: null,
        io_write_file_name: null, is_remote: 0, remote_oj: null, case_version: 'v1', gid: 0, apply_public_progress: null, modified_user: null,
        gmt_create: now, gmt_modified: now,
      }).returning('id').executeTakeFirstOrThrow();
      pids.push(p.id);
    }
    const submit = async (pid: number, status: number, at: number) => {
      const s = await t.ctx.db.insertInto('submission').values({
        pid, display_pid: '', uid, username: 'pete', cid: 0, cpid: 0, gid: 0, tid: 0, status, score: null, oi_rank_score: null, time: 1, memory: 1,
        length: 10, language: 'C', code: 'int main(){}', share: 0, error_message: null, judger: null, is_manual: 0, case_done: 0, case_total: 0,
        ip: null, submit_time: at, judge_time: at, gmt_modified: at,
      }).returning('id').executeTakeFirstOrThrow();
      if (status === 0) await t.ctx.db.insertInto('user_accept').values({ uid, pid, submit_id: s.id, cid: 0, gmt_create: at }).execute();
    };
    const day = 86_400_000;
    await submit(pids[0], -1, now - 3 * day);
    await submit(pids[0], 0, now - 3 * day);
    await submit(pids[1], 0, now);
    await submit(pids[2], 0, now);
    await submit(pids[2], 0, now);
    await submit(pids[1], -1, now - 400 * day);
    // The rank lists' counts follow verdicts (written here without the judge): submissions and
    // accuracy are theirs on the user home too (issue 26 item 14e).
    await t.ctx.db.transaction().execute(async (trx) => {
      for (const pid of pids) await t.ctx.services.globalRank.applyVerdictIn(trx, uid, pid);
    });

    const home = (await t.app.inject({ method: 'GET', url: `/api/get-user-home-info?uid=${uid}` })).json().data;
    expect(home.total).toBe(6);
    expect(home.solvedList).toEqual(['P1000', 'P1001', 'P1002']);
    // HOJ's Map<difficulty, UserHomeProblemVO[]>, keys '0', '1', '2'.
    expect(home.solvedGroupByDifficulty).toEqual({
      0: [{ id: pids[0], problemId: 'P1000', difficulty: 0 }], 1: [{ id: pids[1], problemId: 'P1001', difficulty: 1 }], 2: [{ id: pids[2], problemId: 'P1002', difficulty: 2 }],
    });
    expect(home.scoreList).toEqual([14]); // round(0.1 * 100 + 2 * 2)
    // Accuracy as on the rank lists: 3 problems solved out of 6 submissions (not the 4 accepted submissions).
    expect(home.rating).toBe(50);

    const heat = (await t.app.inject({ method: 'GET', url: '/api/get-user-calendar-heatmap?username=pete' })).json().data;
    const total = heat.dataList.reduce((s: number, d: { count: number }) => s + d.count, 0);
    expect(total).toBe(5); // the 400-day-old one is outside the last year
    expect(heat.dataList.at(-1)).toEqual({ date: heat.endDate, count: 3 });

    const missing = await t.app.inject({ method: 'GET', url: '/api/get-user-home-info?username=nobody', headers: en });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe('The username does not exists');
    const anon = await t.app.inject({ method: 'GET', url: '/api/get-user-home-info' });
    expect(anon.statusCode).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { mailPort, startMailPeer, type MailPeer } from './mail-peer.js';
import { addUser, en, login } from './account-fixtures.js';

let t: TestApp;
let envPeer: MailPeer;
let adminPeer: MailPeer;
let rootTk: string;

beforeAll(async () => {
  envPeer = await startMailPeer(mailPort(30));
  adminPeer = await startMailPeer(mailPort(31));
  t = await createTestApp({}, { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(envPeer.port), SMTP_SECURE: 'false', SMTP_FROM: 'env@example.com' });
  await addUser(t, 'root', 'rootpass', { role: 1000 });
  rootTk = await login(t, 'root', 'rootpass');
});
afterAll(async () => {
  await t?.close();
  await envPeer?.close();
  await adminPeer?.close();
});

const setEmail = (body: object) => t.app.inject({ method: 'PUT', url: '/api/admin/config/set-email-config', headers: { authorization: rootTk }, payload: body });

describe('mail settings', () => {
  it('uses the SMTP_* environment, shown to the admin without its password, in the language of the request', async () => {
    const info = (await t.app.inject({ method: 'GET', url: '/api/admin/config/get-email-config', headers: { authorization: rootTk } })).json().data;
    expect(info).toMatchObject({ configured: true, source: 'env', emailHost: '127.0.0.1', emailPort: envPeer.port, from: 'env@example.com' });
    const before = envPeer.mails.length;
    const r = await t.app.inject({ method: 'GET', url: '/api/get-register-code?email=zh@example.com', remoteAddress: '10.5.0.1' });
    expect(r.json().data).toEqual({ email: 'zh@example.com', delivered: true });
    const mail = await envPeer.waitFor('zh@example.com', before);
    expect(mail.subject).toMatch(/^【Verdict】验证码：[A-Z0-9]{6}$/);
    expect(mail.text).toContain('验证码');
    expect(mail.raw).toMatch(/From: .*env@example\.com/);
  });

  it('prefers settings saved in the admin area over the environment', async () => {
    await setEmail({ emailHost: '127.0.0.1', emailPort: adminPeer.port, emailSsl: false, emailUsername: '', emailPassword: '', from: 'admin-set@example.com' });
    const envBefore = envPeer.mails.length;
    const before = adminPeer.mails.length;
    await t.app.inject({ method: 'GET', url: '/api/get-register-code?email=via-admin@example.com', headers: en, remoteAddress: '10.5.0.2' });
    const mail = await adminPeer.waitFor('via-admin@example.com', before);
    expect(mail.subject).toMatch(/^\[Verdict\] Your verification code: [A-Z0-9]{6}$/);
    expect(envPeer.mails.length).toBe(envBefore);
    // Clearing the host falls back to the environment.
    await setEmail({ emailHost: '', emailPort: 465, emailSsl: true, emailUsername: '', emailPassword: '', from: '' });
    const info = (await t.app.inject({ method: 'GET', url: '/api/admin/config/get-email-config', headers: { authorization: rootTk } })).json().data;
    expect(info.source).toBe('env');
  });

  it('reports a dead SMTP server with a clear message and lets the person ask again at once', async () => {
    await setEmail({ emailHost: '127.0.0.1', emailPort: mailPort(39), emailSsl: false, emailUsername: '', emailPassword: '', from: 'x@example.com' });
    const r = await t.app.inject({ method: 'GET', url: '/api/get-register-code?email=retry@example.com', headers: en, remoteAddress: '10.5.0.3' });
    expect(r.statusCode).toBe(503);
    expect(r.json().msg).toBe('The mail could not be sent, please contact the administrator');
    await setEmail({ emailHost: '127.0.0.1', emailPort: adminPeer.port, emailSsl: false, emailUsername: '', emailPassword: '', from: 'x@example.com' });
    const before = adminPeer.mails.length;
    const again = await t.app.inject({ method: 'GET', url: '/api/get-register-code?email=retry@example.com', headers: en, remoteAddress: '10.5.0.3' });
    expect(again.statusCode, again.body).toBe(200);
    const code = /([A-Z0-9]{6})$/.exec((await adminPeer.waitFor('retry@example.com', before)).subject)?.[1];
    const reg = await t.app.inject({ method: 'POST', url: '/api/register', payload: { username: 'retry', password: 'secret123', email: 'retry@example.com', code } });
    expect(reg.statusCode, reg.body).toBe(200);
  });

  it('escapes markup of the site name in the HTML part of mails', async () => {
    await t.app.inject({ method: 'PUT', url: '/api/admin/config/set-web-config', headers: { authorization: rootTk }, payload: { name: '<b>OJ</b>', shortName: 'OJ' } });
    const before = adminPeer.mails.length;
    await t.app.inject({ method: 'GET', url: '/api/get-register-code?email=html@example.com', headers: en, remoteAddress: '10.5.0.4' });
    const mail = await adminPeer.waitFor('html@example.com', before);
    expect(mail.subject).toContain('[<b>OJ</b>]');
    expect(mail.raw).not.toMatch(/<p><b>OJ<\/b><\/p>/);
  });
});

import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, goto, launchBrowser, loginApi, newPage, registerUser, shot } from '../src/harness.js';

/**
 * Issue 33 in a browser: enrolment shows the QR, the login dialog asks for the code (computed here
 * per RFC 6238, not by the server's library), and the security section lists and signs out
 * sessions. The rules themselves are tested at server level (packages/server/test/two-factor.test.ts).
 */

function base32Decode(s: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of s.toUpperCase()) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const out: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) out.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(out);
}
function totp(secret: string, step: number): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(step));
  const h = crypto.createHmac('sha1', base32Decode(secret)).update(msg).digest();
  const off = h[h.length - 1]! & 0xf;
  return String((((h[off]! & 0x7f) << 24) | (h[off + 1]! << 16) | (h[off + 2]! << 8) | h[off + 3]!) % 1_000_000).padStart(6, '0');
}
const stepNow = () => Math.floor(Date.now() / 30_000);

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

describe('two-factor login and own sessions', () => {
  it('enrols with the QR, logs in with a code, lists two sessions and signs the other out, in both languages', async () => {
    const user = await registerUser();
    const page = await newPage(browser, { lang: 'en-US', width: 1280, session: await loginApi(user.username, user.password) });

    // Enrolment: password, QR (a real image), first code, recovery codes shown once.
    await goto(page, '/setting?tab=security');
    await page.getByTestId('two-factor-start').click();
    await page.getByTestId('two-factor-password').locator('input').fill(user.password);
    await page.getByTestId('two-factor-password').getByRole('button', { name: 'Next' }).click();
    const qr = page.getByTestId('two-factor-qr');
    await qr.waitFor();
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(100);
    const secret = (await page.getByTestId('two-factor-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await shot(page, 'two-factor-qr-en-1280');
    const step = stepNow();
    await page.getByTestId('two-factor-code').fill(totp(secret, step));
    await page.getByTestId('two-factor-enable').click();
    const codes = page.getByTestId('recovery-codes').locator('li');
    await expect.poll(() => codes.count()).toBe(10);
    const recovery = (await codes.first().innerText()).trim();
    await page.setViewportSize({ width: 375, height: 800 });
    await shot(page, 'two-factor-codes-en-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByTestId('recovery-codes-done').click();
    await page.getByTestId('two-factor-state').filter({ hasText: 'On' }).waitFor();

    // Log out, then in: the dialog asks for the code after the password (the next step's code: the enabling one is spent).
    await goto(page, '/logout');
    await page.getByTestId('nav-login').click();
    const form = page.getByTestId('login-form');
    await form.locator('input').nth(0).fill(user.username);
    await form.locator('input[type=password]').fill(user.password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('totp-input').fill(totp(secret, step + 1));
    await shot(page, 'two-factor-login-en-1280');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('nav-user').waitFor();

    // A second login elsewhere, with a recovery code.
    const other = await api('login', { body: { username: user.username, password: user.password, recoveryCode: recovery } });
    expect(other.status).toBe(200);
    const otherToken = other.headers.get('authorization')!;

    // In Chinese: the sessions list shows both, this device first; the other is signed out.
    await page.getByTestId('lang-switch').click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await goto(page, '/setting?tab=security');
    const rows = page.getByTestId('session-row');
    await expect.poll(() => rows.count()).toBe(2);
    await rows.first().getByText('当前设备').waitFor();
    await page.getByTestId('two-factor-state').filter({ hasText: '已开启' }).waitFor();
    await shot(page, 'two-factor-sessions-zh-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await shot(page, 'two-factor-sessions-zh-375');
    await page.getByTestId('sign-out-one').click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await expect.poll(() => rows.count()).toBe(1);
    expect((await api('get-sessions', { token: otherToken })).httpStatus).toBe(401);
    await page.context().close();
  });
});

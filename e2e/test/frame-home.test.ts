import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminSession, apiOk, goto, launchBrowser, loginApi, newPage, registerUser, shot, toastText, uniqueName, type Session } from '../src/harness.js';

let browser: Browser;
let admin: Session;
let contestId: number;
const stamp = uniqueName('h');
const newest = `Newest notice ${stamp}`;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminSession();
  for (let i = 1; i <= 6; i++)
    await apiOk('admin/announcement', { token: admin.token, body: { title: `Notice ${i} ${stamp}`, content: `Body ${i}`, status: 0 } });
  await apiOk('admin/announcement', { token: admin.token, body: { title: newest, content: 'Read **this** first: $a+b$', status: 0 } });
  const now = Date.now();
  // The home lists five running contests, earliest start first, and other files of the suite leave
  // running contests on the shared server: this one started long ago so it is always among them.
  contestId = (await apiOk<{ id: number }>('admin/contest', {
    token: admin.token,
    body: { title: `Weekly Round ${stamp}`, description: 'A contest for the home page', startTime: now - 400 * 86_400_000, endTime: now + 2 * 3600_000, type: 0, auth: 0 },
  })).id;
});
afterAll(async () => {
  await browser?.close();
});

describe('home page with content', () => {
  it('pages announcements five at a time and opens one with back and refresh', async () => {
    const page = await newPage(browser, { lang: 'en-US' });
    await goto(page, '/home');
    const panel = page.getByTestId('announcement-panel');
    await panel.getByText(newest).waitFor();
    expect(await panel.locator('.announcement-item').count()).toBe(5);
    await panel.getByRole('button', { name: 'Page 2', exact: true }).click();
    await expect.poll(() => panel.getByText(newest).count()).toBe(0);
    await panel.getByRole('button', { name: 'Page 1', exact: true }).click();

    await panel.getByText(newest).click();
    await panel.locator('.markdown-body strong', { hasText: 'this' }).waitFor();
    await panel.locator('.katex').first().waitFor();
    await panel.getByRole('button', { name: /Refresh/ }).click();
    await panel.getByTestId('announcement-back').click();
    await panel.locator('.announcement-item').first().waitFor();
  });

  it('recent contests need a login: a warning and the login dialog for visitors, the contest for users', async () => {
    const page = await newPage(browser, { lang: 'en-US' });
    await goto(page, '/home');
    const row = page.getByTestId('home-contest').filter({ hasText: `Weekly Round ${stamp}` });
    await row.waitFor();
    await row.click();
    await expect.poll(() => toastText(page)).toBe('Please login first');
    await page.getByTestId('login-form').waitFor();

    const user = await registerUser();
    const logged = await newPage(browser, { lang: 'en-US', session: await loginApi(user.username, user.password) });
    await goto(logged, '/home');
    await logged.getByTestId('home-contest').filter({ hasText: `Weekly Round ${stamp}` }).click();
    await logged.waitForURL(new RegExp(`/contest/${contestId}$`));
  });

  for (const [lang, width] of [['zh-CN', 1440], ['en-US', 375]] as const)
    it(`looks right with content (${lang}, ${width} px)`, async () => {
      const page = await newPage(browser, { lang, width, height: width < 500 ? 812 : 900 });
      await goto(page, '/home');
      await page.getByTestId('announcement-panel').getByText(newest).waitFor();
      await page.getByTestId('home-contest').first().waitFor();
      await page.waitForTimeout(800);
      await shot(page, `home-content-${lang}-${width}`);
    });
});

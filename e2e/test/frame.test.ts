import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { goto, launchBrowser, newPage, shot } from '../src/harness.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('404 page', () => {
  it('shows rolling digits that settle on 404, the text and both buttons (zh-CN default)', async () => {
    const page = await newPage(browser);
    await goto(page, '/no/such/page');
    await expect.poll(() => page.locator('.not-found-digit').allInnerTexts(), { timeout: 5000 }).toEqual(['4', '0', '4']);
    await expect(page.getByText('抱歉，找不到该页面').isVisible()).resolves.toBe(true);
    await shot(page, '404-zh-1440');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.getByRole('button', { name: /回到首页/ }).click();
    await page.waitForURL(/\/home$/);
    // The in-app navigation renders the home page (no crash of the frame on the way).
    await page.getByTestId('home-page').waitFor();
    expect(errors).toEqual([]);
  });

  it('Back returns to the previous page (en-US browser)', async () => {
    const page = await newPage(browser, { lang: 'en-US', width: 375, height: 812 });
    await goto(page, '/home');
    await goto(page, '/missing-page');
    await page.getByText("Sorry, the page can't be found").waitFor();
    await shot(page, '404-en-375');
    await page.getByRole('button', { name: /Back/ }).click();
    await page.waitForURL(/\/home$/);
    await page.getByTestId('home-page').waitFor();
  });
});

describe('language', () => {
  it('defaults to zh-CN, follows the browser, ?l= and the footer dropdown, and remembers the choice', async () => {
    const zh = await newPage(browser, { lang: 'zh-CN' });
    await goto(zh, '/home');
    await zh.getByTestId('nav-login').getByText('登 录').or(zh.getByTestId('nav-login').getByText('登录')).waitFor();
    expect(await zh.evaluate(() => document.documentElement.lang)).toBe('zh-CN');

    // A browser in another language still gets the default zh-CN.
    const fr = await newPage(browser, { lang: 'fr-FR' as 'en-US' });
    await goto(fr, '/home');
    await fr.getByText('近期比赛').waitFor();

    const en = await newPage(browser, { lang: 'en-US' });
    await goto(en, '/home');
    await en.getByText('Recent Contests').waitFor();

    // ?l= wins over the browser language and is stored.
    await goto(en, '/home?l=zh-CN');
    await en.getByText('近期比赛').waitFor();
    await goto(en, '/home');
    await en.getByText('近期比赛').waitFor();

    // The footer dropdown switches everything at once, antd's own texts included.
    await en.getByTestId('lang-switch').click();
    await en.getByRole('menuitem', { name: 'English' }).click();
    await en.getByText('Recent Contests').waitFor();
    expect(await en.evaluate(() => [localStorage.getItem('lang'), document.documentElement.lang])).toEqual(['en-US', 'en-US']);
    await en.reload();
    await en.getByText('Recent Contests').waitFor();
  });
});

describe('frame', () => {
  it('guards a login-only route with the spec message and opens the login dialog', async () => {
    const page = await newPage(browser, { lang: 'en-US' });
    await goto(page, '/logout');
    await page.waitForURL(/\/home$/);
    await page.locator('.ant-message-notice', { hasText: 'Please login first!' }).waitFor();
    await page.getByTestId('login-form').waitFor();
  });

  it('turns the menu into a drawer under 992 px', async () => {
    const wide = await newPage(browser, { width: 1200 });
    await goto(wide, '/home');
    await wide.locator('.app-nav-menu').waitFor();
    expect(await wide.getByTestId('nav-drawer-button').count()).toBe(0);

    const narrow = await newPage(browser, { width: 991, lang: 'en-US' });
    await goto(narrow, '/home');
    expect(await narrow.locator('.app-nav-menu').count()).toBe(0);
    await narrow.getByTestId('nav-drawer-button').click();
    await narrow.locator('.ant-drawer .ant-menu').getByText('Home').waitFor();
  });

  for (const lang of ['zh-CN', 'en-US'] as const)
    for (const width of [375, 1440])
      it(`home page renders every panel (${lang}, ${width} px)`, async () => {
        const page = await newPage(browser, { lang, width, height: width < 500 ? 812 : 900 });
        await goto(page, '/home');
        for (const id of ['home-banner', 'announcement-panel', 'week-chart', 'recent-contests', 'latest-problems', 'ac-rank', 'remote-judges', 'footer'])
          await page.getByTestId(id).waitFor();
        const carousel = await page.getByTestId('home-banner').boundingBox();
        expect(Math.round(carousel!.height)).toBe(width < 768 ? 200 : 440);
        await page.waitForTimeout(600);
        await shot(page, `home-${lang}-${width}`);
      });
});

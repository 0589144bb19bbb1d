import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { AC_CPP, WA_CPP } from '../src/editor.js';
import { adminSession, apiOk, goto, launchBrowser, loginApi, motionSettled, newPage, registerUser, shot, uniqueName, type Session } from '../src/harness.js';

/**
 * Dark theme (issue 32), what only a browser shows: the theme is on <html> before the bundle runs
 * (no flash of the light theme; the inline script passes the CSP by its hash), the main screens
 * meet WCAG AA contrast in it (axe) in both languages, and a signed-in user's choice from the menu
 * follows them to a new browser. The stored field's rules are server tests (ui-theme.test.ts).
 * `THEME_SHOTS=1` also saves each main screen in both themes, both languages, 1280 and 375 px.
 */

let browser: Browser;
let root: Session;
let cid: number;

beforeAll(async () => {
  browser = await launchBrowser();
  root = await adminSession();
  // A running contest with a problem, so the contest list has a card to read.
  const now = Date.now();
  ({ id: cid } = await apiOk<{ id: number }>('admin/contest', {
    token: root.token, body: { title: uniqueName('Dark '), description: 'Night shift', startTime: now - 60_000, endTime: now + 3_600_000, type: 0, auth: 0 },
  }));
  const { problem } = await apiOk<{ problem: { id: number } }>('get-problem-detail', { query: { problemId: '1000' } });
  await apiOk('admin/contest/add-problem-from-public', { token: root.token, body: { cid, pid: problem.id, displayId: 'A', color: '#e5484d' } });
});
afterAll(async () => {
  await browser?.close();
});

const bg = (page: Page, sel: string) => page.locator(sel).first().evaluate((el) => getComputedStyle(el).backgroundColor);
/** Relative luminance of an `rgb(...)` colour, 0 (black) to 1 (white). */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

describe('dark theme', () => {
  it('is on <html> before any bundle runs: the system asks for dark, the inline script obeys under the CSP', async () => {
    const page = await newPage(browser, { lang: 'en-US' });
    await page.emulateMedia({ colorScheme: 'dark' });
    const violations: string[] = [];
    page.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) violations.push(m.text()); });
    // The app's scripts never arrive: what is painted is index.html's script and the first CSS alone.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await goto(page, '/home');
    expect(await page.evaluate(() => [document.documentElement.dataset.theme, document.documentElement.style.colorScheme])).toEqual(['dark', 'dark']);
    expect(luminance(await bg(page, 'body'))).toBeLessThan(0.02);
    expect(violations).toEqual([]);
    // A stored choice wins over the system's.
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expect(luminance(await bg(page, 'body'))).toBeGreaterThan(0.8);
    await page.context().close();
  });

  it('main screens meet WCAG AA contrast (axe) in the dark theme, in both languages', async () => {
    const screens: [string, string][] = [
      ['/home', '[data-testid="announcement-panel"]'], ['/problem', '.ant-table-row'], ['/problem/1000', '.problem-left'],
      ['/contest', '[data-testid="contest-row"]'], ['/acm-rank', '.ant-table'], ['/admin', '.admin-content'],
    ];
    const found: string[] = [];
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const page = await newPage(browser, { lang, session: root });
      await page.emulateMedia({ colorScheme: 'dark' });
      for (const [path, ready] of screens) {
        await goto(page, path);
        await page.locator(ready).first().waitFor();
        await motionSettled(page);
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
        // Colours are what the theme changes: contrast alone (web-flows.test.ts runs every rule in the
        // light theme). The code editor's syntax colours are its theme's (solarized dark here), as there.
        const r = await new AxeBuilder({ page }).exclude('.cm-line').exclude('.cm-gutters').withRules(['color-contrast']).analyze();
        found.push(...r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${lang} ${path} ${v.id}: ${v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')} ${n.any[0]?.data ? JSON.stringify(n.any[0].data) : ''}`).join(' | ')}`));
      }
      await page.context().close();
    }
    expect(found, found.join('\n')).toEqual([]);
  }, 240_000);

  it("a visitor's navbar button goes system → light → dark and is remembered; a signed-in user's choice from the menu is kept with the account and shown in a new browser", async () => {
    const visitor = await newPage(browser, { lang: 'zh-CN', width: 1280 });
    await visitor.emulateMedia({ colorScheme: 'dark' });
    await goto(visitor, '/home');
    const button = visitor.getByTestId('nav-theme');
    await expect.poll(() => button.getAttribute('aria-label')).toBe('主题：跟随系统（点击切换）');
    expect(await visitor.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    // Following the system: the page turns with it, no reload.
    await visitor.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => visitor.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await expect.poll(async () => luminance(await bg(visitor, '.app-header'))).toBeGreaterThan(0.8);
    await button.click();
    expect(await visitor.evaluate(() => [document.documentElement.dataset.theme, localStorage.getItem('theme')])).toEqual(['light', 'light']);
    await button.click();
    expect(await visitor.evaluate(() => [document.documentElement.dataset.theme, localStorage.getItem('theme')])).toEqual(['dark', 'dark']);
    await visitor.reload();
    expect(await visitor.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await expect.poll(() => button.getAttribute('aria-label')).toBe('主题：深色（点击切换）');
    await visitor.context().close();

    const u = await registerUser();
    const session = await loginApi(u.username, u.password);
    const page = await newPage(browser, { lang: 'en-US', session, width: 1280 });
    await goto(page, '/home');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await page.getByTestId('nav-user').hover();
    if (process.env.THEME_SHOTS) await shot(page, 'theme-user-menu-light');
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await expect.poll(async () => luminance(await bg(page, '.app-header'))).toBeLessThan(0.05);
    if (process.env.THEME_SHOTS) {
      await page.getByTestId('nav-user').hover();
      await page.getByRole('menuitem', { name: 'Light' }).waitFor();
      await shot(page, 'theme-user-menu-dark');
    }
    await expect.poll(async () => (await apiOk<{ uiTheme: string | null }>('login', { body: { username: u.username, password: u.password } })).uiTheme).toBe('dark');
    await page.context().close();

    // Another browser, light system, nothing stored locally: signing in brings the account's dark.
    const other = await newPage(browser, { lang: 'en-US', session: await loginApi(u.username, u.password) });
    await goto(other, '/home');
    await expect.poll(() => other.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await other.context().close();
  });

  it.skipIf(!process.env.THEME_SHOTS)('screenshots: main screens in both themes, both languages, 1280 and 375 px', async () => {
    // Coloured cells on the contest's board: a wrong and a right answer (the judge runs them).
    const player = await registerUser();
    const { token } = await loginApi(player.username, player.password);
    for (const code of [WA_CPP, AC_CPP]) await apiOk('submit-problem-judge', { token, body: { pid: 'A', cid, language: 'C++', code } });
    await new Promise((r) => setTimeout(r, 8000));
    const screens: [string, string, string, Session | undefined][] = [
      ['home', '/home', '[data-testid="announcement-panel"]', undefined], ['problems', '/problem', '.ant-table-row', undefined],
      ['problem', '/problem/1000', '.problem-left .katex', root], ['contests', '/contest', '[data-testid="contest-row"]', undefined],
      ['rank', '/acm-rank', '.ant-table-row', undefined], ['admin', '/admin', '.ant-statistic', root], ['setting', '/setting', '[data-testid="setting-theme"]', root],
      ['404', '/no-such-page', '[data-testid="not-found"]', undefined], ['board', `/contest/${cid}/rank`, '.scoreboard td', root],
      ['user', '/user-home?username=admin', '.uh-heatmap-inner canvas', undefined],
    ];
    for (const theme of ['dark', 'light'] as const) {
      for (const lang of ['en-US', 'zh-CN'] as const) {
        for (const width of [1280, 375]) {
          const page = await newPage(browser, { lang, session: root, width, height: 800 });
          await page.emulateMedia({ colorScheme: theme });
          for (const [name, path, ready, session] of screens.filter(([n]) => !process.env.THEME_SHOTS_ONLY || process.env.THEME_SHOTS_ONLY.split(',').includes(n))) {
            // Visitors' screens are shot signed out: the navbar shows the visitor's theme button.
            await page.evaluate((s) => { if (!s) { localStorage.removeItem('token'); localStorage.removeItem('userInfo'); } }, session?.token ?? null).catch(() => undefined);
            if (session) await page.evaluate(([t, u]) => { localStorage.setItem('token', t); localStorage.setItem('userInfo', u); }, [session.token, JSON.stringify(session.user)] as const).catch(() => undefined);
            await goto(page, path);
            await page.locator(ready).first().waitFor({ timeout: 30_000 }).catch(() => undefined);
            await motionSettled(page);
            await shot(page, `theme-${theme}-${name}-${lang}-${width}`);
          }
          await page.context().close();
        }
      }
    }
  }, 900_000);
});

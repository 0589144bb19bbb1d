import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminSession, apiOk, goto, launchBrowser, newPage, site, type Session } from '../src/harness.js';

/**
 * The built client under the server's Content-Security-Policy (issue 9, security headers): the
 * main screens, including the ones with the code editor, KaTeX, ECharts and the admin area, and
 * the API viewer, run with no CSP violation and no page error. A violation is caught both from
 * the page's `securitypolicyviolation` events and from Chromium's console report.
 */
let browser: Browser;
let admin: Session;
let contestId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminSession();
  const now = Date.now();
  contestId = (await apiOk<{ id: number }>('admin/contest', {
    token: admin.token,
    body: { title: 'CSP Round', description: 'Under the **policy**: $a+b$', startTime: now - 60_000, endTime: now + 3600_000, type: 0, auth: 0 },
  })).id;
});
afterAll(async () => {
  await browser?.close();
});

interface Watched { page: Page; problems: string[] }

async function watchedPage(session?: Session): Promise<Watched> {
  const page = await newPage(browser, { lang: 'en-US', session });
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`);
    });
  });
  page.on('console', (m) => {
    if (/Content[- ]Security[- ]Policy|CSP violation/i.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  return { page, problems };
}

describe('the site under its Content-Security-Policy', () => {
  it('sends a CSP without inline scripts but the theme one (by its hash) with the page', async () => {
    const res = await fetch(new URL('/home', site.baseUrl));
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('home (with its chart), problem list, problem page (editor, KaTeX) run with no violation', async () => {
    const { page, problems } = await watchedPage();
    await goto(page, '/home');
    await page.getByTestId('announcement-panel').waitFor();
    await page.getByTestId('week-chart').scrollIntoViewIfNeeded();
    await page.getByTestId('week-chart').locator('svg path').first().waitFor();
    await goto(page, '/problem');
    await page.getByText('A+B Problem').first().waitFor();
    await goto(page, '/problem/1000');
    await page.locator('.katex').first().waitFor();
    await page.getByTestId('code-editor').locator('.cm-content').waitFor();
    // The parser of the selected language arrives in its own chunk: highlighted tokens appear.
    await page.getByTestId('code-editor').locator('.cm-content').click();
    await page.keyboard.type('int main() { return 0; }');
    await expect.poll(() => page.getByTestId('code-editor').locator('.cm-line span').count()).toBeGreaterThan(0);
    await page.waitForTimeout(300);
    expect(problems).toEqual([]);
  });

  it('contest rank and the admin dashboard (logged in as admin) run with no violation', async () => {
    const { page, problems } = await watchedPage(admin);
    await goto(page, `/contest/${contestId}/rank`);
    await page.locator('.ant-table').first().waitFor();
    await goto(page, `/contest/${contestId}`);
    await page.locator('.markdown-body .katex').first().waitFor();
    await goto(page, '/admin/dashboard');
    await page.locator('.ant-card').first().waitFor();
    await goto(page, `/user-home?username=${admin.user.username}`);
    await page.locator('canvas').first().waitFor();
    await page.waitForTimeout(300);
    expect(problems).toEqual([]);
  });

  it('the OpenAPI viewer at /api/docs/ui lists the API with no violation', async () => {
    const { page, problems } = await watchedPage();
    await goto(page, '/api/docs/ui');
    // Swagger UI renders the operations as they scroll into view: the first screenful is enough.
    await page.getByText('/api/get-website-config', { exact: true }).first().waitFor();
    await page.getByText('/api/login', { exact: true }).first().waitFor();
    expect(await page.locator('.opblock').count()).toBeGreaterThan(10);
    expect(problems).toEqual([]);
  });
});

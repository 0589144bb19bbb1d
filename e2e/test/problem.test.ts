import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { goto, launchBrowser, loginApi, newPage, registerUser, shot, toastText } from '../src/harness.js';
import { chooseLanguage, setCode } from '../src/editor.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('problem list', () => {
  it('lists the demo problems, filters by a tag (never twice) and keeps the state in the query string', async () => {
    const page = await newPage(browser, { lang: 'en-US' });
    await goto(page, '/problem');
    await page.getByRole('link', { name: 'A+B Problem' }).waitFor();
    await shot(page, 'problem-list-en-1440');
    // Clicking a tag in the side panel filters by it and writes tagId as a JSON list.
    await page.locator('.ant-collapse').getByText('Math', { exact: true }).click();
    await page.waitForURL(/tagId=%5B\d+%5D/);
    // The URL changes before the filtered page arrives: wait for the rows to be replaced.
    await expect.poll(() => page.getByRole('link', { name: 'A+B Problem' }).count(), { timeout: 15_000 }).toBe(0);
    await page.getByText('Huge Fibonacci').waitFor();
    // The same tag again only warns.
    await page.locator('.ant-collapse').getByText('Math', { exact: true }).click();
    await expect.poll(() => toastText(page)).toContain('already chosen');
    // Reload keeps the filter (query-string state).
    await page.reload();
    await page.getByText('Huge Fibonacci').waitFor();
    await expect(page.getByRole('link', { name: 'A+B Problem' }).count()).resolves.toBe(0);
  });

  it('random problem opens a problem and says "Good luck to you"', async () => {
    const page = await newPage(browser, { lang: 'en-US' });
    await goto(page, '/problem');
    await page.getByRole('button', { name: /Pick One/ }).click();
    await expect.poll(() => toastText(page)).toContain('Good luck to you');
    await page.waitForURL(/\/problem\/[^/?]+$/);
    await page.getByTestId('problem-description').waitFor();
  });

  it('shows status marks for a logged-in user (zh-CN)', async () => {
    const user = await registerUser();
    const session = await loginApi(user.username, user.password);
    const page = await newPage(browser, { session });
    await goto(page, '/problem');
    await page.getByRole('link', { name: 'A+B Problem' }).waitFor();
    await shot(page, 'problem-list-zh-1440');
    // Nothing submitted yet: no marks at all.
    await expect(page.getByTestId('mark-ac').count()).resolves.toBe(0);
  });
});

describe('problem detail', () => {
  it('renders the statement with KaTeX, samples with copy buttons, limits with the 2x rule, and the editor', async () => {
    const page = await newPage(browser, { lang: 'en-US' });
    await goto(page, '/problem/1000');
    const desc = page.getByTestId('problem-description');
    await desc.waitFor();
    // The markdown renderer (KaTeX) is its own chunk: the formulas appear once it has loaded.
    await desc.locator('.katex').first().waitFor();
    await expect(page.getByTestId('sample-1').innerText()).resolves.toContain('1 2');
    await expect(desc.innerText()).resolves.toMatch(/C\/C\+\+ 1000 ms \/ others 2000 ms/);
    await page.getByTestId('code-editor').locator('.cm-content').waitFor();
    // The footer is hidden on the problem page.
    await expect(page.locator('footer').count()).resolves.toBe(0);
    await shot(page, 'problem-detail-en-1440');
  });

  it('asks an anonymous visitor to log in before submitting', async () => {
    const page = await newPage(browser, { lang: 'en-US' });
    await goto(page, '/problem/1000');
    await page.getByTestId('submit-code').click();
    await expect.poll(() => toastText(page)).toContain('Please login first');
    await page.getByTestId('login-form').waitFor();
  });

  it('refuses empty code and keeps code and language per problem across reloads', async () => {
    const user = await registerUser();
    const session = await loginApi(user.username, user.password);
    const page = await newPage(browser, { lang: 'en-US', session });
    await goto(page, '/problem/1000');
    await setCode(page, '   ');
    await page.getByTestId('submit-code').click();
    await expect.poll(() => toastText(page)).toContain('Code can not be empty');
    await setCode(page, '// my saved attempt\nint main() { return 0; }');
    await page.waitForTimeout(800);
    await page.reload();
    await expect.poll(() => page.getByTestId('code-editor').innerText(), { timeout: 15_000 }).toContain('my saved attempt');
    // Another problem is untouched: it gets the language template.
    await goto(page, '/problem/1001');
    await expect.poll(() => page.getByTestId('code-editor').innerText(), { timeout: 15_000 }).not.toContain('my saved attempt');
  });

  it('the language picker is a labelled select in both languages; the choice is kept per problem across a reload', async () => {
    const user = await registerUser();
    const session = await loginApi(user.username, user.password);
    for (const [lang, label] of [['en-US', 'Language:'], ['zh-CN', '语言:']] as const) {
      // A new context each round: nothing saved in the browser yet.
      const page = await newPage(browser, { lang, session });
      await goto(page, '/problem/1001');
      // Found by its visible label: the select is named for screen readers.
      const picker = page.getByRole('combobox', { name: label, exact: true });
      await picker.waitFor();
      const options = await picker.locator('option').allTextContents();
      expect(options).toEqual(expect.arrayContaining(['C++', 'Python3']));
      await chooseLanguage(page, 'Python3');
      await expect(picker.inputValue()).resolves.toBe('Python3');
      await page.waitForTimeout(800);
      await page.reload();
      await expect.poll(() => page.getByTestId('editor-language').inputValue(), { timeout: 15_000 }).toBe('Python3');
      await page.context().close();
    }
  });

  it('statement tabs: "My Submission" asks a visitor to log in; arrow keys move between tabs', async () => {
    const page = await newPage(browser, { lang: 'en-US' });
    await goto(page, '/problem/1000');
    await page.getByTestId('problem-description').waitFor();
    const description = page.getByRole('tab', { name: 'Problem Description' });
    const mine = page.getByRole('tab', { name: 'My Submission' });
    await expect(description.getAttribute('aria-selected')).resolves.toBe('true');
    await mine.click();
    await page.getByRole('tabpanel', { name: 'My Submission' }).getByText('Please login first to see your submissions').waitFor();
    await expect(page.getByTestId('problem-description').isVisible()).resolves.toBe(false);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => description.getAttribute('aria-selected')).toBe('true');
    await expect(description.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect(page.getByTestId('problem-description').isVisible()).resolves.toBe(true);
  });

  it('cold loads render the statement without a render error (the maths arriving mid-render)', async () => {
    // The statement's markdown suspends until KaTeX is there; when it arrived during React's replay of
    // that render, the renderer threw (React #467) and the route error screen's code was fetched.
    const problems: string[] = [];
    for (let i = 0; i < 8; i++) {
      const page = await newPage(browser);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      page.on('pageerror', (e) => problems.push(`load ${i}: ${e.message}`));
      page.on('request', (r) => { if (/\/RouteError-/.test(r.url())) problems.push(`load ${i}: route error screen requested`); });
      await goto(page, '/problem/1000');
      await page.getByTestId('problem-description').locator('.katex').first().waitFor();
      await page.getByTestId('code-editor').locator('.cm-content').waitFor();
      await page.waitForTimeout(500);
      await page.context().close();
    }
    expect(problems).toEqual([]);
  });

  it('stacks the panes on a phone (zh-CN)', async () => {
    const page = await newPage(browser, { width: 375, height: 812 });
    await goto(page, '/problem/1000');
    await page.getByTestId('problem-description').waitFor();
    await shot(page, 'problem-detail-zh-375');
    await expect(page.getByTestId('split-divider').count()).resolves.toBe(0);
  });
});

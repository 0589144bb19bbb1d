import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminSession, apiOk, goto, latestCaptchaText, launchBrowser, loginApi, newPage, registerUser, shot, toastText } from '../src/harness.js';
import { AC_CPP, WA_CPP, chooseLanguage, setCode } from '../src/editor.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('solving A+B', () => {
  it('a new user writes an accepted C++ solution and sees Accepted with case results; a wrong one shows Wrong Answer', async () => {
    const user = await registerUser();
    const session = await loginApi(user.username, user.password);
    const page = await newPage(browser, { lang: 'en-US', session });
    await goto(page, '/problem/1000');
    await chooseLanguage(page, 'C++');
    await setCode(page, AC_CPP);
    await page.getByTestId('submit-code').click();
    const status = page.getByTestId('submit-status');
    await expect.poll(() => status.innerText(), { timeout: 60_000, interval: 1000 }).toContain('Accepted');
    // The status tag links to the submission detail with its case results.
    const href = await status.locator('a').first().getAttribute('href');
    await shot(page, 'problem-accepted-en-1440');
    expect(href).toMatch(/^\/submission-detail\/\d+$/);
    await goto(page, href!);
    await expect.poll(() => page.getByTestId('detail-status').innerText(), { timeout: 15_000 }).toContain('Accepted');
    const cases = page.getByTestId('case-results');
    await cases.waitFor();
    await expect.poll(() => cases.locator('tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect(cases.innerText()).resolves.not.toContain('Wrong Answer');
    await shot(page, 'submission-detail-en-1440');

    await goto(page, '/problem/1000');
    await setCode(page, WA_CPP);
    // The site's non-contest submit interval (8 s by default) refuses a resubmission that comes too soon.
    for (let attempt = 0; attempt < 4; attempt++) {
      await page.getByTestId('submit-code').click();
      // A refused submit hides the status area; an accepted one shows it at once.
      const accepted = await page.getByTestId('submit-status').waitFor({ timeout: 3000 }).then(() => true, () => false);
      if (accepted) break;
      await page.waitForTimeout(4000);
    }
    await expect.poll(() => page.getByTestId('submit-status').innerText(), { timeout: 60_000, interval: 1000 }).toContain('Wrong Answer');

    // Both rows are in the user's list; the accepted problem gets its check mark.
    await goto(page, '/status?onlyMine=true');
    await expect.poll(() => page.getByTestId('submission-table').locator('tbody tr.ant-table-row').count(), { timeout: 15_000 }).toBe(2);
    await shot(page, 'status-mine-en-1440');
    await goto(page, '/problem');
    await page.getByTestId('mark-ac').first().waitFor();
  });

  it('Online Test on the sample says "Pass Test Case 1"', async () => {
    const user = await registerUser();
    const session = await loginApi(user.username, user.password);
    const page = await newPage(browser, { lang: 'en-US', session });
    await goto(page, '/problem/1000');
    await chooseLanguage(page, 'C++');
    await setCode(page, AC_CPP);
    await page.getByTestId('open-online-test').click();
    await expect(page.getByTestId('test-input').inputValue()).resolves.toBe('1 2');
    await page.getByTestId('run-test').click();
    await expect.poll(() => page.getByTestId('test-pass').innerText().catch(() => ''), { timeout: 60_000, interval: 1000 }).toBe('Pass Test Case 1');
    await shot(page, 'online-test-en-1440');
  });
});

describe('captcha on frequent submissions', () => {
  it('past the per-minute threshold the editor asks for a captcha; the right one submits', async () => {
    const admin = await adminSession();
    const before = await apiOk<Record<string, unknown>>('admin/switch/info', { token: admin.token });
    await apiOk('admin/switch/update', { token: admin.token, method: 'PUT', body: { submitCaptchaPerMinute: 1, defaultSubmitInterval: 0 } });
    try {
      const user = await registerUser();
      const session = await loginApi(user.username, user.password);
      await apiOk('submit-problem-judge', { token: session.token, body: { pid: '1000', language: 'C++', code: AC_CPP } });

      const page = await newPage(browser, { lang: 'en-US', session });
      await goto(page, '/problem/1000');
      await chooseLanguage(page, 'C++');
      await setCode(page, AC_CPP);
      await page.getByTestId('submit-code').click();
      await expect.poll(() => toastText(page)).toBe('You are submitting very often: enter the captcha to submit');
      await page.getByTestId('submit-captcha-img').waitFor();
      expect(await page.getByTestId('submit-status').count()).toBe(0);
      // Submitting with the box empty is stopped in the browser.
      await page.getByTestId('submit-code').click();
      await expect.poll(() => toastText(page)).toBe('The captcha is required');
      await shot(page, 'submit-captcha-en-1440');
      await page.getByTestId('submit-captcha').fill(await latestCaptchaText());
      await page.getByTestId('submit-code').click();
      await expect.poll(() => page.getByTestId('submit-status').innerText(), { timeout: 60_000, interval: 1000 }).toContain('Accepted');
      expect(await page.getByTestId('submit-captcha').count()).toBe(0);
    } finally {
      await apiOk('admin/switch/update', { token: admin.token, method: 'PUT', body: { submitCaptchaPerMinute: before.submitCaptchaPerMinute ?? 6, defaultSubmitInterval: before.defaultSubmitInterval ?? 8 } });
    }
  });
});

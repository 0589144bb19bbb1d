import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { goto, launchBrowser, loginApi, motionSettled, newPage, registerUser, toastText } from '../src/harness.js';

/**
 * The request layer's error catalogue (spec 01 §8). The real server answers every call except the
 * one under test, whose answer is replaced in the browser (network failures and arbitrary statuses
 * cannot be provoked from a healthy server on demand).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens the register dialog and asks for a code: a non-quiet GET whose failure the layer reports. */
async function askForCode(page: Page) {
  await page.getByTestId('nav-register').click();
  await page.getByTestId('register-form').locator('input#email').fill('someone@e2e.test');
  await motionSettled(page);
  await page.getByTestId('register-get-code').click();
}

async function withAnswer(status: number, body: unknown, lang: 'zh-CN' | 'en-US' = 'en-US') {
  const page = await newPage(browser, { lang });
  await page.route('**/api/get-register-code**', (route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }));
  await goto(page, '/home');
  await askForCode(page);
  return page;
}

describe('request layer errors', () => {
  it('HTTP 404 shows the fixed query-error text, also as a desktop notification titled Error', async () => {
    const page = await withAnswer(404, { status: 404, msg: 'whatever', data: null });
    await expect.poll(() => toastText(page)).toBe('Query error! Unable to find the resource to request!');
    const note = page.locator('.ant-notification-notice');
    await note.waitFor();
    expect(await note.innerText()).toContain('Error');
  });

  it('other statuses show the server msg, or the server-error text when there is none', async () => {
    let page = await withAnswer(500, { status: 500, msg: 'Boom from server', data: null });
    await expect.poll(() => toastText(page)).toBe('Boom from server');
    page = await withAnswer(502, {}, 'zh-CN');
    await expect.poll(() => toastText(page)).toBe('服务器错误！请重新刷新！');
  });

  it('an envelope status other than 200 is an error even with HTTP 200', async () => {
    const page = await withAnswer(200, { status: 400, msg: 'Envelope says no', data: null });
    await expect.poll(() => toastText(page)).toBe('Envelope says no');
  });

  it('no response gives the network-error text', async () => {
    const page = await newPage(browser, { lang: 'en-US' });
    await page.route('**/api/get-register-code**', (route) => route.abort('connectionrefused'));
    await goto(page, '/home');
    await askForCode(page);
    await expect.poll(() => toastText(page)).toBe('Network error! Abnormal link with server, Please try again later!');
  });

  it('HTTP 401 clears the stored login and opens the login dialog', async () => {
    const user = await registerUser();
    const session = await loginApi(user.username, user.password);
    const page = await newPage(browser, { lang: 'en-US', session });
    await goto(page, '/home');
    await page.getByTestId('nav-user').waitFor();
    // The next call that fails with 401: the week chart's refresh button.
    await page.route('**/api/get-last-week-submission-statistics**', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ status: 401, msg: 'Login has expired, please login again', data: null }) }));
    await page.getByTestId('week-chart').getByRole('button').click();
    await page.getByTestId('login-form').waitFor();
    await page.getByTestId('nav-login').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('a Refresh-Token response header replaces the stored token', async () => {
    const user = await registerUser();
    const session = await loginApi(user.username, user.password);
    // The renewed token is a real one: with a made-up value the page's next call got a 401, which
    // logs out, and the poll could miss the moment the value was stored.
    const renewed = (await loginApi(user.username, user.password)).token;
    const page = await newPage(browser, { lang: 'en-US', session });
    await page.route('**/api/get-user-auth-info**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        headers: { 'refresh-token': 'true', authorization: renewed },
        body: JSON.stringify({ status: 200, msg: 'success', data: { roles: ['default_user'], permissions: [] } }),
      }));
    await goto(page, '/home');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBe(renewed);
    // The calls that follow carry it: the week chart's refresh button.
    await page.getByTestId('nav-user').waitFor();
    const next = page.waitForRequest((r) => r.url().includes('/api/get-last-week-submission-statistics'));
    await page.getByTestId('week-chart').getByRole('button').click();
    expect((await next).headers().authorization).toBe(renewed);
  });

  it('every call carries Url-Type and the stored token', async () => {
    const user = await registerUser();
    const session = await loginApi(user.username, user.password);
    const page = await newPage(browser, { lang: 'en-US', session });
    const seen = page.waitForRequest((r) => r.url().includes('/api/get-user-auth-info'));
    await goto(page, '/home');
    const headers = (await seen).headers();
    expect(headers['url-type']).toBe('general');
    expect(headers.authorization).toBe(session.token);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, apiOk, codeIn, goto, launchBrowser, loginApi, mailCount, newPage, registerUser, shot, uniqueName, waitForMail, toastShows } from '../src/harness.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});


/** A 300x200 PNG drawn by the browser itself. */
async function samplePng(page: Page): Promise<Buffer> {
  const b64 = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 300;
    c.height = 200;
    const g = c.getContext('2d')!;
    g.fillStyle = '#2f6bff';
    g.fillRect(0, 0, 300, 200);
    g.fillStyle = '#ffd400';
    g.beginPath();
    g.arc(150, 100, 70, 0, Math.PI * 2);
    g.fill();
    return c.toDataURL('image/png').split(',')[1];
  });
  return Buffer.from(b64, 'base64');
}

describe('profile', () => {
  it('a user edits the profile and uploads a cropped avatar; the user home shows it literally', async () => {
    const user = await registerUser();
    const session = await loginApi(user.username, user.password);
    const page = await newPage(browser, { lang: 'en-US', session });
    await goto(page, '/setting');
    const form = page.getByTestId('user-info-form');
    await form.waitFor();
    await form.getByLabel('Nickname').fill('<i>Nick</i>');
    await form.getByLabel('School').fill("O'Brien; DROP TABLE user;--");
    await form.getByLabel('GitHub').fill('https://github.com/example');
    await form.getByLabel('Signature').fill('Hello **world**');
    await form.getByLabel('Female').check();
    await page.getByTestId('save-user-info').click();
    await toastShows(page, 'Update Successfully');

    // Too long a nickname is refused with a message before any call.
    await form.getByLabel('Nickname').fill('x'.repeat(21));
    await page.getByTestId('save-user-info').click();
    await page.getByText('Can not exceed 20 characters').waitFor();
    await form.getByLabel('Nickname').fill('<i>Nick</i>');

    await page.getByTestId('avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await samplePng(page) });
    await page.locator('.setting-cropper img').waitFor();
    await shot(page, 'setting-avatar-crop-en-1440');
    await page.getByTestId('avatar-upload').click();
    await toastShows(page, 'Upload avatar successfully');
    await shot(page, 'setting-en-1440');

    // The stored avatar is a 200x200 PNG.
    const me = await api('get-user-home-info', { query: { username: user.username } });
    expect(me.data.avatar).toMatch(/^\/public\/avatar\/.+\.png$/);
    const png = Buffer.from(await (await fetch(new URL(me.data.avatar, page.url()))).arrayBuffer());
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([200, 200]);

    await goto(page, `/user-home?username=${encodeURIComponent(user.username)}`);
    const card = page.getByTestId('user-profile');
    await card.waitFor();
    const text = await card.innerText();
    expect(text).toContain(user.username);
    expect(text).toContain('<i>Nick</i>');
    expect(text).toContain("O'Brien; DROP TABLE user;--");
    expect(text).toContain('Hello **world**');
    expect(await card.locator('a[href="https://github.com/example"]').count()).toBe(1);
    expect(await card.locator('img').getAttribute('src')).toBe(me.data.avatar);
    await page.getByTestId('user-heatmap').locator('canvas').first().waitFor();
    await shot(page, 'user-home-en-1440');
  });

  it('the user home counts a judged, accepted submission: solved list, numbers and heatmap', async () => {
    const user = await registerUser();
    const session = await loginApi(user.username, user.password);
    const code = 'a, b = map(int, input().split())\nprint(a + b)\n';
    const { submitId } = await apiOk('submit-problem-judge', { token: session.token, body: { pid: '1000', language: 'Python3', code, cid: 0, isRemote: false } });
    let status = 5;
    for (let i = 0; i < 120 && [5, 6, 7].includes(status); i++) {
      await new Promise((r) => setTimeout(r, 1000));
      status = (await apiOk('get-submission-detail', { token: session.token, query: { submitId } })).submission.status;
    }
    expect(status).toBe(0);

    const page = await newPage(browser, { lang: 'en-US', session });
    await goto(page, `/user-home?uid=${session.user.uid}`);
    const solved = page.getByTestId('solved-list');
    await solved.waitFor();
    expect(await solved.innerText()).toBe('1000');
    const numbers = await page.getByTestId('user-numbers').innerText();
    expect(numbers).toMatch(/Solved\s+1/);
    expect(numbers).toMatch(/Submissions\s+1/);
    expect(numbers).toMatch(/100\.00\s*%/);
    const heat = await apiOk('get-user-calendar-heatmap', { query: { uid: session.user.uid } });
    expect(heat.dataList).toEqual([{ date: heat.endDate, count: 1 }]);
    await page.getByTestId('user-heatmap').locator('canvas').first().waitFor();
    await shot(page, 'user-home-solved-en-1440');
    await solved.getByRole('link', { name: '1000' }).click();
    await page.waitForURL(/\/problem\/1000$/);
  });

  it('rejects an avatar of the wrong type with the spec message', async () => {
    const user = await registerUser();
    const page = await newPage(browser, { lang: 'en-US', session: await loginApi(user.username, user.password) });
    await goto(page, '/setting');
    await page.getByTestId('avatar-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await toastShows(page, 'File type not support');
  });

  it('changes the password (validation first) and the new one works', async () => {
    const user = await registerUser();
    const page = await newPage(browser, { lang: 'en-US', session: await loginApi(user.username, user.password) });
    await goto(page, '/setting');
    const form = page.getByTestId('change-password-form');
    await form.getByLabel('Old Password').fill(user.password);
    await form.getByLabel('New Password', { exact: true }).fill('abc');
    await form.getByLabel('Confirm New Password').fill('abd');
    await form.locator('button[type=submit]').click();
    await page.getByText('The length of the password is 6 to 20').waitFor();
    await page.getByText('Passwords do not match').waitFor();
    await form.getByLabel('New Password', { exact: true }).fill('NewPass789');
    await form.getByLabel('Confirm New Password').fill('NewPass789');
    await form.locator('button[type=submit]').click();
    await page.locator('.ant-message-notice', { hasText: 'Password changed' }).waitFor();
    await loginApi(user.username, 'NewPass789');
    expect((await api('login', { body: { username: user.username, password: user.password } })).status).toBe(400);
  });

  it('changes the email with a code mailed to the new address; the code button counts down', async () => {
    const user = await registerUser();
    const session = await loginApi(user.username, user.password);
    const page = await newPage(browser, { lang: 'en-US', session });
    await goto(page, '/setting');
    const form = page.getByTestId('change-email-form');
    await form.waitFor();
    expect(await form.getByLabel('Current Email').inputValue()).toBe(user.email);
    await form.getByLabel('New Email').fill('not-an-email');
    await page.getByTestId('send-email-code').click();
    await toastShows(page, 'The email format is incorrect');

    const newEmail = `${uniqueName('ne')}@e2e.test`;
    await form.getByLabel('New Email').fill(newEmail);
    const since = await mailCount();
    await page.getByTestId('send-email-code').click();
    await expect.poll(() => page.getByTestId('send-email-code').innerText()).toMatch(/Resend in \d+ s/);
    expect(await page.getByTestId('send-email-code').isDisabled()).toBe(true);
    const code = codeIn(await waitForMail(newEmail, since));

    await form.getByLabel('Current Password').fill(user.password);
    await form.getByLabel('Email Code').fill('ZZZZZZ');
    await form.locator('button[type=submit]').click();
    await page.locator('.ant-message-notice', { hasText: /wrong|expired/ }).waitFor();
    await form.getByLabel('Email Code').fill(code);
    await form.locator('button[type=submit]').click();
    await toastShows(page, 'Email changed');
    expect(await form.getByLabel('Current Email').inputValue()).toBe(newEmail);
    expect((await loginApi(user.username, user.password)).user.email).toBe(newEmail);
  });

  it('asks for login on /setting and shows the user home in Chinese and on a phone', async () => {
    const anon = await newPage(browser, { lang: 'zh-CN' });
    await goto(anon, '/setting');
    await anon.waitForURL(/\/home$/);
    await toastShows(anon, '请先登录！');

    const user = await registerUser();
    const session = await loginApi(user.username, user.password);
    for (const [lang, width] of [['zh-CN', 1440], ['en-US', 375], ['zh-CN', 375]] as const) {
      const page = await newPage(browser, { lang, width, height: width < 500 ? 812 : 900, session });
      const tag = `${lang === 'zh-CN' ? 'zh' : 'en'}-${width}`;
      await goto(page, `/user-home?uid=${session.user.uid}`);
      await page.getByTestId('user-heatmap').locator('canvas').first().waitFor();
      await shot(page, `user-home-${tag}`);
      await goto(page, '/setting');
      await page.getByTestId('user-info-form').waitFor();
      await shot(page, `setting-${tag}`);
    }
    const missing = await newPage(browser, { lang: 'en-US' });
    await goto(missing, '/user-home?username=nobody-here-xyz');
    await missing.getByText('The user does not exist').waitFor();
  });
});

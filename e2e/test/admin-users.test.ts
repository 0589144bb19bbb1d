import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { adminSession, api, goto, launchBrowser, loginApi, loginUi, newPage, shot, site, uniqueName, toastShows } from '../src/harness.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});


async function adminLoginUi(page: Page) {
  await goto(page, '/admin/login');
  const form = page.getByTestId('admin-login-form');
  await form.locator('input').nth(0).fill(site.admin.username);
  await form.locator('input[type=password]').fill(site.admin.password);
  await form.locator('button[type=submit]').click();
  await page.waitForURL(/\/admin\/dashboard$/);
  await page.getByTestId('admin-dashboard').waitFor();
}

describe('admin area', () => {
  it('sends visitors of /admin to the admin login with the spec message', async () => {
    const page = await newPage(browser, { lang: 'en-US' });
    await goto(page, '/admin/user');
    await page.waitForURL(/\/admin\/login$/);
    await toastShows(page, 'Please login again with the administrator account!');
    await shot(page, 'admin-login-en-1440');
  });

  it('refuses the admin login of an ordinary user', async () => {
    const name = uniqueName('plain');
    const admin = await adminSession();
    const gen = await api('admin/user/insert-batch-user', { token: admin.token, body: { users: [[name, 'Plain123', '', '', '', '', '']] } });
    expect(gen.data.inserted).toBe(1);
    const page = await newPage(browser, { lang: 'en-US' });
    await goto(page, '/admin/login');
    const form = page.getByTestId('admin-login-form');
    await form.locator('input').nth(0).fill(name);
    await form.locator('input[type=password]').fill('Plain123');
    await form.locator('button[type=submit]').click();
    await toastShows(page, 'This account cannot enter the admin area');
    expect(page.url()).toMatch(/\/admin\/login$/);
  });

  it('lets a problem admin into the admin area but not into user management', async () => {
    const name = uniqueName('padm');
    const admin = await adminSession();
    await api('admin/user/insert-batch-user', { token: admin.token, body: { users: [[name, 'Padm1234', '', '', '', '', '']] } });
    const list = await api('admin/user/get-user-list', { token: admin.token, query: { currentPage: 1, limit: 10, keyword: name } });
    const row = list.data.records[0];
    const edit = await api('admin/user/edit-user', { method: 'PUT', token: admin.token, body: { uid: row.uid, username: name, role: 1008, status: 0 } });
    expect(edit.status).toBe(200);
    const page = await newPage(browser, { lang: 'en-US' });
    await goto(page, '/admin/login');
    const form = page.getByTestId('admin-login-form');
    await form.locator('input').nth(0).fill(name);
    await form.locator('input[type=password]').fill('Padm1234');
    await form.locator('button[type=submit]').click();
    await page.getByTestId('admin-dashboard').waitFor();
    expect(await page.locator('.admin-sider').innerText()).not.toContain('Users');
    await goto(page, '/admin/user');
    await page.waitForURL(/\/admin\/dashboard$/);
    await toastShows(page, 'No Access');
  });

  it('imports users from a CSV file (preview, skipped rows, report) and they can log in', async () => {
    const page = await newPage(browser, { lang: 'en-US' });
    await adminLoginUi(page);
    await shot(page, 'admin-dashboard-en-1440');
    await goto(page, '/admin/user');
    await page.getByTestId('user-table').waitFor();

    const [a, b, c] = [uniqueName('csva'), uniqueName('csvb'), uniqueName('csvc')];
    const csv = [
      'username,password,email,realname,gender,nickname,school',
      `${a},Secret123,${a}@e2e.test,"Alice, A.",female,Ali,"O'Reilly <b>School</b>"`,
      `${b},Secret456,,Bob,0,,`,
      `${c},,${c}@e2e.test,No Password,1,,`,
    ].join('\r\n');
    await page.getByTestId('import-file').setInputFiles({ name: 'users.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await page.getByText('3 rows, 2 to import, 1 skipped').waitFor();
    await expect(page.getByText('Missing username or password').isVisible()).resolves.toBe(true);
    await shot(page, 'admin-users-import-preview-en-1440');
    await page.getByTestId('import-submit').click();
    const result = page.getByTestId('import-result');
    await result.waitFor();
    expect(await result.innerText()).toContain('2 users added, 0 rows skipped');

    // They can log in, with what the file said about them.
    const sa = await loginApi(a, 'Secret123');
    expect(sa.user.realname).toBe('Alice, A.');
    expect(sa.user.gender).toBe('female');
    expect(sa.user.school).toBe("O'Reilly <b>School</b>");
    const sb = await loginApi(b, 'Secret456');
    expect(sb.user.gender).toBe('male');
    expect((await api('login', { body: { username: c, password: 'whatever1' } })).status).toBe(400);

    // The list finds them by search.
    await page.getByTestId('user-search').fill(a);
    await page.getByTestId('user-search').press('Enter');
    await expect.poll(() => page.getByTestId('user-table').locator('tbody tr.ant-table-row').allInnerTexts()).toEqual([expect.stringContaining(a)]);

    // And through the site's login dialog.
    const userPage = await newPage(browser, { lang: 'en-US' });
    await goto(userPage, '/home');
    await loginUi(userPage, b, 'Secret456');
    await expect(userPage.getByTestId('nav-user').innerText()).resolves.toContain(b);
  });

  it('rejects a file that is not .csv with a clear message', async () => {
    const page = await newPage(browser, { lang: 'en-US' });
    await adminLoginUi(page);
    await goto(page, '/admin/user');
    await page.getByTestId('import-file').setInputFiles({ name: 'users.txt', mimeType: 'text/plain', buffer: Buffer.from('x,y', 'utf8') });
    await toastShows(page, 'Only .csv files can be imported');
  });

  it('generates users from a range and downloads their passwords, which work', async () => {
    const page = await newPage(browser, { lang: 'en-US' });
    await adminLoginUi(page);
    await goto(page, '/admin/user');
    await page.getByRole('tab', { name: 'Generate Users' }).click();
    const gen = page.getByTestId('generate-users');
    const prefix = uniqueName('g').slice(0, 10);
    await gen.getByLabel('Username prefix').fill(prefix);
    await gen.getByLabel('Start number').fill('5');
    await gen.getByLabel('End number').fill('3');
    await gen.getByTestId('generate-submit').click();
    await page.getByText('The end number can not be less than the start number').waitFor();
    await gen.getByLabel('End number').fill('7');
    await gen.getByLabel('Password length').fill('9');
    await gen.getByTestId('generate-submit').click();
    await page.getByTestId('generate-result').waitFor();
    expect(await page.getByTestId('generate-result').innerText()).toContain('3 users added');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('generate-download').click()]);
    const text = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = text.trim().split(/\r?\n/).filter((l) => l.startsWith(prefix));
    expect(lines.map((l) => l.split(',')[0])).toEqual([`${prefix}5`, `${prefix}6`, `${prefix}7`]);
    const [name, password] = lines[1].split(',');
    expect(password).toHaveLength(9);
    await loginApi(name, password);
    await shot(page, 'admin-users-generate-en-1440');
  });

  it('looks right in Chinese and on a phone', async () => {
    const admin = await adminSession();
    for (const [lang, width] of [['zh-CN', 1440], ['en-US', 375]] as const) {
      const page = await newPage(browser, { lang, width, height: width < 500 ? 812 : 900, session: admin });
      for (const p of ['dashboard', 'user', 'announcement', 'notice', 'conf', 'switch']) {
        await goto(page, `/admin/${p}`);
        await page.locator('.admin-page').first().waitFor();
        await page.waitForLoadState('networkidle');
        await shot(page, `admin-${p}-${lang === 'zh-CN' ? 'zh' : 'en'}-${width}`);
      }
    }
  });
});

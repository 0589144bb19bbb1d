import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminSession, api, apiOk, goto, launchBrowser, mailCount, newPage, shot, uniqueName, waitForMail, type Session, toastShows } from '../src/harness.js';

let browser: Browser;
let admin: Session;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminSession();
});
afterAll(async () => {
  await browser?.close();
});


const adminPage = (lang: 'zh-CN' | 'en-US' = 'en-US') => newPage(browser, { lang, session: admin });

/** A small PNG drawn by the browser. */
async function png(page: Page, w: number, h: number): Promise<Buffer> {
  const b64 = await page.evaluate(([w, h]) => {
    const c = document.createElement('canvas');
    c.width = w;
    c.height = h;
    const g = c.getContext('2d')!;
    g.fillStyle = '#19a05c';
    g.fillRect(0, 0, w, h);
    return c.toDataURL('image/png').split(',')[1];
  }, [w, h] as const);
  return Buffer.from(b64, 'base64');
}

describe('admin: users and site settings', () => {
  it('edits a user: role and disabled state take effect', async () => {
    const name = uniqueName('edit');
    await apiOk('admin/user/insert-batch-user', { token: admin.token, body: { users: [[name, 'Edit1234', '', '', '', '', '']] } });
    const page = await adminPage();
    await goto(page, '/admin/user');
    await page.getByTestId('user-search').fill(name);
    await page.getByTestId('user-search').press('Enter');
    const row = page.getByTestId('user-table').locator('tbody tr.ant-table-row', { hasText: name });
    await row.waitFor();
    await row.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByTestId('edit-user-form');
    await form.waitFor();
    await form.getByLabel('Real Name').fill('Tom <script>x</script>');
    await page.getByTestId('edit-user-role').click();
    await page.locator('.ant-select-item-option', { hasText: 'Problem Admin (1008)' }).click();
    await shot(page, 'admin-user-edit-en-1440');
    await page.getByRole('button', { name: 'Save' }).click();
    await toastShows(page, 'Update Successfully');
    await expect.poll(() => row.innerText()).toContain('Problem Admin');
    expect(await row.innerText()).toContain('Tom <script>x</script>');
    const s = await api('admin/login', { body: { username: name, password: 'Edit1234' } });
    expect(s.status).toBe(200);

    // Disable the account: it can no longer log in.
    await row.getByRole('button', { name: 'Edit' }).click();
    await form.locator('button[role=switch]').click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => row.innerText()).toContain('Disabled');
    const denied = await api('login', { body: { username: name, password: 'Edit1234' } });
    expect(denied.httpStatus).toBe(403);
    expect(denied.msg).toBe('This account has been disabled');

    // Delete it after confirming.
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Delete' }).click();
    await toastShows(page, 'Delete Successfully');
    await row.waitFor({ state: 'detached' });
  });

  it('publishes, hides and deletes a site announcement shown on the home page', async () => {
    const page = await adminPage();
    await goto(page, '/admin/announcement');
    await page.getByTestId('announcement-create').click();
    const form = page.getByTestId('announcement-form');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The title is required').waitFor();
    await page.getByText('Content cannot be empty').waitFor();
    const title = `Notice <b>${uniqueName('a')}</b>`;
    await form.getByLabel('Title').fill(title);
    await page.getByTestId('announcement-content').fill('# Welcome\n\nMaths $a+b$ and **bold**.');
    await form.getByRole('tab', { name: 'Preview' }).click();
    await form.locator('.admin-md-preview h1', { hasText: 'Welcome' }).waitFor();
    await shot(page, 'admin-announcement-dialog-en-1440');
    await page.getByRole('button', { name: 'Save' }).click();
    await toastShows(page, 'Create Successfully');

    const pub = async () => (await apiOk('get-common-announcement', { query: { currentPage: 1, limit: 50 } })).records.map((r: any) => r.title);
    expect(await pub()).toContain(title);
    const row = page.locator('tbody tr.ant-table-row', { hasText: title });
    await row.locator('button[role=switch]').click();
    await toastShows(page, 'Update Successfully');
    expect(await pub()).not.toContain(title);
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Delete' }).click();
    await row.waitFor({ state: 'detached' });
  });

  it('sends a system notice to every user', async () => {
    const page = await adminPage('zh-CN');
    await goto(page, '/admin/notice');
    await page.getByTestId('notice-create').click();
    const form = page.getByTestId('notice-form');
    const title = `维护通知 ${uniqueName('n')}`;
    await form.getByLabel('标题').fill(title);
    await form.locator('textarea').fill('今晚 **22:00** 维护');
    await page.locator('.ant-modal-footer').getByRole('button', { name: /发\s*布/ }).click();
    await toastShows(page, '通知已发送给所有用户');
    const row = page.locator('tbody tr.ant-table-row', { hasText: title });
    await row.waitFor();
    const users = (await apiOk('admin/user/get-user-list', { token: admin.token, query: { currentPage: 1, limit: 1 } })).total;
    expect(await row.innerText()).toContain(String(users));
    await shot(page, 'admin-notice-zh-1440-sent');
  });

  it('switches registration off and on; the public config follows', async () => {
    const page = await adminPage();
    await goto(page, '/admin/switch');
    const sw = page.getByTestId('switch-register');
    await expect.poll(() => sw.getAttribute('aria-checked')).toBe('true');
    try {
      await sw.click();
      await page.getByRole('button', { name: 'Save' }).click();
      await toastShows(page, 'Update Successfully');
      expect((await apiOk('get-website-config')).register).toBe(false);
      expect((await api('get-register-code', { query: { email: `${uniqueName('x')}@e2e.test` } })).httpStatus).toBe(403);
    } finally {
      await apiOk('admin/switch/update', { method: 'PUT', token: admin.token, body: { register: true } });
    }
  });

  it('edits the web config and carousel; the site shows them', async () => {
    const before = await apiOk('admin/config/get-web-config', { token: admin.token });
    const page = await adminPage();
    try {
      await goto(page, '/admin/conf');
      const form = page.getByTestId('web-config');
      await form.getByLabel('Website Name').fill('');
      await form.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Website Name is required').waitFor();
      await form.getByLabel('Website Name').fill("Judge <O'Neil>");
      await form.getByRole('button', { name: 'Save' }).click();
      await toastShows(page, 'Update Successfully');
      expect((await apiOk('get-website-config')).name).toBe("Judge <O'Neil>");

      const since = (await apiOk('home-carousel')).length;
      const file = await png(page, 600, 200);
      await form.locator('input[type=file]').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: file });
      await page.locator('.ant-message-notice', { hasText: 'Picture uploaded' }).waitFor();
      await expect.poll(async () => (await apiOk('home-carousel')).length).toBe(since + 1);
      await page.getByTestId('carousel-list').locator('img').first().waitFor();
      await shot(page, 'admin-conf-en-1440-carousel');
      await page.getByTestId('carousel-list').getByRole('button', { name: 'Delete' }).last().click();
      await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Delete' }).click();
      await expect.poll(async () => (await apiOk('home-carousel')).length).toBe(since);
    } finally {
      await apiOk('admin/config/set-web-config', { method: 'PUT', token: admin.token, body: before });
    }
  });

  it('sends a test mail through the configured SMTP server', async () => {
    const page = await adminPage();
    await goto(page, '/admin/conf');
    await page.getByRole('tab', { name: 'Email Config' }).click();
    const box = page.getByTestId('email-config');
    await box.getByText(/Mail is configured/).waitFor();
    const to = `${uniqueName('t')}@e2e.test`;
    const since = await mailCount();
    const test = page.getByTestId('test-email-form');
    await test.locator('input').fill('not-an-email');
    await test.getByRole('button').click();
    await page.getByText('The email format is incorrect').waitFor();
    await test.locator('input').fill(to);
    await test.getByRole('button').click();
    await toastShows(page, `A test email was sent to ${to}`);
    await waitForMail(to, since);
    await shot(page, 'admin-email-en-1440');
  });
});

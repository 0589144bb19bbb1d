import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminSession, apiOk, goto, launchBrowser, loginApi, newPage, registerUser, shot, toastShows, toastText, uniqueName } from '../src/harness.js';
import { AC_CPP, chooseLanguage, setCode } from '../src/editor.js';

const SUM_CPP = '#include <cstdio>\nint main() {\n  int n;\n  std::scanf("%d", &n);\n  long long s = 0;\n  for (int i = 0; i < n; i++) { long long x; std::scanf("%lld", &x); s += x; }\n  std::printf("%lld\\n", s);\n}\n';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The rank row of a user on /acm-rank or /oi-rank after searching for them. */
async function rankRowOf(page: Page, path: string, username: string) {
  await goto(page, path);
  await page.getByTestId('rank-chart').locator('canvas').first().waitFor();
  await page.getByTestId('rank-search').fill(username);
  await page.getByTestId('rank-search').press('Enter');
  const row = page.locator(`[data-testid="rank-row"][data-username="${username}"]`);
  await row.waitFor({ timeout: 15_000 });
  return row;
}

describe('a private training', () => {
  it('admin builds it; a user enters with the password, solves two with the real judge, sees progress, the training rank and the global ranks', async () => {
    const admin = await adminSession();
    const adminPage = await newPage(browser, { lang: 'en-US', width: 1280, session: admin });

    // A category, made on the category screen.
    const catName = uniqueName('Cat ');
    await goto(adminPage, '/admin/training/category');
    await adminPage.getByTestId('category-name').fill(catName);
    await adminPage.getByTestId('category-add').click();
    await adminPage.locator(`[data-testid="category-row"][data-name="${catName}"]`).waitFor();
    await shot(adminPage, 'admin-training-category-en-1280');

    // The training form checks its rules in order, then saves a private training.
    const title = uniqueName('Camp ');
    await goto(adminPage, '/admin/training/create');
    await adminPage.getByTestId('training-save').click();
    await toastShows(adminPage, 'Training title is required');
    await adminPage.getByTestId('training-title-input').fill(title);
    await adminPage.getByTestId('training-description-input').fill('Three problems to warm up. **Have fun.**');
    await adminPage.getByTestId('training-save').click();
    await toastShows(adminPage, 'Training category is required');
    await adminPage.getByTestId('training-category-select').click();
    await adminPage.locator('.ant-select-dropdown:visible').getByTitle(catName, { exact: true }).click();
    await adminPage.getByTestId('training-auth-radio').getByText('Private').click();
    await adminPage.getByTestId('training-save').click();
    await toastShows(adminPage, 'The password is required when the training is not public');
    await adminPage.getByTestId('training-pwd-input').fill('camp-pw');
    await shot(adminPage, 'admin-training-form-en-1280');
    await adminPage.getByTestId('training-save').click();
    await adminPage.locator(`[data-testid="admin-training-row"][data-title="${title}"]`).waitFor();
    await shot(adminPage, 'admin-training-list-en-1280');

    // Three problems: one added through the dialog, two through the same call.
    await adminPage.locator(`[data-testid="admin-training-row"][data-title="${title}"]`).getByTestId('training-problems').click();
    const tid = Number(/\/admin\/training\/(\d+)\/problems/.exec(adminPage.url())![1]);
    await adminPage.getByTestId('add-from-public').click();
    await adminPage.getByTestId('add-problem-search').fill('1000');
    await adminPage.getByTestId('add-problem-search').press('Enter');
    await adminPage.locator('[data-testid="add-problem"][data-pid="1000"]').click();
    await toastShows(adminPage, 'Add Successfully');
    await adminPage.keyboard.press('Escape');
    for (const problemId of ['1001', '1003']) {
      const d = await apiOk<{ problem: { id: number } }>('get-problem-detail', { query: { problemId } });
      await apiOk('admin/training/add-problem-from-public', { token: admin.token, body: { tid, pid: d.problem.id, displayId: problemId } });
    }
    await goto(adminPage, `/admin/training/${tid}/problems`);
    await expect.poll(() => adminPage.getByTestId('admin-training-problem').count()).toBe(3);
    await shot(adminPage, 'admin-training-problems-en-1280');

    // A user finds it by category in the list (filters live in the query string) and enters with the password.
    const u = await registerUser();
    const s = await loginApi(u.username, u.password);
    const page = await newPage(browser, { lang: 'en-US', width: 1280, session: s });
    await goto(page, `/training?keyword=${encodeURIComponent(title)}`);
    await page.locator(`[data-testid="training-row"][data-title="${title}"]`).waitFor();
    await shot(page, 'training-list-en-1280');
    await page.getByText(title).click();
    await page.getByTestId('training-password-card').waitFor();
    await shot(page, 'training-password-en-1280');
    await page.getByTestId('training-register').click();
    await toastShows(page, 'Enter the training password');
    await page.getByTestId('training-password').fill('nope');
    await page.getByTestId('training-register').click();
    await toastShows(page, 'The training password is wrong');
    await page.getByTestId('training-password').fill('camp-pw');
    await page.getByTestId('training-register').click();
    await page.getByTestId('training-password-card').waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Problems' }).click();
    await expect.poll(() => page.getByTestId('training-problem-row').count()).toBe(3);

    // 1000 through the editor (the submission carries tid), 1001 through the same call after the site's interval.
    await page.locator('[data-testid="training-problem-row"][data-pid="1000"]').click();
    await chooseLanguage(page, 'C++');
    await setCode(page, AC_CPP);
    await page.getByTestId('submit-code').click();
    await expect.poll(() => page.getByTestId('submit-status').innerText(), { timeout: 90_000, interval: 1000 }).toContain('Accepted');
    await new Promise((r) => setTimeout(r, 9000));
    await apiOk('submit-problem-judge', { token: s.token, body: { pid: '1001', tid, language: 'C++', code: SUM_CPP } });
    await expect.poll(async () => (await apiOk<{ acCount: number }>('get-training-detail', { token: s.token, query: { tid } })).acCount,
      { timeout: 90_000, interval: 1500 }).toBe(2);

    // Progress in the header and the marks on the problem list.
    await goto(page, `/training/${tid}/problems`);
    await expect.poll(() => page.getByTestId('training-detail-progress').innerText()).toContain('2/3');
    await expect.poll(() => page.getByTestId('mark-ac').count()).toBe(2);
    await shot(page, 'training-problems-en-1280');

    // The training rank: the user with 2 AC and both problems accepted.
    await page.getByRole('tab', { name: 'Record List' }).click();
    const row = page.locator(`[data-testid="training-rank-row"][data-username="${u.username}"]`);
    await row.waitFor();
    expect(await row.getByTestId('training-rank-ac').innerText()).toMatch(/^2\n/);
    expect(await row.locator('td').first().innerText()).toBe('1');
    await shot(page, 'training-rank-en-1280');

    // Focus mode: the strip lists the three problems.
    await goto(page, `/training/${tid}/problem/1003/full-screen`);
    await expect.poll(() => page.locator('.training-focus-item').count()).toBe(3);
    await shot(page, 'training-focus-en-1280');

    // The same screens on a phone, in Chinese.
    const phone = await newPage(browser, { lang: 'zh-CN', width: 375, height: 800, session: s });
    await goto(phone, `/training/${tid}/rank`);
    await phone.locator(`[data-testid="training-rank-row"][data-username="${u.username}"]`).waitFor();
    await shot(phone, 'training-rank-zh-375');
    await goto(phone, '/training');
    await phone.getByTestId('training-row').first().waitFor();
    await shot(phone, 'training-list-zh-375');

    // Global ranks: the user where the server puts them, with the chart drawn.
    for (const [path, type] of [['/acm-rank', 0], ['/oi-rank', 1]] as const) {
      const api = await apiOk<{ records: { username: string; rank: number; ac: number }[] }>('get-rank-list', { query: { type, currentPage: 1, limit: 30, searchUser: u.username } });
      const mine = api.records.find((r) => r.username === u.username)!;
      expect(mine.ac).toBe(2);
      const r = await rankRowOf(page, path, u.username);
      expect(await r.getByTestId('rank-seq').innerText()).toBe(String(mine.rank));
      expect(await r.getByTestId('rank-ac').innerText()).toBe('2');
      await shot(page, `global-${type ? 'oi' : 'acm'}-rank-en-1280`);
      await rankRowOf(phone, path, u.username);
      await shot(phone, `global-${type ? 'oi' : 'acm'}-rank-zh-375`);
    }

    // The user home shows the rank positions and the training progress.
    await goto(page, `/user-home?username=${encodeURIComponent(u.username)}`);
    const panel = page.getByTestId('user-rank-trainings');
    await expect.poll(() => panel.innerText()).toContain(title);
    expect(await panel.innerText()).toContain('2/3');
    await shot(page, 'user-home-trainings-en-1280');

    // A visitor opening a training is asked to log in first.
    const visitor = await newPage(browser, { lang: 'zh-CN', width: 1280 });
    await goto(visitor, `/training?keyword=${encodeURIComponent(title)}`);
    await visitor.getByText(title).click();
    await expect.poll(() => toastText(visitor)).toBe('请先登录！');
  });
});

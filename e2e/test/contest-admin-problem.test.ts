import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminSession, apiOk, goto, launchBrowser, loginApi, newPage, registerUser, shot, toastText, uniqueName } from '../src/harness.js';

const MIN = 60_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A running public contest with printing open, made by the admin through the API. */
async function makeContest(token: string, type: 0 | 1) {
  const start = Date.now() - 10 * MIN;
  const title = uniqueName('CAP ');
  const c = await apiOk<{ id: number }>('admin/contest', {
    token, body: { title, description: 'Contest-only problems.', startTime: start, endTime: start + 3 * 60 * MIN, type, auth: 0, openRank: true, openPrint: true },
  });
  return { cid: c.id, title };
}

describe('contest-only problems in the admin area', () => {
  it('an admin creates a contest problem from the contest problem list, a user sees it, the admin edits it', async () => {
    const admin = await adminSession();
    const { cid } = await makeContest(admin.token, 1);
    const page = await newPage(browser, { lang: 'en-US', session: admin });
    await goto(page, `/admin/contest/${cid}/problems`);
    await page.getByTestId('create-contest-problem').click();
    await page.waitForURL(new RegExp(`/admin/contest/${cid}/problem/create$`));
    // The contests menu entry stays highlighted on the contest's problem form.
    await expect.poll(() => page.locator('.admin-sider .ant-menu-item-selected').innerText()).toBe('Contest List');

    // Auth is locked to "Contest" and the type follows the OI contest.
    await expect(page.getByTestId('f-auth').innerText()).resolves.toContain('Contest');
    await expect(page.getByTestId('f-type').locator('input[type=radio]:checked').inputValue()).resolves.toBe('1');
    await expect(page.getByTestId('f-type').locator('input[type=radio]').first().isDisabled()).resolves.toBe(true);

    const problemId = uniqueName('CP').slice(0, 12);
    await page.getByTestId('f-contest-displayId').fill('A');
    await page.getByTestId('f-problemId').fill(problemId);
    await page.getByTestId('f-title').fill('Contest Sum');
    await page.getByTestId('f-description').fill('Print $a + b$.');
    await page.getByTestId('f-input').fill('Two integers.');
    await page.getByTestId('f-output').fill('Their sum.');
    await page.getByTestId('ex-in-0').fill('1 2');
    await page.getByTestId('ex-out-0').fill('3');
    await page.getByText('Type by hand', { exact: true }).click();
    await page.getByTestId('add-case').click();
    await page.getByTestId('case-in-0').fill('1 2\n');
    await page.getByTestId('case-out-0').fill('3\n');
    await expect(page.getByTestId('case-score-0').inputValue()).resolves.toBe('100');

    // Without the contest display title the form refuses with the spec message.
    await page.getByTestId('save-problem').click();
    await expect.poll(() => toastText(page)).toContain('The contest display title is required');
    await page.getByTestId('f-contest-displayTitle').fill('Sum in contest');
    await shot(page, 'contest-problem-create-en-1440');
    await page.getByTestId('save-problem').click();
    await page.locator('.ant-message-notice').filter({ hasText: 'Create Successfully' }).waitFor();
    await page.waitForURL(new RegExp(`/admin/contest/${cid}/problems$`));
    const row = page.locator('.ant-table-row').filter({ hasText: problemId });
    await row.waitFor();
    await shot(page, 'contest-problem-list-en-1440');

    type ListAnswer = { problemList: { records: { id: number; type: number }[] }; contestProblemMap: Record<number, { pid: number; displayId: string; displayTitle: string }> };
    const answer = await apiOk<ListAnswer>('admin/contest/get-problem-list', { token: admin.token, query: { cid } });
    expect(answer.problemList.records).toHaveLength(1);
    expect(answer.problemList.records[0].type).toBe(1);
    const list = [answer.contestProblemMap[answer.problemList.records[0].id]];
    expect(list[0]).toMatchObject({ displayId: 'A', displayTitle: 'Sum in contest' });
    // The problem entity itself (HOJ's admin_getContestProblem), with its place in the contest.
    const view = await apiOk<{ auth: number; type: number; displayId: string }>('admin/contest/problem', { token: admin.token, query: { cid, pid: list[0].pid } });
    expect(view).toMatchObject({ auth: 3, type: 1, displayId: 'A' });

    // A user finds it on the contest's Problems tab.
    const user = await registerUser();
    const userPage = await newPage(browser, { lang: 'en-US', session: await loginApi(user.username, user.password) });
    await goto(userPage, `/contest/${cid}/problems`);
    await expect.poll(() => userPage.getByTestId('contest-problem-link').first().innerText()).toBe('Sum in contest');

    // The admin edits it from the list: the form loads the contest fields, the new title is saved.
    await row.getByTestId('edit-contest-problem-A').click();
    await page.waitForURL(new RegExp(`/admin/contest/${cid}/problem/${list[0].pid}/edit$`));
    await expect.poll(() => page.getByTestId('f-contest-displayTitle').inputValue()).toBe('Sum in contest');
    await expect(page.getByTestId('f-contest-displayId').inputValue()).resolves.toBe('A');
    await expect(page.getByTestId('f-title').inputValue()).resolves.toBe('Contest Sum');
    await page.getByTestId('f-title').fill('Contest Sum Renamed');
    await page.getByTestId('f-contest-displayTitle').fill('Renamed in contest');
    await shot(page, 'contest-problem-edit-en-1440');
    await page.getByTestId('save-problem').click();
    await page.locator('.ant-message-notice').filter({ hasText: 'Update Successfully' }).waitFor();
    const after = await apiOk<{ title: string; displayTitle: string }>('admin/contest/problem', { token: admin.token, query: { cid, pid: list[0].pid } });
    expect(after.title).toBe('Contest Sum Renamed');
    expect(after.displayTitle).toBe('Renamed in contest');

    // Back returns to the contest problem list, which shows the new title.
    await page.getByTestId('problem-form-back').click();
    await page.waitForURL(new RegExp(`/admin/contest/${cid}/problems$`));
    await expect.poll(() => page.locator('.ant-table-row').first().locator('input').nth(1).inputValue()).toBe('Renamed in contest');
    await userPage.reload();
    await expect.poll(() => userPage.getByTestId('contest-problem-link').first().innerText()).toBe('Renamed in contest');
    await shot(userPage, 'contest-problem-user-en-1440');
  });

  it('the problem edit screen highlights the Problems menu entry', async () => {
    const admin = await adminSession();
    const problems = await apiOk<{ records: { id: number }[] }>('admin/problem/get-problem-list', { token: admin.token, query: { currentPage: 1, limit: 1 } });
    const page = await newPage(browser, { lang: 'en-US', session: admin });
    await goto(page, `/admin/problem/edit/${problems.records[0].id}`);
    await expect.poll(() => page.locator('.admin-sider .ant-menu-item-selected').innerText()).toBe('Problem List');
  });
});

describe('contest admin print', () => {
  it('a contest admin sees the admin-print tab with the queue and marks a request printed', async () => {
    const admin = await adminSession();
    const { cid } = await makeContest(admin.token, 0);
    const user = await registerUser();
    const userS = await loginApi(user.username, user.password);
    await apiOk('submit-print-text', { token: userS.token, body: { cid, content: `#include <cstdio>\nint main() { puts("print me please, at least fifty characters"); }\n` } });

    // A participant has the print form but no admin-print tab.
    const userPage = await newPage(browser, { lang: 'en-US', session: userS });
    await goto(userPage, `/contest/${cid}/print`);
    await userPage.getByTestId('print-text').waitFor();
    await expect(userPage.getByRole('tab', { name: 'Admin Print' }).count()).resolves.toBe(0);
    await expect(userPage.getByTestId('print-queue').count()).resolves.toBe(0);

    const page = await newPage(browser, { lang: 'en-US', session: admin });
    await goto(page, `/contest/${cid}`);
    await page.getByRole('tab', { name: 'Admin Print' }).click();
    await page.waitForURL(new RegExp(`/contest/${cid}/admin-print$`));
    const queue = page.getByTestId('print-queue');
    const row = queue.locator('.ant-table-row').filter({ hasText: user.username });
    await row.waitFor();
    await expect(row.innerText()).resolves.toContain('Waiting');
    await shot(page, 'contest-admin-print-en-1440');
    await row.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => toastText(page)).toContain('Update Successfully');
    await expect.poll(() => row.innerText()).toContain('Printed');
    await expect(row.getByRole('button', { name: 'OK' }).count()).resolves.toBe(0);
    const list = await apiOk<{ records: { status: number }[] }>('get-contest-print', { token: admin.token, query: { cid, currentPage: 1, limit: 15 } });
    expect(list.records[0].status).toBe(1);
  });
});

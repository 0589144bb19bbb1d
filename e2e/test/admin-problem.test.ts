import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { writeZip } from '../../packages/server/dist/modules/testcase/zip.js';
import { adminSession, apiOk, goto, launchBrowser, loginApi, newPage, registerUser, shot, toastText, uniqueName } from '../src/harness.js';
import { chooseLanguage, setCode } from '../src/editor.js';

const MUL_CPP = '#include <iostream>\nint main() {\n  long long a, b;\n  std::cin >> a >> b;\n  std::cout << a * b << "\\n";\n  return 0;\n}\n';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('admin problem form', () => {
  it('refuses a form without a display ID with the spec message', async () => {
    const page = await newPage(browser, { lang: 'en-US', session: await adminSession() });
    await goto(page, '/admin/problem/create');
    await page.getByTestId('save-problem').click();
    await expect.poll(() => toastText(page)).toContain('Problem Display ID is_required');
  });

  it('an admin creates an OI problem from a zip of cases (100 split 33/33/34) and a user solves it', async () => {
    const admin = await adminSession();
    const page = await newPage(browser, { lang: 'en-US', session: admin });
    const displayId = uniqueName('MUL').slice(0, 12);
    await goto(page, '/admin/problem/create');
    await page.getByTestId('f-problemId').fill(displayId);
    await page.getByTestId('f-title').fill('Multiply');
    await page.getByTestId('f-description').fill('Print $a \\times b$.');
    await page.getByTestId('f-input').fill('Two integers $a$ and $b$.');
    await page.getByTestId('f-output').fill('Their product.');
    await page.getByTestId('ex-in-0').fill('2 3');
    await page.getByTestId('ex-out-0').fill('6');
    await page.getByTestId('f-type').getByText('OI', { exact: true }).click();

    const zip = await writeZip([
      { path: '1.in', data: '2 3\n' }, { path: '1.out', data: '6\n' },
      { path: '2.in', data: '-4 5\n' }, { path: '2.out', data: '-20\n' },
      { path: '3.in', data: '100000 100000\n' }, { path: '3.out', data: '10000000000\n' },
    ]);
    await page.locator('input[type=file][accept=".zip"]').setInputFiles({ name: 'cases.zip', mimeType: 'application/zip', buffer: zip });
    await expect.poll(() => toastText(page)).toContain('Upload Testcase Successfully');
    await expect.poll(() => page.getByTestId('case-table').locator('tbody tr.ant-table-row').count(), { timeout: 15_000 }).toBe(3);
    const scores = await Promise.all([0, 1, 2].map((i) => page.getByTestId(`case-score-${i}`).inputValue()));
    expect(scores).toEqual(['33', '33', '34']);
    await expect(page.getByTestId('case-total').innerText()).resolves.toContain('100');
    await shot(page, 'admin-problem-create-en-1440');
    await page.getByTestId('save-problem').click();
    // The upload toast may still be on screen; wait for the save's own.
    await page.locator('.ant-message-notice').filter({ hasText: 'Create Successfully' }).waitFor();
    await page.waitForURL(/\/admin\/problems$/);

    // The admin list finds it; a user then solves it for the full 100 points.
    await page.getByPlaceholder('Search display ID, title or source').fill(displayId);
    await page.getByPlaceholder('Search display ID, title or source').press('Enter');
    await page.getByText('Multiply').waitFor();

    const user = await registerUser();
    const userPage = await newPage(browser, { lang: 'en-US', session: await loginApi(user.username, user.password) });
    await goto(userPage, `/problem/${displayId}`);
    await userPage.getByTestId('problem-description').waitFor();
    await chooseLanguage(userPage, 'C++');
    await setCode(userPage, MUL_CPP);
    await userPage.getByTestId('submit-code').click();
    const status = userPage.getByTestId('submit-status');
    await expect.poll(() => status.innerText(), { timeout: 60_000, interval: 1000 }).toContain('Accepted');
    await expect(status.innerText()).resolves.toContain('100');

    const list = await apiOk('admin/problem/get-problem-list', { query: { keyword: displayId }, token: admin.token });
    expect(list.records[0].type).toBe(1);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminSession, api, apiOk, goto, launchBrowser, loginApi, newPage, registerUser, shot, site, toastText, type Session } from '../src/harness.js';
import { chooseLanguage, setCode } from '../src/editor.js';
import { startCfStandIn, type CfStandIn } from '../../packages/server/test/remote-judge/stand-ins/cf.js';

/**
 * Remote judging in the browser against a local stand-in of Codeforces: the admin switches the
 * site on (pointed at the stand-in), adds a pool account and imports a problem with preview; a
 * user submits and sees Accepted from the remote; a second problem ends as Wrong Answer on test 3.
 */
let browser: Browser;
let cf: CfStandIn;
let admin: Session;

beforeAll(async () => {
  browser = await launchBrowser();
  cf = await startCfStandIn({ users: { e2ejudge: 'pool-pass-1' } });
  // The stand-in answers this process before the server is pointed at it: a later silence is the
  // server's way there (its environment), not the stand-in.
  const probe = await fetch(`${cf.url}/problemset`, { signal: AbortSignal.timeout(10_000) });
  expect(probe.status).toBe(200);
  admin = await adminSession();
});
afterAll(async () => {
  // The site is shared by every e2e file: leave CF switched off and the pool empty again.
  if (admin) {
    await api('/admin/remote-judge/site', { method: 'PUT', token: admin.token, body: { oj: 'CF', enabled: false, baseUrl: '' } });
    const accounts = await apiOk<{ id: number; username: string }[]>('/admin/remote-judge/account', { token: admin.token });
    for (const a of accounts.filter((x) => x.username === 'e2ejudge')) await api(`/admin/remote-judge/account?id=${a.id}`, { method: 'DELETE', token: admin.token });
  }
  await browser?.close();
  await cf?.close();
});

describe('remote judge', () => {
  it('admin adds a pool account and imports a CF problem; a user gets Accepted, then Wrong answer on test 3', async () => {
    const page = await newPage(browser, { lang: 'en-US', session: admin, width: 1440 });
    await goto(page, '/admin/remote-judge');
    const sites = page.getByTestId('remote-sites');
    await sites.getByLabel('Base URL CF').fill(cf.url);
    await sites.getByLabel('Save CF').click();
    await expect.poll(() => toastText(page)).toContain('Saved');
    await page.getByTestId('site-switch-CF').click();
    await expect.poll(() => page.getByTestId('site-switch-CF').getAttribute('aria-checked')).toBe('true');

    await page.getByRole('button', { name: 'Add account' }).click();
    const form = page.getByTestId('remote-account-form');
    await form.getByLabel('Username').fill('e2ejudge');
    await form.getByLabel('Password / API key').fill('pool-pass-1');
    await page.locator('.ant-modal-footer').getByRole('button', { name: 'OK' }).click();
    const accounts = page.getByTestId('remote-accounts');
    await expect.poll(() => accounts.innerText()).toContain('e2ejudge');
    await expect(accounts.innerText()).resolves.not.toContain('pool-pass-1');
    await page.locator('.ant-modal-wrap').waitFor({ state: 'hidden' });
    await shot(page, 'remote-judge-admin-en-1440');

    // Import with preview; a missing problem says so.
    await goto(page, '/admin/problem/remote-import');
    const importForm = page.getByTestId('remote-import-form');
    await importForm.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Remote OJ' }) }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Codeforces', { exact: true }).click();
    await importForm.getByLabel('Problem ID on the site').fill('1000Z');
    // If the error does not show, the failure says what the preview call answered, what the stand-in
    // received and what the server logged. Waits past the server's 30 s site timeout, so a stand-in
    // that never answers shows as "could not be reached" instead of as a missing alert.
    const answers: string[] = [];
    page.on('response', (r) => void (r.url().includes('/remote-judge/preview') && answers.push(`${r.status()} ${r.url()}`)));
    await importForm.getByRole('button', { name: 'Preview' }).click();
    const previewError = page.getByTestId('remote-preview-error');
    await previewError.waitFor({ timeout: 45_000 }).catch(async (e: Error) => {
      const log = fs.readFileSync(path.join(site.dataDir, 'server.log'), 'utf8').slice(-3000);
      // Names only (a proxy URL may carry credentials): which proxy settings the server inherited.
      const proxyEnv = Object.keys(process.env).filter((k) => /proxy/i.test(k)).map((k) => (/^no_proxy$/i.test(k) ? `${k}=${process.env[k]}` : k));
      throw new Error(`${e.message}\npreview answers: ${JSON.stringify(answers)}\nstand-in requests: ${JSON.stringify(cf.log)}\nproxy env: ${proxyEnv.join(' ') || 'none'}; node ${process.version}\npage: ${await page.locator('body').innerText()}\nserver log: ${log}`);
    });
    await expect.poll(() => previewError.innerText()).toContain('Problem 1000Z does not exist on Codeforces');
    await importForm.getByLabel('Problem ID on the site').fill('1000A');
    await importForm.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByTestId('remote-preview');
    await expect.poll(() => preview.innerText()).toContain('CF-1000A · Codeforces Checking');
    await expect(preview.innerText()).resolves.toContain('1000 ms');
    await shot(page, 'remote-judge-preview-en-1440');
    await preview.getByRole('button', { name: 'Import' }).click();
    await expect.poll(() => toastText(page)).toContain('Imported');
    // The second problem through HOJ's call directly.
    await apiOk('/admin/problem/import-remote-oj-problem?name=CF&problemId=1000B', { token: admin.token });

    // Switched on, Codeforces now shows on the home page, on /developer and in the problem list's oj filter.
    const visitor = await newPage(browser, { lang: 'en-US' });
    await goto(visitor, '/home');
    await expect.poll(() => visitor.getByTestId('remote-judges').innerText()).toContain('Codeforces');
    await expect(visitor.getByTestId('remote-judges').innerText()).resolves.not.toContain('AtCoder');
    await goto(visitor, '/developer');
    await expect.poll(() => visitor.getByTestId('developer-remote-judges').innerText()).toBe('Codeforces');
    await goto(visitor, '/problem?oj=CF');
    await expect.poll(() => visitor.locator('.ant-table-tbody').innerText()).toContain('CF-1000B');
    await visitor.locator('.ant-select').filter({ has: visitor.getByRole('combobox', { name: 'OJ' }) }).click();
    const options = visitor.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect.poll(() => options.allInnerTexts()).toEqual(['This site', 'Codeforces']);
    await visitor.close();

    const user = await registerUser();
    const session = await loginApi(user.username, user.password);
    const up = await newPage(browser, { lang: 'en-US', session });
    await goto(up, '/problem/CF-1000A');
    await chooseLanguage(up, 'C++ 17');
    await setCode(up, '#include <cstdio>\nint main() { std::puts("YES"); }\n// verdict: OK@2\n');
    await up.getByTestId('submit-code').click();
    await expect.poll(() => up.getByTestId('submit-status').innerText(), { timeout: 60_000, interval: 500 }).toContain('Accepted');
    await shot(up, 'remote-judge-accepted-en-1440');
    expect(cf.runs.filter((r) => r.handle === 'e2ejudge' && r.index === 'A')).toHaveLength(1);

    await goto(up, '/problem/CF-1000B');
    await chooseLanguage(up, 'C++ 17');
    await setCode(up, '#include <cstdio>\nint main() { std::puts("0"); }\n// verdict: WRONG_ANSWER@3\n');
    // The site's non-contest submit interval may refuse a resubmission that comes too soon.
    for (let attempt = 0; attempt < 4; attempt++) {
      await up.getByTestId('submit-code').click();
      const accepted = await up.getByTestId('submit-status').waitFor({ timeout: 3000 }).then(() => true, () => false);
      if (accepted) break;
      await up.waitForTimeout(4000);
    }
    const status = up.getByTestId('submit-status');
    await expect.poll(() => status.innerText(), { timeout: 60_000, interval: 500 }).toContain('Wrong Answer');
    const href = await status.locator('a').first().getAttribute('href');
    await goto(up, href!);
    await expect.poll(() => up.locator('body').innerText(), { timeout: 15_000 }).toContain('Wrong answer on test 3');
    await shot(up, 'remote-judge-wa-detail-en-1440');
  });
});

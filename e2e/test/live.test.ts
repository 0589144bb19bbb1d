import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminSession, apiOk, goto, launchBrowser, loginApi, newPage, registerUser, uniqueName } from '../src/harness.js';
import { WA_CPP } from '../src/editor.js';

const MIN = 60_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The solved count and the tries cell text of one user's rank row ('' while absent). */
async function rowOf(page: Page, username: string) {
  const row = page.locator('.scoreboard tbody tr.ant-table-row', { has: page.getByTestId('board-user').getByText(username, { exact: true }) });
  if (!(await row.count())) return '';
  return (await row.first().innerText()).replace(/\s+/g, ' ');
}

describe('live rank (issue 16)', () => {
  it('a verdict judged for one participant appears on another participant\'s rank tab without a reload, and by polling where the stream is blocked', async () => {
    const admin = await adminSession();
    const aPlusB = await apiOk<{ problem: { id: number } }>('get-problem-detail', { query: { problemId: '1000' } });
    const start = Date.now() - 10 * MIN;
    const { id: cid } = await apiOk<{ id: number }>('admin/contest', {
      token: admin.token,
      body: { title: uniqueName('Live '), description: 'Live rank', startTime: start, endTime: start + 3 * 60 * MIN, type: 0, auth: 0, openRank: true },
    });
    await apiOk('admin/contest/add-problem-from-public', { token: admin.token, body: { cid, pid: aPlusB.problem.id, displayId: 'A' } });
    const alice = await registerUser();
    const bob = await registerUser();
    const carol = await registerUser();
    const aliceS = await loginApi(alice.username, alice.password);
    const bobS = await loginApi(bob.username, bob.password);
    const carolS = await loginApi(carol.username, carol.password);
    for (const s of [aliceS, bobS, carolS]) await apiOk('register-contest', { token: s.token, body: { cid, password: '' } });

    // Two browsers on the same contest's rank tab.
    const pages: Page[] = [];
    for (const s of [aliceS, bobS]) {
      const page = await newPage(browser, { lang: 'en-US', session: s });
      const streamOpen = page.waitForResponse((r) => r.url().includes('/api/stream?') && r.url().includes(`cid=${cid}`) && r.status() === 200);
      let rankCalls = 0;
      page.on('request', (r) => { if (r.url().includes('/api/get-contest-rank')) rankCalls++; });
      // Opened by its address (a reload, a shared link): the page's fetch and the stream start together.
      await goto(page, `/contest/${cid}/rank`);
      await page.locator('.scoreboard').waitFor();
      await streamOpen;
      // One rank fetch: the stream's opening signal finds the page's own fetch fresh and asks nothing more.
      await page.waitForTimeout(2500);
      expect(rankCalls).toBe(1);
      pages.push(page);
    }
    // The public scoreboard opened by its address: its own stream (board=1) starts with the
    // opening rank signal, which finds the page's fetch fresh: one rank fetch, not two.
    const viewer = await newPage(browser, { lang: 'en-US' });
    let boardCalls = 0;
    viewer.on('request', (r) => { if (r.url().includes('/api/get-contest-outside-scoreboard')) boardCalls++; });
    const boardStream = viewer.waitForResponse((r) => r.url().includes('/api/stream?') && r.url().includes('board=1') && r.status() === 200);
    await goto(viewer, `/contest/acm-scoreboard/${cid}`);
    await viewer.locator('.scoreboard').waitFor();
    await boardStream;
    await viewer.waitForTimeout(2500);
    expect(boardCalls).toBe(1);
    pages.push(viewer);

    // A third browser whose stream is blocked (a proxy that drops it): the rank polls instead.
    const blocked = await newPage(browser, { lang: 'en-US', session: carolS });
    let streamTries = 0;
    await blocked.route('**/api/stream**', (route) => { streamTries++; return route.abort(); });
    await goto(blocked, `/contest/${cid}`);
    await blocked.getByRole('tab', { name: 'Rank' }).click();
    await blocked.locator('.scoreboard').waitFor();
    await expect.poll(() => streamTries, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await rowOf(pages[1], alice.username)).toBe('');
    expect(await rowOf(blocked, alice.username)).toBe('');

    // Alice's wrong answer is judged; Bob's page shows her row without a reload. The 30 s
    // refresh is off while the stream is up, so only the pushed signal can bring it this soon.
    await apiOk('submit-problem-judge', { token: aliceS.token, body: { pid: 'A', cid, language: 'C++', code: WA_CPP } });
    const rankRow = async () => (await apiOk<{ records: { username: string; submissionInfo: Record<string, { errorNum: number }> }[] }>('get-contest-rank', { token: bobS.token, body: { cid, currentPage: 1, limit: 50 } }))
      .records.find((r) => r.username === alice.username);
    await expect.poll(rankRow, { timeout: 90_000, interval: 200 }).toBeTruthy();
    // Within 3 s of the rank having it, on both streaming browsers.
    await expect.poll(() => rowOf(pages[1], alice.username), { timeout: 3000, interval: 100 }).toContain(alice.username);
    await expect.poll(() => rowOf(pages[0], alice.username), { timeout: 3000, interval: 100 }).toContain(alice.username);
    await expect.poll(() => rowOf(pages[2], alice.username), { timeout: 3000, interval: 100 }).toContain(alice.username);
    // The blocked browser catches up by its 30 s refresh, still without a reload.
    await expect.poll(() => rowOf(blocked, alice.username), { timeout: 40_000, interval: 500 }).toContain(alice.username);
    for (const p of [...pages, blocked]) await p.context().close();
  });

  it('the navbar badge shows a new message at once, without waiting for its 2-minute poll', async () => {
    const admin = await adminSession();
    const u = await registerUser();
    const s = await loginApi(u.username, u.password);
    const page = await newPage(browser, { lang: 'en-US', session: s });
    const streamOpen = page.waitForResponse((r) => r.url().includes('/api/stream?') && r.url().includes('mine=1') && r.status() === 200);
    await goto(page, '/');
    await streamOpen;
    const badge = page.getByTestId('nav-user').locator('.ant-badge-count');
    const count = async () => ((await badge.count()) ? Number((await badge.first().innerText()).replace(/\D/g, '')) : 0);
    const before = await count();
    await apiOk('admin/msg/notice', { token: admin.token, body: { title: uniqueName('Notice '), content: 'Judges restart at noon' } });
    await expect.poll(count, { timeout: 10_000, interval: 200 }).toBe(before + 1);
    await page.context().close();
  });
});

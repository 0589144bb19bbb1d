import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminSession, apiOk, goto, launchBrowser, loginApi, newPage, registerUser, shot, toastText, uniqueName } from '../src/harness.js';
import { AC_CPP, WA_CPP } from '../src/editor.js';

const MIN = 60_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Text of every row of the rank table: user name -> { solved, penalty }. */
async function rankRows(page: Page) {
  const rows = page.locator('.scoreboard tbody tr.ant-table-row');
  const out: Record<string, { solved: string; penalty: string }> = {};
  for (let i = 0; i < (await rows.count()); i++) {
    const r = rows.nth(i);
    out[await r.getByTestId('board-user').innerText()] = { solved: await r.getByTestId('board-solved').innerText(), penalty: await r.getByTestId('board-penalty').innerText() };
  }
  return out;
}

describe('a private ACM contest', () => {
  it('users register with the password, their verdicts give the expected penalties on the rank and the public scoreboard', async () => {
    const admin = await adminSession();
    const problems = await apiOk<{ records: { pid: number; problemId: string }[] }>('get-problem-list', { query: { currentPage: 1, limit: 2 } });
    expect(problems.records.length).toBeGreaterThan(0);
    const aPlusB = await apiOk<{ problem: { id: number } }>('get-problem-detail', { query: { problemId: '1000' } });
    const other = problems.records.find((p) => p.pid !== aPlusB.problem.id);

    const title = uniqueName('Contest ');
    const start = Date.now() - 10 * MIN;
    const contest = await apiOk<{ id: number }>('admin/contest', {
      token: admin.token,
      body: { title, description: 'Two problems; **good luck**.', startTime: start, endTime: start + 3 * 60 * MIN, type: 0, auth: 1, pwd: 'secret-pw', openRank: true },
    });
    const cid = contest.id;
    await apiOk('admin/contest/add-problem-from-public', { token: admin.token, body: { cid, pid: aPlusB.problem.id, displayId: 'A', color: '#e5484d' } });
    if (other) await apiOk('admin/contest/add-problem-from-public', { token: admin.token, body: { cid, pid: other.pid, displayId: 'B' } });

    const alice = await registerUser();
    const bob = await registerUser();
    const aliceS = await loginApi(alice.username, alice.password);
    const bobS = await loginApi(bob.username, bob.password);

    // Alice finds the contest in the list and registers on the password card.
    const page = await newPage(browser, { lang: 'en-US', session: aliceS });
    await goto(page, '/contest');
    await page.getByText(title).click();
    await page.getByTestId('contest-title').waitFor();
    await shot(page, 'contest-password-en-1440');
    const card = page.getByTestId('contest-password-card');
    await card.locator('input').fill('wrong');
    await card.getByRole('button').click();
    await expect.poll(() => toastText(page)).toMatch(/password/i);
    await card.locator('input').fill('secret-pw');
    await card.getByRole('button').click();
    await card.waitFor({ state: 'detached' });
    await apiOk('register-contest', { token: bobS.token, body: { cid, password: 'secret-pw' } });

    // Problems tab: display IDs in order, the balloon colour of A.
    await page.getByRole('tab', { name: 'Problems' }).click();
    await page.getByTestId('contest-problem-link').first().waitFor();
    await expect(page.getByTestId('contest-problem-link').first().innerText()).resolves.toBeTruthy();
    await shot(page, 'contest-problems-en-1440');

    // The contest problem page and its focus mode with the problem strip.
    await page.getByTestId('contest-problem-link').first().click();
    await page.getByTestId('focus-mode').click();
    await page.getByTestId('focus-strip').waitFor();
    await expect.poll(() => page.locator('.contest-focus-item').count(), { timeout: 15_000 }).toBe(other ? 2 : 1);
    await shot(page, 'contest-focus-en-1440');

    // A new announcement pops up once on the contest page; once seen it stays read.
    await apiOk('admin/contest/announcement', { token: admin.token, body: { cid, title: 'Clarification', content: 'A is **A+B**.', status: 0 } });
    await goto(page, `/contest/${cid}`);
    await page.getByTestId('unread-announcement').waitFor({ timeout: 15_000 });
    await shot(page, 'contest-unread-announcement-en-1440');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await goto(page, `/contest/${cid}`);
    await page.getByTestId('contest-title').waitFor();
    await page.waitForTimeout(1500);
    expect(await page.getByTestId('unread-announcement').count()).toBe(0);
    await goto(page, `/contest/${cid}`);

    // Alice: wrong then right on A (one wrong try = 20 penalty minutes); Bob: right at once.
    const submit = (token: string, code: string) => apiOk('submit-problem-judge', { token, body: { pid: 'A', cid, language: 'C++', code } });
    await submit(aliceS.token, WA_CPP);
    await submit(bobS.token, AC_CPP);
    await new Promise((r) => setTimeout(r, 1500));
    await submit(aliceS.token, AC_CPP);

    const rankOf = async () => (await apiOk<{ records: { username: string; ac: number; totalTime: number; submissionInfo: Record<string, { errorNum: number; ACTime: number }> }[] }>('get-contest-rank', { token: aliceS.token, body: { cid, currentPage: 1, limit: 50 } })).records;
    await expect.poll(async () => (await rankOf()).filter((r) => r.ac === 1).length, { timeout: 90_000, interval: 1500 }).toBe(2);
    const rows = await rankOf();
    const a = rows.find((r) => r.username === alice.username)!;
    const b = rows.find((r) => r.username === bob.username)!;
    // HOJ's wire: cells by display ID, ACTime in seconds, the penalty in seconds (whole minutes x 60).
    const aCell = a.submissionInfo.A;
    expect(aCell.errorNum).toBe(1);
    expect(a.totalTime).toBe((Math.floor(aCell.ACTime / 60) + 20) * 60);
    expect(b.totalTime).toBe(Math.floor(b.submissionInfo.A.ACTime / 60) * 60);
    expect(rows[0].username).toBe(bob.username);

    // The rank tab shows the same figures.
    await page.getByRole('tab', { name: 'Rank' }).click();
    await expect.poll(async () => Object.keys(await rankRows(page)).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    const ui = await rankRows(page);
    expect(ui[alice.username]).toEqual({ solved: '1', penalty: String(a.totalTime / 60) });
    expect(ui[bob.username]).toEqual({ solved: '1', penalty: String(b.totalTime / 60) });
    await shot(page, 'contest-rank-en-1440');

    // The public scoreboard (openRank) matches, for a visitor without login.
    const visitor = await newPage(browser, { lang: 'zh-CN' });
    await goto(visitor, `/contest/acm-scoreboard/${cid}`);
    await visitor.getByTestId('public-board-title').waitFor();
    await expect.poll(async () => Object.keys(await rankRows(visitor)).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    expect(await rankRows(visitor)).toEqual(ui);
    await shot(visitor, 'contest-public-board-zh-1440');
    // A visitor sees the list but a title asks to log in first.
    await goto(visitor, '/contest');
    await visitor.getByText(title).waitFor();
    await shot(visitor, 'contest-list-zh-1440');
    await visitor.getByText(title).click();
    await expect.poll(() => toastText(visitor)).toBe('请先登录！');
    expect(new URL(visitor.url()).pathname).toBe('/contest');

  });

  it('the admin form refuses a contest without a description with the bilingual message; the admin list shows contests', async () => {
    const admin = await adminSession();
    const page = await newPage(browser, { lang: 'zh-CN', session: admin });
    await goto(page, '/admin/contest/create');
    await page.getByTestId('contest-form-title').fill(uniqueName('表单比赛 '));
    await page.getByTestId('contest-form-save').click();
    await expect.poll(() => toastText(page)).toBe('比赛描述不能为空');
    await shot(page, 'admin-contest-form-zh-1440');
    await goto(page, '/admin/contest');
    await page.locator('.ant-table-row').first().waitFor();
    await shot(page, 'admin-contest-list-zh-1440');
  });

  it('the scroll board starts from the sealed table and reveals the sealed verdicts from the bottom', async () => {
    const admin = await adminSession();
    const aPlusB = await apiOk<{ problem: { id: number } }>('get-problem-detail', { query: { problemId: '1000' } });
    const start = Date.now() - 5 * MIN;
    const { id: cid } = await apiOk<{ id: number }>('admin/contest', {
      token: admin.token,
      body: { title: uniqueName('Sealed '), description: 'sealed', startTime: start, endTime: start + 2 * 60 * MIN, type: 0, auth: 0, sealRank: true, sealRankChoice: 2 },
    });
    await apiOk('admin/contest/add-problem-from-public', { token: admin.token, body: { cid, pid: aPlusB.problem.id, displayId: 'A' } });
    const carol = await registerUser();
    const carolS = await loginApi(carol.username, carol.password);
    await apiOk('submit-problem-judge', { token: carolS.token, body: { pid: 'A', cid, language: 'C++', code: AC_CPP } });
    // Wait until the verdict is in (the admin sees the real rank).
    await expect.poll(async () => (await apiOk<{ records: { ac: number }[] }>('get-contest-rank', { token: admin.token, body: { cid, currentPage: 1, limit: 50 } })).records[0]?.ac ?? 0,
      { timeout: 90_000, interval: 1500 }).toBe(1);

    const page = await newPage(browser, { lang: 'en-US', session: admin });
    await goto(page, `/contest/${cid}/scroll-board`);
    const [board] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('open-scroll-board').click()]);
    await board.getByTestId('scroll-board').waitFor();
    expect(board.url()).toContain(`cid=${cid}`);
    await expect.poll(() => board.getByTestId('scroll-state').innerText()).toBe('Sealed');
    expect(await board.getByTestId('scroll-solved').first().innerText()).toBe('0');
    await shot(board, 'scroll-board-sealed-en-1440');
    await board.getByTestId('scroll-step').click();
    await expect.poll(() => board.getByTestId('scroll-solved').first().innerText()).toBe('1');
    await expect.poll(() => board.getByTestId('scroll-state').innerText()).toBe('Final standings');
    await board.waitForTimeout(900);
    await shot(board, 'scroll-board-revealed-en-1440');
  });
});

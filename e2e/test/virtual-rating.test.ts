import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminSession, apiOk, goto, launchBrowser, loginApi, motionSettled, newPage, registerUser, shot, uniqueName, type Session } from '../src/harness.js';

/*
 * Virtual participation and ratings (issue 30) in a browser. The rules (who may start a run, one
 * run, submissions after the run, the virtual rank's cut at the elapsed time, ACM/OI, the rating
 * formula, recompute cascade) are server tests (packages/server/test/virtual-contest.test.ts,
 * rating.test.ts); this walk checks what only a browser shows: the list's mark, the start dialog,
 * the runner's own countdown, ghosts and the runner on the rank, the admin's ratings page and the
 * user home's chart.
 */

const AC = '#include <cstdio>\nint main() { long long a, b; if (scanf("%lld %lld", &a, &b) != 2) return 0; printf("%lld\\n", a + b); }\n';
const WA = '#include <cstdio>\nint main() { printf("0\\n"); }\n';
/** Both contests last this long: the walk waits for their end before the virtual run. */
const DURATION = 24_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type RankRow = { username: string; ac: number; virtual: boolean };

describe('virtual participation and ratings', () => {
  it('a user takes an ended contest virtually, solves a problem, sees themselves among the ghosts; an admin computes ratings; the user sees the chart', async () => {
    const admin = await adminSession();
    const [ghostA, ghostB, runner] = await Promise.all([registerUser(), registerUser(), registerUser()]);
    const [sa, sb, sr] = await Promise.all([ghostA, ghostB, runner].map((u) => loginApi(u.username, u.password)));
    const aPlusB = await apiOk<{ problem: { id: number } }>('get-problem-detail', { query: { problemId: '1000' } });
    const start = Date.now() - 1000;
    const titles = new Map<number, string>();
    const make = async (prefix: string) => {
      const title = uniqueName(prefix);
      const { id } = await apiOk<{ id: number }>('admin/contest', {
        token: admin.token, body: { title, description: 'A+B', startTime: start, endTime: start + DURATION, type: 0, auth: 0, openRank: true, rated: true },
      });
      await apiOk('admin/contest/add-problem-from-public', { token: admin.token, body: { cid: id, pid: aPlusB.problem.id, displayId: 'A' } });
      titles.set(id, title);
      return id;
    };
    // The contest taken virtually (two real participants: the ghosts) and a rated one the runner really took part in.
    const [cid, rated] = await Promise.all([make('Virtual '), make('Rated ')]);
    const submit = (s: Session, c: number, code: string) => apiOk('submit-problem-judge', { token: s.token, body: { pid: 'A', cid: c, language: 'C++', code } });
    await Promise.all([submit(sa, cid, AC), submit(sb, cid, WA), submit(sr, rated, AC), submit(sa, rated, WA)]);

    // The list marks the ended contest "Virtual"; its page offers the run with a confirm.
    await new Promise((r) => setTimeout(r, Math.max(0, start + DURATION + 500 - Date.now())));
    const page = await newPage(browser, { lang: 'en-US', width: 1280, session: sr });
    await goto(page, '/contest');
    const row = page.getByTestId('contest-row').filter({ hasText: titles.get(cid)! });
    await row.getByTestId('virtual-mark').waitFor();
    await goto(page, `/contest/${cid}`);
    await page.getByTestId('virtual-start').click();
    await page.getByText('From now on you take this contest on your own', { exact: false }).waitFor();
    await page.getByTestId('virtual-confirm').click();
    await expect.poll(() => page.getByTestId('contest-countdown').innerText()).toMatch(/^Virtual run ends in 00:00:\d\d$/);
    await page.getByTestId('virtual-mark').waitFor();

    // The runner solves A (judged as a contest submission of the run) and finds themselves among the ghosts.
    await submit(sr, cid, AC);
    const vrank = () => apiOk<{ records: RankRow[] }>('get-virtual-contest-rank', { token: sr.token, body: { cid, currentPage: 1, limit: 30 } });
    await expect.poll(async () => (await vrank()).records.find((r) => r.username === runner.username)?.ac, { timeout: 60_000, interval: 500 }).toBe(1);
    await goto(page, `/contest/${cid}/rank`);
    const me = page.locator('[data-testid="board-row"][data-virtual="true"]').filter({ hasText: runner.username });
    await me.waitFor();
    await expect(me.getByTestId('board-virtual').innerText()).resolves.toBe('Virtual');
    const ghosts = page.locator('[data-testid="board-row"][data-virtual="false"]');
    await expect.poll(() => ghosts.count()).toBe(2);
    await expect(ghosts.filter({ hasText: ghostA.username }).getByTestId('board-solved').innerText()).resolves.toBe('1');
    await shot(page, 'virtual-rank-en-1280');

    // The admin computes the rated contest's ratings on its page.
    const adminPage = await newPage(browser, { lang: 'en-US', width: 1280, session: admin });
    await goto(adminPage, `/admin/contest/${rated}/rating`);
    await adminPage.getByTestId('rating-compute').click();
    await adminPage.locator('.ant-popconfirm .ant-btn-primary').click();
    await expect.poll(() => adminPage.getByTestId('rating-state').innerText()).toBe('Done');
    await expect.poll(() => adminPage.getByTestId('rating-change-row').count()).toBe(2);
    await expect(adminPage.getByTestId('rating-change-row').first().getAttribute('data-username')).resolves.toBe(runner.username);
    await shot(adminPage, 'rating-admin-en-1280');

    // The runner's home: the rating, its band, the chart and the virtual run.
    const home = async (p: Page) => {
      await goto(p, `/user-home?uid=${sr.user.uid}`);
      await p.getByTestId('rating-chart').locator('canvas').waitFor();
      await p.getByTestId('user-virtual-run').first().waitFor();
    };
    await home(page);
    expect(Number((await page.getByTestId('user-rating').locator('.ant-statistic-content-value').first().innerText()).replace(/\D/g, ''))).toBeGreaterThan(1500);
    await shot(page, 'rating-home-en-1280');
    const phone = await newPage(browser, { lang: 'zh-CN', width: 375, height: 800, session: sr });
    await home(phone);
    await expect(phone.getByTestId('user-rating').innerText()).resolves.toContain('比赛 Rating');
    await shot(phone, 'rating-home-zh-375');
    // While developing (VIRTUAL_SHOTS=1): the other screens in both languages at 1280 and 375 px, to look at.
    if (process.env.VIRTUAL_SHOTS) {
      for (const [lang, width] of [['zh-CN', 1280], ['zh-CN', 375], ['en-US', 375]] as const) {
        const p = await newPage(browser, { lang, width, session: sr });
        await goto(p, `/contest/${cid}/rank`);
        await p.locator('[data-testid="board-row"][data-virtual="true"]').first().waitFor();
        await shot(p, `virtual-rank-${lang}-${width}`);
        await goto(p, '/contest');
        await p.getByTestId('virtual-mark').first().waitFor();
        await shot(p, `virtual-list-${lang}-${width}`);
        await goto(p, '/rating-rank');
        await p.getByTestId('rating-rank-row').first().waitFor();
        await shot(p, `rating-rank-${lang}-${width}`);
        await p.context().close();
        if (width === 1280) {
          const h = await newPage(browser, { lang, width, session: sr });
          await home(h);
          await shot(h, `rating-home-${lang}-${width}`);
          await h.context().close();
        }
        const a = await newPage(browser, { lang, width, session: admin });
        await goto(a, `/admin/contest/${rated}/rating`);
        await a.getByTestId('rating-change-row').first().waitFor();
        await shot(a, `rating-admin-${lang}-${width}`);
        await a.context().close();
      }
      const ph = await newPage(browser, { lang: 'en-US', width: 375, height: 800, session: sr });
      await home(ph);
      await shot(ph, 'rating-home-en-375');
      // The start dialog, on another ended contest.
      const other = await make('Dialog ');
      await new Promise((r) => setTimeout(r, Math.max(0, start + DURATION + 500 - Date.now())));
      for (const lang of ['zh-CN', 'en-US'] as const) {
        await ph.context().close().catch(() => undefined);
        const d = await newPage(browser, { lang, width: 375, height: 800, session: sb });
        await goto(d, `/contest/${other}`);
        await d.getByTestId('virtual-start').click();
        await d.getByTestId('virtual-confirm').waitFor();
        await motionSettled(d);
        await shot(d, `virtual-dialog-${lang}-375`);
        await d.context().close();
      }
    }
  }, 180_000);
});

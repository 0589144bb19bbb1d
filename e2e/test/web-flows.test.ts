import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { AC_CPP, WA_CPP } from '../src/editor.js';
import { adminSession, api, apiOk, goto, launchBrowser, loginApi, motionSettled, newPage, registerUser, shot, site, uniqueName, type Session } from '../src/harness.js';

/** Issue 12, "Flows that break": each flow as a participant, a visitor or an admin sees it. */

const MIN = 60_000;
let browser: Browser;
let root: Session;
let alice: Session;
let bob: Session;
let cid: number;
let printCid: number;
let tid: number;
let aPlusBId: number;
let judged: Promise<number[]>;
const title = uniqueName('Flows ');

beforeAll(async () => {
  browser = await launchBrowser();
  root = await adminSession();
  const [a, b] = [await registerUser(), await registerUser()];
  alice = await loginApi(a.username, a.password);
  bob = await loginApi(b.username, b.password);
  const aPlusB = await apiOk<{ problem: { id: number } }>('get-problem-detail', { query: { problemId: '1000' } });
  aPlusBId = aPlusB.problem.id;
  const now = Date.now();
  // A running public ACM contest without printing, never sealed.
  cid = (await apiOk<{ id: number }>('admin/contest', {
    token: root.token,
    body: { title, description: 'Flows of issue 12', startTime: now - 30 * MIN, endTime: now + 3 * 60 * MIN, type: 0, auth: 0, openRank: true },
  })).id;
  await apiOk('admin/contest/add-problem-from-public', { token: root.token, body: { cid, pid: aPlusB.problem.id, displayId: 'A', color: '#e5484d' } });
  await apiOk('admin/contest/announcement', { token: root.token, body: { cid, title: 'Welcome', content: 'Good luck', status: 0 } });
  // Alice's wrong answer and Bob's accepted one: rows in the contest's list, cells on its board.
  const subs = [
    await apiOk<{ submitId: number }>('submit-problem-judge', { token: alice.token, body: { pid: 'A', cid, language: 'C++', code: WA_CPP } }),
    await apiOk<{ submitId: number }>('submit-problem-judge', { token: bob.token, body: { pid: 'A', cid, language: 'C++', code: AC_CPP } }),
  ];
  judged = Promise.all(subs.map(async ({ submitId }) => {
    for (let i = 0; i < 300; i++) {
      const d = await apiOk<{ submission: { status: number } }>('get-submission-detail', { token: root.token, query: { submitId } });
      if (![5, 6, 7, 9].includes(d.submission.status)) return d.submission.status;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`submission ${submitId} not judged`);
  }));
  printCid = (await apiOk<{ id: number }>('admin/contest', {
    token: root.token,
    body: { title: `${title} print`, description: 'prints', startTime: now - 30 * MIN, endTime: now + 3 * 60 * MIN, type: 0, auth: 0, openPrint: true },
  })).id;
  // A training for the admin edit form's accessibility check.
  const category = await apiOk<{ id: number }>('admin/training/category', { token: root.token, body: { name: uniqueName('Flows cat '), color: '#2557e0' } });
  tid = (await apiOk<{ id: number }>('admin/training', {
    token: root.token, body: { training: { title: `${title} training`, description: 'Warm-up', rank: 1000, auth: 'Public' }, trainingCategory: { id: category.id } },
  })).id;
});
afterAll(async () => {
  await browser?.close();
});

const errorToasts = (page: Page) => page.locator('.ant-message-notice-error, .ant-notification-notice-error');

describe('participants', () => {
  it("the contest's Submissions tab lists everyone's submissions for a participant, with no error", async () => {
    const page = await newPage(browser, { lang: 'en-US', session: bob });
    await goto(page, `/contest/${cid}/submissions`);
    await page.locator('.ant-table-row', { hasText: alice.user.username }).first().waitFor();
    expect(await errorToasts(page).count()).toBe(0);
  });

  it('logging out is a success: home, a success toast, no login prompt', async () => {
    const page = await newPage(browser, { lang: 'en-US', session: await loginApi(...(await freshUser())) });
    await goto(page, '/home');
    await page.getByTestId('nav-user').waitFor();
    await goto(page, '/logout');
    await page.waitForURL(/\/home$/);
    await page.locator('.ant-message-notice', { hasText: 'Logged out' }).waitFor();
    await page.getByTestId('nav-login').waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByText('Please login first!').count()).toBe(0);
    expect(await page.getByTestId('login-form').count()).toBe(0);
  });

  it('links lead to screens that exist: footer Help to /introduction, the Discussion button to the problem\'s discussions', async () => {
    const page = await newPage(browser, { lang: 'en-US' });
    await goto(page, '/home');
    await page.getByTestId('footer').getByRole('link', { name: 'Help' }).click();
    await page.waitForURL(/\/introduction$/);
    await goto(page, '/problem/1000');
    await page.getByTestId('problem-description').waitFor();
    // The discussion screens exist: the button is there while public discussion is on (the site's
    // switch, which another file may have turned off), and it leads to the problem's discussions.
    const discussion = page.getByTestId('problem-description').getByRole('link', { name: 'Discussion' });
    const { openPublicDiscussion } = await apiOk<{ openPublicDiscussion: boolean }>('get-website-config');
    expect(await discussion.count()).toBe(openPublicDiscussion ? 1 : 0);
    if (openPublicDiscussion) {
      await discussion.click();
      await page.waitForURL(/\/discussion\/1000$/);
      await page.locator('main, .ant-layout-content').first().waitFor();
      expect(await page.getByText("Sorry, the page can't be found").count()).toBe(0);
    }
  });

  it('contest pages: navbar and tabs show one state, Print only when the contest prints, the AC-rate bar', async () => {
    const page = await newPage(browser, { lang: 'en-US', session: bob });
    await goto(page, `/contest/${cid}/problem/A`);
    await page.getByTestId('problem-description').waitFor();
    const navSelected = page.locator('.app-nav-menu .ant-menu-item-selected');
    await expect.poll(() => navSelected.innerText()).toBe('Problems');
    expect(await page.locator('.contest-shell-tabs .ant-tabs-tab-active').first().innerText()).toBe('Problems');
    expect(await page.locator('.app-nav-menu').getByText('Print').count()).toBe(0);

    expect(await judged).toEqual([-1, 0]);
    await goto(page, `/contest/${cid}/problems`);
    const row = page.locator('.ant-table-row').first();
    await row.locator('.ant-progress').waitFor();
    await expect.poll(() => row.innerText()).toMatch(/50\.00%/);

    await goto(page, `/contest/${printCid}`);
    await page.locator('.app-nav-menu').getByText('Print').waitFor();
  });

  it('problem list: the judge filter names this site, not "Mine"', async () => {
    const page = await newPage(browser, { lang: 'en-US' });
    await goto(page, '/problem');
    await page.getByRole('combobox', { name: 'OJ' }).waitFor();
    expect(await page.locator('.ant-select-selection-item', { hasText: 'This site' }).count()).toBe(1);
    expect(await page.getByText('Mine', { exact: true }).count()).toBe(0);
  });

  it('a language chosen in the footer survives a reload of an address with ?l=', async () => {
    const page = await newPage(browser, { lang: 'zh-CN' });
    await goto(page, '/home?l=en-US');
    await page.getByText('Recent Contests').waitFor();
    await page.getByTestId('lang-switch').click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await page.getByText('近期比赛').waitFor();
    await page.reload();
    await page.getByText('近期比赛').waitFor();
    expect(page.url()).toMatch(/l=zh-CN/);
  });
});

describe('admins', () => {
  it('the scroll board of a contest that was never sealed says so and replays the whole contest', async () => {
    expect(await judged).toEqual([-1, 0]);
    const page = await newPage(browser, { lang: 'en-US', session: root });
    await goto(page, `/scrollBoard?cid=${cid}`);
    await page.getByTestId('scroll-nothing-sealed').waitFor();
    const solved = () => page.getByTestId('scroll-solved').allInnerTexts();
    expect((await solved()).sort()).toEqual(['0', '1']);
    // The replay starts with everything hidden and reveals Bob's and Alice's cells one by one.
    await page.getByTestId('scroll-replay').click();
    expect(await solved()).toEqual(['0', '0']);
    expect(await page.locator('.sb-pending').count()).toBe(2);
    await page.getByTestId('scroll-step').click();
    await page.getByTestId('scroll-step').click();
    await expect.poll(async () => (await solved()).sort()).toEqual(['0', '1']);
    expect(await page.locator('.sb-pending').count()).toBe(0);
    await shot(page, 'scroll-board-unsealed-en-1280');
  });

  it('admin tables at 375 px scroll inside their cards, action columns reachable', async () => {
    const page = await newPage(browser, { lang: 'en-US', width: 375, height: 812, session: root });
    for (const path of [`/admin/contest/${cid}/problems`, `/admin/contest/${cid}/announcement`, `/contest/${cid}/ac-info`, '/admin/problem/tag']) {
      await goto(page, path);
      await page.locator('.ant-table').first().waitFor();
      await page.waitForTimeout(300);
      const over = await page.evaluate(() => {
        const out: string[] = [];
        for (const card of Array.from(document.querySelectorAll('.ant-card'))) {
          const c = card.getBoundingClientRect();
          for (const t of Array.from(card.querySelectorAll('table'))) {
            const r = t.getBoundingClientRect();
            // The table may be wider (it scrolls), but its visible box stays inside the card.
            const box = (t.closest('.ant-table-content, .ant-table-body') ?? t).getBoundingClientRect();
            if (box.right > c.right + 1 || box.left < c.left - 1) out.push(`${Math.round(r.width)} px table out of a ${Math.round(c.width)} px card`);
          }
        }
        if (document.documentElement.scrollWidth > window.innerWidth + 1) out.push(`page ${document.documentElement.scrollWidth} px wide`);
        return out;
      });
      expect(over, path).toEqual([]);
    }
  });

  it('the home carousel shows the admin pictures (5 s, 440 / 200 px) and the banner when there are none', async () => {
    const before: { id: number | null; url: string }[] = await apiOk('home-carousel');
    const links: string[] = [];
    for (const colour of ['red', 'blue'] as const) links.push((await uploadCarousel(colour)).link);
    try {
      for (const [width, height] of [[1280, 440], [375, 200]] as const) {
        const page = await newPage(browser, { lang: 'en-US', width, height: 900 });
        await goto(page, '/home');
        const active = page.locator('.home-carousel .slick-active [data-testid="home-carousel-slide"]');
        await active.waitFor();
        expect(Math.round((await active.boundingBox())!.height)).toBe(height);
        const first = await active.getAttribute('aria-label');
        await expect.poll(() => active.getAttribute('aria-label'), { timeout: 8000 }).not.toBe(first);
        await shot(page, `home-carousel-en-${width}`);
      }
    } finally {
      for (const link of links) await api('admin/config/delete-carousel-img', { method: 'DELETE', token: root.token, query: { link } });
    }
    expect(await apiOk('home-carousel')).toEqual(before);
  });
});

describe('accessibility (axe): main screens and admin edit forms', () => {
  /**
   * Serious and critical axe violations on `page`, one line each. A page still settling (a toast or
   * dialog fading, a late re-render on a loaded machine) is measured again a moment later: a
   * violation counts when it is there both times, so a real one is never missed.
   */
  async function violations(page: Page, label: string, within?: string): Promise<string[]> {
    const scan = async () => {
      // A dialog that popped up late (the contest's unread announcements) is measured once it has faded in.
      await motionSettled(page);
      // The code editor's syntax colours are the chosen editor theme's (solarized by default, spec 01 §9).
      const builder = new AxeBuilder({ page }).exclude('.cm-line').exclude('.cm-gutters');
      const r = await (within ? builder.include(within) : builder).analyze();
      return r.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')
        .map((v) => `${label} ${v.id}: ${v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')} ${n.any[0]?.data ? JSON.stringify(n.any[0].data) : ''}`).join(' | ')}`);
    };
    const first = await scan();
    if (!first.length) return [];
    await page.waitForTimeout(1500);
    const ids = new Set((await scan()).map((line) => line.split(':')[0]));
    return first.filter((line) => ids.has(line.split(':')[0]));
  }

  it('main screens have no serious or critical violations', async () => {
    const screens: [string, Session | undefined][] = [
      ['/home', undefined], ['/problem', undefined], ['/problem/1000', bob], ['/contest', bob], [`/contest/${cid}/problems`, bob],
      [`/contest/${cid}/submissions`, bob], ['/status', undefined], ['/admin/contest', root], ['/admin/problems', root],
    ];
    const found: string[] = [];
    // Every screen in English; the ones with the most labels in Chinese too (names in both languages).
    for (const lang of ['en-US', 'zh-CN'] as const) {
      for (const [path, session] of lang === 'en-US' ? screens : screens.filter(([p]) => ['/problem/1000', '/admin/contest', '/contest'].includes(p))) {
        const page = await newPage(browser, { lang, session });
        await goto(page, path);
        // Not 'networkidle': the live channel keeps a request open.
        await page.waitForLoadState('load');
        await page.waitForTimeout(1200);
        found.push(...(await violations(page, `${lang} ${path}`)));
        await page.context().close();
      }
    }
    // The lines themselves in the message: CI's summary shows the message, not the diff.
    expect(found, found.join('\n')).toEqual([]);
  }, 400_000);

  it('admin edit forms (problem, contest, training), the batch export list, the user list and its dialog have no serious or critical violations', async () => {
    const found: string[] = [];
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const page = await newPage(browser, { lang, session: root });
      for (const [path, ready] of [
        [`/admin/problem/edit/${aPlusBId}`, '[data-testid="f-problemId"]'],
        [`/admin/contest/${cid}/edit`, '[data-testid="contest-form-title"]'],
        [`/admin/training/${tid}/edit`, '[data-testid="training-title-input"]'],
        ['/admin/problem/batch-operation', '.ant-table-row'],
      ] as const) {
        await goto(page, path);
        await page.locator(ready).first().waitFor();
        await page.waitForTimeout(800);
        found.push(...(await violations(page, `${lang} ${path}`)));
      }
      // The batch page's export list: every row checkbox named after its problem.
      await goto(page, '/admin/problem/batch-operation');
      await page.locator('.ant-table-row').first().waitFor();
      const batchLabels = await page.locator('.ant-table-row input[type="checkbox"]').evaluateAll((cs) => cs.map((c) => c.getAttribute('aria-label')));
      expect(batchLabels.length).toBeGreaterThan(0);
      for (const label of batchLabels) expect(label).toMatch(lang === 'en-US' ? /^Select problem \S+$/ : /^选择题目 \S+$/);
      await goto(page, '/admin/user');
      await page.locator('.ant-table-row').first().waitFor();
      await page.waitForTimeout(600);
      // The user list itself: every row-selection checkbox, the header's included, is named in the page's language.
      const table = page.getByTestId('user-table');
      expect(await table.locator('thead').getByRole('checkbox').getAttribute('aria-label')).toBe(lang === 'en-US' ? 'Select all users on this page' : '选择本页全部用户');
      const rows = await table.locator('.ant-table-row').evaluateAll((trs) => trs.map((tr) => [tr.querySelector('input[type="checkbox"]')?.getAttribute('aria-label'), tr.querySelector('a')?.textContent]));
      expect(rows.length).toBeGreaterThan(0);
      for (const [label, username] of rows) expect(label).toBe(lang === 'en-US' ? `Select user ${username}` : `选择用户 ${username}`);
      found.push(...(await violations(page, `${lang} /admin/user`)));
      await page.locator('.ant-table-row').first().getByRole('button', { name: lang === 'en-US' ? 'Edit' : '编辑' }).click();
      await page.getByTestId('edit-user-form').waitFor();
      await page.waitForTimeout(600);
      // The dialog itself (the list behind its mask is another screen).
      found.push(...(await violations(page, `${lang} /admin/user (edit dialog)`, '.ant-modal')));
      await page.context().close();
    }
    // The lines themselves in the message: CI's summary shows the message, not the diff.
    expect(found, found.join('\n')).toEqual([]);
  }, 400_000);
});

/** Screens this branch changed, for people to look at (1280 and 375 px, both languages). */
describe('screenshots', () => {
  it('saves the changed screens', async () => {
    for (const lang of ['en-US', 'zh-CN'] as const)
      for (const width of [1280, 375]) {
        const page = await newPage(browser, { lang, width, height: width < 500 ? 812 : 900, session: root });
        for (const [name, path] of [['contest-problems', `/contest/${cid}/problems`], ['contest-submissions', `/contest/${cid}/submissions`], ['admin-contest-problems', `/admin/contest/${cid}/problems`],
          ['admin-contest-list', '/admin/contest'], ['admin-tags', '/admin/problem/tag'], ['problem-list', '/problem'], ['scroll-board', `/scrollBoard?cid=${cid}`]] as const) {
          await goto(page, path);
          await page.locator('.ant-table-row, [data-testid="scroll-row"]').first().waitFor();
          // The contest's unread-announcement pop-up comes once per browser: close it for the picture.
          const ok = page.locator('.ant-modal-footer .ant-btn-primary');
          if (await ok.isVisible()) await ok.click();
          await page.waitForTimeout(400);
          await shot(page, `flows-${name}-${lang}-${width}`);
        }
        await page.context().close();
      }
  });
});

async function freshUser(): Promise<[string, string]> {
  const u = await registerUser();
  return [u.username, u.password];
}

/** A small PNG of one colour, uploaded as a carousel picture through the admin call. */
async function uploadCarousel(colour: 'red' | 'blue'): Promise<{ link: string }> {
  const png = colour === 'red'
    ? 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=='
    : 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPj/HwADBwIAMCbHYQAAAABJRU5ErkJggg==';
  const form = new FormData();
  form.append('image', new Blob([Buffer.from(png, 'base64')], { type: 'image/png' }), `${colour}.png`);
  const res = await fetch(new URL('/api/admin/config/upload-carousel-img', site.baseUrl), { method: 'POST', headers: { Authorization: root.token, 'X-Forwarded-For': `10.9.${Math.floor(Math.random() * 250)}.7` }, body: form });
  const env = (await res.json()) as { status: number; msg: string; data: { link: string } };
  if (env.status !== 200) throw new Error(`upload-carousel-img -> ${env.status} ${env.msg}`);
  return env.data;
}

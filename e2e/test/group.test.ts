import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { writeZip } from '../../packages/server/dist/modules/testcase/zip.js';
import { AC_CPP, chooseLanguage, setCode } from '../src/editor.js';
import { adminSession, api, apiOk, goto, launchBrowser, loginApi, newPage, registerUser, shot, toastShows, uniqueName } from '../src/harness.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Picks an option of an antd Select by its text. */
async function pick(page: Page, select: ReturnType<Page['getByTestId']>, text: string) {
  // An earlier dropdown may still be fading out: start when none is on screen.
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
  await select.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option-content').getByText(text, { exact: true }).click();
}
const confirmOk = (page: Page) => page.locator('.ant-modal-confirm:visible').getByRole('button', { name: 'OK' }).click();

describe('groups: a teacher runs a course in a private group', () => {
  it('creates the group, takes in a student by code and reason, adds a problem by zip, a training and a contest; the student solves it; the site admin makes the problem public', async () => {
    const [teacher, student, assistant, outsider] = await Promise.all([registerUser(), registerUser(), registerUser(), registerUser()]);
    const [tS, sS, aS, oS] = await Promise.all([teacher, student, assistant, outsider].map((u) => loginApi(u.username, u.password)));
    const admin = await adminSession();

    // ---- the teacher creates a private group from the list's dialog
    const tp = await newPage(browser, { lang: 'en-US', width: 1280, session: tS });
    await goto(tp, '/group');
    await tp.getByTestId('group-create').click();
    const name = uniqueName('Course ').slice(0, 20);
    const shortName = `C${Date.now().toString(36).slice(-5).toUpperCase()}`;
    await tp.getByTestId('group-name').fill('Alg');
    await tp.getByTestId('group-create-ok').click();
    // The form refuses with the spec's message and keeps the dialog open.
    await toastShows(tp, 'The length of group name is 5 to 25');
    await tp.getByTestId('group-name').fill(name);
    await tp.getByTestId('group-short-name').fill(shortName);
    await tp.getByTestId('group-brief').fill('Algorithms course of the spring term');
    await pick(tp, tp.getByTestId('group-auth'), 'Private');
    await tp.getByTestId('group-create-ok').click();
    await toastShows(tp, 'The invitation code is required.');
    await tp.getByTestId('group-code').fill('K7Q2ZX');
    await tp.getByTestId('group-description').fill('Weekly problems, trainings and quizzes.');
    await shot(tp, 'group-create-en-1280');
    await tp.getByTestId('group-create-ok').click();
    await tp.waitForURL(/\/group\/\d+$/);
    const gid = Number(/\/group\/(\d+)$/.exec(tp.url())![1]);
    await expect.poll(() => tp.getByTestId('group-title').innerText()).toBe(name);

    // ---- a student applies with the code and a reason
    const sp = await newPage(browser, { lang: 'en-US', width: 1280, session: sS });
    await goto(sp, `/group/${gid}`);
    // Before joining, the tabs other than the home are disabled.
    await expect.poll(() => sp.locator('.ant-tabs-tab-disabled').count()).toBeGreaterThan(0);
    await sp.getByTestId('group-apply').click();
    await sp.getByTestId('group-apply-code').fill('WRONG1');
    await sp.getByTestId('group-apply-reason').fill('abcd');
    await sp.getByTestId('group-apply-ok').click();
    await toastShows(sp, 'The length of reason is 5 to 100');
    await sp.getByTestId('group-apply-reason').fill('I take this course this term');
    await sp.getByTestId('group-apply-ok').click();
    await toastShows(sp, 'The invitation code is wrong, please try again');
    await sp.getByTestId('group-apply-code').fill('K7Q2ZX');
    await sp.getByTestId('group-apply-ok').click();
    await toastShows(sp, 'Apply Successfully');
    await expect.poll(() => sp.getByTestId('group-standing').innerText()).toBe('Applying');
    // Another member applies through HOJ's call (query parameters).
    await apiOk('group/member', { method: 'POST', token: aS.token, query: { gid, code: 'K7Q2ZX', reason: 'Teaching assistant here' } });

    // ---- the teacher approves the student and makes the assistant a group admin
    await goto(tp, `/group/${gid}/member`);
    await tp.getByTestId('member-admin-toggle').click();
    const row = (u: string) => tp.locator(`[data-testid=member-row][data-username="${u}"]`);
    await row(student.username).getByTestId('member-reason').click();
    await expect.poll(() => tp.locator('.ant-modal-confirm:visible').innerText()).toContain('I take this course this term');
    await tp.locator('.ant-modal-confirm:visible').getByRole('button').click();
    await pick(tp, row(student.username).getByTestId('member-auth'), 'General Member');
    await toastShows(tp, 'Update Successfully');
    await pick(tp, row(assistant.username).getByTestId('member-auth'), 'Admin');
    await expect.poll(async () => (await apiOk('group/get-member-list', { token: tS.token, query: { gid, currentPage: 1, limit: 10 } })).records
      .map((m: { username: string; auth: number }) => `${m.username}:${m.auth}`).sort())
      .toEqual([`${assistant.username}:4`, `${student.username}:3`, `${teacher.username}:5`].sort());
    // The owner's own row has no kick button.
    await expect(row(teacher.username).getByTestId('member-kick').count()).resolves.toBe(0);
    await shot(tp, 'group-members-admin-en-1280');

    // ---- a group problem with its cases from a zip; its display ID gets the short-name prefix
    await goto(tp, `/group/${gid}/problem`);
    // The owner creates from the public list: no admin toggle first (issue 26 item 14).
    await tp.getByTestId('group-problem-create').click();
    await expect.poll(() => tp.locator('.ant-input-group-addon').first().innerText()).toBe(shortName);
    const localId = `S${Date.now().toString().slice(-7)}`;
    await tp.getByTestId('f-problemId').fill(localId);
    await tp.getByTestId('f-title').fill('Course Sum');
    await tp.getByTestId('f-description').fill('Print $a + b$.');
    await tp.getByTestId('f-input').fill('Two integers.');
    await tp.getByTestId('f-output').fill('Their sum.');
    await tp.getByTestId('ex-in-0').fill('1 2');
    await tp.getByTestId('ex-out-0').fill('3');
    const zip = await writeZip([{ path: '1.in', data: '1 2\n' }, { path: '1.out', data: '3\n' }, { path: '2.in', data: '40 2\n' }, { path: '2.out', data: '42\n' }]);
    await tp.locator('input[type=file][accept=".zip"]').setInputFiles({ name: 'cases.zip', mimeType: 'application/zip', buffer: zip });
    await toastShows(tp, 'Upload Testcase Successfully');
    await expect.poll(() => tp.getByTestId('case-table').locator('tbody tr.ant-table-row').count()).toBe(2);
    await tp.getByTestId('save-problem').click();
    await toastShows(tp, 'Create Successfully');
    const problemId = `${shortName}${localId}`;
    await tp.locator(`[data-testid=group-admin-problem-row][data-pid="${problemId}"]`).waitFor();

    // A non-member opening the problem by URL is refused.
    const op = await newPage(browser, { lang: 'en-US', width: 1280, session: oS });
    await goto(op, `/group/${gid}/problem/${problemId}`);
    await op.getByText('Only group members can see this').waitFor();
    const peek = await api('get-problem-detail', { token: oS.token, query: { problemId, gid } });
    expect(peek.status).toBeGreaterThanOrEqual(400);

    // ---- a group training with the problem added from the group
    const cats = await apiOk<{ id: number; name: string }[]>('get-training-category');
    const category = cats[0]?.name ?? (await apiOk<{ name: string }>('admin/training/category', { token: admin.token, body: { name: uniqueName('Cat'), color: '#2557e0' } })).name;
    await goto(tp, `/group/${gid}/training`);
    await tp.getByTestId('group-training-admin').click();
    await tp.getByTestId('group-training-create').click();
    await pick(tp, tp.getByTestId('training-category-select'), category);
    await tp.getByTestId('training-title-input').fill('Week 1');
    await tp.getByTestId('training-description-input').fill('Warm-up problems.');
    await tp.getByTestId('training-save').click();
    await toastShows(tp, 'Create Successfully');
    await tp.locator('[data-testid=group-admin-training-row][data-title="Week 1"]').getByTestId('group-training-problems').click();
    await tp.getByTestId('training-add-group').click();
    await tp.getByTestId('add-group-problem-id').fill(problemId);
    await tp.locator('.ant-modal:visible').getByRole('button', { name: 'OK' }).click();
    await tp.locator(`[data-testid=group-training-problem][data-pid="${problemId}"]`).waitFor();

    // ---- a running group contest with the problem as A
    await goto(tp, `/group/${gid}/contest?view=create`);
    await tp.getByTestId('contest-form-title').fill('Quiz 1');
    await tp.getByTestId('contest-form-description').fill('The first quiz.');
    const fmt = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}:00`;
    const start = new Date(Date.now() - 10 * 60_000);
    const pickers = tp.locator('.ant-picker-range input');
    await pickers.nth(0).click();
    await pickers.nth(0).fill(fmt(start));
    await pickers.nth(0).press('Enter');
    await pickers.nth(1).fill(fmt(new Date(start.getTime() + 3 * 3600_000)));
    await pickers.nth(1).press('Enter');
    await tp.getByTestId('contest-form-save').click();
    await toastShows(tp, 'Created successfully');
    const contests = await apiOk('group/get-admin-contest-list', { token: tS.token, query: { gid, currentPage: 1, limit: 10 } });
    const cid = contests.records.find((c: { title: string }) => c.title === 'Quiz 1').id as number;
    await tp.locator('[data-testid=group-admin-contest-row][data-title="Quiz 1"]').getByTestId('group-contest-problems').click();
    await tp.getByTestId('contest-add-group').click();
    await tp.getByTestId('add-group-problem-id').fill(problemId);
    await tp.getByTestId('add-group-display-id').fill('A');
    await tp.locator('.ant-modal:visible').getByRole('button', { name: 'OK' }).click();
    await tp.locator(`[data-testid=group-contest-problem][data-pid="${problemId}"]`).waitFor();
    await shot(tp, 'group-contest-problems-en-1280');

    // ---- the student, now a member, sees the contest in the group and solves A
    await goto(sp, `/group/${gid}/contest`);
    await sp.locator('[data-testid=group-contest-row][data-title="Quiz 1"]').getByText('Quiz 1').click();
    await sp.waitForURL(new RegExp(`/contest/${cid}`));
    await goto(sp, `/contest/${cid}/problem/A`);
    await sp.getByTestId('problem-description').waitFor();
    await chooseLanguage(sp, 'C++');
    await setCode(sp, AC_CPP);
    await sp.getByTestId('submit-code').click();
    await expect.poll(() => sp.getByTestId('submit-status').innerText(), { timeout: 90_000, interval: 1000 }).toContain('Accepted');
    // ...and in the group's own problem list, then finds the solve on the group rank.
    await goto(sp, `/group/${gid}/problem/${problemId}`);
    await sp.getByTestId('problem-description').waitFor();
    await chooseLanguage(sp, 'C++');
    await setCode(sp, AC_CPP);
    await sp.getByTestId('submit-code').click();
    await expect.poll(() => sp.getByTestId('submit-status').innerText(), { timeout: 90_000, interval: 1000 }).toContain('Accepted');
    await goto(sp, `/group/${gid}/rank`);
    const rankRow = sp.locator(`[data-testid=group-rank-row][data-username="${student.username}"]`);
    await expect.poll(async () => {
      await sp.reload();
      return rankRow.getByTestId('group-rank-ac').innerText();
    }, { timeout: 30_000, interval: 2000 }).toBe('1');
    await shot(sp, 'group-rank-en-1280');

    // ---- the teacher applies the problem for public; the site admin approves it
    await goto(tp, `/group/${gid}/problem?view=admin`);
    const adminRow = tp.locator(`[data-testid=group-admin-problem-row][data-pid="${problemId}"]`);
    await adminRow.getByTestId('group-problem-apply-public').click();
    await confirmOk(tp);
    await expect.poll(() => adminRow.getByTestId('group-problem-progress').innerText()).toBe('Applying for publicity');

    const ap = await newPage(browser, { lang: 'en-US', width: 1280, session: admin });
    await goto(ap, '/admin/group-problem/apply');
    const applyRow = ap.locator(`[data-testid=group-apply-row][data-pid="${problemId}"]`);
    await pick(ap, applyRow.getByTestId('group-apply-progress'), 'Agreed');
    await confirmOk(ap);
    await toastShows(ap, 'Update Successfully');
    await shot(ap, 'admin-group-apply-en-1280');

    // The group sees the decision; the problem is in the public bank under a new site display ID.
    await tp.reload();
    await expect.poll(() => tp.locator(`[data-testid=group-admin-problem-row]`).filter({ hasText: 'Course Sum' }).getByTestId('group-problem-progress').innerText())
      .toBe('Already in the public problem bank');
    const pub = await apiOk('get-problem-list', { query: { keyword: 'Course Sum', currentPage: 1, limit: 10 } });
    const found = pub.records.find((p: { title: string }) => p.title === 'Course Sum');
    // The group prefix is dropped: the site display ID is the one the teacher typed.
    expect(found?.problemId).toBe(localId);
  });

  it('the group screens pass axe (no serious or critical issue) in both languages; screenshots at 1280 and 375 px', async () => {
    const [owner, member] = await Promise.all([registerUser(), registerUser()]);
    const [oS, mS] = await Promise.all([owner, member].map((u) => loginApi(u.username, u.password)));
    const shortName = `A${Date.now().toString(36).slice(-5).toUpperCase()}`;
    const { id: gid } = await apiOk<{ id: number }>('group', { token: oS.token, body: { name: uniqueName('Axe group ').slice(0, 20), shortName, brief: 'Screens under axe', description: 'A **group** for the checks.', auth: 2, code: 'QWERTY', visible: true } });
    await apiOk('group/member', { method: 'POST', token: mS.token, query: { gid, reason: 'Let me in please' } });
    await apiOk('group/announcement', { token: oS.token, body: { gid, title: 'Welcome', content: 'Hello *all*.', status: 0 } });
    await apiOk('group/problem', { token: oS.token, body: {
      problem: { problemId: '1', title: 'Echo', description: 'Echo it.', input: 'A line.', output: 'The line.', examples: [{ input: 'a', output: 'a' }], gid, isUploadCase: false },
      languages: ['C++'], isUploadTestCase: false, samples: [{ input: 'a\n', output: 'a\n' }],
    } });
    const screens = ['/group', `/group/${gid}`, `/group/${gid}/problem`, `/group/${gid}/problem?view=admin`, `/group/${gid}/member?view=admin`, `/group/${gid}/rank`, `/group/${gid}/contest`, `/group/${gid}/setting`];
    const found: string[] = [];
    for (const lang of ['en-US', 'zh-CN'] as const) {
      for (const width of [1280, 375]) {
        const page = await newPage(browser, { lang, width, height: width < 500 ? 812 : 900, session: oS });
        for (const path of screens) {
          await goto(page, path);
          await page.waitForLoadState('load');
          await page.locator('.ant-card').first().waitFor();
          await page.waitForTimeout(1200);
          await shot(page, `group-${path.split('?')[0].replace(/^\/group\/?\d*\/?/, '') || (path === '/group' ? 'list' : 'home')}${path.includes('view=admin') ? '-admin' : ''}-${lang}-${width}`);
          if (width === 1280) {
            // The frame's navbar (not the group screens) hides its overflowed entries with aria-hidden
            // while they stay focusable (antd Menu overflow); reported to the frame, left out here.
            const r = await new AxeBuilder({ page }).exclude('.app-nav-menu .ant-menu-overflow-item[aria-hidden="true"]').analyze();
            for (const v of r.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical'))
              found.push(`${lang} ${path} ${v.id}: ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).join(' | ')}`);
          }
        }
        await page.context().close();
      }
    }
    expect(found).toEqual([]);
  }, 400_000);

  it('a public group is joined at once; a member exits and the owner disbands, each after confirming', async () => {
    const [owner, member] = await Promise.all([registerUser(), registerUser()]);
    const [oS, mS] = await Promise.all([owner, member].map((u) => loginApi(u.username, u.password)));
    const name = uniqueName('Open club ').slice(0, 20);
    const { id: gid } = await apiOk<{ id: number }>('group', { token: oS.token, body: { name, shortName: `O${Date.now().toString(36).slice(-5).toUpperCase()}`, brief: 'Anyone may join', description: 'Open to all.', auth: 1, visible: true } });

    const mp = await newPage(browser, { lang: 'zh-CN', width: 375, session: mS });
    await goto(mp, `/group/${gid}`);
    await mp.getByTestId('group-apply').click();
    await toastShows(mp, '加入成功');
    await mp.getByTestId('group-exit').waitFor();
    await mp.getByTestId('group-exit').click();
    await mp.locator('.ant-modal-confirm:visible').getByRole('button', { name: '确 定' }).click();
    await toastShows(mp, '退出成功');
    await mp.getByTestId('group-apply').waitFor();
    expect((await apiOk('group/get-member-list', { token: oS.token, query: { gid, currentPage: 1, limit: 10 } })).records.map((m: { username: string }) => m.username)).toEqual([owner.username]);

    const op = await newPage(browser, { lang: 'en-US', width: 1280, session: oS });
    await goto(op, `/group/${gid}`);
    await op.getByTestId('group-disband').click();
    await confirmOk(op);
    await toastShows(op, 'Disband Successfully');
    await op.waitForURL(/\/group$/);
    expect((await api('get-group-detail', { token: oS.token, query: { gid } })).status).toBeGreaterThanOrEqual(400);
  });
});

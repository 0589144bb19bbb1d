import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminSession, apiOk, goto, launchBrowser, loginApi, newPage, registerUser, shot, uniqueName } from '../src/harness.js';

/*
 * The contest plagiarism check (issue 31) in a browser: the rules (access, bad input, detection
 * quality, rank exclusion) are server tests (packages/server/test/plagiarism.test.ts); this walk
 * checks what only a browser shows: the results screen, the side-by-side view with its linked
 * fragments, the decision, and the mark on the rank; and the same screens reached by a group's
 * root from the group's contest admin list, inside the group frame.
 */

const MIN = 60_000;

const ORIG = `#include <iostream>
#include <vector>
using namespace std;

long long readNumber() {
    long long value = 0;
    cin >> value;
    return value;
}

long long addAll(const vector<long long>& numbers) {
    long long total = 0;
    for (size_t i = 0; i < numbers.size(); ++i) {
        total += numbers[i];
    }
    return total;
}

bool looksValid(const vector<long long>& numbers) {
    for (size_t i = 0; i < numbers.size(); ++i) {
        if (numbers[i] < -1000000000000LL || numbers[i] > 1000000000000LL) return false;
    }
    return true;
}

int main() {
    vector<long long> numbers;
    for (int k = 0; k < 2; ++k) {
        numbers.push_back(readNumber());
    }
    if (!looksValid(numbers)) return 1;
    cout << addAll(numbers) << endl;
    return 0;
}
`;

// The same program with renamed identifiers, reordered functions, other spacing and comments.
const COPY = `#include <iostream>
#include <vector>
using namespace std;

// check the input range
bool ok(const vector<long long>& xs)
{
    for (size_t j = 0; j < xs.size(); ++j)
    {
        if (xs[j] < -1000000000000LL || xs[j] > 1000000000000LL) return false;
    }
    return true;
}

long long sum(const vector<long long>& xs)
{
    long long acc = 0;
    for (size_t j = 0; j < xs.size(); ++j)
    {
        acc += xs[j];
    }
    return acc;
}

long long next()
{
    long long v = 0;
    cin >> v;
    return v;
}

int main()
{
    vector<long long> xs;
    for (int t = 0; t < 2; ++t)
    {
        xs.push_back(next());
    }
    if (!ok(xs)) return 1;
    cout << sum(xs) << endl;
    return 0;
}
`;

// Someone else's own solution.
const OTHER = `#include <cstdio>
int main() { long long a, b; if (scanf("%lld %lld", &a, &b) != 2) return 0; printf("%lld\\n", a + b); }
`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('plagiarism check of a contest', () => {
  it('an admin runs the check, finds the copied pair at the top, compares it side by side, marks it cheating with exclusion; the rank shows the mark', async () => {
    const admin = await adminSession();
    const aPlusB = await apiOk<{ problem: { id: number } }>('get-problem-detail', { query: { problemId: '1000' } });
    const start = Date.now() - 10 * MIN;
    const { id: cid } = await apiOk<{ id: number }>('admin/contest', {
      token: admin.token, body: { title: uniqueName('Plagiarism '), description: 'A+B', startTime: start, endTime: start + 3 * 60 * MIN, type: 0, auth: 0, openRank: true },
    });
    await apiOk('admin/contest/add-problem-from-public', { token: admin.token, body: { cid, pid: aPlusB.problem.id, displayId: 'A' } });
    const [orig, copy, other] = await Promise.all([registerUser(), registerUser(), registerUser()]);
    const sessions = await Promise.all([orig, copy, other].map((u) => loginApi(u.username, u.password)));
    for (const [i, code] of [ORIG, COPY, OTHER].entries()) {
      await apiOk('submit-problem-judge', { token: sessions[i].token, body: { pid: 'A', cid, language: 'C++', code } });
    }
    const rank = () => apiOk<{ records: { username: string; ac: number; excludedReason?: string | null }[] }>('get-contest-rank', { token: sessions[2].token, body: { cid, currentPage: 1, limit: 50 } });
    await expect.poll(async () => (await rank()).records.filter((r) => r.ac === 1).length, { timeout: 150_000, interval: 1000 }).toBe(3);

    // The results screen: the contest is running, so the dialog warns that the check is partial.
    const page = await newPage(browser, { lang: 'en-US', width: 1280, session: admin });
    await goto(page, `/admin/contest/${cid}/plagiarism`);
    await expect.poll(() => page.getByTestId('plagiarism-status').getAttribute('data-status')).toBe('none');
    await page.getByTestId('plagiarism-start').click();
    await page.getByTestId('plagiarism-running-warning').waitFor();
    await page.getByTestId('plagiarism-start-ok').click();
    await expect.poll(() => page.getByTestId('plagiarism-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
    await page.getByText('The contest had not ended when the check started', { exact: false }).waitFor();
    const top = page.getByTestId('plagiarism-pair').first();
    await top.waitFor();
    const topText = await top.innerText();
    expect(topText).toContain(orig.username);
    expect(topText).toContain(copy.username);
    expect(topText).not.toContain(other.username);
    expect(await top.getByTestId('decision-tag').innerText()).toBe('Undecided');
    await shot(page, 'plagiarism-results-en-1280');

    // Side by side: usernames and submissions on both sides; a fragment clicked on the left selects its counterpart on the right.
    await top.getByTestId('plagiarism-compare').click();
    await page.getByTestId('code-left').waitFor();
    expect(Number.parseInt(await page.getByTestId('pair-similarity').innerText(), 10)).toBeGreaterThanOrEqual(70);
    await expect(page.getByTestId('code-left').locator('[data-fragment]').count()).resolves.toBeGreaterThan(0);
    const leftLine = page.getByTestId('code-left').locator('[data-fragment="0"]').first();
    await leftLine.click();
    await expect.poll(() => page.getByTestId('code-right').locator('[data-active]').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('code-left').locator('[data-active]').count()).toBeGreaterThan(0);
    await shot(page, 'plagiarism-pair-en-1280');

    // "Cheating", out of the rank, with the reason the users see; who decided is shown.
    await page.getByTestId('mark-cheating').click();
    await page.getByTestId('cheating-exclude').click();
    await page.getByTestId('cheating-ok').click();
    await page.getByText('Give a reason the excluded users will see').waitFor();
    const reason = 'Same code as another contestant';
    await page.getByTestId('cheating-reason').fill(reason);
    await page.getByTestId('cheating-ok').click();
    await expect.poll(() => page.getByTestId('decision-by').innerText()).toContain('Decided by admin');
    await expect(page.getByTestId('decision-tag').innerText()).resolves.toMatch(/Cheating[\s\S]*Out of the rank/);

    // The copier sees their row unranked and marked with the reason (a phone, in Chinese).
    const phone = await newPage(browser, { lang: 'zh-CN', width: 375, height: 800, session: sessions[1] });
    await goto(phone, `/contest/${cid}/rank`);
    const mark = phone.getByTestId('board-excluded');
    await expect.poll(() => mark.count(), { timeout: 15_000 }).toBe(2);
    expect(await mark.first().innerText()).toBe('取消排名');
    expect(await mark.first().getAttribute('data-reason')).toBe(reason);
    await mark.first().click();
    await phone.getByRole('tooltip').filter({ hasText: reason }).waitFor();
    await shot(phone, 'plagiarism-rank-zh-375');
    // While developing (PLAGIARISM_SHOTS=1): both screens in both languages at 1280 and 375 px, to look at.
    if (process.env.PLAGIARISM_SHOTS) {
      const pairUrl = new URL(page.url()).pathname;
      for (const [lang, width] of [['zh-CN', 1280], ['zh-CN', 375], ['en-US', 375]] as const) {
        const p = await newPage(browser, { lang, width, session: admin });
        await goto(p, `/admin/contest/${cid}/plagiarism`);
        await p.getByTestId('plagiarism-pair').first().waitFor();
        await shot(p, `plagiarism-results-${lang}-${width}`);
        await goto(p, pairUrl);
        await p.getByTestId('fragment-chip').nth(1).click();
        await shot(p, `plagiarism-pair-${lang}-${width}`);
        await p.context().close();
      }
      // The dark theme (its choice is kept in localStorage 'theme').
      const dark = await newPage(browser, { lang: 'en-US', width: 1280, session: admin });
      await dark.context().addInitScript(() => localStorage.setItem('theme', 'dark'));
      await goto(dark, pairUrl);
      await dark.getByTestId('fragment-chip').nth(1).click();
      await shot(dark, 'plagiarism-pair-dark-en-1280');
      await goto(dark, `/admin/contest/${cid}/plagiarism`);
      await dark.getByTestId('plagiarism-pair').first().waitFor();
      await shot(dark, 'plagiarism-results-dark-en-1280');
      await dark.context().close();
    }
    const rows = (await rank()).records;
    expect(rows.filter((r) => r.excludedReason === reason).map((r) => r.username).sort()).toEqual([orig.username, copy.username].sort());
  }, 240_000);

  it('a group root without an admin-area role runs the check of a group contest from the group\'s contest admin list, inside the group frame', async () => {
    const [owner, a, b] = await Promise.all([registerUser(), registerUser(), registerUser()]);
    const [oS, aS, bS] = await Promise.all([owner, a, b].map((u) => loginApi(u.username, u.password)));
    const { id: gid } = await apiOk<{ id: number }>('group', { token: oS.token, body: {
      name: uniqueName('Plag club ').slice(0, 20), shortName: `P${Date.now().toString(36).slice(-5).toUpperCase()}`, brief: 'Weekly club', description: 'A club.', auth: 1, visible: true,
    } });
    await Promise.all([aS, bS].map((s) => apiOk('group/member', { method: 'POST', token: s.token, query: { gid, reason: 'Let me in please' } })));
    const start = Date.now() - 10 * MIN;
    const { id: cid } = await apiOk<{ id: number }>('group/contest', { token: oS.token, body: { title: uniqueName('Group weekly '), description: 'A+B', startTime: start, endTime: start + 3 * 60 * MIN, type: 0, auth: 0, gid } });
    const aPlusB = await apiOk<{ problem: { id: number } }>('get-problem-detail', { query: { problemId: '1000' } });
    await apiOk('group/add-contest-problem-from-public', { token: oS.token, body: { cid, pid: aPlusB.problem.id, displayId: 'A' } });
    for (const [s, code] of [[aS, ORIG], [bS, COPY]] as const) await apiOk('submit-problem-judge', { token: s.token, body: { pid: 'A', cid, language: 'C++', code } });
    const rank = () => apiOk<{ records: { ac: number }[] }>('get-contest-rank', { token: oS.token, body: { cid, currentPage: 1, limit: 50 } });
    await expect.poll(async () => (await rank()).records.filter((r) => r.ac === 1).length, { timeout: 150_000, interval: 1000 }).toBe(2);

    // The owner (the group's root, no admin-area role) finds the action in the group's contest admin list.
    const page = await newPage(browser, { lang: 'zh-CN', width: 1280, session: oS });
    await goto(page, `/group/${gid}/contest?view=admin`);
    await page.getByTestId('group-contest-plagiarism').click();
    await page.waitForURL(`**/group/${gid}/contest/${cid}/plagiarism`);
    await page.getByTestId('group-tab-contest').waitFor();
    await page.getByTestId('plagiarism-start').click();
    await page.getByTestId('plagiarism-running-warning').waitFor();
    await page.getByTestId('plagiarism-start-ok').click();
    await expect.poll(() => page.getByTestId('plagiarism-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
    const top = page.getByTestId('plagiarism-pair').first();
    await expect(top.innerText()).resolves.toContain(b.username);
    await shot(page, 'plagiarism-group-results-zh-1280');
    // The pair opens under the group's path, and "back" and "contest list" stay in the group.
    await top.getByTestId('plagiarism-compare').click();
    await page.getByTestId('code-left').waitFor();
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`^/group/${gid}/contest/${cid}/plagiarism/\\d+/\\d+$`));
    await page.getByTestId('plagiarism-back').click();
    await page.waitForURL(`**/group/${gid}/contest/${cid}/plagiarism`);
    await page.getByRole('button', { name: '比赛列表' }).click();
    await page.waitForURL(`**/group/${gid}/contest?view=admin`);
    await page.getByTestId('group-contest-plagiarism').waitFor();

    // A member who opens the address is told it is for the contest's admins.
    const member = await newPage(browser, { lang: 'en-US', width: 375, session: aS });
    await goto(member, `/group/${gid}/contest/${cid}/plagiarism`);
    await member.getByText("Only the contest's admins can do this").waitFor();
  }, 240_000);
});

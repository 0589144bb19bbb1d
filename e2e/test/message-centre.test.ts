import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiOk, goto, newPage, shot, toastShows, uniqueName } from '../src/harness.js';
import { forumSuite, navBadge, sessions } from '../src/forum.js';

// One person comments a hundred times in a row here: the suite turns the posting intervals off.
const suite = forumSuite();
const items = (page: Page) => page.getByTestId('msg-item');

describe('message centre (issue 14)', () => {
  it('deletes one message after confirmation, caps the badges at 99+, and cleans a whole tab', async () => {
    const [{ session: aS }, { session: bS }] = await sessions(2);
    const cats = await apiOk<{ id: number }[]>('discussion-category');
    const { id: did } = await apiOk<{ id: number }>('discussion', { token: aS.token, body: { title: uniqueName('Messages '), description: 'd', content: 'c', categoryId: cats[0].id } });
    for (const text of ['first', 'second', 'third']) await apiOk('comment', { token: bS.token, body: { did, content: `${text} comment` } });

    const page = await newPage(suite.browser, { lang: 'en-US', width: 1280, session: aS });
    await goto(page, '/message/discuss');
    await expect.poll(() => items(page).count()).toBe(3);
    // Reading the tab marks it read: the navbar badge goes.
    await expect.poll(() => navBadge(page).count()).toBe(0);

    // Delete one: the dialog asks first; cancelling keeps it.
    await items(page).filter({ hasText: 'second comment' }).getByRole('button', { name: 'Delete' }).click();
    const dialog = page.locator('.ant-modal-confirm');
    await dialog.locator('.ant-modal-confirm-title').filter({ hasText: 'Delete this message?' }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await items(page).count()).toBe(3);
    await items(page).filter({ hasText: 'second comment' }).getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await toastShows(page, 'Delete successfully');
    await expect.poll(() => items(page).count()).toBe(2);
    expect(await items(page).allInnerTexts()).toEqual([expect.stringContaining('third comment'), expect.stringContaining('first comment')]);
    expect((await apiOk('msg/comment', { token: aS.token })).total).toBe(2);

    // A hundred and one more: the navbar and the tab show 99+ (the title keeps the real number).
    for (let i = 0; i < 101; i++) await apiOk('comment', { token: bS.token, body: { did, content: `more ${i}` } });
    await goto(page, '/message/like');
    await expect.poll(() => navBadge(page).innerText()).toBe('99+');
    expect(await navBadge(page).getAttribute('title')).toBe('101');
    const tabBadge = page.locator('.msg-menu .ant-menu-item').filter({ hasText: 'Comments' }).locator('.ant-badge-count');
    await expect.poll(() => tabBadge.innerText()).toBe('99+');
    await shot(page, 'message-badge-99-en-1280');

    // Clean the tab: confirmation, then nothing left and no unread count.
    await goto(page, '/message/discuss');
    await expect.poll(() => items(page).count()).toBe(6);
    await page.getByRole('button', { name: 'Clean' }).click();
    await dialog.locator('.ant-modal-confirm-title').filter({ hasText: 'Delete all messages of this tab?' }).waitFor();
    await dialog.getByRole('button', { name: 'Clean' }).click();
    await toastShows(page, 'Delete successfully');
    await page.getByText('No messages').waitFor();
    expect((await apiOk('msg/comment', { token: aS.token })).total).toBe(0);
    expect((await apiOk('msg/unread', { token: aS.token })).comment).toBe(0);
    await expect.poll(() => navBadge(page).count()).toBe(0);
  });
});

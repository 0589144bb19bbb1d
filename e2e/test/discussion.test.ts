import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, apiOk, goto, newPage, shot, toastShows, uniqueName } from '../src/harness.js';
import { forumSuite, navBadge, sessions } from '../src/forum.js';

const MIN = 60_000;
// Three people post within seconds here: the suite turns the posting intervals off.
const suite = forumSuite();
const commentBox = (page: Page) => page.getByPlaceholder('Write a comment (Markdown)');

describe('forum, comments, likes, messages and their admin', () => {
  it('A posts under 1000; B comments and likes; A sees both messages and replies; B sees the reply; admin pins, disables and sees a report', async () => {
    const [{ user: a, session: aS }, { user: b, session: bS }] = await sessions(2);
    const title = uniqueName('Why WA on 1000 ');

    // A posts from the problem's discussion list in the full-screen dialog, with a preview.
    const pa = await newPage(suite.browser, { lang: 'en-US', width: 1280, session: aS });
    await goto(pa, '/problem/1000');
    await pa.locator('a[href="/discussion/1000"]').first().click();
    await pa.waitForURL(/\/discussion\/1000$/);
    await pa.getByRole('button', { name: 'Post Problem Discussion' }).click();
    const form = pa.getByTestId('discussion-form');
    await form.getByRole('textbox', { name: 'Title' }).fill(title);
    await form.getByRole('textbox', { name: 'Description' }).fill('My sum overflows');
    await form.getByRole('combobox', { name: 'Category' }).click();
    await pa.locator('.ant-select-item-option').first().click();
    await form.getByRole('textbox', { name: 'Content (Markdown)' }).fill('I use **int**.\n\n<img src=x onerror="window.__xss=1">');
    await form.getByRole('tab', { name: 'Preview' }).click();
    await expect.poll(() => form.locator('.discussion-preview strong').innerText()).toBe('int');
    await shot(pa, 'discussion-dialog-en-1280');
    await pa.getByRole('button', { name: 'Post', exact: true }).click();
    await pa.waitForURL(/\/discussion-detail\/\d+$/);
    const did = Number(pa.url().split('/').pop());
    await pa.getByRole('heading', { name: title }).waitFor();
    expect(await pa.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

    // B comments and likes.
    const pb = await newPage(suite.browser, { lang: 'en-US', width: 1280, session: bS });
    await goto(pb, `/discussion-detail/${did}`);
    await commentBox(pb).fill('Use `long long`.');
    await pb.getByRole('button', { name: 'Comment', exact: true }).click();
    await toastShows(pb, 'Comment successfully');
    await pb.getByTestId('comment-item').filter({ hasText: 'long long' }).waitFor();
    await pb.getByTestId('discussion-like').click();
    await toastShows(pb, 'Like Successfully');
    await expect.poll(() => pb.getByTestId('discussion-like').innerText()).toMatch(/Liked\s*1/);
    await shot(pb, 'discussion-detail-en-1280');

    // A sees the badge (2) and both messages, then replies to B.
    await goto(pa, '/discussion');
    await expect.poll(() => navBadge(pa).getAttribute('title')).toBe('2');
    await pa.getByTestId('discussion-item').filter({ hasText: title }).waitFor();
    await shot(pa, 'discussion-list-en-1280');
    await goto(pa, '/message/discuss');
    await pa.getByTestId('msg-item').filter({ hasText: b.username }).filter({ hasText: 'long long' }).waitFor();
    await shot(pa, 'message-discuss-en-1280');
    await goto(pa, '/message/like');
    await pa.getByTestId('msg-item').filter({ hasText: 'liked my discussion' }).waitFor();
    await expect.poll(() => navBadge(pa).count()).toBe(0);
    await pa.getByTestId('msg-item').getByRole('link', { name: title }).click();
    await pa.waitForURL(new RegExp(`/discussion-detail/${did}$`));
    const bComment = pa.getByTestId('comment-item').filter({ hasText: 'long long' });
    await bComment.getByRole('button', { name: 'Reply' }).first().click();
    await pa.getByPlaceholder(`Reply to ${b.username}`).fill('Thanks, that was it.');
    await bComment.getByRole('button', { name: 'Reply' }).last().click();
    await toastShows(pa, 'Reply successfully');
    await bComment.getByTestId('comment-reply').filter({ hasText: 'that was it' }).waitFor();

    // B sees the reply message.
    await goto(pb, '/message/reply');
    await pb.getByTestId('msg-item').filter({ hasText: 'Thanks, that was it.' }).filter({ hasText: a.username }).waitFor();
    await shot(pb, 'message-reply-en-1280');
    const mobile = await newPage(suite.browser, { lang: 'zh-CN', width: 375, session: bS });
    await goto(mobile, '/message/reply');
    await mobile.getByTestId('msg-item').first().waitFor();
    await shot(mobile, 'message-reply-zh-375');
    await goto(mobile, `/discussion-detail/${did}`);
    await mobile.getByTestId('comment-item').first().waitFor();
    await shot(mobile, 'discussion-detail-zh-375');
    await goto(mobile, '/discussion');
    await mobile.getByTestId('discussion-item').first().waitFor();
    await shot(mobile, 'discussion-list-zh-375');

    // B reports it; the admin pins it, sees the report, then disables it.
    await goto(pb, `/discussion-detail/${did}`);
    await pb.getByRole('button', { name: 'Report' }).click();
    // The dialog zooms in: a click during the animation can miss, so click until the box shows checked.
    const spam = pb.getByRole('checkbox', { name: 'Spam ads' });
    await expect.poll(async () => {
      if (!(await spam.isChecked())) await spam.click();
      return spam.isChecked();
    }).toBe(true);
    await pb.getByLabel('Reason (at most 200 characters)').fill('Not a real question');
    await pb.locator('.ant-modal').getByRole('button', { name: 'Report' }).click();
    await toastShows(pb, 'Report successfully');

    const pad = await newPage(suite.browser, { lang: 'en-US', width: 1280, session: suite.admin });
    await goto(pad, '/admin/discussion');
    const row = pad.locator('tr').filter({ hasText: title });
    await row.getByRole('switch', { name: 'Top' }).click();
    await toastShows(pad, 'Update Successfully');
    await expect.poll(async () => (await apiOk('get-discussion-list', { query: { currentPage: 1, limit: 1 } })).records[0].id).toBe(did);
    await pad.getByRole('tab', { name: 'Reports' }).click();
    await pad.getByTestId('report-table').locator('tr').filter({ hasText: title }).filter({ hasText: b.username }).filter({ hasText: 'Not a real question' }).waitFor();
    await shot(pad, 'admin-discussion-reports-en-1280');
    await pad.getByRole('tab', { name: 'Discussions' }).click();
    await row.locator('.ant-select').click();
    await pad.locator('.ant-select-item-option').filter({ hasText: 'Disabled' }).click();
    await toastShows(pad, 'Update Successfully');
    await shot(pad, 'admin-discussion-en-1280');
    const list = await apiOk('get-discussion-list', { query: { currentPage: 1, limit: 50 } });
    expect(list.records.map((r: { id: number }) => r.id)).not.toContain(did);
    await goto(pb, `/discussion-detail/${did}`);
    await pb.getByText('This discussion has been disabled by the administrator').first().waitFor();
    const padm = await newPage(suite.browser, { lang: 'zh-CN', width: 375, session: suite.admin });
    await goto(padm, '/admin/discussion');
    await padm.locator('tr').filter({ hasText: title }).waitFor();
    await shot(padm, 'admin-discussion-zh-375');
    await goto(mobile, '/discussion');
    await mobile.getByRole('button', { name: '发布讨论' }).click();
    await mobile.getByTestId('discussion-form').waitFor();
    await shot(mobile, 'discussion-dialog-zh-375');
  });

  it('contest Comment tab: questions stay private while running; the admin answers; the reply rule holds', async () => {
    const start = Date.now() - 5 * MIN;
    const contest = await apiOk<{ id: number }>('admin/contest', {
      token: suite.admin.token, body: { title: uniqueName('Comment contest '), description: 'Ask here', startTime: start, endTime: start + 3 * 60 * MIN, type: 0, auth: 0 },
    });
    const cid = contest.id;
    const [{ user: u1, session: s1 }, { session: s2 }] = await sessions(2);

    const p1 = await newPage(suite.browser, { lang: 'en-US', width: 1280, session: s1 });
    await goto(p1, `/contest/${cid}`);
    await p1.getByRole('tab', { name: 'Comment' }).click();
    await p1.waitForURL(new RegExp(`/contest/${cid}/comment$`));
    await commentBox(p1).fill('Is n at most 10^5?');
    await p1.getByRole('button', { name: 'Comment', exact: true }).click();
    await toastShows(p1, 'Comment successfully');

    // The contest admin answers in the UI.
    const pad = await newPage(suite.browser, { lang: 'en-US', width: 1280, session: suite.admin });
    await goto(pad, `/contest/${cid}/comment`);
    const q = pad.getByTestId('comment-item').filter({ hasText: 'Is n at most' });
    await q.getByRole('button', { name: 'Reply' }).first().click();
    await pad.getByPlaceholder(`Reply to ${u1.username}`).fill('Yes.');
    await q.getByRole('button', { name: 'Reply' }).last().click();
    await toastShows(pad, 'Reply successfully');

    // Another participant neither sees the question nor may reply to it.
    const p2 = await newPage(suite.browser, { lang: 'en-US', width: 1280, session: s2 });
    await goto(p2, `/contest/${cid}/comment`);
    await p2.getByTestId('comment-area').waitFor();
    await p2.getByText('No comments yet').waitFor();
    const cm = await apiOk('comments', { token: suite.admin.token, query: { cid } });
    const deny = await api('reply', { token: s2.token, body: { reply: { commentId: cm.commentList.records[0].id, content: 'me?' } } });
    expect([deny.status, deny.msg]).toEqual([403, 'In a contest only the contest admin may reply to comments of others']);

    // The asker sees the answer and its message.
    await goto(p1, `/contest/${cid}/comment`);
    await p1.getByTestId('comment-reply').filter({ hasText: 'Yes.' }).waitFor();
    await shot(p1, 'contest-comment-en-1280');
    const mobile = await newPage(suite.browser, { lang: 'zh-CN', width: 375, session: s1 });
    await goto(mobile, `/contest/${cid}/comment`);
    await mobile.getByTestId('comment-reply').first().waitFor();
    await shot(mobile, 'contest-comment-zh-375');
    await goto(mobile, '/message/reply');
    await mobile.getByTestId('msg-item').filter({ hasText: 'Yes.' }).waitFor();
  });

  it('markdown attacks in a discussion, a comment and a reply render inert in Chromium', async () => {
    const [{ session: s }] = await sessions(1);
    // Each payload tries to set window.__xss; none may, and nothing active may survive in the DOM.
    const corpus = [
      '<script>window.__xss=1</script>',
      '<img src=x onerror="window.__xss=2">',
      '[click me](javascript:window.__xss=3)',
      '[data link](data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9NDwvc2NyaXB0Pg==)',
      '<svg onload="window.__xss=5"><script>window.__xss=6</script></svg>',
      '$\\href{javascript:window.__xss=7}{katex link}$',
      '<a href="&#106;&#97;vascript:window.__xss=8">entity link</a>',
      '[[inner](javascript:window.__xss=9)](https://example.com)',
      '<iframe src="javascript:window.__xss=10"></iframe>',
      '<details open ontoggle="window.__xss=11">d</details>',
      '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=12">',
      '<a href="jav&#x09;ascript:window.__xss=13">tab link</a>',
    ].join('\n\n');
    const cats = await apiOk<{ id: number }[]>('discussion-category');
    const { id: did } = await apiOk<{ id: number }>('discussion', { token: s.token, body: { title: uniqueName('XSS '), description: 'corpus', content: corpus, categoryId: cats[0].id } });
    const c = await apiOk<{ id: number }>('comment', { token: s.token, body: { did, content: corpus } });
    await apiOk('reply', { token: s.token, body: { did, quoteId: c.id, quoteType: 'Comment', reply: { commentId: c.id, content: corpus } } });
    const page = await newPage(suite.browser, { lang: 'en-US', width: 1280, session: s });
    const dialogs: string[] = [];
    page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
    await goto(page, `/discussion-detail/${did}`);
    await page.getByTestId('comment-reply').waitFor();
    // Click every link that survived, in case one is active.
    for (const a of await page.locator('.markdown-body a').all()) await a.click({ modifiers: ['Control'] }).catch(() => undefined);
    await page.waitForTimeout(500);
    const report = await page.evaluate(() => {
      const bodies = Array.from(document.querySelectorAll('.markdown-body'));
      const all = bodies.flatMap((b) => Array.from(b.querySelectorAll('*')));
      return {
        xss: (window as unknown as { __xss?: number }).__xss ?? null,
        bodies: bodies.length,
        handlers: all.flatMap((e) => [...e.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${e.tagName} ${a.name}`)),
        active: all.filter((e) => ['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'STYLE', 'MATH'].includes(e.tagName)).map((e) => e.tagName),
        urls: all.flatMap((e) => ['href', 'src', 'xlink:href'].map((n) => e.getAttribute(n) ?? '')).filter((v) => /^\s*(javascript|data:text|vbscript)/i.test(v.replace(/[\s\u0000-\u001f]/g, ''))),
      };
    });
    expect(report).toEqual({ xss: null, bodies: 3, handlers: [], active: [], urls: [] });
    expect(dialogs).toEqual([]);
    await shot(page, 'discussion-xss-en-1280');
  });
});


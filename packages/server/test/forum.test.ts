import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { MIN, Role, call, contest, problem, user, type CUser } from './contest-fixtures.js';
import { forumCalls } from './forum-fixtures.js';

/**
 * Forum, comment area, likes, reports and the message centre (spec 01 §6, spec 02 §6, spec 03 §6)
 * on a real database: every permission rule, the message each event creates, the unread counters
 * after read, delete and clean, and bad input that saves nothing.
 */
let t: TestApp;
let a: CUser, b: CUser, c: CUser, admin: CUser, padmin: CUser, root: CUser, muted: CUser, noPost: CUser;
const HOUR = 60 * MIN;

async function switches(over: Record<string, unknown>) {
  const cur = await t.ctx.services.siteConfig.switches();
  await t.ctx.services.siteConfig.set('switch', { ...cur, ...over });
}
const { unread, post, comment } = forumCalls(() => t, {
  post: { title: 'How to solve 1000?', description: 'A question', content: '# Hi\n\nCode?', pid: '1000' }, comment: 'Use long long.',
});
const count = async (table: 'discussion' | 'comment' | 'reply' | 'msg_remind' | 'discussion_like' | 'comment_like') =>
  Number((await t.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const detail = (did: number, as?: CUser) => call(t, 'GET', '/get-discussion-detail', { as, query: { did } });

beforeAll(async () => {
  t = await createTestApp();
  a = await user(t, 'alice');
  b = await user(t, 'bob');
  c = await user(t, 'carol');
  admin = await user(t, 'admin1', Role.ADMIN);
  padmin = await user(t, 'padmin', Role.PROBLEM_ADMIN);
  root = await user(t, 'root1', Role.ROOT);
  muted = await user(t, 'muted1', Role.MUTED);
  noPost = await user(t, 'nopost', Role.NO_DISCUSS);
  await problem(t, '1000');
  await switches({ discussionInterval: 0, commentInterval: 0 });
});
afterAll(async () => { await t?.close(); });

describe('discussions', () => {
  it('lists pinned first with filters, counts a view once per viewer per day, hides disabled ones', async () => {
    const d1 = await post(a, { title: 'first' });
    const d2 = await post(b, { title: 'second', pid: null, categoryId: 2 });
    const pinned = await post(admin, { title: 'rules', topPriority: true, pid: null });
    const notPinned = await post(a, { title: 'tries to pin', topPriority: true, pid: null });
    const list = await call(t, 'GET', '/get-discussion-list', { query: { currentPage: 1, limit: 10 } });
    expect(list.data.records.map((r: any) => r.id)).toEqual([pinned, notPinned, d2, d1]);
    expect(list.data.records[0]).toMatchObject({ topPriority: true, author: 'admin1', role: 'admin', categoryName: expect.any(String), content: null });
    expect((await call(t, 'GET', '/get-discussion-list', { query: { pid: '1000' } })).data.records.map((r: any) => r.id)).toEqual([d1]);
    expect((await call(t, 'GET', '/get-discussion-list', { query: { cid: 2 } })).data.records.map((r: any) => r.id)).toEqual([d2]);
    expect((await call(t, 'GET', '/get-discussion-list', { as: b, query: { onlyMine: true } })).data.records.map((r: any) => r.id)).toEqual([d2]);
    expect((await call(t, 'GET', '/get-discussion-list', { query: { keyword: 'second' } })).data.total).toBe(1);
    expect((await call(t, 'GET', '/get-discussion-list', { query: { keyword: 'bob' } })).data.records.map((r: any) => r.id)).toEqual([d2]);

    expect((await detail(d1, b)).data.viewNum).toBe(1);
    expect((await detail(d1, b)).data.viewNum).toBe(1);
    expect((await detail(d1, c)).data).toMatchObject({ viewNum: 2, content: '# Hi\n\nCode?', hasLike: false });

    for (const id of [d2, pinned, notPinned]) expect((await call(t, 'DELETE', '/discussion', { as: id === pinned ? admin : id === d2 ? b : a, query: { did: id } })).code).toBe(200);
    expect((await call(t, 'PUT', '/admin/discussion', { as: admin, body: { id: d1, status: 1 } })).code).toBe(200);
    expect((await call(t, 'GET', '/get-discussion-list', {})).data.total).toBe(0);
    const byUrl = await detail(d1, b);
    expect(byUrl.code).toBe(403);
    expect(byUrl.msg).toMatch(/disabled/);
    expect((await call(t, 'GET', '/get-discussion-detail', { as: b, lang: 'zh-CN', query: { did: d1 } })).msg).toBe('该讨论已被管理员封禁');
    expect((await call(t, 'GET', '/get-discussion-list', { as: admin, query: { admin: true } })).data.records.map((r: any) => [r.id, r.status])).toEqual([[d1, 1]]);
    // The author is told in the mine tab.
    expect((await unread(a)).mine).toBe(1);
    const mine = await call(t, 'GET', '/msg/mine', { as: a });
    expect(mine.data.records[0]).toMatchObject({ type: 'Mine', state: false, title: expect.stringContaining('Your discussion was disabled') });
    expect((await unread(a)).mine).toBe(0);
    await call(t, 'DELETE', '/admin/discussion', { as: admin, body: [d1] });
  });

  it('edit: author or site admin; pin only by site admins; delete: author or site admin; others 403', async () => {
    const d = await post(a);
    const body = { id: d, title: 'edited', description: 'x', content: 'y', categoryId: 1, topPriority: true };
    expect((await call(t, 'PUT', '/discussion', { as: b, body })).code).toBe(403);
    expect((await call(t, 'PUT', '/discussion', { as: a, body })).code).toBe(200);
    expect((await detail(d, a)).data).toMatchObject({ title: 'edited', topPriority: false });
    expect((await call(t, 'PUT', '/discussion', { as: admin, body })).code).toBe(200);
    expect((await detail(d, a)).data.topPriority).toBe(true);
    expect((await call(t, 'DELETE', '/discussion', { as: b, query: { did: d } })).code).toBe(403);
    expect((await call(t, 'DELETE', '/discussion', { as: padmin, query: { did: d } })).code).toBe(403);
    expect((await call(t, 'DELETE', '/discussion', { query: { did: d } })).code).toBe(401);
    expect((await call(t, 'DELETE', '/discussion', { as: root, query: { did: d } })).code).toBe(200);
    expect((await detail(d, a)).code).toBe(404);
    // Admin area: any admin-area role pins and disables; a user may not.
    const d2 = await post(a);
    expect((await call(t, 'PUT', '/admin/discussion', { as: a, body: { id: d2, topPriority: true } })).code).toBe(403);
    expect((await call(t, 'PUT', '/admin/discussion', { as: padmin, body: { id: d2, topPriority: true } })).code).toBe(200);
    expect((await detail(d2, a)).data.topPriority).toBe(true);
    await call(t, 'DELETE', '/discussion', { as: a, query: { did: d2 } });
  });

  it('refuses bad input with bilingual messages and saves nothing', async () => {
    const before = await count('discussion');
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ title: '   ' }, /Title is required/], [{ title: 'x'.repeat(256) }, /Title Can not exceed 255/],
      [{ description: '' }, /Description is required/], [{ content: '' }, /Content is required/],
      [{ content: 'x'.repeat(65536) }, /Content Can not exceed 65535/], [{ categoryId: null }, /Category is required/],
      [{ categoryId: 999 }, /category does not exist/], [{ pid: 'NOPE' }, /problem does not exist/],
    ];
    for (const [over, msg] of bad) {
      const res = await call(t, 'POST', '/discussion', { as: a, body: { title: 't', description: 'd', content: 'c', categoryId: 1, ...over } });
      expect(res.code, JSON.stringify(over).slice(0, 50)).toBeGreaterThanOrEqual(400);
      expect(res.code).toBeLessThan(500);
      expect(res.msg).toMatch(msg);
    }
    expect((await call(t, 'POST', '/discussion', { as: a, lang: 'zh-CN', body: { title: '', description: 'd', content: 'c', categoryId: 1 } })).msg).toBe('标题 为必填项');
    expect((await call(t, 'POST', '/discussion', { body: { title: 't', description: 'd', content: 'c', categoryId: 1 } })).code).toBe(401);
    expect((await call(t, 'POST', '/discussion', { as: noPost, body: { title: 't', description: 'd', content: 'c', categoryId: 1 } })).code).toBe(403);
    expect(await count('discussion')).toBe(before);
  });

  it('closes the forum with the public-discussion switch', async () => {
    const d = await post(a);
    await switches({ openPublicDiscussion: false });
    try {
      const closed = [await call(t, 'GET', '/get-discussion-list', {}), await call(t, 'GET', '/get-discussion-list', { as: b, query: { admin: true } }), await detail(d, a),
        await call(t, 'POST', '/comment', { as: b, body: { did: d, content: 'x' } })];
      for (const res of closed) {
        expect(res.code).toBe(403);
        expect(res.msg).toBe('No Access');
      }
      // The admin area still lists them.
      expect((await call(t, 'GET', '/get-discussion-list', { as: admin, query: { admin: true } })).code).toBe(200);
    } finally { await switches({ openPublicDiscussion: true }); }
    await call(t, 'DELETE', '/discussion', { as: a, query: { did: d } });
  });

  it('categories: anyone lists, only the super admin replaces the list; a used category stays', async () => {
    const list = (await call(t, 'GET', '/discussion-category', {})).data as { id: number; name: string }[];
    expect(list.length).toBeGreaterThan(0);
    expect((await call(t, 'POST', '/discussion-category', { as: admin, body: [...list, { name: 'New' }] })).code).toBe(403);
    const res = await call(t, 'POST', '/discussion-category', { as: root, body: [...list.map((x) => ({ ...x, name: x.id === 1 ? 'Solutions' : x.name })), { name: 'New' }] });
    expect(res.code).toBe(200);
    expect(res.data.find((x: any) => x.id === 1).name).toBe('Solutions');
    const added = res.data.find((x: any) => x.name === 'New');
    const d = await post(a, { categoryId: added.id });
    const drop = await call(t, 'POST', '/discussion-category', { as: root, body: list });
    expect(drop.code).toBe(400);
    expect(drop.msg).toMatch(/still has discussions/);
    await call(t, 'DELETE', '/discussion', { as: a, query: { did: d } });
    expect((await call(t, 'POST', '/discussion-category', { as: root, body: list })).data.length).toBe(list.length);
  });
});

describe('comments, replies, likes and the messages they create', () => {
  it('runs the whole conversation and keeps counters right through read, delete and clean', async () => {
    const d = await post(a);
    const cm = await comment(b, d, 'Try DP');
    expect(await unread(a)).toMatchObject({ comment: 1, reply: 0, like: 0 });
    // Like the discussion and the comment; a second like is refused.
    expect((await call(t, 'GET', '/discussion-like', { as: b, query: { did: d, toLike: true } })).code).toBe(200);
    const twice = await call(t, 'GET', '/discussion-like', { as: b, query: { did: d, toLike: true } });
    expect([twice.code, twice.msg]).toEqual([400, 'You have already liked this']);
    expect((await call(t, 'GET', '/comment-like', { as: a, query: { cid: cm, toLike: true, sourceId: d, sourceType: 'Discussion' } })).code).toBe(200);
    expect((await call(t, 'GET', '/comment-like', { as: a, query: { cid: cm, toLike: true, sourceId: d, sourceType: 'Discussion' } })).code).toBe(400);
    expect(await unread(a)).toMatchObject({ comment: 1, like: 1 });
    expect(await unread(b)).toMatchObject({ like: 1 });
    expect((await detail(d, b)).data).toMatchObject({ likeNum: 1, hasLike: true, commentNum: 1 });

    // A reads the discuss tab: the message, then the counter is 0.
    const dm = await call(t, 'GET', '/msg/comment', { as: a });
    expect(dm.data.records).toEqual([expect.objectContaining({ action: 'Discuss', sourceType: 'Discussion', sourceId: d, sourceContent: 'Try DP',
      senderUsername: 'bob', url: `/discussion-detail/${d}`, state: false, sourceTitle: 'How to solve 1000?' })]);
    expect((await unread(a)).comment).toBe(0);
    expect((await call(t, 'GET', '/msg/comment', { as: a })).data.records[0].state).toBe(true);
    const lm = await call(t, 'GET', '/msg/like', { as: a });
    expect(lm.data.records.map((r: any) => r.action)).toEqual(['Like_Post']);

    // A replies to B's comment; C replies to A's reply (quoting it).
    const r1 = await call(t, 'POST', '/reply', { as: a, body: { did: d, quoteId: cm, quoteType: 'Comment', reply: { commentId: cm, content: 'Thanks!', toUid: b.uid } } });
    expect(r1.data).toMatchObject({ commentId: cm, fromName: 'alice', toName: 'bob', content: 'Thanks!' });
    const r2 = await call(t, 'POST', '/reply', { as: c, body: { did: d, quoteId: r1.data.id, quoteType: 'Reply', reply: { commentId: cm, content: 'me too' } } });
    expect(r2.data.toName).toBe('alice');
    expect(await unread(b)).toMatchObject({ reply: 1 });
    expect(await unread(a)).toMatchObject({ reply: 1 });
    const rm = await call(t, 'GET', '/msg/reply', { as: b });
    expect(rm.data.records[0]).toMatchObject({ action: 'Reply', quoteType: 'Comment', quoteContent: 'Try DP', sourceContent: 'Thanks!', senderUsername: 'alice' });
    expect((await detail(d, b)).data.commentNum).toBe(3);

    // First 3 replies with the comment, all of them on request.
    for (let i = 0; i < 3; i++) await call(t, 'POST', '/reply', { as: b, body: { did: d, quoteId: cm, quoteType: 'Comment', reply: { commentId: cm, content: `r${i}` } } });
    const list = await call(t, 'GET', '/comments', { as: a, query: { did: d, currentPage: 1, limit: 10 } });
    expect(list.data.commentList.records[0]).toMatchObject({ id: cm, totalReplyNum: 5, likeNum: 1 });
    expect(list.data.commentList.records[0].replyList.map((r: any) => r.content)).toEqual(['Thanks!', 'me too', 'r0']);
    expect(list.data.commentLikeMap).toEqual({ [cm]: true });
    expect((await call(t, 'GET', '/reply', { query: { commentId: cm } })).data).toHaveLength(5);

    // Deleting C's reply takes its unread message off A's counter at once.
    expect((await call(t, 'DELETE', '/reply', { as: b, body: { did: d, reply: { id: r2.data.id } } })).code).toBe(403);
    expect((await call(t, 'DELETE', '/reply', { as: c, body: { did: d, reply: { id: r2.data.id } } })).code).toBe(200);
    expect((await unread(a)).reply).toBe(0);
    expect((await detail(d, b)).data.commentNum).toBe(5);

    // A comment by C, then a padmin (admin-area role) deletes it: its message goes too.
    const cm2 = await comment(c, d, 'spam');
    expect((await unread(a)).comment).toBe(1);
    expect((await call(t, 'DELETE', '/comment', { as: b, body: { id: cm2 } })).code).toBe(403);
    expect((await call(t, 'DELETE', '/comment', { as: padmin, body: { id: cm2 } })).code).toBe(200);
    expect((await unread(a)).comment).toBe(0);
    expect((await call(t, 'GET', '/msg/comment', { as: a })).data.total).toBe(1);

    // Replying to a deleted comment: 404, nothing saved.
    const before = await count('reply');
    const gone = await call(t, 'POST', '/reply', { as: b, body: { did: d, reply: { commentId: cm2, content: 'late' } } });
    expect([gone.code, gone.msg]).toEqual([404, 'The comment does not exist or has been deleted']);
    expect(await count('reply')).toBe(before);

    // B deletes own comment: replies go, the discussion's count follows, B's reply message to... and A's like message is still there.
    expect((await call(t, 'DELETE', '/comment', { as: b, body: { id: cm } })).code).toBe(200);
    expect((await detail(d, b)).data.commentNum).toBe(0);
    expect((await call(t, 'GET', '/msg/reply', { as: b })).data.total).toBe(0);
    expect((await call(t, 'GET', '/msg/like', { as: b })).data.total).toBe(0);

    // Clean: one message, then a whole tab.
    const c2 = await comment(b, d, 'one');
    await comment(c, d, 'two');
    expect((await unread(a)).comment).toBe(2);
    const msgs = await t.ctx.db.selectFrom('msg_remind').select('id').where('recipient_id', '=', a.uid).where('tab', '=', 'comment').where('state', '=', 0).orderBy('id').execute();
    expect((await call(t, 'DELETE', '/msg/clean', { as: b, query: { type: 'Discuss', id: msgs[0].id } })).code).toBe(404);
    expect((await call(t, 'DELETE', '/msg/clean', { as: a, query: { type: 'Discuss', id: msgs[0].id } })).code).toBe(200);
    expect((await unread(a)).comment).toBe(1);
    expect((await call(t, 'DELETE', '/msg/clean', { as: a, query: { type: 'Discuss' } })).code).toBe(200);
    expect((await unread(a)).comment).toBe(0);
    expect((await call(t, 'GET', '/msg/comment', { as: a })).data.total).toBe(0);
    expect((await call(t, 'DELETE', '/msg/clean', { as: a, query: { type: 'Nope' } })).code).toBe(400);

    // Unlike: counts back; unliking twice is refused.
    expect((await call(t, 'GET', '/discussion-like', { as: b, query: { did: d, toLike: false } })).code).toBe(200);
    expect((await call(t, 'GET', '/discussion-like', { as: b, query: { did: d, toLike: false } })).code).toBe(400);
    expect((await detail(d, b)).data.likeNum).toBe(0);

    // Deleting the discussion removes its comments and every message about it.
    await comment(b, d, 'again');
    expect((await unread(a)).comment).toBe(1);
    expect((await call(t, 'DELETE', '/discussion', { as: a, query: { did: d } })).code).toBe(200);
    expect((await unread(a)).comment).toBe(0);
    expect(await t.ctx.db.selectFrom('comment').select('id').where('did', '=', d).execute()).toEqual([]);
    expect(c2).toBeGreaterThan(0);
  });

  it('refuses empty, too long, muted and anonymous comments; nothing half-saved', async () => {
    const d = await post(a);
    const before = [await count('comment'), await count('msg_remind')];
    const cases: [CUser | undefined, unknown, number, RegExp][] = [
      [b, { did: d, content: '   ' }, 400, /^Content cannot be empty$/],
      [b, { did: d, content: 'x'.repeat(10_001) }, 400, /cannot exceed 10000/],
      [b, { content: 'no target' }, 400, /belongs to a discussion/],
      [b, { did: 999999, content: 'x' }, 404, /discussion does not exist/],
      [muted, { did: d, content: 'hi' }, 403, /muted/],
      [undefined, { did: d, content: 'hi' }, 401, /login/],
    ];
    for (const [as, body, code, msg] of cases) {
      const res = await call(t, 'POST', '/comment', { as, body });
      expect([res.code, res.msg]).toEqual([code, expect.stringMatching(msg)]);
    }
    expect((await call(t, 'POST', '/comment', { as: b, lang: 'zh-CN', body: { did: d, content: '' } })).msg).toBe('内容不能为空');
    expect((await call(t, 'POST', '/comment', { as: b, body: { did: d, content: 'x'.repeat(10_000) } })).code).toBe(200);
    const cm = (await call(t, 'GET', '/comments', { query: { did: d } })).data.commentList.records[0].id;
    expect((await call(t, 'POST', '/reply', { as: muted, body: { did: d, reply: { commentId: cm, content: 'x' } } })).code).toBe(403);
    expect((await call(t, 'POST', '/reply', { as: c, body: { did: d, reply: { commentId: cm, content: 'x'.repeat(10_001) } } })).code).toBe(400);
    expect((await call(t, 'POST', '/discussion-report', { as: b, body: { did: 999999, content: '#spam' } })).code).toBe(404);
    expect((await call(t, 'POST', '/discussion-report', { as: b, body: { did: d, content: '  ' } })).msg).toBe('report label and reason cannot be empty');
    expect((await call(t, 'POST', '/discussion-report', { body: { did: d, content: '#spam' } })).code).toBe(401);
    expect(await count('comment')).toBe(before[0] + 1);
    expect(await count('msg_remind')).toBe(before[1] + 1);
    await call(t, 'DELETE', '/discussion', { as: a, query: { did: d } });
  });

  it('rate-limits posting per user (site switch), atomically', async () => {
    await switches({ discussionInterval: 30, commentInterval: 5 });
    try {
      const d = await post(c);
      const again = await call(t, 'POST', '/discussion', { as: c, body: { title: 't', description: 'd', content: 'c', categoryId: 1 } });
      expect([again.code, again.msg]).toEqual([429, expect.stringMatching(/posting too fast, please wait (29|30) seconds/)]);
      // Five comments at once: exactly one passes.
      const burst = await Promise.all([1, 2, 3, 4, 5].map((i) => call(t, 'POST', '/comment', { as: b, body: { did: d, content: `c${i}` } })));
      expect(burst.map((r) => r.code).sort()).toEqual([200, 429, 429, 429, 429]);
      expect((await detail(d, c)).data.commentNum).toBe(1);
      // Admins are not throttled.
      await post(admin, { pid: null });
      await post(admin, { pid: null });
    } finally { await switches({ discussionInterval: 0, commentInterval: 0 }); }
  });
});

describe('reports and system notices', () => {
  it('lists reports for admin-area roles with a handled state', async () => {
    const d = await post(a, { title: 'bad post' });
    expect((await call(t, 'POST', '/discussion-report', { as: b, body: { did: d, content: '#spam ads everywhere', reporter: 'forged' } })).code).toBe(200);
    expect((await call(t, 'GET', '/admin/discussion-report', { as: b })).code).toBe(403);
    const list = await call(t, 'GET', '/admin/discussion-report', { as: padmin, query: { currentPage: 1, limit: 10 } });
    const rep = list.data.records.find((r: any) => r.did === d);
    expect(rep).toMatchObject({ reporter: 'bob', content: '#spam ads everywhere', discussionTitle: 'bad post', discussionAuthor: 'alice', status: false });
    expect((await call(t, 'PUT', '/admin/discussion-report', { as: admin, body: { id: rep.id, status: true } })).code).toBe(200);
    expect((await call(t, 'GET', '/admin/discussion-report', { as: admin })).data.records.find((r: any) => r.id === rep.id).status).toBe(true);
    expect((await call(t, 'PUT', '/admin/discussion-report', { as: admin, body: { id: 999999, status: true } })).code).toBe(404);
  });

  it('a system notice reaches every user as sys, counted, and its deletion takes the count back', async () => {
    const before = (await unread(c)).sys;
    const n = await call(t, 'POST', '/admin/msg/notice', { as: root, body: { title: 'Maintenance', content: 'Tonight' } });
    expect(n.code).toBe(200);
    expect((await unread(c)).sys).toBe(before + 1);
    const n2 = await call(t, 'POST', '/admin/msg/notice', { as: root, body: { title: 'Second', content: 'x' } });
    expect((await unread(c)).sys).toBe(before + 2);
    await call(t, 'DELETE', '/admin/msg/notice', { as: root, query: { id: n2.data.id } });
    expect((await unread(c)).sys).toBe(before + 1);
    const sys = await call(t, 'GET', '/msg/sys', { as: c });
    expect(sys.data.records[0]).toMatchObject({ title: 'Maintenance', content: 'Tonight', state: false, type: 'Sys' });
    expect((await unread(c)).sys).toBe(0);
    // Personal notices stay out of the admin's notice list.
    expect((await call(t, 'GET', '/admin/msg/notice', { as: root })).data.records.every((r: any) => r.title !== 'Your discussion was disabled')).toBe(true);
    expect((await call(t, 'GET', '/msg/sys', {})).code).toBe(401);
  });
});

describe('contest Comment tab', () => {
  it('follows the contest-comment switch, the contest reply rule and contest-admin deletes', async () => {
    const org = await user(t, 'org', Role.ADMIN);
    const now = Date.now();
    const cid = await contest(t, org, { startTime: now - MIN, endTime: now + HOUR, type: 0, auth: 0 });
    const q1 = await call(t, 'POST', '/comment', { as: b, body: { cid, content: 'Is n ≤ 10^5?' } });
    expect(q1.code, q1.msg).toBe(200);
    const q2 = await call(t, 'POST', '/comment', { as: c, body: { cid, content: 'My own question' } });
    const ans = await call(t, 'POST', '/comment', { as: org, body: { cid, content: 'Clarification: yes' } });
    // While running, a participant sees own comments and the contest admin's, not other participants'.
    const seen = (await call(t, 'GET', '/comments', { as: b, query: { cid } })).data.commentList.records.map((r: any) => r.id);
    expect(seen.sort()).toEqual([q1.data.id, ans.data.id].sort());
    expect((await call(t, 'GET', '/comments', { as: org, query: { cid } })).data.commentList.total).toBe(3);
    // Reply rule: C may not reply to B's comment; may reply to the owner's; the admin may reply to anyone.
    const deny = await call(t, 'POST', '/reply', { as: c, body: { reply: { commentId: q1.data.id, content: 'me?' } } });
    expect([deny.code, deny.msg]).toEqual([403, 'In a contest only the contest admin may reply to comments of others']);
    expect((await call(t, 'POST', '/reply', { as: c, body: { reply: { commentId: ans.data.id, content: 'thanks' } } })).code).toBe(200);
    const adm = await call(t, 'POST', '/reply', { as: org, body: { quoteId: q1.data.id, quoteType: 'Comment', reply: { commentId: q1.data.id, content: 'Yes.' } } });
    expect(adm.code).toBe(200);
    const rm = await call(t, 'GET', '/msg/reply', { as: b });
    expect(rm.data.records[0]).toMatchObject({ sourceType: 'Contest', sourceId: cid, url: `/contest/${cid}/comment` });
    // Deletes: not by another participant; by the contest admin.
    expect((await call(t, 'DELETE', '/comment', { as: c, body: { id: q1.data.id } })).code).toBe(403);
    expect((await call(t, 'DELETE', '/comment', { as: admin, body: { id: q1.data.id } })).code).toBe(403);
    expect((await call(t, 'DELETE', '/comment', { as: org, body: { id: q1.data.id } })).code).toBe(200);
    expect((await call(t, 'DELETE', '/comment', { as: c, body: { id: q2.data.id } })).code).toBe(200);
    // The switch closes the tab.
    await switches({ openContestComment: false });
    try {
      const res = await call(t, 'GET', '/comments', { as: b, query: { cid } });
      expect([res.code, res.msg]).toEqual([403, 'No Access']);
    } finally { await switches({ openContestComment: true }); }
    expect((await call(t, 'GET', '/comments', { query: { cid } })).code).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migrator } from 'kysely';
import { createTestApp, type TestApp } from './helpers.js';
import { call, type CUser } from './contest-fixtures.js';
import { forumCalls, forumCast } from './forum-fixtures.js';
import { migrateToLatest } from '../src/db/index.js';
import { migrationProvider } from '../src/db/migrations/index.js';
import { withoutPreparedStatements } from '../src/db/pg-prepared.js';

/**
 * Message-centre tab totals kept in user_msg_count (issue 14, migration 0020): a message page
 * reads its total from the counter instead of counting the tab. On SQLite and PostgreSQL, through
 * every path that adds, reads or deletes messages (comments, replies, likes, personal and system
 * notices; reading a tab; deleting comments, replies, discussions and notices; cleaning one message
 * or a tab; deletes racing each other), the total each page returns equals the rows the tab
 * holds, and every counter equals a count from scratch.
 */
let t: TestApp;
let a: CUser, b: CUser, c: CUser, admin: CUser, root: CUser;

const TABS = [
  { url: '/msg/comment', tab: 'comment', table: 'msg_remind' },
  { url: '/msg/reply', tab: 'reply', table: 'msg_remind' },
  { url: '/msg/like', tab: 'like', table: 'msg_remind' },
  { url: '/msg/sys', tab: 'sys', table: 'user_sys_notice', type: 'Sys' },
  { url: '/msg/mine', tab: 'mine', table: 'user_sys_notice', type: 'Mine' },
] as const;
type TabName = (typeof TABS)[number]['tab'];

/** The rows a user's tab holds, and how many are unread, counted from the tables. */
async function rowsOf(u: CUser, tab: (typeof TABS)[number]) {
  const q = tab.table === 'msg_remind'
    ? t.ctx.db.selectFrom('msg_remind').select('state').where('recipient_id', '=', u.uid).where('tab', '=', tab.tab)
    : t.ctx.db.selectFrom('user_sys_notice').select('state').where('recipient_uid', '=', u.uid).where('type', '=', tab.type);
  const rows = await q.execute();
  return { total: rows.length, unread: rows.filter((r) => r.state === 0).length };
}

/** Every user's counters against a count from scratch (a missing counter row counts as zeros). */
async function countersMatchRows() {
  const counters = new Map((await t.ctx.db.selectFrom('user_msg_count').selectAll().execute()).map((r) => [r.uid, r]));
  const users = await t.ctx.db.selectFrom('user').select(['id', 'username']).execute();
  const got: Record<string, unknown> = {};
  const want: Record<string, unknown> = {};
  for (const u of users) {
    const row = counters.get(u.id) as Record<string, number> | undefined;
    for (const tab of TABS) {
      const real = await rowsOf({ uid: u.id } as CUser, tab);
      got[`${u.username}.${tab.tab}`] = { total: Number(row?.[`${tab.tab}_total`] ?? 0), unread: Number(row?.[tab.tab] ?? 0) };
      want[`${u.username}.${tab.tab}`] = real;
    }
  }
  expect(got).toEqual(want);
}

/** The total a user's page returns, beside the rows the tab holds (page 1 and a page past the end). */
async function pageTotals(u: CUser) {
  const out: Record<string, [number, number, number]> = {};
  for (const tab of TABS) {
    const first = await call(t, 'GET', tab.url, { as: u, query: { currentPage: 1, limit: 2 } });
    expect(first.code, first.msg).toBe(200);
    const past = await call(t, 'GET', tab.url, { as: u, query: { currentPage: 50, limit: 2 } });
    out[tab.tab] = [first.data.total, past.data.total, (await rowsOf(u, tab)).total];
  }
  return out;
}
const agree = (totals: Record<string, [number, number, number]>) =>
  Object.fromEntries(Object.entries(totals).map(([k, [first, past, rows]]) => [k, first === rows && past === rows]));
const allAgree = { comment: true, reply: true, like: true, sys: true, mine: true };

const { post, comment, reply } = forumCalls(() => t, { post: { title: 'Totals' } });
const unread = async (u: CUser) => (await call(t, 'GET', '/msg/unread', { as: u })).data as Record<TabName, number>;
const oneMessage = async (u: CUser, tab: 'comment' | 'like', sourceContent?: string) => {
  let q = t.ctx.db.selectFrom('msg_remind').select('id').where('recipient_id', '=', u.uid).where('tab', '=', tab);
  if (sourceContent) q = q.where('source_content', '=', sourceContent);
  return (await q.orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
};

beforeAll(async () => {
  t = await createTestApp();
  ({ a, b, c, admin, root } = await forumCast(t));
});
afterAll(async () => { await t?.close(); });

describe('message tab totals kept in the counters', () => {
  it('follow comments, replies and likes, reading a tab, and deleting a reply, a comment and a discussion', async () => {
    const d = await post(a);
    const cms: number[] = [];
    for (let i = 0; i < 5; i++) cms.push(await comment(i % 2 ? b : c, d, `comment ${i}`));
    await call(t, 'GET', '/discussion-like', { as: b, query: { did: d, toLike: true } });
    await call(t, 'GET', '/comment-like', { as: a, query: { cid: cms[0], toLike: true, sourceId: d, sourceType: 'Discussion' } });
    const r = await reply(a, cms[1]);
    await reply(b, cms[1]);
    expect(await unread(a)).toMatchObject({ comment: 5, like: 1 });
    expect(await unread(b)).toMatchObject({ reply: 1 });
    await countersMatchRows();
    // Reading page 1 marks the tab read: the unread count goes, the total stays.
    const page = await call(t, 'GET', '/msg/comment', { as: a, query: { currentPage: 1, limit: 2 } });
    expect([page.data.total, page.data.records.length]).toEqual([5, 2]);
    expect((await unread(a)).comment).toBe(0);
    expect((await call(t, 'GET', '/msg/comment', { as: a, query: { currentPage: 3, limit: 2 } })).data).toMatchObject({ total: 5, records: [expect.anything()] });
    await countersMatchRows();
    // Deletes take their messages off the totals: a reply, then a comment with its like and replies.
    expect((await call(t, 'DELETE', '/reply', { as: a, body: { reply: { id: r } } })).code).toBe(200);
    expect((await call(t, 'DELETE', '/comment', { as: admin, body: { id: cms[1] } })).code).toBe(200);
    expect((await call(t, 'DELETE', '/comment', { as: admin, body: { id: cms[0] } })).code).toBe(200);
    expect(agree(await pageTotals(a))).toEqual(allAgree);
    expect(agree(await pageTotals(b))).toEqual(allAgree);
    expect(agree(await pageTotals(c))).toEqual(allAgree);
    expect((await call(t, 'GET', '/msg/comment', { as: a })).data.total).toBe(3);
    await countersMatchRows();
    // The whole discussion: every message about it goes; the admin's deletion tells the author (Mine).
    expect((await call(t, 'DELETE', '/admin/discussion', { as: admin, body: [d] })).code).toBe(200);
    expect((await call(t, 'GET', '/msg/comment', { as: a })).data.total).toBe(0);
    expect((await call(t, 'GET', '/msg/like', { as: a })).data.total).toBe(0);
    expect(agree(await pageTotals(a))).toEqual(allAgree);
    await countersMatchRows();
  });

  it('follow cleaning one message and a whole tab, for reminders and for notices', async () => {
    const d = await post(c);
    for (let i = 0; i < 4; i++) await comment(a, d, `for cat ${i}`);
    const id = await oneMessage(c, 'comment', 'for cat 2');
    expect((await call(t, 'DELETE', '/msg/clean', { as: c, query: { type: 'Discuss', id } })).code).toBe(200);
    // The same message again: gone, and nothing moves.
    expect((await call(t, 'DELETE', '/msg/clean', { as: c, query: { type: 'Discuss', id } })).code).toBe(404);
    expect((await call(t, 'GET', '/msg/comment', { as: c, query: { limit: 6 } })).data.total).toBe(3);
    expect((await call(t, 'DELETE', '/msg/clean', { as: c, query: { type: 'Discuss' } })).code).toBe(200);
    expect((await call(t, 'GET', '/msg/comment', { as: c })).data).toMatchObject({ total: 0, records: [] });
    // Notices: two system notices to everyone, a personal one from a disabled discussion.
    await call(t, 'POST', '/admin/msg/notice', { as: root, body: { title: 'One', content: '1' } });
    await call(t, 'POST', '/admin/msg/notice', { as: root, body: { title: 'Two', content: '2' } });
    await call(t, 'PUT', '/admin/discussion', { as: admin, body: { id: d, status: 1 } });
    expect((await call(t, 'GET', '/msg/sys', { as: c })).data.total).toBe(2);
    expect((await call(t, 'GET', '/msg/mine', { as: c })).data.total).toBe(1);
    await countersMatchRows();
    const copy = await t.ctx.db.selectFrom('user_sys_notice').select('id').where('recipient_uid', '=', b.uid).where('type', '=', 'Sys').orderBy('id').executeTakeFirstOrThrow();
    expect((await call(t, 'DELETE', '/msg/clean', { as: b, query: { type: 'Sys', id: copy.id } })).code).toBe(200);
    expect((await call(t, 'GET', '/msg/sys', { as: b })).data.total).toBe(1);
    expect((await call(t, 'DELETE', '/msg/clean', { as: c, query: { type: 'Mine' } })).code).toBe(200);
    expect((await call(t, 'GET', '/msg/mine', { as: c })).data.total).toBe(0);
    for (const u of [a, b, c, admin]) expect(agree(await pageTotals(u))).toEqual(allAgree);
    await countersMatchRows();
  });

  it('follow the deletion of a system notice, read by some, unread by others, already cleaned by one', async () => {
    const n = await call(t, 'POST', '/admin/msg/notice', { as: root, body: { title: 'Three', content: '3' } });
    const before = (await call(t, 'GET', '/msg/sys', { as: a, query: { limit: 1 } })).data.total;
    await call(t, 'GET', '/msg/sys', { as: b });
    const cCopy = await t.ctx.db.selectFrom('user_sys_notice').select('id').where('recipient_uid', '=', c.uid).where('sys_notice_id', '=', n.data.id).executeTakeFirstOrThrow();
    expect((await call(t, 'DELETE', '/msg/clean', { as: c, query: { type: 'Sys', id: cCopy.id } })).code).toBe(200);
    expect((await call(t, 'DELETE', '/admin/msg/notice', { as: root, query: { id: n.data.id } })).code).toBe(200);
    expect((await call(t, 'GET', '/msg/sys', { as: a })).data.total).toBe(before - 1);
    for (const u of [a, b, c, root]) expect(agree(await pageTotals(u))).toEqual(allAgree);
    await countersMatchRows();
  });

  it('stay exact when deletes race: a comment deleted while its author cleans the message, a tab cleaned twice at once, a notice deleted while cleaned', async () => {
    const d = await post(a);
    const cms: number[] = [];
    for (let i = 0; i < 6; i++) cms.push(await comment(b, d, `race ${i}`));
    // Each comment's message is deleted by the comment's deletion and by the recipient's clean, at once.
    const msgs = await Promise.all([0, 1, 2].map((i) => oneMessage(a, 'comment', `race ${i}`)));
    const racing = await Promise.all(cms.slice(0, 3).flatMap((cm, i) => [
      call(t, 'DELETE', '/comment', { as: b, body: { id: cm } }),
      call(t, 'DELETE', '/msg/clean', { as: a, query: { type: 'Discuss', id: msgs[i] } }),
    ]));
    expect(racing.filter((x) => x.code !== 200 && x.code !== 404)).toEqual([]);
    expect((await call(t, 'GET', '/msg/comment', { as: a, query: { limit: 6 } })).data.total).toBe(3);
    await countersMatchRows();
    // The same message cleaned three times at once (twice over): each is counted once, the rest stay counted.
    const twice = await Promise.all([3, 4].map((i) => oneMessage(a, 'comment', `race ${i}`)));
    const cleans = await Promise.all(twice.flatMap((id) => [1, 2, 3].map(() => call(t, 'DELETE', '/msg/clean', { as: a, query: { type: 'Discuss', id } }))));
    expect(cleans.map((x) => x.code).sort()).toEqual([200, 200, 404, 404, 404, 404]);
    expect((await call(t, 'GET', '/msg/comment', { as: a, query: { limit: 6 } })).data.total).toBe(1);
    await countersMatchRows();
    // The whole tab cleaned three times at once, while the discussion goes too.
    await Promise.all([
      call(t, 'DELETE', '/msg/clean', { as: a, query: { type: 'Discuss' } }),
      call(t, 'DELETE', '/msg/clean', { as: a, query: { type: 'Discuss' } }),
      call(t, 'DELETE', '/msg/clean', { as: a, query: { type: 'Discuss' } }),
      call(t, 'DELETE', '/discussion', { as: a, query: { did: d } }),
    ]);
    expect((await call(t, 'GET', '/msg/comment', { as: a })).data.total).toBe(0);
    await countersMatchRows();
    // A notice deleted while two users clean their copies of it (one at a time and the whole tab).
    const n = await call(t, 'POST', '/admin/msg/notice', { as: root, body: { title: 'Race', content: 'r' } });
    const bCopy = await t.ctx.db.selectFrom('user_sys_notice').select('id').where('recipient_uid', '=', b.uid).where('sys_notice_id', '=', n.data.id).executeTakeFirstOrThrow();
    await Promise.all([
      call(t, 'DELETE', '/admin/msg/notice', { as: root, query: { id: n.data.id } }),
      call(t, 'DELETE', '/msg/clean', { as: b, query: { type: 'Sys', id: bCopy.id } }),
      call(t, 'DELETE', '/msg/clean', { as: c, query: { type: 'Sys' } }),
      call(t, 'GET', '/msg/sys', { as: a }),
    ]);
    for (const u of [a, b, c, root]) expect(agree(await pageTotals(u))).toEqual(allAgree);
    await countersMatchRows();
  });

  it('every tab pages its rows unread first, then newest, each with its sender and title', async () => {
    const d = await post(a, { title: 'Paged' });
    for (let i = 0; i < 3; i++) await comment(i % 2 ? b : c, d, `paged ${i}`);
    for (let i = 0; i < 3; i++) expect((await call(t, 'POST', '/admin/msg/notice', { as: root, body: { title: `Notice ${i}`, content: 'n' } })).code).toBe(200);
    const order = async (tab: (typeof TABS)[number]) => (tab.table === 'msg_remind'
      ? await t.ctx.db.selectFrom('msg_remind').select('id').where('recipient_id', '=', a.uid).where('tab', '=', tab.tab).orderBy('state').orderBy('id', 'desc').execute()
      : await t.ctx.db.selectFrom('user_sys_notice').select('id').where('recipient_uid', '=', a.uid).where('type', '=', tab.type).orderBy('state').orderBy('id', 'desc').execute()).map((r) => r.id);
    for (const tab of TABS.filter((x) => x.tab === 'comment' || x.tab === 'sys')) {
      // Half read, then two more unread: those come first.
      await call(t, 'GET', tab.url, { as: a, query: { currentPage: 1, limit: 100 } });
      if (tab.tab === 'comment') for (let i = 0; i < 2; i++) await comment(b, d, `later ${i}`);
      else for (let i = 0; i < 2; i++) await call(t, 'POST', '/admin/msg/notice', { as: root, body: { title: `Later ${i}`, content: 'n' } });
      const want = await order(tab);
      const first = await call(t, 'GET', tab.url, { as: a, query: { currentPage: 1, limit: 2 } });
      expect(first.data.records.map((r: { id: number }) => r.id), tab.url).toEqual(want.slice(0, 2));
      expect(first.data.records.map((r: { state: boolean }) => r.state)).toEqual([false, false]);
      // Reading page 1 read them all: the later pages are newest first.
      const now = await order(tab);
      const seen: number[] = [];
      for (let p = 2; (p - 1) * 2 < now.length; p++) {
        const res = await call(t, 'GET', tab.url, { as: a, query: { currentPage: p, limit: 2 } });
        expect(res.data.records.map((r: { id: number }) => r.id), `${tab.url} page ${p}`).toEqual(now.slice((p - 1) * 2, p * 2));
        seen.push(...res.data.records.map((r: { id: number }) => r.id));
        if (tab.tab === 'comment') for (const r of res.data.records) expect(r).toMatchObject({ sourceTitle: 'Paged', senderUsername: expect.stringMatching(/^(ben|cat)$/) });
        else {
          for (const r of res.data.records) {
            const n = await t.ctx.db.selectFrom('user_sys_notice as u').innerJoin('admin_sys_notice as n', 'n.id', 'u.sys_notice_id').select('n.title').where('u.id', '=', r.id).executeTakeFirstOrThrow();
            expect(r.title).toBe(n.title);
          }
        }
      }
      expect(seen).toEqual(now.slice(2));
    }
  });

  it('migration 0020 fills the totals of messages that were there before it', async () => {
    const d = await post(b);
    for (let i = 0; i < 3; i++) await comment(c, d, `old ${i}`);
    await call(t, 'POST', '/admin/msg/notice', { as: root, body: { title: 'Old', content: 'o' } });
    // A counter row lost (as on a site whose counters predate the totals): the backfill makes one.
    await t.ctx.db.deleteFrom('user_msg_count').where('uid', '=', b.uid).execute();
    const migrator = new Migrator({ db: t.ctx.db, provider: migrationProvider });
    // Back to just before 0020 (later migrations are undone first), then up again.
    const down = await withoutPreparedStatements(() => migrator.migrateTo('0019_submit_idempotency'));
    expect(down.results?.map((r) => [r.migrationName, r.status]).at(-1)).toEqual(['0020_msg_tab_totals', 'Success']);
    expect(down.results?.every((r) => r.status === 'Success')).toBe(true);
    await migrateToLatest(t.ctx.db);
    const row = await t.ctx.db.selectFrom('user_msg_count').selectAll().where('uid', '=', b.uid).executeTakeFirstOrThrow();
    const sys = await rowsOf(b, TABS[3]);
    expect(row).toMatchObject({ comment_total: 3, comment: 3, sys_total: sys.total, sys: sys.unread });
    await countersMatchRows();
    for (const u of [a, b, c]) expect(agree(await pageTotals(u))).toEqual(allAgree);
    await countersMatchRows();
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../src/http/envelope.js';
import { noticePage, remindPage } from '../src/modules/message/service.js';
import type { TestApp } from './helpers.js';
import { call, type CUser } from './contest-fixtures.js';
import { forumCalls, twoProcessForum } from './forum-fixtures.js';

/**
 * Message-centre pages are kept built per process until the user's message version moves
 * (message/pages.ts, issue 14). Every change a page shows, made on this process or on another one
 * (a second app on the same database), shows at the next request on both; the bytes sent are those
 * of a page built without the copy. A tab's first read still shows its new messages unread.
 */
const world = twoProcessForum();
let t: TestApp;
let other: TestApp;
let a: CUser, b: CUser, c: CUser, root: CUser;
const { post, comment, reply } = forumCalls(() => t);
beforeAll(() => {
  t = world.t();
  other = world.other();
  ({ a, b, c, root } = world.cast());
});

const TABS = [['comment', 'Discuss'], ['reply', 'Reply'], ['like', 'Like'], ['sys', 'Sys'], ['mine', 'Mine']] as const;
type Tab = (typeof TABS)[number];
const LIMIT = 2;

const sent = async (app: TestApp, u: CUser, [path]: Tab, currentPage: number) => {
  const res = await call(app, 'GET', `/msg/${path}`, { as: u, query: { currentPage, limit: LIMIT } });
  expect(res.code, res.msg).toBe(200);
  return res.raw.body;
};
/** The same page built now, without any copy (a pure read once the tab has been read). */
const fresh = async (u: CUser, [, type]: Tab, currentPage: number) => JSON.stringify(ok(type === 'Sys' || type === 'Mine'
  ? await noticePage(t.ctx.db, u.uid, type, currentPage, LIMIT, 'zh-CN') : await remindPage(t.ctx.db, u.uid, type, currentPage, LIMIT)));

/** A's first read of every tab, on `app`: the messages unread before it show unread. */
async function firstRead(app: TestApp, u: CUser) {
  const unread = (await call(app, 'GET', '/msg/unread', { as: u })).data as Record<string, number>;
  for (const tab of TABS) {
    const records = JSON.parse(await sent(app, u, tab, 1)).data.records as { state: boolean }[];
    expect(records.filter((r) => !r.state).length, `unread ${tab[0]} on the first read`).toBe(Math.min(unread[tab[0]], LIMIT));
  }
}

/** Pages 1 to 3 of every tab, on both processes, equal a page built now. */
async function expectCurrent(u: CUser, what: string) {
  for (const app of [t, other]) {
    for (const tab of TABS) {
      for (const p of [1, 2, 3]) expect(await sent(app, u, tab, p), `${what}: ${tab[0]} page ${p} on ${app === t ? 'this' : 'the other'} process`).toBe(await fresh(u, tab, p));
    }
  }
}

describe('message pages kept per message version', () => {
  it('show every change, made on either process, at the next request on both; byte for byte as built without the copy', async () => {
    const did = await post(a);
    const cids: number[] = [];
    for (let i = 0; i < 3; i++) cids.push(await comment(i % 2 ? b : c, did, `comment ${i}`));
    await reply(b, cids[0]);
    await firstRead(t, a);
    await expectCurrent(a, 'start');
    await expectCurrent(a, 'read again');

    let notice = 0;
    const steps: [string, TestApp, () => Promise<{ code: number; msg: string; data?: any }>][] = [
      ['a comment on my discussion, here', t, () => call(t, 'POST', '/comment', { as: b, body: { did, content: 'new here' } })],
      ['a reply to my comment, there', other, async () => {
        const mine = await call(other, 'POST', '/comment', { as: a, body: { did, content: 'mine' } });
        return call(other, 'POST', '/reply', { as: c, body: { quoteId: mine.data.id, quoteType: 'Comment', reply: { commentId: mine.data.id, content: 'r' } } });
      }],
      ['a like of my discussion, there', other, () => call(other, 'GET', '/discussion-like', { as: c, query: { did, toLike: true } })],
      ['a system notice, here', t, async () => {
        const r = await call(t, 'POST', '/admin/msg/notice', { as: root, body: { title: 'Hello', content: 'first text' } });
        notice = r.data.id;
        return r;
      }],
      ['the notice edited, there', other, () => call(other, 'PUT', '/admin/msg/notice', { as: root, body: { id: notice, title: 'Hello', content: 'second text' } })],
      ['one message deleted, there', other, async () => {
        const id = JSON.parse(await sent(other, a, TABS[0], 1)).data.records[0].id;
        return call(other, 'DELETE', '/msg/clean', { as: a, query: { type: 'Discuss', id } });
      }],
      ['a comment with messages deleted by its author, here', t, () => call(t, 'DELETE', '/comment', { as: c, body: { id: cids[2] } })],
      ['the notice withdrawn, here', t, () => call(t, 'DELETE', '/admin/msg/notice', { as: root, query: { id: notice } })],
      ['the reply tab cleaned, there', other, () => call(other, 'DELETE', '/msg/clean', { as: a, query: { type: 'Reply' } })],
    ];
    for (const [what, app, act] of steps) {
      const res = await act();
      expect(res.code, `${what}: ${res.msg}`).toBe(200);
      await firstRead(app, a);
      await expectCurrent(a, what);
    }
    expect(JSON.parse(await sent(t, a, TABS[3], 1)).data.records, 'the withdrawn notice').toEqual([]);
  });
});

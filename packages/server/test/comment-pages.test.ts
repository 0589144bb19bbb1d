import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { ok } from '../src/http/envelope.js';
import { listComments } from '../src/modules/comment/service.js';
import { CommentPages, PROFILE_TTL_MS } from '../src/modules/comment/pages.js';
import type { TestApp } from './helpers.js';
import { call, type CUser } from './contest-fixtures.js';
import { forumCalls, twoProcessForum } from './forum-fixtures.js';

/**
 * A discussion's comment pages are kept built per process until the discussion's comment version
 * moves (comment/pages.ts, issue 14). Every change a page shows, made on this process or on
 * another one (a second app on the same database), shows at the next request on both; the bytes
 * sent are those of a page built without the copy (listComments, serialized as `ok()` answers are).
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

const PAGES = [1, 2, 3, 4];
/** The answer as sent by `app` (the copy's page when it holds one). */
const sent = async (app: TestApp, did: number, currentPage: number, as?: CUser) => {
  const res = await call(app, 'GET', '/comments', { as, query: { did, currentPage, limit: 10 } });
  expect(res.code, res.msg).toBe(200);
  expect(res.raw.headers['content-type']).toBe('application/json; charset=utf-8');
  return res.raw.body;
};
/** The same page built now, without any copy. */
const fresh = async (did: number, currentPage: number, as?: CUser) =>
  JSON.stringify(ok(await listComments(t.ctx, { user: as ? { uid: as.uid } : null } as unknown as FastifyRequest, { did, currentPage, limit: 10 })));

/** Every page, for a visitor and for two users, on both processes, equals a page built now. */
async function expectCurrent(did: number, what: string) {
  for (const app of [t, other]) {
    for (const as of [undefined, b, c]) {
      for (const p of PAGES) expect(await sent(app, did, p, as), `${what}: page ${p} as ${as?.username ?? 'visitor'} on ${app === t ? 'this' : 'the other'} process`).toBe(await fresh(did, p, as));
    }
  }
}

describe('comment pages kept per comment version', () => {
  it('show every change, made on either process, at the next request on both; byte for byte as built without the copy', async () => {
    const did = await post(a);
    const ids: number[] = [];
    for (let i = 0; i < 25; i++) ids.push(await comment(i % 2 ? b : c, did, `comment ${i}`));
    await reply(a, ids[24], 'first reply');
    await expectCurrent(did, 'start');
    // The second read of a page is the kept one: still the same bytes.
    await expectCurrent(did, 'read again');

    const steps: [string, TestApp, () => Promise<unknown>][] = [
      ['a comment added here', t, () => call(t, 'POST', '/comment', { as: a, body: { did, content: 'new here' } })],
      ['a comment added there', other, () => call(other, 'POST', '/comment', { as: a, body: { did, content: 'new there' } })],
      ['a reply added there', other, () => call(other, 'POST', '/reply', { as: b, body: { reply: { commentId: ids[20], content: 'r' } } })],
      ['a like there', other, () => call(other, 'GET', '/comment-like', { as: b, query: { cid: ids[23], toLike: true, sourceId: did, sourceType: 'Discussion' } })],
      ['a like here', t, () => call(t, 'GET', '/comment-like', { as: c, query: { cid: ids[5], toLike: true, sourceId: did, sourceType: 'Discussion' } })],
      ['an unlike there', other, () => call(other, 'GET', '/comment-like', { as: c, query: { cid: ids[5], toLike: false, sourceId: did, sourceType: 'Discussion' } })],
      ['a reply deleted here', t, async () => {
        const r = await t.ctx.db.selectFrom('reply').select('id').where('comment_id', '=', ids[20]).executeTakeFirstOrThrow();
        return call(t, 'DELETE', '/reply', { as: b, body: { reply: { id: r.id } } });
      }],
      ['an old comment deleted there', other, () => call(other, 'DELETE', '/comment', { as: root, body: { id: ids[3] } })],
      ['a comment with a reply deleted here', t, () => call(t, 'DELETE', '/comment', { as: root, body: { id: ids[24] } })],
    ];
    for (const [what, , act] of steps) {
      const res = (await act()) as { code: number; msg: string };
      expect(res.code, `${what}: ${res.msg}`).toBe(200);
      await expectCurrent(did, what);
    }
  });

  it('show a changed name after the profile time at the latest, on both processes', async () => {
    const did = await post(a);
    await comment(b, did, 'named');
    await expectCurrent(did, 'start');
    await t.ctx.db.updateTable('user').set({ username: 'ben2', title_name: 'Judge' }).where('id', '=', b.uid).execute();
    const later = Date.now() + PROFILE_TTL_MS + 1000;
    const now = vi.spyOn(Date, 'now').mockReturnValue(later);
    try {
      for (const app of [t, other]) expect(JSON.parse(await sent(app, did, 1)).data.commentList.records[0]).toMatchObject({ fromName: 'ben2', fromTitleName: 'Judge' });
    } finally {
      now.mockRestore();
      await t.ctx.db.updateTable('user').set({ username: b.username, title_name: null }).where('id', '=', b.uid).execute();
    }
  });

  it('are bounded in number and in length, the page built longest ago going first', async () => {
    const kept = new CommentPages({ pages: 3, chars: 100 });
    const builds: string[] = [];
    const get = (p: number, chars = 10) => kept.page(1, 0, p, 10, async () => {
      builds.push(`${p}`);
      return { json: 'x'.repeat(chars), ids: [] };
    });
    for (const p of [1, 2, 3, 1, 2, 3]) await get(p);
    expect(builds).toEqual(['1', '2', '3']);
    await get(4); // a fourth page: page 1 goes
    for (const p of [2, 3, 4, 1]) await get(p);
    expect(builds).toEqual(['1', '2', '3', '4', '1']);
    // Kept now: 2, 3, 4, 1 -> 3, 4, 1 (page 2 went when page 1 was built again).
    await get(5, 75); // four pages again: page 3 goes (85 chars left)
    for (const p of [4, 1, 5, 3]) await get(p);
    expect(builds.slice(5)).toEqual(['5', '3']);
    // Kept: 1, 5, 3 (95 chars). 60 more: page 1 goes (too many), then page 5 (too long).
    await get(6, 60);
    for (const p of [3, 6, 1, 5]) await get(p);
    expect(builds.slice(7)).toEqual(['6', '1', '5']);
  });
});

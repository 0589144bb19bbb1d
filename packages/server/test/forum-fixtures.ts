import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../src/app.js';
import { createTestApp, type TestApp } from './helpers.js';
import { Role, call, user, type CUser } from './contest-fixtures.js';

/**
 * The forum calls the forum and message tests make over and over, each checked to succeed. `app`
 * gives the file's test app (made in its beforeAll); `post` is the discussion body a file posts by
 * default, `comment` its default comment text.
 */
export function forumCalls(app: () => TestApp, defaults: { post?: Record<string, unknown>; comment?: string } = {}) {
  const postBody = { title: 'A question', description: 'd', content: 'c', categoryId: 1, ...defaults.post };
  return {
    unread: async (u: CUser) => (await call(app(), 'GET', '/msg/unread', { as: u })).data,
    post: async (u: CUser, over: Record<string, unknown> = {}) => {
      const res = await call(app(), 'POST', '/discussion', { as: u, body: { ...postBody, ...over } });
      expect(res.code, res.msg).toBe(200);
      return res.data.id as number;
    },
    comment: async (u: CUser, did: number, content = defaults.comment ?? 'a comment') => {
      const res = await call(app(), 'POST', '/comment', { as: u, body: { did, content } });
      expect(res.code, res.msg).toBe(200);
      return res.data.id as number;
    },
    reply: async (u: CUser, commentId: number, content = 'a reply') => {
      const res = await call(app(), 'POST', '/reply', { as: u, body: { quoteId: commentId, quoteType: 'Comment', reply: { commentId, content } } });
      expect(res.code, res.msg).toBe(200);
      return res.data.id as number;
    },
  };
}

/** The people of the forum tests (ann, ben, cat, an admin, a problem admin, a super admin), with posting intervals off. */
export async function forumCast(t: TestApp) {
  const cast = {
    a: await user(t, 'ann'), b: await user(t, 'ben'), c: await user(t, 'cat'),
    admin: await user(t, 'adm', Role.ADMIN), padmin: await user(t, 'padm', Role.PROBLEM_ADMIN), root: await user(t, 'rt', Role.ROOT),
  };
  const sw = await t.ctx.services.siteConfig.switches();
  await t.ctx.services.siteConfig.set('switch', { ...sw, discussionInterval: 0, commentInterval: 0 });
  return cast;
}

/**
 * A file's test app with the forum cast, and a second app on the same database standing in for
 * another server process (per-process caches must follow changes made on either). Made in the
 * file's beforeAll, closed in its afterAll; read them through the getters.
 */
export function twoProcessForum() {
  const made: { t?: TestApp; other?: TestApp; cast?: Awaited<ReturnType<typeof forumCast>> } = {};
  beforeAll(async () => {
    made.t = await createTestApp();
    made.cast = await forumCast(made.t);
    made.other = { ...made.t, ...(await buildApp(made.t.ctx.config, { logger: false })) } as TestApp;
  });
  afterAll(async () => {
    await made.other?.app.close();
    await made.t?.close();
  });
  return { t: () => made.t!, other: () => made.other!, cast: () => made.cast! };
}

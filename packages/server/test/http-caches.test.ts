import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { buildApp, type BuiltApp } from '../src/app.js';
import { CSP_DIRECTIVES, SECURITY_HEADERS } from '../src/http/security-headers.js';
import { stampsOf } from '../src/http/stamps.js';
import { createTestApp, type TestApp } from './helpers.js';
import { addUser, en, login } from './account-fixtures.js';
import { addProblem, call as contestCall, contest, MIN, problem, user as contestUser } from './contest-fixtures.js';

/**
 * The per-process caches of the HTTP stack (site switches, sessions) on two servers sharing one
 * database, as two processes of a cluster or two machines would: a change made through one is
 * obeyed by the very next request on the other.
 */
let t: TestApp;
let other: BuiltApp;
let rootTk: string;

type Target = Pick<BuiltApp, 'app'>;
const call = (on: Target, method: 'GET' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  on.app.inject({ method, url, payload: payload as object, headers: { ...en, ...(token ? { authorization: token } : {}) } });

/** Calls `fn` with the SQL of every query the app runs, until the returned function is called. */
function spyQueries(on: BuiltApp, fn: (sql: string) => void): () => void {
  const executor = on.ctx.db.getExecutor();
  const real = executor.executeQuery.bind(executor);
  executor.executeQuery = ((q: Parameters<typeof real>[0]) => {
    fn(q.sql);
    return real(q);
  }) as typeof real;
  return () => void delete (executor as Partial<typeof executor>).executeQuery;
}

beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp(t.ctx.config, { logger: false });
  await other.app.ready();
  await addUser(t, 'root1', 'rootpass1', { role: 1000 });
  rootTk = await login(t, 'root1', 'rootpass1');
});
afterAll(async () => {
  await other?.app.close();
  await t?.close();
});

describe('site switches', () => {
  it('an admin turning registration off on one server is obeyed by the next request on the other, and back on', async () => {
    const config = async (on: Target) => (await call(on, 'GET', '/api/get-website-config')).json().data.register;
    // Both servers have read (and cached) the switches.
    expect([await config(t), await config(other)]).toEqual([true, true]);
    expect((await call(t, 'PUT', '/api/admin/switch/update', rootTk, { register: false })).statusCode).toBe(200);
    expect(await config(other)).toBe(false);
    const code = await call(other, 'GET', '/api/get-register-code?email=new@example.com');
    expect([code.statusCode, code.json().msg]).toEqual([403, 'Registration is closed by the administrator']);
    expect(await config(t)).toBe(false);
    // Turned back on from the other side.
    expect((await call(other, 'PUT', '/api/admin/switch/update', await login(other as TestApp, 'root1', 'rootpass1'), { register: true })).statusCode).toBe(200);
    expect(await config(t)).toBe(true);
  });

  it('hands each caller its own copy: changing one does not change what the next request reads', async () => {
    const web = await t.ctx.services.siteConfig.get('web');
    web.name = 'changed in memory';
    web.carousel.push('/public/x.png');
    const again = await t.ctx.services.siteConfig.get('web');
    expect([again.name, again.carousel]).toEqual(['Verdict', []]);
  });
});

describe('sessions', () => {
  it('a logout on one server refuses the token on the other at once', async () => {
    await addUser(t, 'amy', 'amypass1');
    const tk = await login(t, 'amy', 'amypass1');
    expect((await call(other, 'GET', '/api/get-user-auth-info', tk)).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/logout', tk)).statusCode).toBe(200);
    const r = await call(other, 'GET', '/api/get-user-auth-info', tk);
    expect([r.statusCode, r.json().msg]).toEqual([401, expect.stringMatching(/expired|log in/i)]);
    expect((await call(t, 'GET', '/api/get-user-auth-info', tk)).statusCode).toBe(401);
  });

  it('a ban, a role change and a deletion made on one server reach the other on the next request', async () => {
    const uid = await addUser(t, 'bob', 'bobpass1');
    const tk = await login(t, 'bob', 'bobpass1');
    const edit = (patch: object) => call(t, 'PUT', '/api/admin/user/edit-user', rootTk, { uid, username: 'bob', email: 'bob@example.com', role: 1002, status: 0, ...patch });
    const roles = async (on: Target) => (await call(on, 'GET', '/api/get-user-auth-info', tk)).json().data?.roles;
    expect(await roles(other)).toEqual(['default_user']);
    // Made an admin: the other server lets him into the admin area at once...
    expect((await edit({ role: 1001 })).statusCode).toBe(200);
    expect(await roles(other)).toEqual(['admin']);
    const adminList = () => call(other, 'GET', '/api/admin/contest/get-contest-list', tk);
    expect((await adminList()).statusCode).toBe(200);
    // ...and out of it when demoted.
    expect((await edit({ role: 1002 })).statusCode).toBe(200);
    expect(await roles(other)).toEqual(['default_user']);
    expect((await adminList()).statusCode).toBe(403);
    // Disabled: refused everywhere on the next request.
    expect((await edit({ status: 1 })).statusCode).toBe(200);
    expect((await call(other, 'GET', '/api/get-user-auth-info', tk)).statusCode).toBe(401);
    // Deleted (after enabling and logging in again): the new token stops working too.
    expect((await edit({ status: 0 })).statusCode).toBe(200);
    const tk2 = await login(t, 'bob', 'bobpass1');
    expect((await call(other, 'GET', '/api/get-user-auth-info', tk2)).statusCode).toBe(200);
    expect((await call(t, 'DELETE', '/api/admin/user/delete-user', rootTk, { ids: [uid] })).statusCode).toBe(200);
    expect((await call(other, 'GET', '/api/get-user-auth-info', tk2)).statusCode).toBe(401);
  });

  it('reads the session from the database only when the stamp moved', async () => {
    await addUser(t, 'cat', 'catpass1');
    const tk = await login(t, 'cat', 'catpass1');
    const queries: string[] = [];
    const stop = spyQueries(other, (q) => queries.push(q));
    try {
      for (let i = 0; i < 5; i++) expect((await call(other, 'GET', '/api/get-user-auth-info', tk)).statusCode).toBe(200);
      const sessionReads = () => queries.filter((s) => s.includes('user_session')).length;
      expect(sessionReads()).toBe(1);
      // Another server bumps the stamp (as a logout there would): the next request reads it again.
      await stampsOf(t.ctx).bump('auth');
      expect((await call(other, 'GET', '/api/get-user-auth-info', tk)).statusCode).toBe(200);
      expect(sessionReads()).toBe(2);
    } finally {
      stop();
    }
  });
});

describe('contest rows', () => {
  it('an admin edit of a contest or its problem list on one server is obeyed by the next request on the other, which reads neither table otherwise', async () => {
    const org = await contestUser(t, 'organiser', 1000);
    const alice = await contestUser(t, 'alice_c', 1002);
    const cid = await contest(t, org, { type: 0, auth: 0, openRank: true, startTime: Date.now() - MIN, endTime: Date.now() + 60 * MIN });
    const pid = await problem(t, 'CACHE1');
    await addProblem(t, org, cid, pid, 'A');
    const on = other as unknown as TestApp;
    const board = () => contestCall(on, 'POST', '/get-contest-outside-scoreboard', { body: { cid, currentPage: 1, limit: 30 } });
    // The contest's problem by its display ID: found (and refused for its missing test data) or not in the contest at all.
    const submitA = () => contestCall(on, 'POST', '/submit-problem-judge', { as: alice, body: { pid: 'A', cid, language: 'C++', code: 'int main(){}' } });
    expect((await board()).code).toBe(200);
    expect((await submitA()).msg).toBe('The problem has no test data');

    const queries: string[] = [];
    const stop = spyQueries(other, (q) => queries.push(q));
    try {
      for (let i = 0; i < 3; i++) expect((await board()).code).toBe(200);
      expect(queries.filter((q) => /from "contest(_problem)?"/.test(q) && !q.includes('rank_ver'))).toEqual([]);
    } finally {
      stop();
    }

    const form = (await contestCall(t, 'GET', '/admin/contest', { as: org, query: { cid } })).data;
    expect((await contestCall(t, 'PUT', '/admin/contest', { as: org, body: { ...form, openRank: false } })).code).toBe(200);
    expect((await board()).msg).toBe('The scoreboard of this contest is not open');
    expect((await contestCall(t, 'PUT', '/admin/contest/contest-problem', { as: org, body: { cid, pid, displayId: 'Z' } })).code).toBe(200);
    expect((await submitA()).code).toBe(404);
  });
});

describe('change stamps', () => {
  it('shares one read among concurrent callers, and a read asked for after a bump sees it', async () => {
    const stamps = stampsOf(other.ctx);
    let reads = 0;
    const stop = spyQueries(other, (q) => { if (q.includes('site_config')) reads++; });
    try {
      const all = await Promise.all(Array.from({ length: 50 }, () => stamps.read()));
      expect(reads).toBeLessThanOrEqual(2);
      expect(new Set(all.map((s) => s.site)).size).toBe(1);
      const before = all[0].site;
      const running = stamps.read();
      await stampsOf(t.ctx).bump('site');
      const after = await stamps.read();
      expect(after.site).not.toBe(before);
      await running;
    } finally {
      stop();
    }
  });
});

describe('security headers', () => {
  it('are exactly what @fastify/helmet sent with the options the server used to give it', async () => {
    const h = Fastify();
    await h.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginResourcePolicy: { policy: 'same-site' },
    });
    h.get('/x', async () => 'x');
    const want = (await h.inject({ method: 'GET', url: '/x' })).headers;
    await h.close();
    const got = (await call(t, 'GET', '/api/health')).headers;
    const names = Object.keys(SECURITY_HEADERS).map((n) => n.toLowerCase());
    expect(names.sort()).toEqual(Object.keys(want).filter((n) => !['content-type', 'content-length', 'date', 'connection'].includes(n)).sort());
    for (const n of names) expect(got[n], n).toBe(want[n]);
  });
});

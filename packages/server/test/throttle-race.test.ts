import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { Role } from '@verdict/shared';
import { createTestApp, type TestApp } from './helpers.js';
import { redisNamespace } from '../src/modules/account/throttle.js';
import { addUser, en } from './account-fixtures.js';
import { call, contest, MIN, user } from './contest-fixtures.js';

/**
 * Throttles under 25 concurrent requests: each attempt is counted and decided in one atomic step,
 * so a burst of parallel guesses gets exactly the bucket's size checked, in the database's table
 * (SQLite or PostgreSQL, by TEST_DB) and in Redis. Before, a read-then-write let 22 of 25
 * concurrent wrong logins check their password against a limit of 10 (now: 10 checked, the rest asked for the captcha).
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const N = 25;

const tally = (codes: number[]) => codes.reduce<Record<number, number>>((m, c) => ({ ...m, [c]: (m[c] ?? 0) + 1 }), {});

describe.each([['the database table', {}], ['Redis', { REDIS_URL }]] as const)('throttles in %s', (_name, env) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({}, env); });
  afterAll(async () => { await t?.close(); });

  it(`checks at most 10 passwords of ${N} concurrent wrong logins for one account without a captcha`, async () => {
    await addUser(t, 'target', 'rightpass');
    const res = await Promise.all(Array.from({ length: N }, (_, i) =>
      t.app.inject({ method: 'POST', url: '/api/login', headers: en, payload: { username: 'target', password: `guess${i}` }, remoteAddress: `10.7.${i}.1` })));
    // From many addresses the account's total asks the others for the captcha; their passwords were not checked.
    expect(tally(res.map((r) => r.statusCode))).toEqual({ 400: N });
    const msgs = res.map((r) => r.json().msg as string);
    expect(msgs.filter((m) => m === 'The username or password is wrong')).toHaveLength(10);
    expect(msgs.filter((m) => m === 'This account had many failed logins: enter the captcha to log in')).toHaveLength(N - 10);
    if ('REDIS_URL' in env) {
      // The counters really are in Redis, not in the table.
      const redis = new Redis(REDIS_URL);
      expect(await redis.keys(`${redisNamespace(t.ctx)}:login-user:target`)).toHaveLength(1);
      await redis.quit();
      expect(await t.ctx.db.selectFrom('throttle').selectAll().execute()).toEqual([]);
    }
  });

  it(`compares at most 5 of ${N} concurrent contest password guesses; the right one still gets in later`, async () => {
    const org = await user(t, 'org', Role.ADMIN);
    const guesser = await user(t, 'guesser');
    const cid = await contest(t, org, { startTime: Date.now() - MIN, endTime: Date.now() + 60 * MIN, auth: 1, pwd: 'letmein' });
    const res = await Promise.all(Array.from({ length: N }, (_, i) => call(t, 'POST', '/register-contest', { as: guesser, body: { cid, password: `pw${i}` } })));
    expect(tally(res.map((r) => r.code))).toEqual({ 400: 5, 429: N - 5 });
    expect(res.find((r) => r.code === 400)!.msg).toBe('The contest password is wrong');
    // Another person is not held back by the guesser's bucket.
    const other = await user(t, 'other');
    expect((await call(t, 'POST', '/register-contest', { as: other, body: { cid, password: 'letmein' } })).code).toBe(200);
  });

  it(`answers at most 5 of ${N} concurrent reset-password guesses for one username, the same for unknown names`, async () => {
    await addUser(t, 'resetme', 'oldpass1', { email: 'resetme@example.com' });
    const guess = (username: string, i: number) => t.app.inject({ method: 'POST', url: '/api/reset-password', headers: en, remoteAddress: `10.8.${i}.1`, payload: { username, password: 'newpass1', code: `c${i}` } });
    const known = await Promise.all(Array.from({ length: N }, (_, i) => guess('resetme', i)));
    const unknown = await Promise.all(Array.from({ length: N }, (_, i) => guess('no-such-user', i)));
    expect(tally(known.map((r) => r.statusCode))).toEqual({ 400: 5, 429: N - 5 });
    expect(tally(unknown.map((r) => r.statusCode))).toEqual({ 400: 5, 429: N - 5 });
    expect(new Set([...known, ...unknown].filter((r) => r.statusCode === 400).map((r) => r.json().msg))).toEqual(new Set(['The reset link is invalid or has expired']));
  });

  it(`sends one register code for ${N} concurrent requests to one address`, async () => {
    const res = await Promise.all(Array.from({ length: N }, (_, i) =>
      t.app.inject({ method: 'GET', url: '/api/get-register-code?email=race@example.com', headers: en, remoteAddress: `10.6.${i}.1` })));
    expect(tally(res.map((r) => r.statusCode))).toEqual({ 200: 1, 429: N - 1 });
    const codes = await t.ctx.db.selectFrom('email_code').select('id').where('email', '=', 'race@example.com').execute();
    expect(codes).toHaveLength(1);
  });
});

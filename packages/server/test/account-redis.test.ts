import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createTestApp, type TestApp } from './helpers.js';
import { addUser, en, login } from './account-fixtures.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let t: TestApp;
let redis: Redis;
beforeAll(async () => {
  t = await createTestApp({}, { REDIS_URL });
  redis = new Redis(REDIS_URL);
});
afterAll(async () => {
  await t?.close();
  redis?.disconnect();
});

describe('login throttling with Redis', () => {
  it('keeps the failure counters in Redis, locks after repeated failures and clears on success', async () => {
    await addUser(t, 'rita', 'rightpass');
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'rita', password: 'wrongpass' } })).statusCode).toBe(400);
    }
    const keys = await redis.keys('verdict:*:throttle:login-user:rita');
    expect(keys).toHaveLength(1);
    expect(await redis.hget(keys[0], 'c')).toBe('3');
    expect(await t.ctx.db.selectFrom('throttle').selectAll().execute()).toEqual([]);
    await login(t, 'rita', 'rightpass');
    expect(await redis.exists(keys[0])).toBe(0);

    let last = 0;
    for (let i = 0; i < 10; i++) last = (await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'rita', password: 'wrongpass' } })).statusCode;
    expect(last).toBe(429);
    const locked = await t.app.inject({ method: 'POST', url: '/api/login', headers: en, payload: { username: 'rita', password: 'rightpass' } });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().msg).toMatch(/try again in \d+ seconds/);
    expect(await redis.pttl(keys[0])).toBeGreaterThan(9 * 60_000);
    await redis.del(keys[0]);
  });
});

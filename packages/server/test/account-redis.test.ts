import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createTestApp, type TestApp } from './helpers.js';
import { redisNamespace } from '../src/modules/account/throttle.js';
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
  it('keeps the login buckets in Redis, slows down after 10 failures and clears on success', async () => {
    await addUser(t, 'rita', 'rightpass');
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'rita', password: 'wrongpass' } })).statusCode).toBe(400);
    }
    const keys = await redis.keys(`${redisNamespace(t.ctx)}:login-user:rita`);
    expect(keys).toHaveLength(1);
    expect(await redis.hget(keys[0], 'n')).toBe('3');
    expect(await t.ctx.db.selectFrom('throttle').selectAll().execute()).toEqual([]);
    await login(t, 'rita', 'rightpass');
    expect(await redis.exists(keys[0])).toBe(0);

    let last = 0;
    for (let i = 0; i < 11; i++) last = (await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'rita', password: 'wrongpass' } })).statusCode;
    expect(last).toBe(429);
    const slowed = await t.app.inject({ method: 'POST', url: '/api/login', headers: en, payload: { username: 'rita', password: 'rightpass' } });
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().msg).toMatch(/try again in \d+ seconds/);
    // The bucket expires once it is full again: never a 10-minute lock.
    expect(await redis.pttl(keys[0])).toBeLessThanOrEqual(11 * 60_000 + 1000);
    await redis.del(keys[0]);
  });
});

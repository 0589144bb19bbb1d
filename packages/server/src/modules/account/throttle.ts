import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { now } from '../../lib/time.js';

/**
 * Counters with a window and a lock, shared by every server process of the site: in Redis when
 * REDIS_URL is set, otherwise in the throttle table. Used for failed logins and for mail and
 * captcha rate limits.
 */
export interface ThrottleRule { limit: number; windowMs: number; lockMs: number }

export const RULES = {
  loginPerUsername: { limit: 10, windowMs: 15 * 60_000, lockMs: 10 * 60_000 },
  loginPerIp: { limit: 30, windowMs: 15 * 60_000, lockMs: 10 * 60_000 },
  // Generous enough for a classroom registering behind one NAT address.
  mailPerIp: { limit: 20, windowMs: 10 * 60_000, lockMs: 10 * 60_000 },
  captchaPerIp: { limit: 60, windowMs: 60_000, lockMs: 60_000 },
  // The spec's existence check stays available to forms, but slow for anyone harvesting names.
  checkPerIp: { limit: 60, windowMs: 60_000, lockMs: 60_000 },
} satisfies Record<string, ThrottleRule>;

interface ThrottleStore {
  /** Milliseconds the key is still locked for (0 = free). */
  lockedFor(key: string): Promise<number>;
  /** Counts one event; returns the lock time in ms when this event reached the limit. */
  hit(key: string, rule: ThrottleRule): Promise<number>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

function dbStore(ctx: AppContext): ThrottleStore {
  return {
    async lockedFor(key) {
      const row = await ctx.db.selectFrom('throttle').select('locked_until').where('key', '=', key).executeTakeFirst();
      return row ? Math.max(0, row.locked_until - now()) : 0;
    },
    async hit(key, rule) {
      const t = now();
      const row = await ctx.db.selectFrom('throttle').selectAll().where('key', '=', key).executeTakeFirst();
      const fresh = !row || t - row.window_start > rule.windowMs;
      const count = fresh ? 1 : row.count + 1;
      const reached = count >= rule.limit;
      const values = {
        count: reached ? 0 : count,
        window_start: fresh || reached ? t : row.window_start,
        locked_until: reached ? t + rule.lockMs : row && !fresh ? row.locked_until : 0,
      };
      await ctx.db.insertInto('throttle').values({ key, ...values }).onConflict((oc) => oc.column('key').doUpdateSet(values)).execute();
      return reached ? rule.lockMs : 0;
    },
    async clear(key) {
      await ctx.db.deleteFrom('throttle').where('key', '=', key).execute();
    },
    async close() {},
  };
}

// Same rule as the table version, done atomically inside Redis. Fields: c count, w window start, l locked until.
const HIT_SCRIPT = `
local k = KEYS[1]
local t, limit, win, lock = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local c = tonumber(redis.call('HGET', k, 'c') or '0')
local w = tonumber(redis.call('HGET', k, 'w') or '0')
local l = tonumber(redis.call('HGET', k, 'l') or '0')
if t - w > win then c = 0; w = t; l = 0 end
c = c + 1
local locked = 0
if c >= limit then c = 0; w = t; l = t + lock; locked = lock end
redis.call('HSET', k, 'c', c, 'w', w, 'l', l)
redis.call('PEXPIRE', k, math.max(w + win, l) - t + 1000)
return locked`;

function redisStore(url: string, namespace: string): ThrottleStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  const k = (key: string) => `${namespace}:${key}`;
  return {
    async lockedFor(key) {
      const l = Number((await redis.hget(k(key), 'l')) ?? 0);
      return Math.max(0, l - now());
    },
    async hit(key, rule) {
      return Number(await redis.eval(HIT_SCRIPT, 1, k(key), now(), rule.limit, rule.windowMs, rule.lockMs));
    },
    async clear(key) {
      await redis.del(k(key));
    },
    async close() {
      redis.disconnect();
    },
  };
}

const stores = new WeakMap<AppContext, ThrottleStore>();

/**
 * The store of this app. Redis keys carry a namespace derived from the database location, so
 * servers of one site share counters and two sites on one Redis do not.
 */
function store(ctx: AppContext): ThrottleStore {
  let s = stores.get(ctx);
  if (!s) {
    const site = crypto.createHash('sha256').update(ctx.config.databaseUrl ?? ctx.config.dataDir).digest('hex').slice(0, 12);
    s = ctx.config.redisUrl ? redisStore(ctx.config.redisUrl, `verdict:${site}:throttle`) : dbStore(ctx);
    stores.set(ctx, s);
  }
  return s;
}

export async function closeThrottle(ctx: AppContext) {
  await stores.get(ctx)?.close();
  stores.delete(ctx);
}

export const lockedFor = (ctx: AppContext, key: string) => store(ctx).lockedFor(key);
export const hit = (ctx: AppContext, key: string, rule: ThrottleRule) => store(ctx).hit(key, rule);
export const clear = (ctx: AppContext, key: string) => store(ctx).clear(key);

/** Refuses with 429 while the key is locked. */
export async function assertNotLocked(ctx: AppContext, key: string, msg: 'tooManyLoginFailures' | 'tooManyRequests' = 'tooManyRequests') {
  const ms = await lockedFor(ctx, key);
  if (ms > 0) throw new AppError(429, msg, { s: Math.ceil(ms / 1000) });
}

/** A plain rate limit: counts the request and refuses once the limit is reached. */
export async function consume(ctx: AppContext, key: string, rule: ThrottleRule) {
  await assertNotLocked(ctx, key);
  // `limit` requests pass; the one after is refused.
  const locked = await hit(ctx, key, { ...rule, limit: rule.limit + 1 });
  if (locked) throw new AppError(429, 'tooManyRequests');
}

import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { now } from '../../lib/time.js';

/**
 * Rate limits shared by every server process of the site: in Redis when REDIS_URL is set,
 * otherwise in the throttle table. Each key is a bucket of `burst` attempts that refills one
 * attempt every `intervalMs` (the generic cell rate algorithm): past the burst an attacker gets
 * one try per interval, and nobody, root included, is ever kept out longer than one interval.
 * There is no lockout of the right password, only this slow-down. Logins are slowed per (account,
 * address) and per address; an account's failures from everywhere only make its logins ask for the
 * image captcha (authenticate in routes.ts). The login form's slide check after 5 failures (spec 01)
 * is for people; scripts skip it, so the server does not rely on it.
 *
 * Taking an attempt is one atomic step (a single SQL upsert, or one Redis script) that both
 * decides and counts, so concurrent requests cannot all pass a check made before their writes.
 * Callers take before the expensive or secret check and give the attempt back when it succeeds.
 */
export interface Rate {
  burst: number;
  intervalMs: number;
  /**
   * A flood limit that is never refunded or cleared: refused in memory once this process alone
   * has emptied it (withLocalRefusals), with no round trip to the shared store.
   */
  refusedInProcess?: boolean;
  /**
   * A flood limit kept in this process alone (implies refusedInProcess): no write to the shared
   * store per call, which a read served thousands of times a second must not pay; N server
   * processes then admit N times the rate, still a bound.
   */
  localOnly?: boolean;
}

export const RATES = {
  // Past 10 wrong passwords of one account from one address, one try a minute there (the right password included).
  loginPerAccountAddress: { burst: 10, intervalMs: 60_000 },
  // Past 10 wrong passwords of one account from anywhere, every login to it needs a solved captcha
  // (never a refusal: the owner still gets in from another address while an attacker keeps this empty).
  loginPerUsername: { burst: 10, intervalMs: 60_000 },
  // Many accounts from one address (a classroom behind one NAT): 30 at once, then one every 5 s.
  loginPerIp: { burst: 30, intervalMs: 5_000 },
  // Generous enough for a classroom registering behind one NAT address.
  mailPerIp: { burst: 20, intervalMs: 30_000 },
  // Codes mailed to one address: the spec's resend wait bounds the pace, this bounds the day.
  mailPerAddress: { burst: 5, intervalMs: 30 * 60_000 },
  captchaPerIp: { burst: 60, intervalMs: 1_000 },
  // The spec's existence check stays available to forms, but slow for anyone harvesting names.
  checkPerIp: { burst: 60, intervalMs: 1_000 },
  // Reset-link codes tried against one username, and from one address.
  resetPerUsername: { burst: 5, intervalMs: 60_000 },
  resetPerIp: { burst: 20, intervalMs: 10_000 },
  // Contest and training passwords: per account and entry, and per address.
  entryPasswordPerUser: { burst: 5, intervalMs: 30_000 },
  entryPasswordPerIp: { burst: 30, intervalMs: 5_000 },
  // Profiles and heatmaps (their counts grow with the user's submissions; kept per user version):
  // a page shows two, a classroom behind one NAT opens a few a second.
  profilePerIp: { burst: 120, intervalMs: 250, localOnly: true },
  // The other public reads whose cost grows with the data (problem pages and the problem list,
  // rank lists, the home statistics), each kept per version: a family per bucket, so a classroom
  // behind one NAT reading problems does not empty its rank bucket; 10 a second past the burst.
  publicReadPerIp: { burst: 240, intervalMs: 100, localOnly: true },
  // Discussion reports of one user: a few at once, then one every 5 minutes.
  reportPerUser: { burst: 5, intervalMs: 5 * 60_000 },
} satisfies Record<string, Rate>;

interface ThrottleStore {
  /** Takes one attempt: 0 when admitted, else the milliseconds until the next one would be. */
  take(key: string, rate: Rate): Promise<number>;
  /** Gives one attempt back (a success that should not count). */
  refund(key: string, rate: Rate): Promise<void>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The table's columns: locked_until holds the bucket's "theoretical arrival time" (when it is
 * full again), count the attempts admitted and window_start the first one, for the dashboard.
 * An attempt is admitted while that time lies at most (burst - 1) intervals ahead.
 */
function dbStore(ctx: AppContext): ThrottleStore {
  return {
    async take(key, rate) {
      const t = now();
      const slack = (rate.burst - 1) * rate.intervalMs;
      const from = sql<number>`(CASE WHEN throttle.locked_until > ${t} THEN throttle.locked_until ELSE ${t} END)`;
      const row = await ctx.db.insertInto('throttle').values({ key, count: 1, window_start: t, locked_until: t + rate.intervalMs })
        .onConflict((oc) => oc.column('key')
          .doUpdateSet({ locked_until: sql`${from} + ${rate.intervalMs}`, count: sql`throttle.count + 1` })
          .where(sql`${from} - ${t}`, '<=', slack))
        .returning('locked_until').executeTakeFirst();
      // A row whose bucket is full again says nothing: now and then the full ones are dropped, so
      // a flood of one-off keys (addresses, guessed names) does not grow the table for ever.
      if (Math.random() < 1 / 256) await ctx.db.deleteFrom('throttle').where('locked_until', '<', t).execute();
      if (row) return 0;
      const held = await ctx.db.selectFrom('throttle').select('locked_until').where('key', '=', key).executeTakeFirst();
      return Math.max(1, Number(held?.locked_until ?? t) - slack - t);
    },
    async refund(key, rate) {
      await ctx.db.updateTable('throttle').set({ locked_until: sql`locked_until - ${rate.intervalMs}` }).where('key', '=', key).execute();
    },
    async clear(key) {
      await ctx.db.deleteFrom('throttle').where('key', '=', key).execute();
    },
    async close() {},
  };
}

// The same rule inside Redis, atomic as one script. Field: tat (theoretical arrival time).
const TAKE_SCRIPT = `
local k = KEYS[1]
local t, iv, slack = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local tat = tonumber(redis.call('HGET', k, 'tat') or '0')
if tat < t then tat = t end
if tat - t > slack then return tat - slack - t end
redis.call('HSET', k, 'tat', tat + iv)
redis.call('HINCRBY', k, 'n', 1)
redis.call('PEXPIRE', k, tat + iv - t + 1000)
return 0`;
const REFUND_SCRIPT = `
local tat = tonumber(redis.call('HGET', KEYS[1], 'tat') or '0')
if tat > 0 then redis.call('HSET', KEYS[1], 'tat', tat - tonumber(ARGV[1])) end
return 0`;

function redisStore(url: string, namespace: string): ThrottleStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  const k = (key: string) => `${namespace}:${key}`;
  return {
    async take(key, rate) {
      return Number(await redis.eval(TAKE_SCRIPT, 1, k(key), now(), rate.intervalMs, (rate.burst - 1) * rate.intervalMs));
    },
    async refund(key, rate) {
      await redis.eval(REFUND_SCRIPT, 1, k(key), rate.intervalMs);
    },
    async clear(key) {
      await redis.del(k(key));
    },
    async close() {
      redis.disconnect();
    },
  };
}

/**
 * A per-process copy of the rule in front of the shared store for the rates marked
 * `refusedInProcess`, counting only what this process admitted: its bucket is never emptier than
 * the shared one (a subset of the same attempts), so when it is empty the shared one is too and
 * the refusal costs no round trip. A flood from one address is then refused in memory instead of
 * by a database write per request. Attempts the shared store refuses are given back here; keys
 * whose bucket is full again are forgotten (forgetting only makes this copy refuse less). Only
 * for rates never refunded or cleared: a clear in another process would leave this copy emptier.
 */
function withLocalRefusals(shared: ThrottleStore): ThrottleStore {
  const tats = new Map<string, number>();
  const MAX_KEYS = 50_000;
  const forgetFull = (t: number) => {
    for (const [k, tat] of tats) if (tat <= t) tats.delete(k);
    // Still too many (a flood of keys all in use): the oldest entries go.
    for (const k of tats.keys()) {
      if (tats.size <= MAX_KEYS / 2) break;
      tats.delete(k);
    }
  };
  return {
    async take(key, rate) {
      if (!rate.refusedInProcess && !rate.localOnly) return shared.take(key, rate);
      const t = now();
      const slack = (rate.burst - 1) * rate.intervalMs;
      const tat = Math.max(tats.get(key) ?? 0, t);
      if (tat - t > slack) return tat - slack - t;
      if (tats.size >= MAX_KEYS) forgetFull(t);
      tats.set(key, tat + rate.intervalMs);
      if (rate.localOnly) return 0;
      const wait = await shared.take(key, rate);
      if (wait > 0) {
        const mine = tats.get(key);
        if (mine !== undefined) tats.set(key, mine - rate.intervalMs);
      }
      return wait;
    },
    refund: (key, rate) => shared.refund(key, rate),
    clear: (key) => shared.clear(key),
    close: () => shared.close(),
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
    s = withLocalRefusals(ctx.config.redisUrl ? redisStore(ctx.config.redisUrl, redisNamespace(ctx)) : dbStore(ctx));
    stores.set(ctx, s);
  }
  return s;
}

export function redisNamespace(ctx: AppContext) {
  const site = crypto.createHash('sha256').update(ctx.config.databaseUrl ?? ctx.config.dataDir).digest('hex').slice(0, 12);
  return `verdict:${site}:throttle`;
}

export async function closeThrottle(ctx: AppContext) {
  await stores.get(ctx)?.close();
  stores.delete(ctx);
}

export const take = (ctx: AppContext, key: string, rate: Rate) => store(ctx).take(key, rate);
export const refund = (ctx: AppContext, key: string, rate: Rate) => store(ctx).refund(key, rate);
export const clear = (ctx: AppContext, key: string) => store(ctx).clear(key);

type WaitMsg = 'tooManyLoginFailures' | 'tooManyRequests' | 'resendTooSoon' | 'tooManyPasswordGuesses' | 'postTooFast' | 'reportTooFast';

/**
 * Takes an attempt from every bucket, refusing with 429 (and the wait in seconds) when one is
 * empty. All buckets are taken even when an earlier one refuses, so a refused flood still counts.
 */
export async function consume(ctx: AppContext, buckets: [string, Rate][], msg: WaitMsg = 'tooManyRequests') {
  const waits = await Promise.all(buckets.map(([key, rate]) => take(ctx, key, rate)));
  const wait = Math.max(...waits);
  if (wait > 0) throw new AppError(429, msg, { s: Math.max(1, Math.ceil(wait / 1000)) });
}

/** The families of public reads limited per address (publicRead). */
export type PublicRead = 'profile' | 'problem' | 'rank' | 'home' | 'list';

/**
 * One attempt from the caller's bucket of a public read whose cost grows with the data (a flood is
 * counted and refused in this process alone: localOnly). A signed-in caller has a bucket
 * of their own, a visitor the address's: a class behind one university NAT address is many
 * accounts, and must not share one visitor's allowance.
 */
export async function publicRead(ctx: AppContext, req: { ip: string; user?: { uid: number } | null }, family: PublicRead) {
  if (!ctx.config.publicReadLimit) return;
  const rate = family === 'profile' ? RATES.profilePerIp : RATES.publicReadPerIp;
  const who = req.user ? `u:${req.user.uid}` : `ip:${req.ip}`;
  const wait = await take(ctx, `${family}-${who}`, rate);
  if (wait <= 0) return;
  // The refusal is held until the bucket would admit again (at most HOLD_MAX_MS): a client looping
  // as fast as it is answered then loops a few times a second instead of thousands, so its
  // refusals stop taking the process's time from everybody else's calls (bench/heatmap-flood.ts).
  // Bounded: past HELD_MAX refusals waiting at once, the next are answered at once.
  if (held < HELD_MAX) {
    held++;
    try {
      await new Promise((r) => setTimeout(r, Math.min(wait, HOLD_MAX_MS)));
    } finally {
      held--;
    }
  }
  throw new AppError(429, 'tooManyRequests', { s: Math.max(1, Math.ceil(wait / 1000)) });
}
const HOLD_MAX_MS = 250;
const HELD_MAX = 2000;
let held = 0;

/**
 * Contest and training passwords: one attempt from the account's bucket for this entry and one
 * from the address's, taken before the password is compared. Call the returned function once
 * the password was right, so the account's bucket starts afresh.
 */
export async function entryPasswordAttempt(ctx: AppContext, ip: string, uid: number, entry: `${'contest' | 'training'}:${number}`) {
  const userKey = `entry-pwd:${entry}:${uid}`;
  await consume(ctx, [[userKey, RATES.entryPasswordPerUser], [`entry-pwd-ip:${ip}`, RATES.entryPasswordPerIp]], 'tooManyPasswordGuesses');
  return () => clear(ctx, userKey);
}

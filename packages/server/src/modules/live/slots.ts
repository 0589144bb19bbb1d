import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { clusterSlots, type SharedSlots } from '../../lib/cluster-relay.js';
import { now } from '../../lib/time.js';

/**
 * The per-address bound on live streams (LIVE_MAX_PER_IP), counted for the whole site: in Redis
 * when it is configured (every server, every machine), through the cluster primary between the
 * processes of one WEB_CONCURRENCY cluster, in the process itself otherwise. When the shared
 * count cannot be reached (Redis down, the primary not answering) each process applies the bound
 * to its own streams, as a single process does.
 */
export interface StreamSlots {
  readonly kind: 'local' | 'cluster' | 'redis';
  /** Takes a place for stream `id` of address `ip`; false when the address holds the maximum already. */
  acquire(ip: string, id: string): Promise<boolean>;
  /** Gives the place back (the stream closed). */
  release(ip: string, id: string): void;
  close(): Promise<void>;
}

/** Streams of this process by address: the local count, and the fallback of the shared ones. */
class Held {
  private readonly byIp = new Map<string, Set<string>>();

  count(ip: string) {
    return this.byIp.get(ip)?.size ?? 0;
  }

  add(ip: string, id: string) {
    let s = this.byIp.get(ip);
    if (!s) this.byIp.set(ip, (s = new Set()));
    s.add(id);
  }

  delete(ip: string, id: string): boolean {
    const s = this.byIp.get(ip);
    if (!s?.delete(id)) return false;
    if (!s.size) this.byIp.delete(ip);
    return true;
  }

  entries() {
    return this.byIp.entries();
  }
}

/** One process: its own count. */
export class LocalSlots implements StreamSlots {
  readonly kind = 'local' as const;
  private readonly held = new Held();

  constructor(private readonly max: number) {}

  async acquire(ip: string, id: string) {
    if (this.held.count(ip) >= this.max) return false;
    this.held.add(ip, id);
    return true;
  }

  release(ip: string, id: string) {
    this.held.delete(ip, id);
  }

  async close() {}
}

/** The processes of one cluster without Redis: the primary counts (lib/cluster-relay.ts). */
export class ClusterSlots implements StreamSlots {
  readonly kind = 'cluster' as const;
  private readonly held = new Held();

  constructor(private readonly shared: SharedSlots, private readonly max: number) {}

  async acquire(ip: string, id: string) {
    const answer = await this.shared.take(ip, id, this.max);
    const ok = answer ?? this.held.count(ip) < this.max;
    if (ok) this.held.add(ip, id);
    // No answer and refused here: a place the primary may still grant late is given back (the
    // primary reads this process's messages in order, so the give follows the take).
    else if (answer === null) this.shared.give(ip, id);
    return ok;
  }

  release(ip: string, id: string) {
    if (this.held.delete(ip, id)) this.shared.give(ip, id);
  }

  async close() {}
}

/**
 * Takes a place in the address's sorted set (member = stream id, score = when its lease ends)
 * unless `max` unexpired places are taken. Leases of a process that died without giving its
 * places back run out; the living ones are renewed every third of the lease.
 */
const TAKE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if not redis.call('ZSCORE', KEYS[1], ARGV[4]) and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

/** Several servers with REDIS_URL: one sorted set per address. */
export class RedisSlots implements StreamSlots {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;
  private readonly held = new Held();
  private readonly timer: NodeJS.Timeout;
  private warned = 0;

  constructor(url: string, private readonly prefix: string, private readonly max: number, private readonly log: FastifyBaseLogger,
    /** How long a place outlives the last renewal of a process that stopped (killed). */
    readonly leaseMs = 30_000) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    this.redis.on('error', (err) => this.warn(err));
    this.timer = setInterval(() => void this.renew(), Math.max(50, Math.floor(leaseMs / 3)));
    this.timer.unref();
  }

  /** Resolves once connected, or after `ms` (streams are then counted per process until it is). */
  ready(ms = 3000): Promise<void> {
    return new Promise((resolve) => {
      const end = Date.now() + ms;
      const check = () => (this.redis.status === 'ready' || Date.now() > end ? resolve() : setTimeout(check, 20));
      check();
    });
  }

  private key(ip: string) {
    return `${this.prefix}${ip}`;
  }

  private warn(err: Error) {
    if (Date.now() - this.warned < 60_000) return;
    this.warned = Date.now();
    this.log.warn({ err: err.message }, 'live: stream places in redis unavailable; counting this process\'s streams only');
  }

  async acquire(ip: string, id: string) {
    let ok: boolean;
    try {
      const t = now();
      ok = Number(await this.redis.eval(TAKE, 1, this.key(ip), t, t + this.leaseMs, this.max, id, this.leaseMs * 2)) === 1;
    } catch (err) {
      this.warn(err as Error);
      ok = this.held.count(ip) < this.max;
    }
    if (ok) this.held.add(ip, id);
    return ok;
  }

  release(ip: string, id: string) {
    if (this.held.delete(ip, id)) this.redis.zrem(this.key(ip), id).catch(() => {});
  }

  /** Renews the leases of this process's open streams: one ZADD per address. */
  private async renew() {
    if (this.redis.status !== 'ready') return;
    const until = now() + this.leaseMs;
    const p = this.redis.pipeline();
    let n = 0;
    for (const [ip, ids] of this.held.entries()) {
      const args: (string | number)[] = [];
      for (const id of ids) args.push(until, id);
      p.zadd(this.key(ip), ...args);
      p.pexpire(this.key(ip), this.leaseMs * 2);
      n++;
    }
    if (n) await p.exec().catch((err) => this.warn(err as Error));
  }

  /** Stops renewing; the hub gives back the places of the streams it ends before this. */
  async close() {
    clearInterval(this.timer);
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** Redis when configured, the cluster primary in a cluster, else this process. */
export function createStreamSlots(o: { redisUrl?: string; site: string; max: number; log: FastifyBaseLogger }): StreamSlots & { ready(): Promise<void> } {
  if (o.redisUrl) return new RedisSlots(o.redisUrl, `verdict:live:ip:${o.site}:`, o.max, o.log);
  const shared = clusterSlots();
  return Object.assign(shared ? new ClusterSlots(shared, o.max) : new LocalSlots(o.max), { ready: async () => {} });
}

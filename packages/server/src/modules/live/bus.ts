import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { clusterRelay, type Relay } from '../../lib/cluster-relay.js';
import type { LiveEvent } from './events.js';

/**
 * Fan-out of live events to every server process. An event is delivered to this process's own
 * subscribers at once; the shared channel (Redis or PostgreSQL) carries it to the others, which
 * drop their own echo by the origin id. A lost message costs only the push: pages still poll.
 */
export interface LiveBus {
  readonly kind: 'memory' | 'redis' | 'postgres';
  publish(e: LiveEvent): void;
  subscribe(fn: (e: LiveEvent) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'verdict_live';

class MemoryBus implements LiveBus {
  readonly kind: LiveBus['kind'] = 'memory';
  protected readonly events = new EventEmitter();
  protected readonly origin = crypto.randomUUID();

  constructor() {
    this.events.setMaxListeners(0);
  }

  publish(e: LiveEvent) {
    this.events.emit('e', e);
    this.forward(JSON.stringify({ o: this.origin, e }));
  }

  subscribe(fn: (e: LiveEvent) => void) {
    this.events.on('e', fn);
    return () => void this.events.off('e', fn);
  }

  /** Sends the event to the other processes (nothing to do in one process). */
  protected forward(_payload: string) {}

  /** An event from the shared channel: delivered unless it is this process's own. */
  protected receive(payload: string) {
    try {
      const m = JSON.parse(payload) as { o: string; e: LiveEvent };
      if (m.o !== this.origin) this.events.emit('e', m.e);
    } catch {
      // Not ours: the channel name is shared by nobody else, but never let a bad payload throw.
    }
  }

  async close() {
    this.events.removeAllListeners();
  }
}

class RedisBus extends MemoryBus {
  override readonly kind = 'redis' as const;
  private readonly pub: Redis;
  private readonly sub: Redis;

  constructor(url: string, private readonly channel: string, log: FastifyBaseLogger) {
    super();
    const opts = { maxRetriesPerRequest: 1, enableOfflineQueue: false };
    this.pub = new Redis(url, opts);
    this.sub = new Redis(url, { ...opts, enableOfflineQueue: true });
    for (const c of [this.pub, this.sub]) c.on('error', (err) => log.warn({ err: err.message }, 'live bus: redis error'));
    this.sub.subscribe(channel).catch((err) => log.warn({ err: err.message }, 'live bus: subscribe failed'));
    this.sub.on('message', (_ch: string, payload: string) => this.receive(payload));
  }

  /** Resolves once the subscription is in place (tests wait for it). */
  ready(): Promise<void> {
    return new Promise((resolve) => {
      const check = () => (this.sub.status === 'ready' && this.pub.status === 'ready' ? resolve() : setTimeout(check, 20));
      check();
    });
  }

  protected override forward(payload: string) {
    if (this.pub.status === 'ready') this.pub.publish(this.channel, payload).catch(() => {});
  }

  override async close() {
    await super.close();
    await Promise.all([this.pub, this.sub].map((c) => c.quit().catch(() => c.disconnect())));
  }
}

/** PostgreSQL without Redis: LISTEN on one dedicated connection, NOTIFY through the pool. */
class PgBus extends MemoryBus {
  override readonly kind = 'postgres' as const;
  private client: pg.Client | null = null;
  private closed = false;
  private connecting: Promise<void> | null = null;

  constructor(private readonly url: string, private readonly ctx: AppContext) {
    super();
    this.connecting = this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.url });
    client.on('error', (err) => {
      this.ctx.log.warn({ err: err.message }, 'live bus: postgres listener lost; reconnecting');
      client.end().catch(() => {});
      if (this.client === client) this.client = null;
      if (!this.closed) setTimeout(() => void this.connect(), 1000).unref();
    });
    client.on('notification', (n) => { if (n.payload) this.receive(n.payload); });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      if (this.closed) { await client.end(); return; }
      this.client = client;
    } catch (err) {
      this.ctx.log.warn({ err: (err as Error).message }, 'live bus: postgres listen failed; retrying');
      client.end().catch(() => {});
      if (!this.closed) setTimeout(() => void this.connect(), 1000).unref();
    }
  }

  ready(): Promise<void> {
    return this.connecting ?? Promise.resolve();
  }

  protected override forward(payload: string) {
    // NOTIFY caps a payload near 8000 bytes; live events are a few dozen.
    if (payload.length > 7000) return;
    sql`select pg_notify(${CHANNEL}, ${payload})`.execute(this.ctx.db).catch((err) => this.ctx.log.warn({ err: err.message }, 'live bus: notify failed'));
  }

  override async close() {
    this.closed = true;
    await this.connecting?.catch(() => {});
    await super.close();
    await this.client?.end().catch(() => {});
  }
}

/** Server processes of one cluster on SQLite without Redis: through the cluster primary. */
class ClusterBus extends MemoryBus {
  constructor(private readonly relay: Relay) {
    super();
    relay.on((payload) => this.receive(payload));
  }

  protected override forward(payload: string) {
    this.relay.send(payload);
  }
}

/**
 * Redis when REDIS_URL is set, PostgreSQL LISTEN/NOTIFY on PostgreSQL, the cluster primary
 * between the processes of one cluster, in-process otherwise.
 */
export function createLiveBus(ctx: AppContext): LiveBus & { ready(): Promise<void> } {
  if (ctx.config.redisUrl) return new RedisBus(ctx.config.redisUrl, `verdict:live:${siteKey(ctx)}`, ctx.log);
  if (ctx.dbKind === 'postgres' && ctx.config.databaseUrl) return new PgBus(ctx.config.databaseUrl, ctx);
  const relay = clusterRelay(CHANNEL);
  return Object.assign(relay ? new ClusterBus(relay) : new MemoryBus(), { ready: async () => {} });
}

/** Names this site's keys and channels in Redis (by its database): two sites sharing one Redis must not hear each other. */
export function siteKey(ctx: AppContext): string {
  return crypto.createHash('sha256').update(ctx.config.databaseUrl ?? ctx.config.dataDir).digest('hex').slice(0, 12);
}

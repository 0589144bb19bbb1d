import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { clusterRelay, type Relay } from '../../lib/cluster-relay.js';

const CHANNEL = 'verdict:judge:task';

/**
 * Wakes long-poll claims when a task is queued. In one process an event emitter is enough; with
 * REDIS_URL set, a task queued by one server instance also wakes the claims waiting on the others;
 * without Redis the processes of one cluster (WEB_CONCURRENCY) tell one another through the primary.
 * Claims still poll the database now and then, so a lost message only delays, never loses, a task.
 */
export class TaskNotifier {
  private readonly events = new EventEmitter();
  private pub: Redis | null = null;
  private sub: Redis | null = null;
  private relay: Relay | null = null;

  constructor(redisUrl: string | undefined, private readonly log: FastifyBaseLogger) {
    this.events.setMaxListeners(0);
    if (!redisUrl) {
      this.relay = clusterRelay(CHANNEL);
      this.relay?.on(() => this.events.emit('task'));
      return;
    }
    const opts = { lazyConnect: false, maxRetriesPerRequest: 1, enableOfflineQueue: false };
    this.pub = new Redis(redisUrl, opts);
    this.sub = new Redis(redisUrl, { ...opts, enableOfflineQueue: true });
    for (const c of [this.pub, this.sub]) c.on('error', (err) => this.log.warn({ err: err.message }, 'judge notifier: redis error'));
    this.sub.subscribe(CHANNEL).catch((err) => this.log.warn({ err: err.message }, 'judge notifier: subscribe failed'));
    this.sub.on('message', () => this.events.emit('task'));
  }

  /** Tells every waiting claim (here and, with Redis, on other servers) to look again. */
  notify() {
    this.events.emit('task');
    // The enqueuing transaction may commit just after this: look again shortly.
    setTimeout(() => this.events.emit('task'), 30).unref();
    if (this.pub?.status === 'ready') this.pub.publish(CHANNEL, '1').catch(() => {});
    this.relay?.send('1');
  }

  /** Resolves on the next notification or after `ms`. */
  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.events.off('task', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.events.on('task', done);
    });
  }

  /** Releases every waiter (shutdown). */
  wakeAll() {
    this.events.emit('task');
  }

  async close() {
    this.wakeAll();
    await Promise.all([this.pub, this.sub].map((c) => c?.quit().catch(() => c.disconnect())));
  }
}

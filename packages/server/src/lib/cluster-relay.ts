import cluster from 'node:cluster';

/**
 * Messages between the server processes of one cluster (WEB_CONCURRENCY > 1) without Redis: a
 * process sends to the primary over its IPC channel and the primary hands the message to every
 * other process. Used where Redis would otherwise carry it (live events, "a task was queued"
 * wake-ups); the database stays the source of truth, so a lost message only costs latency.
 */
const TAG = 'verdictRelay';
interface RelayMessage { [TAG]: string; payload: string }
const isRelay = (m: unknown): m is RelayMessage => typeof m === 'object' && m !== null && typeof (m as RelayMessage)[TAG] === 'string';

export interface Relay {
  send(payload: string): void;
  on(fn: (payload: string) => void): () => void;
}

/** The channel in a cluster's server process; null in a process of its own (nothing to relay). */
export function clusterRelay(channel: string): Relay | null {
  if (!cluster.isWorker || !process.send) return null;
  return {
    send(payload) {
      if (process.connected) process.send!({ [TAG]: channel, payload } satisfies RelayMessage, undefined, {}, () => {});
    },
    on(fn) {
      const listener = (m: unknown) => { if (isRelay(m) && m[TAG] === channel) fn(m.payload); };
      process.on('message', listener);
      return () => void process.off('message', listener);
    },
  };
}

/**
 * Places counted for the whole cluster (e.g. live streams per client address): the primary
 * holds the count, a server process asks it for a place and gives the place back; the places of
 * a process that dies are dropped at once.
 */
const SLOT_TAG = 'verdictSlots';
type SlotMessage =
  | { [SLOT_TAG]: 'take'; seq: number; key: string; id: string; max: number }
  | { [SLOT_TAG]: 'give'; key: string; id: string }
  | { [SLOT_TAG]: 'answer'; seq: number; ok: boolean };
const isSlot = (m: unknown): m is SlotMessage => typeof m === 'object' && m !== null && typeof (m as Record<string, unknown>)[SLOT_TAG] === 'string';

export interface SharedSlots {
  /** A place under `key` for `id` while fewer than `max` are taken; null when the primary does not answer. */
  take(key: string, id: string, max: number): Promise<boolean | null>;
  give(key: string, id: string): void;
}

/** How long a server process waits for the primary's answer before deciding on its own. */
const SLOT_ANSWER_MS = 1000;

/** The cluster's shared places, from a server process; null in a process of its own. */
export function clusterSlots(): SharedSlots | null {
  if (!cluster.isWorker || !process.send) return null;
  let seq = 0;
  const waiting = new Map<number, (ok: boolean | null) => void>();
  process.on('message', (m: unknown) => {
    if (!isSlot(m) || m[SLOT_TAG] !== 'answer') return;
    waiting.get(m.seq)?.(m.ok);
  });
  const send = (m: SlotMessage, done: (err: Error | null) => void) => {
    if (!process.connected) return done(new Error('no primary'));
    process.send!(m, undefined, {}, done);
  };
  return {
    take(key, id, max) {
      return new Promise((resolve) => {
        const s = ++seq;
        const finish = (ok: boolean | null) => {
          clearTimeout(timer);
          waiting.delete(s);
          resolve(ok);
        };
        const timer = setTimeout(() => finish(null), SLOT_ANSWER_MS);
        waiting.set(s, finish);
        send({ [SLOT_TAG]: 'take', seq: s, key, id, max }, (err) => { if (err) finish(null); });
      });
    },
    give(key, id) {
      send({ [SLOT_TAG]: 'give', key, id }, () => {});
    },
  };
}

/** In the primary: passes each relayed message on to the other server processes, and keeps the shared places. */
export function relayBetweenWorkers() {
  /** key -> place id -> the cluster worker id holding it. */
  const places = new Map<string, Map<string, number>>();
  cluster.on('message', (from, m: unknown) => {
    if (isSlot(m)) {
      if (m[SLOT_TAG] === 'take') {
        let held = places.get(m.key);
        if (!held) places.set(m.key, (held = new Map()));
        const ok = held.has(m.id) || held.size < m.max;
        if (ok) held.set(m.id, from.id);
        else if (!held.size) places.delete(m.key);
        if (from.isConnected()) from.send({ [SLOT_TAG]: 'answer', seq: m.seq, ok } satisfies SlotMessage, undefined, () => {});
      } else if (m[SLOT_TAG] === 'give') {
        const held = places.get(m.key);
        if (held?.get(m.id) === from.id) held.delete(m.id);
        if (held && !held.size) places.delete(m.key);
      }
      return;
    }
    if (!isRelay(m)) return;
    for (const w of Object.values(cluster.workers ?? {})) if (w && w !== from && w.isConnected()) w.send(m, undefined, () => {});
  });
  // A process that died (kill -9 included) holds nothing any more.
  cluster.on('exit', (w) => {
    for (const [key, held] of places) {
      for (const [id, owner] of held) if (owner === w.id) held.delete(id);
      if (!held.size) places.delete(key);
    }
  });
}

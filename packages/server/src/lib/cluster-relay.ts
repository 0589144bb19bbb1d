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

/** In the primary: passes each relayed message on to the other server processes. */
export function relayBetweenWorkers() {
  cluster.on('message', (from, m: unknown) => {
    if (!isRelay(m)) return;
    for (const w of Object.values(cluster.workers ?? {})) if (w && w !== from && w.isConnected()) w.send(m, undefined, () => {});
  });
}

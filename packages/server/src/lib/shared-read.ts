/**
 * One read shared by every caller that arrives while it runs: callers that arrive during a read
 * wait for the next one, which starts when the running one ends and answers all of them. It starts
 * after they arrived, so it sees every write they could know of (a read that started before a
 * caller's own write committed is never handed to it). Under a herd (every scoreboard refetching
 * after one verdict) that is one query per round-trip time instead of one per request.
 */
export function sharedRead<T>(fetch: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  let queued: Promise<T> | null = null;
  const start = (): Promise<T> => {
    const p = fetch().finally(() => { if (running === p) running = null; });
    running = p;
    return p;
  };
  return () => {
    if (!running) return start();
    queued ??= running.catch(() => undefined).then(() => {
      queued = null;
      return running ?? start();
    });
    return queued;
  };
}

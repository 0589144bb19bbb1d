/**
 * When a live signal makes a page refetch (pure logic of useLiveSignal, unit-tested in
 * test/live-gate.test.ts).
 *
 * - A burst of signals makes one refetch: at most one per `minGapMs`, the last signal's data kept.
 * - A contest stream opens with a rank signal marked `open` (a catch-up for what changed while no
 *   stream was open). When the page's own data is fresh (`isFresh`: its first fetch is in flight
 *   or just arrived, or a reconnect's refetch already started), that signal is dropped: opening
 *   the page costs one rank fetch, not two.
 * - A reconnect after a drop ('resync') always refetches at once (within the gap): what was missed
 *   while the stream was down is fetched, and the new stream's opening signal right after it is
 *   covered by that refetch.
 * - Signals of verdicts are never dropped, however fresh the data: a signal means a change that
 *   was committed after the server wrote it, which a fetch already under way may not have read.
 * - With `spreadMs`, a signal's refetch waits a random share of it as well: one verdict reaches
 *   every open scoreboard at the same moment, and without the spread all of them would ask the
 *   server at once, and a submit arriving then would wait behind them all.
 */
export interface GateSignal { open?: boolean }

export interface GateOptions<D extends GateSignal> {
  minGapMs: number;
  fire: (data: D) => void;
  /** Whether the page's data is fresh enough to cover an opening signal. */
  isFresh?: () => boolean;
  /** Up to this long (a random share, per signal) before a signal's refetch; not for reconnects. */
  spreadMs?: number;
  random?: () => number;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (t: unknown) => void;
}

export interface SignalGate<D extends GateSignal> {
  /** A signal arrived; `resync` for a reconnect after a drop. */
  signal(data: D, resync?: boolean): void;
  dispose(): void;
}

export function createSignalGate<D extends GateSignal>(o: GateOptions<D>): SignalGate<D> {
  const now = o.now ?? Date.now;
  const setTimer = o.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = o.clearTimer ?? ((t: unknown) => clearTimeout(t as ReturnType<typeof setTimeout>));
  const random = o.random ?? Math.random;
  let last = -Infinity;
  let timer: unknown;
  let pending: D | null = null;
  const fire = () => {
    timer = undefined;
    last = now();
    const d = pending ?? ({} as D);
    pending = null;
    o.fire(d);
  };
  return {
    signal(data, resync = false) {
      // An opening signal is covered by data fetched just now or a refetch already on its way.
      if (!resync && data.open && (timer !== undefined || o.isFresh?.())) return;
      pending = data;
      if (timer !== undefined) return;
      const spread = resync || !o.spreadMs ? 0 : random() * o.spreadMs;
      timer = setTimer(fire, Math.max(spread, last + o.minGapMs - now()));
    },
    dispose() {
      if (timer !== undefined) clearTimer(timer);
      timer = undefined;
      pending = null;
    },
  };
}

import { describe, expect, it } from 'vitest';
import { createSignalGate, type GateSignal } from '../src/lib/live-gate';

/** A gate on a hand-driven clock: timers run when `advance` passes them. */
function harness(isFresh: () => boolean = () => false, spread?: { spreadMs: number; random: () => number }) {
  let t = 10_000;
  const timers: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 1;
  const fired: { at: number; data: GateSignal }[] = [];
  const gate = createSignalGate<GateSignal & { cid?: number }>({
    minGapMs: 1000,
    isFresh,
    ...spread,
    fire: (data) => fired.push({ at: t, data }),
    now: () => t,
    setTimer: (fn, ms) => { const id = nextId++; timers.push({ at: t + ms, fn, id }); return id; },
    clearTimer: (id) => { const i = timers.findIndex((x) => x.id === id); if (i >= 0) timers.splice(i, 1); },
  });
  const advance = (ms: number) => {
    const end = t + ms;
    for (;;) {
      timers.sort((a, b) => a.at - b.at);
      const next = timers[0];
      if (!next || next.at > end) break;
      timers.shift();
      t = next.at;
      next.fn();
    }
    t = end;
  };
  return { gate, fired, advance, pending: () => timers.length };
}

describe('live signal gate', () => {
  it('opening a rank page: the stream\'s opening signal costs no second fetch while the page\'s own fetch is fresh', () => {
    let fetchedAt = 10_000;
    let now = 10_000;
    const h = harness(() => now - fetchedAt < 1000);
    h.advance(300);
    now = 10_300;
    h.gate.signal({ cid: 1, open: true });
    h.advance(5000);
    expect(h.fired).toEqual([]);
    // The same signal when the page's data is old (a cached page opened later): fetched at once.
    fetchedAt = 0;
    h.gate.signal({ cid: 1, open: true });
    h.advance(0);
    expect(h.fired).toHaveLength(1);
  });

  it('a verdict\'s rank signal is never dropped, even right after the page\'s own fetch', () => {
    const h = harness(() => true);
    h.gate.signal({ cid: 1 });
    h.advance(0);
    expect(h.fired.map((f) => f.data)).toEqual([{ cid: 1 }]);
  });

  it('a reconnect after a drop refetches at once, and the new stream\'s opening signal right after it adds nothing', () => {
    let fetching = false;
    const h = harness(() => fetching);
    h.advance(60_000);
    h.gate.signal({}, true);
    h.advance(0);
    expect(h.fired).toHaveLength(1);
    fetching = true; // the resync's refetch is under way
    h.gate.signal({ cid: 1, open: true });
    h.advance(5000);
    expect(h.fired).toHaveLength(1);
  });

  it('a reconnect refetches even when the page fetched a moment ago', () => {
    const h = harness(() => true);
    h.gate.signal({}, true);
    h.advance(0);
    expect(h.fired).toHaveLength(1);
  });

  it('an opening signal arriving while a refetch is already scheduled is folded into it', () => {
    const h = harness(() => false);
    h.gate.signal({ cid: 1 });
    h.advance(0);
    h.gate.signal({ cid: 1 }); // within the gap: scheduled for 1 s after the last fetch
    h.gate.signal({ cid: 1, open: true });
    h.advance(2000);
    expect(h.fired.map((f) => f.at - 10_000)).toEqual([0, 1000]);
    expect(h.fired[1].data).toEqual({ cid: 1 });
  });

  it('a burst of verdict signals makes one refetch per second at most, and dispose cancels a scheduled one', () => {
    const h = harness();
    for (let i = 0; i < 50; i++) { h.gate.signal({ cid: 1 }); h.advance(50); }
    // 2.5 s of signals: at 0, 1000, 2000, and the last one's at 3000.
    h.advance(2000);
    expect(h.fired.map((f) => f.at - 10_000)).toEqual([0, 1000, 2000, 3000]);
    h.gate.signal({ cid: 1 });
    h.gate.signal({ cid: 1 });
    expect(h.pending()).toBe(1);
    h.gate.dispose();
    expect(h.pending()).toBe(0);
  });

  it('with a spread, a rank signal\'s refetch waits its random share (viewers of one verdict do not all ask at once); a reconnect does not wait', () => {
    let r = 0.6;
    const h = harness(() => false, { spreadMs: 500, random: () => r });
    h.gate.signal({ cid: 1 });
    h.advance(299);
    expect(h.fired).toEqual([]);
    h.advance(1);
    expect(h.fired.map((f) => f.at)).toEqual([10_300]);
    // The once-a-second gap still rules when it is longer than the share.
    r = 0.1;
    h.gate.signal({ cid: 1 });
    h.advance(999);
    expect(h.fired).toHaveLength(1);
    h.advance(1);
    expect(h.fired.map((f) => f.at)).toEqual([10_300, 11_300]);
    // A reconnect's refetch is due at once (within the gap), with no share added.
    h.advance(5000);
    r = 0.9;
    h.gate.signal({}, true);
    h.advance(0);
    expect(h.fired).toHaveLength(3);
  });
});

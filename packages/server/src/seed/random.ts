/** Deterministic generator (mulberry32): the demo test data is the same on every machine. */
export class Rng {
  private s: number;
  constructor(seed: number) { this.s = seed >>> 0; }
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** Integer in [lo, hi]. */
  int(lo: number, hi: number): number { return lo + Math.floor(this.next() * (hi - lo + 1)); }
  /** BigInt in [lo, hi] built from two draws (for values past 2^53). */
  big(lo: bigint, hi: bigint): bigint {
    const span = hi - lo + 1n;
    const r = (BigInt(Math.floor(this.next() * 2 ** 32)) << 32n) | BigInt(Math.floor(this.next() * 2 ** 32));
    return lo + (r % span);
  }
}

export const lines = (...ls: (string | number | bigint)[]) => ls.map(String).join('\n') + '\n';

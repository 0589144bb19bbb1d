import { describe, expect, it } from 'vitest';
import { newIdempotencyKey, retrySubmit } from '../src/features/submission/submit-retry';

// Issue 16: a submit click retries a lost answer with the same key, and never a refusal.
describe('submit retries', () => {
  it('makes a fresh 32-hex-digit key per click', () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(a).not.toBe(b);
    expect(newIdempotencyKey((buf) => buf.fill(171))).toBe('ab'.repeat(16));
  });

  it('tries again after a lost answer, waiting longer each time, and returns the first success', async () => {
    const waits: number[] = [];
    let calls = 0;
    const r = await retrySubmit(async () => {
      if (++calls < 3) throw Object.assign(new Error('network'), { retry: true });
      return 42;
    }, (e) => (e as { retry?: boolean }).retry === true, [10, 20, 40], async (ms) => void waits.push(ms));
    expect([r, calls, waits]).toEqual([42, 3, [10, 20]]);
  });

  it('stops at a refusal at once, and after the last delay when the server never answers', async () => {
    let calls = 0;
    const refusal = new Error('captcha');
    await expect(retrySubmit(async () => { calls++; throw refusal; }, () => false, [10], async () => {})).rejects.toBe(refusal);
    expect(calls).toBe(1);
    calls = 0;
    await expect(retrySubmit(async () => { calls++; throw new Error(`lost ${calls}`); }, () => true, [1, 1, 1], async () => {})).rejects.toThrow('lost 4');
    expect(calls).toBe(4);
  });
});

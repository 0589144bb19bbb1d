import { describe, expect, it } from 'vitest';
import { allInOrder } from '../src/lib/all-in-order.js';

const later = <T>(ms: number, v: T, fail = false) => new Promise<T>((res, rej) => setTimeout(() => (fail ? rej(v) : res(v)), ms));

describe('allInOrder', () => {
  it('answers every value in the list order', async () => {
    expect(await allInOrder([later(20, 'a'), later(1, 2)] as const)).toEqual(['a', 2]);
  });

  it('throws the first rejection in list order, not the first to happen, after all have settled', async () => {
    let slowDone = false;
    const slow = later(30, new Error('first in order'), true).finally(() => { slowDone = true; });
    await expect(allInOrder([slow, later(1, new Error('faster'), true)] as const)).rejects.toThrow('first in order');
    expect(slowDone).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { smoothPath } from '../src/features/home/smooth-path';

/** The y of every point and control point of each cubic segment, with the segment's two ends. */
function segments(d: string) {
  const nums = d.replace(/[MC]/g, ' ').trim().split(/[\s,]+/).map(Number);
  const out: { from: number; to: number; ys: number[] }[] = [];
  for (let i = 2; i + 5 < nums.length + 1; i += 6) out.push({ from: nums[i - 1], to: nums[i + 5], ys: [nums[i + 1], nums[i + 3], nums[i + 5]] });
  return out;
}

// Issue 26 item 14: the home page's smoothed Accepted line dipped below 0 after a busy day.
describe('week chart line', () => {
  it('stays between the two values of every segment (never below the 0 line after a peak)', () => {
    const baseline = 200;
    const ys = [0, 0, 12, 0, 0, 5, 0].map((v) => baseline - v * 10);
    const d = smoothPath(ys.map((y, i) => [40 + i * 80, y]));
    const segs = segments(d);
    expect(segs).toHaveLength(6);
    for (const s of segs) {
      for (const y of s.ys) {
        expect(y).toBeGreaterThanOrEqual(Math.min(s.from, s.to) - 1e-9);
        expect(y).toBeLessThanOrEqual(Math.max(s.from, s.to) + 1e-9);
      }
    }
  });

  it('passes through every point and still curves on a rise', () => {
    const d = smoothPath([[0, 100], [10, 50], [20, 0]]);
    expect(d.startsWith('M0,100 C')).toBe(true);
    expect(d.endsWith(' 20,0')).toBe(true);
    expect(smoothPath([])).toBe('');
    expect(smoothPath([[5, 5]])).toBe('M5,5');
  });
});

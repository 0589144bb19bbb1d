import { describe, expect, it } from 'vitest';
import { CHART_BANDS, chartRange, escapeHtml } from '../src/features/user/rating/bands';
import { ratingColor } from '../src/features/rank/rating-band';

describe('rating chart bands (issue 30)', () => {
  it('paints Codeforces\' bands: grey below 1200, green, cyan, blue, violet, orange from 2100, red from 2400', () => {
    expect(CHART_BANDS.map((b) => [b.from, b.fill.slice(0, 7)])).toEqual([
      [0, '#808080'], [1200, '#008000'], [1400, '#03a89e'], [1600, '#0000ff'], [1900, '#aa00aa'], [2100, '#ff8c00'], [2400, '#ff0000'], [3000, '#aa0000'],
    ]);
    // Bands sharing a colour are one area (Master and International Master).
    expect(CHART_BANDS.find((b) => b.from === 2100)?.to).toBe(2400);
  });

  it('names take their band\'s colour; unrated names keep theirs', () => {
    expect(ratingColor(1199)).toBe('#808080');
    expect(ratingColor(1200)).toBe('#008000');
    expect(ratingColor(2399)).toBe('#ff8c00');
    expect(ratingColor(null)).toBeUndefined();
  });

  it('the y range holds every point with room, on 100-point steps, and always shows 1400-1600', () => {
    expect(chartRange([1616])).toEqual([1300, 1800]);
    expect(chartRange([900, 2450])).toEqual([800, 2600]);
  });

  it('escapes contest titles for the tooltip', () => {
    expect(escapeHtml('<b>"A" & \'B\'</b>')).toBe('&lt;b&gt;&quot;A&quot; &amp; &#39;B&#39;&lt;/b&gt;');
  });
});

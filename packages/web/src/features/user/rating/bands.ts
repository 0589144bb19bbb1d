import { RATING_BANDS } from '@verdict/shared';

/** The chart's bands (Codeforces' colours, lighter fills behind the line), merged where two bands share a colour. */
export const CHART_BANDS: { from: number; to: number; fill: string }[] = (() => {
  const out: { from: number; to: number; color: string }[] = [];
  RATING_BANDS.forEach((b, i) => {
    const to = RATING_BANDS[i + 1]?.min ?? 10_000;
    const last = out[out.length - 1];
    if (last && last.color === b.color) last.to = to;
    else out.push({ from: b.min, to, color: b.color });
  });
  return out.map((b) => ({ from: b.from, to: b.to, fill: `${b.color}2e` }));
})();

/** The y range of the chart: the ratings with some room, on 100-point steps (never below 0). */
export function chartRange(ratings: number[]): [number, number] {
  const lo = Math.min(...ratings, 1400), hi = Math.max(...ratings, 1600);
  return [Math.max(0, Math.floor((lo - 100) / 100) * 100), Math.ceil((hi + 100) / 100) * 100];
}

/** Contest titles go into the tooltip's HTML: escaped. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

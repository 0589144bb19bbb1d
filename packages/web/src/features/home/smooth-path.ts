/**
 * A smooth SVG path through the points that never overshoots them (Steffen's monotone cubic):
 * between two days the curve stays between their two values, so a count drawn with it never
 * dips below 0 or above its highest day, as a Catmull-Rom curve does after a peak.
 */
export function smoothPath(p: [number, number][]): string {
  if (!p.length) return '';
  const n = p.length;
  const h = (i: number) => p[i + 1][0] - p[i][0];
  const slope = (i: number) => (p[i + 1][1] - p[i][1]) / (h(i) || 1);
  const tangent = (i: number) => {
    if (n < 2) return 0;
    if (i === 0) return slope(0);
    if (i === n - 1) return slope(n - 2);
    const [s0, s1] = [slope(i - 1), slope(i)];
    const mid = (s0 * h(i) + s1 * h(i - 1)) / (h(i - 1) + h(i) || 1);
    return (Math.sign(s0) + Math.sign(s1)) * Math.min(Math.abs(s0), Math.abs(s1), 0.5 * Math.abs(mid));
  };
  const m = p.map((_v, i) => tangent(i));
  let d = `M${p[0][0]},${p[0][1]}`;
  for (let i = 0; i < n - 1; i++) {
    const third = h(i) / 3;
    d += ` C${p[i][0] + third},${p[i][1] + m[i] * third} ${p[i + 1][0] - third},${p[i + 1][1] - m[i + 1] * third} ${p[i + 1][0]},${p[i + 1][1]}`;
  }
  return d;
}

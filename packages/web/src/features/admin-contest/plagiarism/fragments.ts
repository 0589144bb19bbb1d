import type { PlagiarismPairDetailVo } from '@verdict/shared';

export type Side = 'left' | 'right';

/**
 * Per line (0-based row) of one side, the index of the shared fragment covering it, or null: the
 * side-by-side view colours lines by it and links a clicked line to the fragment's other side.
 * Where two fragments overlap, the first listed wins; rows outside the source are ignored.
 */
export function fragmentOfLine(fragments: PlagiarismPairDetailVo['fragments'], side: Side, lines: number): (number | null)[] {
  const out: (number | null)[] = Array.from({ length: lines }, () => null);
  fragments.forEach((f, i) => {
    const r = f[side];
    for (let row = Math.max(0, r.startRow); row <= Math.min(lines - 1, r.endRow); row++) if (out[row] === null) out[row] = i;
  });
  return out;
}

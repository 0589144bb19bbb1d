import { describe, expect, it } from 'vitest';
import { fragmentOfLine } from '../src/features/admin-contest/plagiarism/fragments';

const range = (startRow: number, endRow: number) => ({ startRow, endRow, startCol: 0, endCol: 0 });

describe('fragmentOfLine (side-by-side plagiarism view)', () => {
  const fragments = [
    { left: range(0, 2), right: range(5, 7) },
    { left: range(2, 4), right: range(0, 2) },
    { left: range(8, 20), right: range(9, 9) },
  ];

  it('maps each line of a side to the fragment covering it, the first listed winning an overlap', () => {
    expect(fragmentOfLine(fragments, 'left', 10)).toEqual([0, 0, 0, 1, 1, null, null, null, 2, 2]);
    expect(fragmentOfLine(fragments, 'right', 10)).toEqual([1, 1, 1, null, null, 0, 0, 0, null, 2]);
  });

  it('ignores rows past the end of the source; no fragments leave every line plain', () => {
    expect(fragmentOfLine(fragments, 'left', 3)).toEqual([0, 0, 0]);
    expect(fragmentOfLine([], 'right', 2)).toEqual([null, null]);
  });
});

import { describe, expect, it } from 'vitest';
import type { AcmCell, ScoreboardRecord } from '@verdict/shared';
import { hideEverything, revealNext } from '../src/features/scroll-board/resolver';

const cell = (o: Partial<AcmCell>): AcmCell => ({ isAC: false, isFirstAC: false, isAfterContest: false, ACTime: null, errorNum: 0, tryNum: 0, ...o });
const row = (uid: number, username: string, ac: number, totalTime: number, info: Record<string, AcmCell>): ScoreboardRecord =>
  ({ uid, username, ac, totalTime, submissionInfo: info } as unknown as ScoreboardRecord);

describe('scroll board of a contest that was never sealed (issue 12)', () => {
  // Final standings: ann solved A and B, bob solved B after one wrong try. HOJ's wire units: cells by
  // display ID, ACTime in seconds since the start, the penalty in seconds (whole minutes x 60).
  const final = [
    row(1, 'ann', 2, 30 * 60, { A: cell({ isAC: true, isFirstAC: true, ACTime: 10 * 60 }), B: cell({ isAC: true, ACTime: 20 * 60 }) }),
    row(2, 'bob', 1, 25 * 60, { B: cell({ isAC: true, isFirstAC: true, ACTime: 5 * 60, errorNum: 1 }) }),
  ];

  it('replays the whole contest: everything hidden first, every step reveals one cell, the end is the final table', () => {
    let rows = hideEverything(final);
    expect(rows.map((r) => [r.username, r.ac, r.totalTime])).toEqual([['ann', 0, 0], ['bob', 0, 0]]);
    expect((rows[1].submissionInfo.B as AcmCell).tryNum).toBe(2);
    const finalByUid = new Map(final.map((r) => [r.uid, r]));
    let steps = 0;
    for (let r = revealNext(rows, finalByUid, ['A', 'B']); r; r = revealNext(rows, finalByUid, ['A', 'B'])) {
      rows = r.rows;
      steps++;
    }
    expect(steps).toBe(3);
    expect(rows.map((r) => [r.username, r.ac, r.totalTime])).toEqual([['ann', 2, 30 * 60], ['bob', 1, 25 * 60]]);
  });
});

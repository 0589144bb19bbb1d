import { describe, expect, it } from 'vitest';
import { contestProblemRows, type ContestProblemPage } from '../src/features/admin-contest/problem-rows';

// HOJ's admin/contest/get-problem-list answer (issue 26 item 10) as the contest problems screen lists it.
describe('contest problem rows', () => {
  it('joins each problem row with its place in the contest, in the answer\'s order', () => {
    const page: ContestProblemPage = {
      problemList: { records: [{ id: 9, problemId: 'P9', title: 'Nine', type: 0 }, { id: 4, problemId: 'P4', title: 'Four', type: 0 }], total: 2, current: 1, size: 200 },
      contestProblemMap: {
        4: { id: 41, cid: 3, pid: 4, displayId: 'B', displayTitle: 'Bee', color: null },
        9: { id: 91, cid: 3, pid: 9, displayId: 'A', displayTitle: 'Ay', color: '#ff0000' },
      },
    };
    expect(contestProblemRows(page)).toEqual([
      { id: 91, cid: 3, pid: 9, displayId: 'A', displayTitle: 'Ay', color: '#ff0000', problemId: 'P9', title: 'Nine', type: 0 },
      { id: 41, cid: 3, pid: 4, displayId: 'B', displayTitle: 'Bee', color: null, problemId: 'P4', title: 'Four', type: 0 },
    ]);
  });
});

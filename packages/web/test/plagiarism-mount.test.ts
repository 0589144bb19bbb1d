import { describe, expect, it } from 'vitest';
import { adminPlagiarismMount, pairPath } from '../src/features/admin-contest/plagiarism/paths';
import { groupPlagiarismMount } from '../src/features/group/plagiarism-mount';
import { mayCheckPlagiarism } from '../src/features/group/rules';

// The plagiarism screens (issue 31) stay where they were opened: the admin area, or a group's frame.
describe('plagiarism screens mounted in the admin area or a group', () => {
  it('the admin area: results under /admin/contest, back to its contest list', () => {
    const m = adminPlagiarismMount(5);
    expect(m).toEqual({ report: '/admin/contest/5/plagiarism', list: '/admin/contest' });
    expect(pairPath(m.report, { leftSubmitId: 11, rightSubmitId: 12 })).toBe('/admin/contest/5/plagiarism/11/12');
  });

  it('a group: results and pairs under the group contest, back to the group\'s contest admin list', () => {
    const m = groupPlagiarismMount(3, 5);
    expect(m).toEqual({ report: '/group/3/contest/5/plagiarism', list: '/group/3/contest?view=admin' });
    expect(pairPath(m.report, { leftSubmitId: 11, rightSubmitId: 12 })).toBe('/group/3/contest/5/plagiarism/11/12');
  });
});

describe('who is offered the group contest\'s check', () => {
  const root = { isRoot: true, uid: 1 };
  const admin = { isRoot: false, uid: 2 };
  it('the group root and the contest\'s creator, once the contest has started', () => {
    expect(mayCheckPlagiarism(root, { uid: 9, status: 1 })).toBe(true);
    expect(mayCheckPlagiarism(root, { uid: 9, status: 0 })).toBe(true);
    expect(mayCheckPlagiarism(admin, { uid: '2', status: 1 })).toBe(true);
    // Another group admin's contest: the server refuses them, so it is not offered.
    expect(mayCheckPlagiarism(admin, { uid: 9, status: 1 })).toBe(false);
    // Not started: nothing to compare.
    expect(mayCheckPlagiarism(root, { uid: 9, status: -1 })).toBe(false);
  });
});

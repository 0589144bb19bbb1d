import { describe, expect, it } from 'vitest';
import { groupRights } from '../src/features/group/context';
import { canChangeRow, canKick, mayManageContest, mayManageProblem, mayManageTraining, optionDisabled } from '../src/features/group/rules';
import type { GroupVo } from '../src/features/group/api';

// Spec 03 §6 as the group screens offer it (issue 15); the server refuses the same calls anyway.
const group = { id: 7, owner: 'olga', name: 'Course', shortName: 'COURS', brief: '', description: '', auth: 3, avatar: null, visible: true, memberCount: 4, gmtCreate: 0 } as GroupVo;
const me = (level: number, o: { owner?: boolean; superAdmin?: boolean; uid?: number } = {}) =>
  ({ level, isOwner: !!o.owner, isSuperAdmin: !!o.superAdmin, uid: o.uid ?? 100, group, gid: 7, isRoot: level === 5 || !!o.owner || !!o.superAdmin, username: o.owner ? 'olga' : 'me' });

describe('group levels', () => {
  it('root = level 5, owner or super admin; admin = root or 4; member = admin or 3; the menu opens for members or with entry access', () => {
    const user = { username: 'me', uid: 100 };
    expect(groupRights(group, 4, true, user, false, false)).toMatchObject({ isRoot: false, isAdmin: true, isMember: true, menuDisabled: false });
    expect(groupRights(group, 0, false, user, true, true)).toMatchObject({ isRoot: true, isAdmin: true, isMember: true });
    expect(groupRights(group, 0, false, { username: 'olga', uid: 1 }, false, false)).toMatchObject({ isOwner: true, isRoot: true });
    expect(groupRights(group, 1, false, user, false, false)).toMatchObject({ isMember: false, menuDisabled: true });
    expect(groupRights(group, 5, false, null, false, false)).toMatchObject({ isRoot: false, isMember: false, menuDisabled: true });
  });
});

describe('member auth select and kick', () => {
  it('a group admin changes only rows below level 4 and may give member, not admin or root', () => {
    const admin = me(4);
    expect(canChangeRow(admin, { auth: 3 })).toBe(true);
    expect(canChangeRow(admin, { auth: 4 })).toBe(false);
    expect(canChangeRow(admin, { auth: 5 })).toBe(false);
    expect([1, 2, 3, 4, 5].map((o) => optionDisabled(admin, { auth: 1 }, o))).toEqual([false, false, false, true, true]);
    // A member is never set back to applying or refused.
    expect([1, 2].map((o) => optionDisabled(admin, { auth: 3 }, o))).toEqual([true, true]);
  });
  it('the owner and the super admin may give any level, a level-5 non-owner not root', () => {
    expect(optionDisabled(me(5, { owner: true }), { auth: 3 }, 5)).toBe(false);
    expect(optionDisabled(me(0, { superAdmin: true }), { auth: 3 }, 4)).toBe(false);
    expect(optionDisabled(me(5), { auth: 3 }, 5)).toBe(true);
    expect(optionDisabled(me(5), { auth: 3 }, 4)).toBe(false);
  });
  it('kick: never oneself, the owner only by the super admin, others when below one\'s level', () => {
    expect(canKick(me(5, { owner: true, uid: 1 }), { uid: 1, username: 'olga', auth: 5 })).toBe(false);
    expect(canKick(me(4), { uid: 100, username: 'me', auth: 4 })).toBe(false);
    expect(canKick(me(4), { uid: 2, username: 'olga', auth: 5 })).toBe(false);
    expect(canKick(me(0, { superAdmin: true }), { uid: 2, username: 'olga', auth: 5 })).toBe(true);
    expect(canKick(me(4), { uid: 3, username: 'sam', auth: 3 })).toBe(true);
    expect(canKick(me(4), { uid: 3, username: 'ada', auth: 4 })).toBe(false);
    expect(canKick(me(5, { owner: true, uid: 1 }), { uid: 3, username: 'ada', auth: 5 })).toBe(true);
  });
});

describe('content rights', () => {
  it('problems: only this group\'s, by the group root or the author', () => {
    expect(mayManageProblem(me(4), { gid: 7, author: 'me' })).toBe(true);
    expect(mayManageProblem(me(4), { gid: 7, author: 'ada' })).toBe(false);
    expect(mayManageProblem(me(5), { gid: 7, author: 'ada' })).toBe(true);
    // Once public (gid 0) or from another group, nobody here manages it.
    expect(mayManageProblem(me(5), { gid: 0, author: 'me' })).toBe(false);
  });
  it('trainings by author name, contests by creator uid, the group root for both', () => {
    expect(mayManageTraining(me(4), { author: 'me' })).toBe(true);
    expect(mayManageTraining(me(4), { author: 'ada' })).toBe(false);
    expect(mayManageContest(me(4), { uid: 100 })).toBe(true);
    expect(mayManageContest(me(4), { uid: 5 })).toBe(false);
    expect(mayManageContest(me(5), { uid: 5 })).toBe(true);
  });
});

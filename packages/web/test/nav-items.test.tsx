import { describe, expect, it } from 'vitest';
import { setRouteTable } from '../src/app/route-registry';
import { navItems, navModeOf, selectedNavKey, type NavItem } from '../src/app/layouts/nav-items';
import type { WebsiteConfig } from '../src/stores/site';
import { contestSection, type ContestNav } from '../src/stores/contest-nav';

const DEFAULT_CONFIG: WebsiteConfig = {
  name: 'Verdict', shortName: 'VD', description: '',
  register: true, openPublicDiscussion: true, openGroupDiscussion: true, openContestComment: true,
};

// A route table like the app's once every feature has landed.
setRouteTable([
  {
    path: '/',
    children: [
      ...['/home', '/problem', '/training', '/contest', '/status', '/acm-rank', '/oi-rank', '/rating-rank', '/discussion', '/group', '/introduction', '/developer'].map((path) => ({ path })),
      { path: '/training/:trainingID', children: [{ index: true }, { path: 'problems' }, { path: 'rank' }] },
      { path: '/contest/:contestID', children: ['', 'problems', 'submissions', 'rank', 'announcements', 'comment', 'print', 'ac-info'].map((p) => (p ? { path: p } : { index: true })) },
      { path: '/group/:groupID', children: [{ index: true }, { path: 'problem' }, { path: 'member' }, { path: 'discussion' }] },
      { path: '*' },
    ],
  },
]);

const keys = (items: NavItem[]): string[] => items.flatMap((i) => (i.children ? [i.key, ...keys(i.children)] : [i.key]));

describe('navbar modes (spec 01 Navigation)', () => {
  it('derives the mode and id from the path', () => {
    expect(navModeOf('/home')).toEqual({ mode: 'default' });
    expect(navModeOf('/contest')).toEqual({ mode: 'default' });
    expect(navModeOf('/contest/12/problems')).toEqual({ mode: 'contest', id: '12' });
    expect(navModeOf('/contest/12/problem/A/full-screen')).toEqual({ mode: 'contest', id: '12' });
    expect(navModeOf('/training/3')).toEqual({ mode: 'training', id: '3' });
    expect(navModeOf('/group/7/training/3/problem/1001')).toEqual({ mode: 'group', id: '7' });
  });

  it('default mode lists the site menu; discussion only while the public-discussion switch is on', () => {
    const on = keys(navItems('default', { config: DEFAULT_CONFIG, isAdmin: false }));
    expect(on).toEqual(['/home', '/problem', '/training', '/contest', '/status', 'rank', '/acm-rank', '/oi-rank', '/rating-rank', '/discussion', '/group', 'about', '/introduction', '/developer']);
    const off = keys(navItems('default', { config: { ...DEFAULT_CONFIG, openPublicDiscussion: false }, isAdmin: false }));
    expect(off).not.toContain('/discussion');
  });

  it('training, contest and group modes start with a back-home entry and keep only existing screens', () => {
    const contest = keys(navItems('contest', { config: DEFAULT_CONFIG, id: '12', isAdmin: false }));
    expect(contest[0]).toBe('/home');
    expect(contest).toContain('/contest/12/problems');
    expect(contest).not.toContain('/contest/12/ac-info'); // contest admins only
    // Print and the AC helper follow the contest the shell loaded (issue 12: no Print when printing is off).
    expect(contest).not.toContain('/contest/12/print');
    const loaded = (o: Partial<ContestNav>) => keys(navItems('contest', { config: DEFAULT_CONFIG, id: '12', isAdmin: false, contest: { cid: 12, openPrint: false, isAdmin: false, acm: true, ...o } }));
    expect(loaded({})).not.toContain('/contest/12/print');
    expect(loaded({ openPrint: true })).toContain('/contest/12/print');
    expect(loaded({ cid: 13, openPrint: true })).not.toContain('/contest/12/print');
    expect(loaded({ isAdmin: true })).toContain('/contest/12/ac-info');
    expect(loaded({ isAdmin: true, acm: false })).not.toContain('/contest/12/ac-info');
    expect(keys(navItems('contest', { config: { ...DEFAULT_CONFIG, openContestComment: false }, id: '12', isAdmin: false }))).not.toContain('/contest/12/comment');

    expect(keys(navItems('training', { config: DEFAULT_CONFIG, id: '3', isAdmin: false }))).toEqual(['/home', '/training/3', '/training/3/problems', '/training/3/rank']);
    // Group screens that have no route (announcement, training, ...) are left out, never dead links.
    expect(keys(navItems('group', { config: DEFAULT_CONFIG, id: '7', isAdmin: false }))).toEqual(['/home', '/group/7', '/group/7/problem', '/group/7/discussion', '/group/7/member']);
  });

  it('highlights the longest matching entry, or the route meta activeMenu', () => {
    const items = navItems('default', { config: DEFAULT_CONFIG, isAdmin: false });
    expect(selectedNavKey(items, '/problem/1001')).toBe('/problem');
    expect(selectedNavKey(items, '/oi-rank')).toBe('/oi-rank');
    expect(selectedNavKey(items, '/submission-detail/5', '/status')).toBe('/status');
    const contest = navItems('contest', { config: DEFAULT_CONFIG, id: '12', isAdmin: false });
    expect(selectedNavKey(contest, '/contest/12/problems')).toBe('/contest/12/problems');
    expect(selectedNavKey(contest, '/contest/12')).toBe('/contest/12');
    // One navigation state with the contest tabs: a problem page and its submission details are 'problems'.
    expect(selectedNavKey(contest, '/contest/12/problem/A')).toBe('/contest/12/problems');
    expect(selectedNavKey(contest, '/contest/12/problem/A/submission-detail/9')).toBe('/contest/12/problems');
    expect(selectedNavKey(contest, '/contest/12/scroll-board')).toBeUndefined();
    expect(contestSection('/contest/12/problem/A', 12)).toBe('problems');
  });
});

import { createStore } from '../lib/store';

/**
 * The contest page being shown, as its shell knows it: the navbar's contest mode and the contest
 * tabs read one navigation state from here (which entries exist, which one is active).
 */
export interface ContestNav { cid: number; openPrint: boolean; isAdmin: boolean; acm: boolean }

export const contestNavStore = createStore<{ current: ContestNav | null }>({ current: null });

/**
 * The contest section a path belongs to ('home', 'problems', 'submissions', ...): a problem page
 * and its submission details belong to 'problems', like the tab that leads there.
 */
export function contestSection(pathname: string, cid: number | string): string {
  const base = `/contest/${cid}`;
  if (!pathname.startsWith(base)) return 'home';
  const seg = pathname.slice(base.length).split('/')[1] ?? '';
  return seg === '' ? 'home' : seg === 'problem' ? 'problems' : seg;
}

/** The path of a contest section. */
export const contestSectionPath = (cid: number | string, section: string) => (section === 'home' ? `/contest/${cid}` : `/contest/${cid}/${section}`);

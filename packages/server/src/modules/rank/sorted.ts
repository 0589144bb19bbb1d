/**
 * A rank kept sorted in memory: entries are moved on change (binary search + splice), never
 * re-sorted as a whole. Positions of equal rows are shared: a row's position is 1 + the index
 * of the first row with the same key. Used by the global ranks and the training ranks.
 */
export interface RankEntry { uid: number; ac: number; total: number; score: number }

export type Order<T = RankEntry> = (a: T, b: T) => number;
/** ACM: distinct problems solved desc, then submissions asc (uid breaks ties for a stable order). */
export const acmKey: Order = (a, b) => b.ac - a.ac || a.total - b.total;
/** OI: sum of best OI rank scores desc, then AC desc. */
export const oiKey: Order = (a, b) => b.score - a.score || b.ac - a.ac;
const withUid = <T extends { uid: number }>(key: Order<T>): Order<T> => (a, b) => key(a, b) || a.uid - b.uid;

export class SortedRank<T extends { uid: number } = RankEntry> {
  readonly rows: T[] = [];
  private readonly full: Order<T>;
  constructor(readonly key: Order<T>) {
    this.full = withUid(key);
  }

  /** First index whose row is not before `e` in `cmp` order. */
  private lowerBound(e: T, cmp: Order<T>) {
    let lo = 0;
    let hi = this.rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cmp(this.rows[mid], e) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  load(entries: T[]) {
    this.rows.length = 0;
    for (const e of entries) this.rows.push(e);
    this.rows.sort(this.full);
  }

  insert(e: T) {
    this.rows.splice(this.lowerBound(e, this.full), 0, e);
  }

  /** Removes the row of `e` (with the values it was inserted with). */
  remove(e: T) {
    const i = this.lowerBound(e, this.full);
    if (this.rows[i]?.uid === e.uid) this.rows.splice(i, 1);
  }

  /** 1 + the rows strictly ahead of `e` (equal rows share a position). */
  position(e: T) {
    return this.lowerBound(e, this.key) + 1;
  }
}

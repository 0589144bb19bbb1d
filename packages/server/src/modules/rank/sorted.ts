/**
 * A rank kept sorted in memory: entries are moved on change (binary search + splice), never
 * re-sorted as a whole. Positions of equal rows are shared: a row's position is 1 + the index
 * of the first row with the same key.
 */
export interface RankEntry { uid: number; ac: number; total: number; score: number }

export type Order = (a: RankEntry, b: RankEntry) => number;
/** ACM: distinct problems solved desc, then submissions asc (uid breaks ties for a stable order). */
export const acmKey: Order = (a, b) => b.ac - a.ac || a.total - b.total;
/** OI: sum of best OI rank scores desc, then AC desc. */
export const oiKey: Order = (a, b) => b.score - a.score || b.ac - a.ac;
const withUid = (key: Order): Order => (a, b) => key(a, b) || a.uid - b.uid;

export class SortedRank {
  readonly rows: RankEntry[] = [];
  private readonly full: Order;
  constructor(readonly key: Order) {
    this.full = withUid(key);
  }

  /** First index whose row is not before `e` in `cmp` order. */
  private lowerBound(e: RankEntry, cmp: Order) {
    let lo = 0;
    let hi = this.rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cmp(this.rows[mid], e) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  load(entries: RankEntry[]) {
    this.rows.length = 0;
    this.rows.push(...entries);
    this.rows.sort(this.full);
  }

  insert(e: RankEntry) {
    this.rows.splice(this.lowerBound(e, this.full), 0, e);
  }

  /** Removes the row of `e` (with the values it was inserted with). */
  remove(e: RankEntry) {
    const i = this.lowerBound(e, this.full);
    if (this.rows[i]?.uid === e.uid) this.rows.splice(i, 1);
  }

  /** 1 + the rows strictly ahead of `e` (equal rows share a position). */
  position(e: RankEntry) {
    return this.lowerBound(e, this.key) + 1;
  }
}

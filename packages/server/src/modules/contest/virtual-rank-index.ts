import { AwardType, ContestType, OiRankScoreType, PENALTY_MINUTES, awardRowCounts, type AcmCell, type AwardTier } from '@verdict/shared';
import { isContestTester, plagiarismExcluded } from './access.js';
import { Verdict, classify, type CellSub } from './rank/cells.js';
import type { RankUser } from './rank/model.js';
import { acmAdd, cellPenalty, emptyAcmCell, untried } from './rank/rank-acm.js';
import { oiAdd, oiClosed, type OiCell } from './rank/rank-oi.js';
import { baseRecord, showNameOf, starSet, type ViewOptions } from './rank/rows.js';
import { acmCellJson, flat, nonAcCellJson, wireCellKeys, type WireCellKeys } from './rank/wire.js';
import { awardTiers } from './repo.js';
import type { ContestRow } from './tables.js';

/**
 * The virtual scoreboard's index (issue 30): the standings of a contest's real participants (ghosts)
 * and virtual runners at any elapsed time, without rebuilding every row per request.
 *
 * Each participant's standing is a step function of the elapsed time E (only submissions with
 * 0 <= rel < E count): the sort key (ACM: solved and penalty; OI: total score and total run time)
 * changes only at the participant's own events, kept sorted so the key at E is a binary search.
 * A snapshot (who has a row and the rows' packed sort keys, in order) is the same for every E with
 * the same number of events before it (of anyone), so it is kept under that number and shared by
 * every request with that many; a new one is the nearest kept one moved by the events in between
 * (each a removal and an insertion in a sorted array), or a sort when none is near. Ranks come from
 * the keys (one more than the ranked rows before the tie's first row). Rows are written only for
 * the page asked, straight to JSON text, from the live rank's own cell rules (acmAdd, oiAdd) over
 * every submission in columns (contiguous arrays), with the rank, award and first-blood marks; the
 * packed page is kept by what it shows. A distinct page (200 runners at 200 elapsed times asking
 * random pages) costs about 0.6 ms (bench/virtual-rank.ts). The answer is what the from-scratch
 * computation over every row by the live rank's builders gives, byte for byte
 * (test/virtual-rank-index.test.ts compares them).
 *
 * Freshness: the index is rebuilt when the rank version moves (every verdict, virtual ones too) or
 * the contest's settings change, as the live rank's views are; a runner's submission shows once it
 * is judged (the live rank shows a contest submission the same way).
 */

const MINUTE = 60_000;
const OPEN_VIEW: ViewOptions = { sealFrom: null, containsEnd: false };

/** One scoreboard candidate: a real participant (ghost) or a virtual runner. */
export interface VirtualEntry {
  user: RankUser;
  /** pid -> submissions, rel in ms from the participant's start (the live cells for ghosts). */
  cells: Map<number, CellSub[]>;
  virtual: boolean;
}

/** What an entry's standing over time is, from its cells alone (kept per cells between rank versions). */
interface Core {
  /** ACM: the first counted (not ignored) submission; OI: the first judged one. Infinity: none. */
  presFrom: number;
  /** ACM: the first submission at or after the seal (a sealed try shows the row). */
  sealAnyFrom: number;
  /** Events: times (sorted) and the key after each event. */
  times: number[];
  prim: number[];
  sec: number[];
  /** ACM: first in-contest Accepted per problem (first blood). */
  firstAc: [pid: number, rel: number][];
  /** Every submission's time, sorted: how many are before E says which ones a row shows. */
  subTimes: Float64Array;
}

interface Settings { acm: boolean; endRel: number; sealRel: number; highest: boolean }

function acmCore(cells: Map<number, CellSub[]>, s: Settings): Core {
  let presFrom = Infinity;
  let sealAnyFrom = Infinity;
  const acs: [number, number, number][] = [];
  for (const [pid, subs] of cells) {
    let err = 0;
    let solved = false;
    for (const [rel, status] of subs) {
      if (rel < 0) continue;
      if (rel >= s.sealRel && rel < sealAnyFrom) sealAnyFrom = rel;
      if (solved || rel >= s.endRel) continue;
      const v = classify(status);
      if (v === Verdict.Ignored) continue;
      if (rel < presFrom) presFrom = rel;
      if (v === Verdict.Rejected) err++;
      else if (v === Verdict.Accepted) {
        solved = true;
        acs.push([rel, Math.floor(rel / MINUTE) + PENALTY_MINUTES * err, pid]);
      }
    }
  }
  acs.sort((a, b) => a[0] - b[0]);
  const times: number[] = [], prim: number[] = [], sec: number[] = [];
  let pen = 0;
  for (const [rel, p] of acs) {
    pen += p;
    times.push(rel);
    prim.push(times.length);
    sec.push(pen);
  }
  return { presFrom, sealAnyFrom, times, prim, sec, firstAc: acs.map(([rel, , pid]) => [pid, rel]), subTimes: new Float64Array(0) };
}

function oiCore(cells: Map<number, CellSub[]>, s: Settings): Core {
  let presFrom = Infinity;
  const events: [rel: number, dScore: number, dTime: number][] = [];
  for (const subs of cells.values()) {
    let best: { score: number; time: number } | null = null;
    for (const [rel, status, score, time] of subs) {
      if (rel < 0) continue;
      if (rel >= s.endRel) break;
      const v = classify(status);
      if (v !== Verdict.Accepted && v !== Verdict.Rejected) continue;
      if (rel < presFrom) presFrom = rel;
      const cand = { score: score ?? 0, time: time ?? 0 };
      if (!s.highest || !best || cand.score > best.score || (cand.score === best.score && cand.time < best.time)) {
        events.push([rel, cand.score - (best?.score ?? 0), cand.time - (best?.time ?? 0)]);
        best = cand;
      }
    }
  }
  events.sort((a, b) => a[0] - b[0]);
  const times: number[] = [], prim: number[] = [], sec: number[] = [];
  let score = 0, time = 0;
  for (const [rel, ds, dt] of events) {
    score += ds;
    time += dt;
    times.push(rel);
    prim.push(score);
    sec.push(time);
  }
  return { presFrom, sealAnyFrom: Infinity, times, prim, sec, firstAc: [], subTimes: new Float64Array(0) };
}

/** Cores by cell lists: an unchanged participant is not recomputed when the rank version moves. */
export class CoreCache {
  private readonly byUid = new Map<string, { arrays: CellSub[][]; settings: string; core: Core }>();

  get(key: string, cells: Map<number, CellSub[]>, s: Settings, settingsKey: string): Core {
    const arrays = [...cells.values()];
    const hit = this.byUid.get(key);
    if (hit && hit.settings === settingsKey && hit.arrays.length === arrays.length && hit.arrays.every((a, i) => a === arrays[i])) return hit.core;
    const core = s.acm ? acmCore(cells, s) : oiCore(cells, s);
    core.subTimes = Float64Array.from(arrays.flatMap((subs) => subs.map((x) => x[0]))).sort();
    this.byUid.set(key, { arrays, settings: settingsKey, core });
    return core;
  }

  /** Drops the cores of participants no longer seen. */
  keepOnly(keys: Set<string>) {
    for (const k of this.byUid.keys()) if (!keys.has(k)) this.byUid.delete(k);
  }
}

/**
 * Who has a row at one elapsed time, in order, with ranks. Identified by its mode (sealed or not)
 * and k, the number of the mode's events before E: every E with the same k gives the same rows.
 */
interface Snapshot {
  k: number;
  /** An elapsed time it was made for (any with the same k gives the same keys). */
  E: number;
  /** Rows. */
  m: number;
  /** Packed keys: the rows' sort keys, ascending (the entry is in the key's low digits). */
  keys: Float64Array | null;
  /** Packed keys: positions of the rows of ranked-out stars (the ranks skip them). */
  stars: number[];
  /** Keys that do not pack: entries in order and their ranks (-1: star or excluded). */
  order: Int32Array | null;
  rank: Int32Array | null;
  /** Ranked rows (the award counts' base). */
  ranked: number;
}

/** The times at which some entry's row or key changes in one mode, sorted, with the entry. */
interface Mode { sealed: boolean; evT: Float64Array; evI: Int32Array; cache: Map<number, Snapshot> }

export interface VirtualPageQuery { currentPage: number; limit: number; keyword?: string | null }

/** Kept snapshots per mode, and the most events a snapshot is moved by (more: built afresh, a sort). */
const SNAPSHOTS = 256;
const MAX_MOVES = 256;
/** Built pages kept per index, as their callers pack them (the route keeps 4 KB of brotli each). */
const KEPT_PAGES = 1024;
/** What a caller keeps of a page: made from the records as JSON text (an array) and the total. */
export type PackPage<T> = (json: string, total: number, q: VirtualPageQuery) => T;

/** A row's standing part as JSON text, and whether it may win an award (it solved or scored). */
interface RowState { json: string; scored: boolean }

/** The award fields of a row without an award. */
const NO_AWARD = ',"isWinAward":false,"awardName":null,"awardBackground":null,"awardColor":null';

/** Index of lowest i in [from, to) with a[i] >= x. */
function lowerBound(a: Float64Array, from: number, to: number, x: number): number {
  let lo = from, hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class VirtualRankIndex {
  readonly entries: VirtualEntry[];
  private readonly acm: boolean;
  private readonly sealRel: number;
  private readonly endRel: number;
  private readonly highest: boolean;
  /** The live rank's view options of a sealed scoreboard (OPEN_VIEW: unsealed). */
  private readonly sealedView: ViewOptions;
  private readonly stars: Set<string>;
  private readonly presFrom: Float64Array;
  private readonly sealAnyFrom: Float64Array;
  /** Events of entry i: [off[i], off[i + 1]) in times / prim / sec. */
  private readonly off: Int32Array;
  private readonly times: Float64Array;
  private readonly prim: Float64Array;
  private readonly sec: Float64Array;
  /** Unranked rows: stars and those excluded for plagiarism (the latter also sorted last). */
  private readonly star: Uint8Array;
  private readonly excluded: Uint8Array;
  /** Position of each entry in username order (ties: entry order, ghosts first). */
  private readonly nameRank: Int32Array;
  private readonly byNameRank: Int32Array;
  /** Ghost entries whose user is also a runner: the runner's row takes their first-blood part (as the builders do). */
  private readonly twin: Int32Array;
  private readonly noFirstBlood: Uint8Array;
  /** Earliest ranked first solve per problem (first blood), ms. */
  private readonly firstBlood = new Map<number, number>();
  /** Lower-cased search fields: username, show name, real name, school. */
  private readonly search: [string, string, string, string][];
  /** Sort keys packed into one number when they fit (else a comparator sort). */
  private readonly pack: { primMax: number; secRange: number; nameRange: number } | null;
  private readonly modes: [Mode, Mode];
  /** Key arrays of evicted snapshots, for new ones. */
  private readonly spare: Float64Array[] = [];
  private readonly subTimes: Float64Array[];
  /** Every entry's cells and submissions in columns (contiguous: a page's rows read them). */
  private readonly cols: Columns;
  /** Built pages by what they show, per problems' display IDs (the wire's cell keys) and packing. */
  private readonly pages = new WeakMap<Map<number, string>, WeakMap<PackPage<unknown>, Map<string, unknown>>>();
  /** Rows' user parts by entry (2i: names blanked, 2i + 1: all), and ACM cells' JSON once Accepted (final from then on). */
  private readonly heads: (string | undefined)[];
  private readonly acCells: (string | undefined)[];
  /** Stars and excluded entries (few). */
  private readonly unrankedList: number[] = [];

  constructor(private readonly c: ContestRow, entries: VirtualEntry[], cores: CoreCache) {
    const acm = c.type !== ContestType.OI;
    this.acm = acm;
    const endRel = c.end_time - c.start_time;
    this.sealRel = (c.seal_rank_time ?? c.start_time) - c.start_time;
    this.endRel = endRel;
    this.highest = c.oi_rank_score_type === OiRankScoreType.HIGHEST;
    this.sealedView = { sealFrom: this.sealRel, containsEnd: false };
    this.stars = starSet(c);
    const s: Settings = { acm, endRel, sealRel: this.sealRel, highest: this.highest };
    const settingsKey = `${acm}|${endRel}|${this.sealRel}|${s.highest}`;
    // Testers (the contest's author, the super admin) never have a row.
    this.entries = entries.filter((e) => !isContestTester(c, e.user.uid, e.user.role));
    const n = this.entries.length;
    const coreList: Core[] = [];
    const keys = new Set<string>();
    for (const e of this.entries) {
      const key = `${e.virtual ? 'v' : 'g'}${e.user.uid}`;
      keys.add(key);
      coreList.push(cores.get(key, e.cells, s, settingsKey));
    }
    cores.keepOnly(keys);
    this.subTimes = coreList.map((k) => k.subTimes);
    this.cols = columns(this.entries);
    // Filled in as pages are built; allocated whole (an array filled out of order is a slow dictionary).
    this.heads = new Array<string | undefined>(2 * this.entries.length).fill(undefined);
    this.acCells = new Array<string | undefined>(this.cols.cellPid.length).fill(undefined);
    this.presFrom = new Float64Array(n);
    this.sealAnyFrom = new Float64Array(n);
    this.off = new Int32Array(n + 1);
    let total = 0;
    for (let i = 0; i < n; i++) {
      this.off[i] = total;
      total += coreList[i].times.length;
    }
    this.off[n] = total;
    this.times = new Float64Array(total);
    this.prim = new Float64Array(total);
    this.sec = new Float64Array(total);
    let packable = true;
    let primMax = 0, secMax = 0;
    for (let i = 0; i < n; i++) {
      const k = coreList[i];
      this.presFrom[i] = k.presFrom;
      this.sealAnyFrom[i] = k.sealAnyFrom;
      this.times.set(k.times, this.off[i]);
      this.prim.set(k.prim, this.off[i]);
      this.sec.set(k.sec, this.off[i]);
      for (let j = 0; j < k.prim.length; j++) {
        const p = k.prim[j], q = k.sec[j];
        if (!Number.isSafeInteger(p) || !Number.isSafeInteger(q) || p < 0 || q < 0) packable = false;
        else {
          if (p > primMax) primMax = p;
          if (q > secMax) secMax = q;
        }
      }
    }
    const stars = this.stars;
    const excluded = plagiarismExcluded(c);
    this.star = new Uint8Array(n);
    this.excluded = new Uint8Array(n);
    this.search = [];
    const runnerOf = new Map<number, number>();
    this.entries.forEach((e, i) => {
      this.star[i] = stars.has(e.user.username) ? 1 : 0;
      this.excluded[i] = excluded.has(e.user.uid) ? 1 : 0;
      const u = e.user;
      this.search.push([u.username.toLowerCase(), showNameOf(c, u).toLowerCase(), (u.realname ?? '').toLowerCase(), (u.school ?? '').toLowerCase()]);
      if (e.virtual) runnerOf.set(u.uid, i);
    });
    for (let i = 0; i < n; i++) if (this.star[i] || this.excluded[i]) this.unrankedList.push(i);
    this.twin = new Int32Array(n).fill(-1);
    this.noFirstBlood = new Uint8Array(n);
    this.entries.forEach((e, i) => {
      const t = e.virtual ? undefined : runnerOf.get(e.user.uid);
      if (t !== undefined) {
        this.twin[i] = t;
        this.noFirstBlood[i] = 1;
      }
    });
    for (let i = 0; i < n; i++) {
      if (this.star[i] || this.excluded[i] || this.noFirstBlood[i]) continue;
      for (const [pid, rel] of coreList[i].firstAc) {
        const best = this.firstBlood.get(pid);
        if (best === undefined || rel < best) this.firstBlood.set(pid, rel);
      }
    }
    const byName = Array.from({ length: n }, (_, i) => i).sort((a, b) => {
      const x = this.entries[a].user.username, y = this.entries[b].user.username;
      return x < y ? -1 : x > y ? 1 : a - b;
    });
    this.byNameRank = Int32Array.from(byName);
    this.nameRank = new Int32Array(n);
    byName.forEach((e, r) => { this.nameRank[e] = r; });
    const nameRange = Math.max(1, n);
    const secRange = secMax + 1;
    this.pack = packable && 2 * (primMax + 1) * secRange * nameRange < Number.MAX_SAFE_INTEGER ? { primMax, secRange, nameRange } : null;
    // Events: unsealed, a row appears (presFrom) or its key moves (times); sealed (keys as of the
    // seal), an ACM row appears with its first try in the sealed window.
    const open: number[] = [], openI: number[] = [];
    const closed: number[] = [], closedI: number[] = [];
    for (let i = 0; i < n; i++) {
      if (this.presFrom[i] !== Infinity) { open.push(this.presFrom[i]); openI.push(i); }
      for (let j = this.off[i]; j < this.off[i + 1]; j++) { open.push(this.times[j]); openI.push(i); }
      if (acm && this.sealAnyFrom[i] !== Infinity) { closed.push(this.sealAnyFrom[i]); closedI.push(i); }
    }
    this.modes = [this.mode(false, open, openI), this.mode(true, closed, closedI)];
  }

  /** A mode's events sorted by time: as packed numbers (time * n + entry) when they fit. */
  private mode(sealed: boolean, t: number[], who: number[]): Mode {
    const n = Math.max(1, this.entries.length);
    const evT = new Float64Array(t.length), evI = new Int32Array(t.length);
    if (t.every((x) => Number.isSafeInteger(x) && x >= 0 && x * n < Number.MAX_SAFE_INTEGER / 2)) {
      const packed = Float64Array.from(t, (x, e) => x * n + who[e]).sort();
      packed.forEach((v, e) => {
        evI[e] = v % n;
        evT[e] = (v - evI[e]) / n;
      });
    } else {
      const at = t.map((_, e) => e).sort((a, b) => t[a] - t[b]);
      at.forEach((x, e) => {
        evT[e] = t[x];
        evI[e] = who[x];
      });
    }
    return { sealed, evT, evI, cache: new Map() };
  }

  /** Whether entry i has a row at E (Ep: the standings' time, the seal when sealed). */
  private present(i: number, E: number, sealed: boolean): boolean {
    if (!this.acm) return this.presFrom[i] < (sealed ? this.sealRel : E);
    return sealed ? this.presFrom[i] < this.sealRel || this.sealAnyFrom[i] < E : this.presFrom[i] < E;
  }

  /** The packed sort key of entry i at E (NaN: no row), or its key parts when keys do not pack. */
  private keyAt(i: number, E: number, sealed: boolean): number {
    if (!this.present(i, E, sealed)) return NaN;
    const from = this.off[i], to = this.off[i + 1];
    const j = lowerBound(this.times, from, to, sealed ? this.sealRel : E);
    const p = j > from ? this.prim[j - 1] : 0;
    const q = j > from ? this.sec[j - 1] : 0;
    const { primMax, secRange, nameRange } = this.pack!;
    return ((this.excluded[i] * (primMax + 1) + (primMax - p)) * secRange + q) * nameRange + this.nameRank[i];
  }

  /**
   * The snapshot at elapsed E (sealed: the standings as of the seal, E >= the seal): a kept one
   * with the same events before E, else the nearest kept one moved by the events in between (each
   * a removal and an insertion in the sorted rows), else one built afresh.
   */
  snapshot(E: number, sealed: boolean): Snapshot {
    const mode = this.modes[sealed ? 1 : 0];
    const k = lowerBound(mode.evT, 0, mode.evT.length, E);
    const hit = mode.cache.get(k);
    if (hit) {
      mode.cache.delete(k);
      mode.cache.set(k, hit);
      return hit;
    }
    let base: Snapshot | null = null;
    if (this.pack) {
      for (const s of mode.cache.values()) if (Math.abs(s.k - k) <= MAX_MOVES && (!base || Math.abs(s.k - k) < Math.abs(base.k - k))) base = s;
    }
    const snap = base ? this.moved(base, mode, k, E) : this.fresh(k, E, sealed);
    mode.cache.set(k, snap);
    if (mode.cache.size > SNAPSHOTS) {
      const oldest = mode.cache.keys().next().value!;
      const keys = mode.cache.get(oldest)!.keys;
      mode.cache.delete(oldest);
      if (keys && this.spare.length < 8) this.spare.push(new Float64Array(keys.buffer));
    }
    return snap;
  }

  /**
   * An array for a snapshot's keys, one per entry: an evicted snapshot's when there is one. Runners
   * move to a new snapshot with every event they pass (hundreds a second with 200 runners), and
   * that many fresh arrays of 40 KB outside the heap bring on full collections.
   */
  private keysArray(): Float64Array {
    return this.spare.pop() ?? new Float64Array(Math.max(1, this.entries.length));
  }

  /** Moves a kept snapshot to k: each entry with an event in between is taken out and put back at its key. */
  private moved(base: Snapshot, mode: Mode, k: number, E: number): Snapshot {
    const lo = Math.min(k, base.k), hi = Math.max(k, base.k);
    // Rows never outnumber entries (each entry's row is taken out before it is put back).
    const keys = this.keysArray();
    keys.set(base.keys!.subarray(0, base.m));
    let m = base.m;
    const seen = new Set<number>();
    for (let e = lo; e < hi; e++) {
      const i = mode.evI[e];
      if (seen.has(i)) continue;
      seen.add(i);
      const before = this.keyAt(i, base.E, mode.sealed);
      const after = this.keyAt(i, E, mode.sealed);
      if (before === after || (before !== before && after !== after)) continue;
      if (before === before) {
        const at = lowerBound(keys, 0, m, before);
        keys.copyWithin(at, at + 1, m);
        m--;
      }
      if (after === after) {
        const at = lowerBound(keys, 0, m, after);
        keys.copyWithin(at + 1, at, m);
        keys[at] = after;
        m++;
      }
    }
    return this.packedSnapshot(k, E, keys.subarray(0, m), mode.sealed);
  }

  private fresh(k: number, E: number, sealed: boolean): Snapshot {
    const n = this.entries.length;
    if (this.pack) {
      const keys = this.keysArray();
      let m = 0;
      for (let i = 0; i < n; i++) {
        const key = this.keyAt(i, E, sealed);
        if (key === key) keys[m++] = key;
      }
      return this.packedSnapshot(k, E, keys.subarray(0, m).sort(), sealed);
    }
    // Keys that do not pack (huge or fractional scores): a comparator sort of the rows.
    const Ep = sealed ? this.sealRel : E;
    const at: number[] = [];
    const prim = new Float64Array(n), sec = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      if (!this.present(i, E, sealed)) continue;
      const from = this.off[i], to = this.off[i + 1];
      const j = lowerBound(this.times, from, to, Ep);
      prim[i] = j > from ? this.prim[j - 1] : 0;
      sec[i] = j > from ? this.sec[j - 1] : 0;
      at.push(i);
    }
    at.sort((a, b) => this.excluded[a] - this.excluded[b] || prim[b] - prim[a] || sec[a] - sec[b] || this.nameRank[a] - this.nameRank[b]);
    const order = Int32Array.from(at);
    // Ties share a rank (1, 1, 3); stars and excluded rows are placed but unranked.
    const rank = new Int32Array(at.length).fill(-1);
    let position = 0;
    let prev = -1;
    for (let x = 0; x < at.length; x++) {
      const i = order[x];
      if (this.star[i] || this.excluded[i]) continue;
      position++;
      const p = prev >= 0 ? order[prev] : -1;
      rank[x] = p >= 0 && prim[p] === prim[i] && sec[p] === sec[i] ? rank[prev] : position;
      prev = x;
    }
    return { k, E, m: at.length, keys: null, stars: [], order, rank, ranked: position };
  }

  /** Sorted keys with what the ranks need: where the ranked-out stars are and how many rows are ranked. */
  private packedSnapshot(k: number, E: number, keys: Float64Array, sealed: boolean): Snapshot {
    const stars: number[] = [];
    let unranked = 0;
    for (const i of this.unrankedList) {
      const key = this.keyAt(i, E, sealed);
      if (key !== key) continue;
      unranked++;
      if (!this.excluded[i]) stars.push(lowerBound(keys, 0, keys.length, key));
    }
    stars.sort((a, b) => a - b);
    return { k, E, m: keys.length, keys, stars, order: null, rank: null, ranked: keys.length - unranked };
  }

  /** The entry at position x of a snapshot. */
  private entryAt(s: Snapshot, x: number): number {
    return s.keys ? this.byNameRank[s.keys[x] % this.pack!.nameRange] : s.order![x];
  }

  /**
   * The rank at position x of a ranked row: ties share a rank (1, 1, 3) and stars are placed but
   * not counted, so it is one more than the ranked rows before the first row of its tie.
   */
  private rankAt(s: Snapshot, x: number): number {
    if (!s.keys) return s.rank![x];
    const nameRange = this.pack!.nameRange;
    const key = s.keys[x];
    const first = lowerBound(s.keys, 0, s.m, key - (key % nameRange));
    let starsBefore = 0;
    while (starsBefore < s.stars.length && s.stars[starsBefore] < first) starsBefore++;
    return first - starsBefore + 1;
  }

  /**
   * One page at elapsed E as the scoreboard answers it, handed to `pack` as JSON text (the records:
   * the wire form, display IDs from `ids`, HOJ's units, real names and schools blanked unless
   * `seeAll`, `virtual`) with the total; what `pack` makes is kept under what the page shows, and
   * a page asked again before anything on it moved is that same object. Rows are written from the
   * live rank's cell rules (standing) around kept user parts. `seeAll`: the viewer reads real names
   * and schools (the keyword searches only what they read).
   *
   * Only the packed form is kept: a kept 70 KB text would be copied by every young-generation
   * collection until promoted (most pages are asked once), where bytes live outside the heap.
   */
  page<T>(E: number, sealFrom: number | null, seeAll: boolean, q: VirtualPageQuery, ids: Map<number, string>, pack: PackPage<T>): T {
    const sealed = sealFrom !== null;
    const snap = this.snapshot(E, sealed);
    const kw = q.keyword?.trim().toLowerCase();
    const from = (q.currentPage - 1) * q.limit;
    let slice: number[];
    let total: number;
    if (kw) {
      const hit: number[] = [];
      for (let k = 0; k < snap.m; k++) {
        const f = this.search[this.entryAt(snap, k)];
        if (f[0].includes(kw) || f[1].includes(kw) || (seeAll && (f[2].includes(kw) || f[3].includes(kw)))) hit.push(k);
      }
      slice = hit.slice(from, from + q.limit);
      total = hit.length;
    } else {
      slice = [];
      for (let k = from; k < Math.min(from + q.limit, snap.m); k++) slice.push(k);
      total = snap.m;
    }
    const tiers = this.awardLimits(snap.ranked);
    const shown = slice.map((k) => {
      const i = this.entryAt(snap, k);
      const ranked = !this.star[i] && !this.excluded[i];
      const twin = this.twin[i];
      const subs = this.subTimes[i];
      return { i, rank: ranked ? this.rankAt(snap, k) : -1, ranked, subs: lowerBound(subs, 0, subs.length, E), virtual: this.entries[i].virtual || (twin >= 0 && this.present(twin, E, sealed)) };
    });
    const key = `${q.currentPage}|${q.limit}|${sealed ? 1 : 0}|${seeAll ? 1 : 0}|${total}|${tiers ? snap.ranked : ''}|${shown.map((x) => `${x.i}:${x.rank}:${x.subs}:${x.virtual ? 1 : 0}`).join(',')}`;
    let byPack = this.pages.get(ids);
    if (!byPack) this.pages.set(ids, (byPack = new WeakMap()));
    let kept = byPack.get(pack) as Map<string, T> | undefined;
    if (!kept) byPack.set(pack, (kept = new Map()));
    const hit = kept.get(key);
    if (hit !== undefined) return hit;
    const keys = wireCellKeys(ids);
    const out: string[] = [];
    for (const { i, rank, ranked, virtual } of shown) {
      const head = (this.heads[2 * i + (seeAll ? 1 : 0)] ??= flat(this.head(i, seeAll)));
      const state = this.standing(i, E, sealed, ranked, keys);
      const tier = tiers && ranked && state.scored ? tiers.limits.findIndex((limit) => rank <= limit) : -1;
      out.push(`${head},"rank":${rank}${tier >= 0 ? tiers!.json[tier] : NO_AWARD},${state.json},"virtual":${virtual}}`);
    }
    const built = pack(`[${out.join(',')}]`, total, q);
    kept.set(key, built);
    if (kept.size > KEPT_PAGES) kept.delete(kept.keys().next().value!);
    return built;
  }

  /** Entry i's record fields before the rank (its user), as JSON text without the closing brace. */
  private head(i: number, seeAll: boolean): string {
    const r: Record<string, unknown> = baseRecord(this.c, this.entries[i].user, this.stars);
    if (!seeAll) Object.assign(r, { realname: null, school: null });
    const keys = Object.keys(r);
    return JSON.stringify(Object.fromEntries(keys.slice(0, keys.indexOf('rank')).map((k) => [k, r[k]]))).slice(0, -1);
  }

  /**
   * Entry i's record fields after the award (its standing) at E, as toWireRecord sends them, in
   * JSON text: the live rank's cell rules (acmAdd, oiAdd) over the submissions before E, summed
   * as its builders sum them; `scored`: the row may win an award.
   */
  private standing(i: number, E: number, sealed: boolean, ranked: boolean, keys: WireCellKeys): RowState {
    const { cellAt, cellPid, subAt, subRel, subStatus, subScore, subTime } = this.cols;
    const o = sealed ? this.sealedView : OPEN_VIEW;
    // Cells by +=: the cheapest build (the page's join flattens all its rows at once); ordered when a key is a number.
    let info = '', time = '';
    const infos: [string, string][] = [], times: [string, string][] = [];
    const add = (to: [string, string][], written: string, key: string, json: string) => {
      if (!keys.asAdded) to.push([key, json]);
      return keys.asAdded ? `${written}${written ? ',' : ''}${key}${json}` : written;
    };
    let ac = 0, totalTime = 0, totalScore = 0;
    for (let k = cellAt[i]; k < cellAt[i + 1]; k++) {
      const pid = cellPid[k];
      const key = keys.quoted.get(pid); // undefined: a problem removed from the contest (counted, not shown)
      if (this.acm) {
        const cell = emptyAcmCell();
        for (let j = subAt[k]; j < subAt[k + 1] && subRel[j] < E && acmAdd(cell, subRel[j], subStatus[j], this.endRel, o); j++);
        if (untried(cell)) continue;
        let json: string;
        if (cell.isAC) {
          ac++;
          totalTime += cellPenalty(cell);
          json = (this.acCells[k] ??= flat(this.firstBloodMarked(cell, i, pid, ranked)));
        } else {
          json = nonAcCellJson(cell);
        }
        if (key !== undefined) info = add(infos, info, key, json);
      } else {
        let cell: OiCell | null = null;
        for (let j = subAt[k]; j < subAt[k + 1] && subRel[j] < E; j++) {
          if (subRel[j] >= 0 && oiClosed(subRel[j], this.endRel, o)) break;
          cell = oiAdd(cell, subRel[j], subStatus[j], subScore[j], subTime[j], this.highest);
        }
        if (!cell) continue;
        totalScore += cell.score;
        totalTime += cell.time;
        if (cell.accepted) ac++;
        if (key !== undefined) {
          info = add(infos, info, key, `${cell.score}`);
          time = add(times, time, key, `${cell.time}`);
        }
      }
    }
    const reason = plagiarismExcluded(this.c).get(this.entries[i].user.uid);
    const cells = keys.asAdded ? `{${info}}` : keys.object(infos);
    const runTimes = keys.asAdded ? `{${time}}` : keys.object(times);
    const json = `"ac":${ac},"totalTime":${this.acm ? totalTime * 60 : totalTime},"totalScore":${totalScore},"submissionInfo":${cells},`
      + `"timeInfo":${runTimes},"isStar":${this.stars.has(this.entries[i].user.username)},"isConcerned":false${reason === undefined ? '' : `,"excludedReason":${JSON.stringify(reason)}`}`;
    return { json, scored: this.acm ? ac > 0 : totalScore > 0 };
  }

  /**
   * An Accepted cell's JSON with its first-blood mark: a ranked row's solve is first blood when it
   * is in the second of the problem's earliest ranked solve (that solve is at or before this one,
   * so before E, and before the seal when sealed, too). The same at every later E.
   */
  private firstBloodMarked(cell: AcmCell, i: number, pid: number, ranked: boolean): string {
    if (ranked && !this.noFirstBlood[i] && !cell.isAfterContest && cell.ACTime != null) {
      const first = this.firstBlood.get(pid);
      cell.isFirstAC = first !== undefined && Math.floor(cell.ACTime / 1000) === Math.floor(first / 1000);
    }
    return acmCellJson(cell);
  }

  private awardLimits(ranked: number): { limits: number[]; json: string[] } | null {
    if (this.c.award_type === AwardType.NONE) return null;
    const tiers: AwardTier[] = [...awardTiers(this.c)].sort((a, b) => a.priority - b.priority);
    const counts = awardRowCounts(this.c.award_type, tiers, ranked);
    let upTo = 0;
    const json = tiers.map((t) => `,"isWinAward":true,"awardName":${JSON.stringify(t.name)},"awardBackground":${JSON.stringify(t.background)},"awardColor":${JSON.stringify(t.color)}`);
    return { limits: counts.map((x) => (upTo += x)), json };
  }
}

/**
 * Every entry's cells and submissions in columns: entry i's cells are [cellAt[i], cellAt[i + 1]),
 * cell k's submissions (in submit order) [subAt[k], subAt[k + 1]); a null score or time is 0, as
 * the OI rule counts it. Contiguous arrays, where the cells' own lists are scattered over the heap.
 */
interface Columns {
  cellAt: Int32Array; cellPid: Int32Array; subAt: Int32Array;
  subRel: Float64Array; subStatus: Int32Array; subScore: Float64Array; subTime: Float64Array;
}

function columns(entries: VirtualEntry[]): Columns {
  let cellCount = 0, subCount = 0;
  for (const e of entries) {
    cellCount += e.cells.size;
    for (const subs of e.cells.values()) subCount += subs.length;
  }
  const cols: Columns = {
    cellAt: new Int32Array(entries.length + 1), cellPid: new Int32Array(cellCount), subAt: new Int32Array(cellCount + 1),
    subRel: new Float64Array(subCount), subStatus: new Int32Array(subCount), subScore: new Float64Array(subCount), subTime: new Float64Array(subCount),
  };
  let k = 0, j = 0;
  entries.forEach((e, i) => {
    cols.cellAt[i] = k;
    for (const [pid, subs] of e.cells) {
      cols.cellPid[k] = pid;
      cols.subAt[k++] = j;
      for (const [rel, status, score, time] of subs) {
        cols.subRel[j] = rel;
        cols.subStatus[j] = status;
        cols.subScore[j] = score ?? 0;
        cols.subTime[j++] = time ?? 0;
      }
    }
  });
  cols.cellAt[entries.length] = k;
  cols.subAt[k] = j;
  return cols;
}

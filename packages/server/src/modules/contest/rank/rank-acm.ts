import { PENALTY_MINUTES, type AcmCell, type ScoreboardRecord } from '@verdict/shared';
import { isContestTester } from '../access.js';
import type { ContestRow } from '../tables.js';
import { Verdict, classify, type CellSub } from './cells.js';
import type { RankUser, ViewBuilder } from './model.js';
import { assignRanks, baseRecord, byName, excludedLast, starSet, type ViewOptions } from './rows.js';

const MINUTE = 60_000;

/** An ACM cell before any submission. */
export const emptyAcmCell = (): AcmCell => ({ isAC: false, isFirstAC: false, isAfterContest: false, ACTime: null, errorNum: 0, tryNum: 0 });

/**
 * Adds one submission (in submit order) to an ACM cell: the first Accepted (if any) and the
 * rejected tries before it. Compile and system errors cost nothing; submissions inside the sealed
 * window (and still pending ones) are only tries. False once no later submission changes the cell.
 */
export function acmAdd(cell: AcmCell, rel: number, status: number, endRel: number, o: ViewOptions): boolean {
  if (rel < 0) return true;
  if (rel >= endRel && !o.containsEnd) return false;
  if (o.sealFrom != null && rel >= o.sealFrom) {
    cell.tryNum++;
    return true;
  }
  const v = classify(status);
  if (v === Verdict.Pending) cell.tryNum++;
  else if (v === Verdict.Rejected) cell.errorNum++;
  else if (v === Verdict.Accepted) {
    cell.isAC = true;
    cell.ACTime = rel;
    cell.isAfterContest = rel >= endRel;
    return false;
  }
  return true;
}

/** One ACM cell from its submissions (acmAdd). */
export function acmCell(subs: CellSub[], endRel: number, o: ViewOptions): AcmCell {
  const cell = emptyAcmCell();
  for (let j = 0; j < subs.length && acmAdd(cell, subs[j][0], subs[j][1], endRel, o); j++);
  return cell;
}

/** A cell with nothing to show (no row for it): no Accepted, no rejected try, nothing pending or sealed. */
export const untried = (cell: AcmCell) => !cell.isAC && cell.errorNum === 0 && cell.tryNum === 0;

export const cellPenalty = (cell: AcmCell) => (cell.isAC && cell.ACTime != null ? Math.floor(cell.ACTime / MINUTE) + PENALTY_MINUTES * cell.errorNum : 0);

/** ACM view: rows of users who tried something; solved desc, penalty asc; ties share a rank. */
export function acmBuilder(c: ContestRow, o: ViewOptions): ViewBuilder {
  const endRel = c.end_time - c.start_time;
  const stars = starSet(c);
  // In-contest solves of ranked users by uid, kept with the rows, for first blood.
  const solves = new Map<number, { pid: number; sec: number; cell: AcmCell }[]>();
  return {
    row(u: RankUser, byPid: Map<number, CellSub[]>) {
      solves.delete(u.uid);
      if (isContestTester(c, u.uid, u.role)) return null;
      const r = baseRecord(c, u, stars);
      const mine: { pid: number; sec: number; cell: AcmCell }[] = [];
      let tried = false;
      for (const [pid, subs] of byPid) {
        const cell = acmCell(subs, endRel, o);
        if (untried(cell)) continue;
        tried = true;
        r.submissionInfo[pid] = cell;
        if (cell.isAC) {
          r.ac++;
          r.totalTime += cellPenalty(cell);
          if (!cell.isAfterContest) mine.push({ pid, sec: Math.floor(cell.ACTime! / 1000), cell });
        }
      }
      if (!tried) return null;
      if (!r.isStar && r.excludedReason == null && mine.length) solves.set(u.uid, mine);
      return r;
    },
    finish(rows: ScoreboardRecord[]) {
      // First blood per problem: every ranked solve in the earliest second (simultaneous solves share it).
      const first = new Map<number, number>();
      for (const list of solves.values()) {
        for (const s of list) {
          const best = first.get(s.pid);
          if (best === undefined || s.sec < best) first.set(s.pid, s.sec);
        }
      }
      for (const list of solves.values()) for (const s of list) s.cell.isFirstAC = s.sec === first.get(s.pid);
      rows.sort((a, b) => excludedLast(a, b) || b.ac - a.ac || a.totalTime - b.totalTime || byName(a, b));
      assignRanks(c, rows, (a, b) => a.ac === b.ac && a.totalTime === b.totalTime, (r) => r.ac > 0);
      return rows;
    },
  };
}

import { JudgeStatus, OiRankScoreType, type ScoreboardRecord } from '@verdict/shared';
import { isContestTester } from '../access.js';
import type { ContestRow } from '../tables.js';
import { Verdict, classify, type CellSub } from './cells.js';
import type { RankUser, ViewBuilder } from './model.js';
import { assignRanks, baseRecord, byName, excludedLast, starSet, type ViewOptions } from './rows.js';

export interface OiCell { score: number; time: number; accepted: boolean }

/** Whether an OI submission at `rel` (from the start on) and every later one are out of the cell: after the end, or sealed. */
export const oiClosed = (rel: number, endRel: number, o: ViewOptions) => (rel >= endRel && !o.containsEnd) || (o.sealFrom != null && rel >= o.sealFrom);

/**
 * An OI cell after one more submission (in submit order, not closed): the score of the most recent
 * judged submission, or the highest (then the faster run); compile and system errors and pending
 * submissions do not count, nor do those before the start.
 */
export function oiAdd(best: OiCell | null, rel: number, status: number, score: number | null, time: number | null, highest: boolean): OiCell | null {
  if (rel < 0) return best;
  const v = classify(status);
  if (v !== Verdict.Accepted && v !== Verdict.Rejected) return best;
  const cand: OiCell = { score: score ?? 0, time: time ?? 0, accepted: status === JudgeStatus.ACCEPTED };
  return !highest || !best || cand.score > best.score || (cand.score === best.score && cand.time < best.time) ? cand : best;
}

/** One OI cell from its submissions (oiAdd); null: nothing counts. */
export function oiCell(subs: CellSub[], endRel: number, o: ViewOptions, highest: boolean): OiCell | null {
  let best: OiCell | null = null;
  for (let j = 0; j < subs.length; j++) {
    const [rel, status, score, time] = subs[j];
    if (rel >= 0 && oiClosed(rel, endRel, o)) break;
    best = oiAdd(best, rel, status, score, time, highest);
  }
  return best;
}

/** OI view: total score desc, then total run time asc; ties share a rank. */
export function oiBuilder(c: ContestRow, o: ViewOptions): ViewBuilder {
  const endRel = c.end_time - c.start_time;
  const highest = c.oi_rank_score_type === OiRankScoreType.HIGHEST;
  const stars = starSet(c);
  return {
    row(u: RankUser, byPid: Map<number, CellSub[]>) {
      if (isContestTester(c, u.uid, u.role)) return null;
      const r = baseRecord(c, u, stars);
      let any = false;
      for (const [pid, subs] of byPid) {
        const cell = oiCell(subs, endRel, o, highest);
        if (!cell) continue;
        any = true;
        r.submissionInfo[pid] = cell.score;
        r.timeInfo[pid] = cell.time;
        r.totalScore += cell.score;
        r.totalTime += cell.time;
        if (cell.accepted) r.ac++;
      }
      return any ? r : null;
    },
    finish(rows: ScoreboardRecord[]) {
      rows.sort((a, b) => excludedLast(a, b) || b.totalScore - a.totalScore || a.totalTime - b.totalTime || byName(a, b));
      assignRanks(c, rows, (a, b) => a.totalScore === b.totalScore && a.totalTime === b.totalTime, (r) => r.totalScore > 0);
      return rows;
    },
  };
}

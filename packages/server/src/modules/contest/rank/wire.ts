import { ContestType, type AcmCell, type ScoreboardRecord } from '@verdict/shared';
import type { ContestRow } from '../tables.js';

const SECOND = 1000;

/**
 * A rank row as HOJ's client reads it (the wire contract): cells keyed by the contest display ID,
 * ACM `ACTime` in seconds since the start, ACM `totalTime` the penalty in seconds. The rank model
 * keeps cells by problem id in ms and the penalty in whole minutes per solve (spec 02's minutes
 * column), so the penalty here is those minutes times 60: dividing by 60, as HOJ's client and ours
 * do, shows exactly the minutes the rank is sorted by. OI: scores and run times (ms) by display ID.
 */
export function toWireRecord(c: ContestRow, r: ScoreboardRecord, displayIdOf: Map<number, string>): ScoreboardRecord {
  const acm = c.type === ContestType.ACM;
  const submissionInfo: ScoreboardRecord['submissionInfo'] = {};
  const timeInfo: ScoreboardRecord['timeInfo'] = {};
  for (const [pid, v] of Object.entries(r.submissionInfo)) {
    const key = displayIdOf.get(Number(pid));
    if (key === undefined) continue; // a problem removed from the contest
    if (acm) {
      const cell = v as AcmCell;
      submissionInfo[key] = { ...cell, ACTime: cell.ACTime == null ? null : Math.floor(cell.ACTime / SECOND) };
    } else {
      submissionInfo[key] = v;
      if (r.timeInfo[Number(pid)] !== undefined) timeInfo[key] = r.timeInfo[Number(pid)];
    }
  }
  return { ...r, totalTime: acm ? r.totalTime * 60 : r.totalTime, submissionInfo, timeInfo };
}

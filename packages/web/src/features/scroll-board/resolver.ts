import { PENALTY_MINUTES, type AcmCell, type ScoreboardRecord } from '@verdict/shared';

/** A cell whose sealed tries are still hidden. */
export const isPending = (c: AcmCell | undefined) => !!c && !c.isAC && (c.tryNum ?? 0) > 0;

function totals(r: ScoreboardRecord): ScoreboardRecord {
  let ac = 0;
  let time = 0;
  for (const v of Object.values(r.submissionInfo)) {
    const c = v as AcmCell;
    if (c.isAC && c.ACTime != null && !c.isAfterContest) {
      ac++;
      // Wire units: ACTime in seconds; the penalty in seconds of whole minutes (as the server ranks).
      time += (Math.floor(c.ACTime / 60) + PENALTY_MINUTES * c.errorNum) * 60;
    }
  }
  return { ...r, ac, totalTime: time };
}

/** ICPC order: solved desc, penalty asc, then name. */
export function sortRows(rows: ScoreboardRecord[]): ScoreboardRecord[] {
  return [...rows].sort((a, b) => b.ac - a.ac || a.totalTime - b.totalTime || a.username.localeCompare(b.username));
}

/**
 * One resolver step: the lowest-placed row with a hidden cell uncovers its leftmost hidden problem
 * (taking the final cell). Returns the new rows and which cell was revealed, or null when nothing is left.
 */
export function revealNext(rows: ScoreboardRecord[], finalByUid: Map<number, ScoreboardRecord>, pids: string[]) {
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i];
    const pid = pids.find((p) => isPending(row.submissionInfo[p] as AcmCell | undefined));
    if (pid === undefined) continue;
    const finalCell = (finalByUid.get(row.uid)?.submissionInfo[pid] as AcmCell | undefined) ?? { isAC: false, isFirstAC: false, isAfterContest: false, ACTime: null, errorNum: 0, tryNum: 0 };
    const updated = totals({ ...row, submissionInfo: { ...row.submissionInfo, [pid]: { ...finalCell, tryNum: 0 } } });
    const next = rows.map((r) => (r.uid === row.uid ? updated : r));
    return { rows: sortRows(next), uid: row.uid, pid, accepted: finalCell.isAC };
  }
  return null;
}

/**
 * The whole contest as sealed from its start (the replay of a contest that was never sealed):
 * every cell with submissions becomes hidden with all its tries, and nobody has solved anything.
 */
export function hideEverything(finalRows: ScoreboardRecord[]): ScoreboardRecord[] {
  return sortRows(finalRows.map((r) => {
    const info: Record<string, AcmCell> = {};
    for (const [pid, v] of Object.entries(r.submissionInfo)) {
      const c = v as AcmCell;
      const tries = c.errorNum + (c.isAC ? 1 : 0) + (c.tryNum ?? 0);
      info[pid] = tries > 0 && !c.isAfterContest ? { isAC: false, isFirstAC: false, isAfterContest: false, ACTime: null, errorNum: 0, tryNum: tries } : c;
    }
    return { ...r, submissionInfo: info, ac: 0, totalTime: 0 };
  }));
}

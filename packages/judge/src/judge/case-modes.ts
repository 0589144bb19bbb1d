import { JudgeStatus, type JudgeCaseModeName, type TaskCase } from '@verdict/shared';

/**
 * Decides which cases run: ergodic mode, and ACM problems in default mode (whose result the first
 * failed case decides), stop at the first failure; subtask_lowest skips the rest of a failed group;
 * OI default and subtask_average run everything.
 */
export class CasePlanner {
  private stopped = false;
  private failedGroups = new Set<number>();
  constructor(private readonly mode: JudgeCaseModeName, private readonly isOI = true) {}

  shouldRun(c: TaskCase): boolean {
    if (this.stopped) return false;
    return !(this.mode === 'subtask_lowest' && this.failedGroups.has(c.groupNum));
  }

  record(c: TaskCase, status: number): void {
    if (status === JudgeStatus.ACCEPTED) return;
    if (this.mode === 'ergodic_without_error' || (!this.isOI && this.mode === 'default')) this.stopped = true;
    this.failedGroups.add(c.groupNum);
  }
}

export interface ScoredCase { groupNum: number; score: number; status: number }

/** OI score: sum of case scores, or per group the minimum / floor of the average. */
export function totalScore(mode: JudgeCaseModeName, cases: ScoredCase[]): number {
  if (mode !== 'subtask_lowest' && mode !== 'subtask_average') return cases.reduce((s, c) => s + c.score, 0);
  const groups = new Map<number, number[]>();
  for (const c of cases) groups.set(c.groupNum, [...(groups.get(c.groupNum) ?? []), c.score]);
  let total = 0;
  for (const scores of groups.values()) {
    total += mode === 'subtask_lowest' ? Math.min(...scores) : Math.floor(scores.reduce((a, b) => a + b, 0) / scores.length);
  }
  return total;
}

/**
 * The submission's status. System errors win (the problem is broken); all AC is AC; OI with a
 * positive score is Partial Accepted; otherwise the first failed case's status.
 */
export function finalStatus(isOI: boolean, cases: ScoredCase[], score: number, skipped: boolean): number {
  if (cases.some((c) => c.status === JudgeStatus.SYSTEM_ERROR)) return JudgeStatus.SYSTEM_ERROR;
  const failed = cases.find((c) => c.status !== JudgeStatus.ACCEPTED);
  if (!failed && !skipped) return JudgeStatus.ACCEPTED;
  if (isOI && score > 0) return JudgeStatus.PARTIAL_ACCEPTED;
  const st = failed?.status ?? JudgeStatus.WRONG_ANSWER;
  return st === JudgeStatus.PARTIAL_ACCEPTED ? JudgeStatus.WRONG_ANSWER : st;
}

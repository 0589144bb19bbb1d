import { JudgeStatus } from '@verdict/shared';

/** The progress fields of a submission or status snapshot (all optional: older answers lack some). */
export interface ProgressFields {
  status: number;
  caseDone?: number | null;
  caseTotal?: number | null;
  caseCurrent?: number | null;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * What to show beside Judging: "k/N" when the number of tests is known (local judges, AtCoder),
 * "Running on test N" when a remote judge names the running test without a total (Codeforces),
 * nothing otherwise.
 */
export function judgeProgressText(s: ProgressFields, t: Translate): string | null {
  if (s.status !== JudgeStatus.JUDGING) return null;
  if (s.caseTotal) return `${s.caseDone ?? 0}/${s.caseTotal}`;
  if (s.caseCurrent && s.caseCurrent > 0) return t('submission.runningOnTest', { n: s.caseCurrent });
  return null;
}

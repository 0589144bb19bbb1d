import { JudgeStatus } from '@verdict/shared';

/** The progress fields of a submission or status snapshot (all optional: older answers lack some). */
export interface ProgressFields {
  status: number;
  caseDone?: number | null;
  caseTotal?: number | null;
  caseCurrent?: number | null;
  /** A pending submission's place in the judge queue (1: next), from the status checks. */
  queuePosition?: number | null;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * What to show beside Pending: its place in the queue when known. Beside Judging: "k/N" when the
 * number of tests is known (local judges, AtCoder), "Running on test N" when a remote judge names
 * the running test without a total (Codeforces). Nothing otherwise.
 */
export function judgeProgressText(s: ProgressFields, t: Translate): string | null {
  if (s.status === JudgeStatus.PENDING) return s.queuePosition ? t('submission.queuePosition', { n: s.queuePosition }) : null;
  if (s.status !== JudgeStatus.JUDGING) return null;
  if (s.caseTotal) return `${s.caseDone ?? 0}/${s.caseTotal}`;
  if (s.caseCurrent && s.caseCurrent > 0) return t('submission.runningOnTest', { n: s.caseCurrent });
  return null;
}

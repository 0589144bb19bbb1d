/** Judge status codes of spec 01 §3. */
export const JudgeStatus = {
  NOT_SUBMITTED: -10,
  SUBMITTED_UNKNOWN_RESULT: -5,
  CANCELLED: -4,
  PRESENTATION_ERROR: -3,
  COMPILE_ERROR: -2,
  WRONG_ANSWER: -1,
  ACCEPTED: 0,
  TIME_LIMIT_EXCEEDED: 1,
  MEMORY_LIMIT_EXCEEDED: 2,
  RUNTIME_ERROR: 3,
  SYSTEM_ERROR: 4,
  PENDING: 5,
  COMPILING: 6,
  JUDGING: 7,
  PARTIAL_ACCEPTED: 8,
  SUBMITTING: 9,
  SUBMITTED_FAILED: 10,
} as const;
export type JudgeStatusCode = (typeof JudgeStatus)[keyof typeof JudgeStatus];

export const JUDGE_STATUS_NAMES: Record<number, { name: string; short: string }> = {
  [-10]: { name: 'Not Submitted', short: 'NS' },
  [-5]: { name: 'Submitted Unknown Result', short: 'SNR' },
  [-4]: { name: 'Cancelled', short: 'CA' },
  [-3]: { name: 'Presentation Error', short: 'PE' },
  [-2]: { name: 'Compile Error', short: 'CE' },
  [-1]: { name: 'Wrong Answer', short: 'WA' },
  0: { name: 'Accepted', short: 'AC' },
  1: { name: 'Time Limit Exceeded', short: 'TLE' },
  2: { name: 'Memory Limit Exceeded', short: 'MLE' },
  3: { name: 'Runtime Error', short: 'RE' },
  4: { name: 'System Error', short: 'SE' },
  5: { name: 'Pending', short: 'PD' },
  6: { name: 'Compiling', short: 'CP' },
  7: { name: 'Judging', short: 'JG' },
  8: { name: 'Partial Accepted', short: 'PA' },
  9: { name: 'Submitting', short: 'SB' },
  10: { name: 'Submitted Failed', short: 'SF' },
};

/** Statuses a client keeps polling. */
export const IN_PROGRESS_STATUSES: readonly number[] = [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING];

export const isFinalStatus = (s: number) => !IN_PROGRESS_STATUSES.includes(s) && s !== JudgeStatus.SUBMITTING;

/** Statuses a super admin may set by manual judge (spec 01 §4). */
export const MANUAL_JUDGE_STATUSES: readonly number[] = [
  JudgeStatus.PRESENTATION_ERROR, JudgeStatus.WRONG_ANSWER, JudgeStatus.ACCEPTED, JudgeStatus.TIME_LIMIT_EXCEEDED,
  JudgeStatus.MEMORY_LIMIT_EXCEEDED, JudgeStatus.RUNTIME_ERROR, JudgeStatus.SYSTEM_ERROR, JudgeStatus.PARTIAL_ACCEPTED,
  JudgeStatus.SUBMITTED_FAILED,
];

export const JudgeCaseMode = {
  DEFAULT: 'default',
  SUBTASK_LOWEST: 'subtask_lowest',
  SUBTASK_AVERAGE: 'subtask_average',
  ERGODIC_WITHOUT_ERROR: 'ergodic_without_error',
} as const;
export type JudgeCaseModeValue = (typeof JudgeCaseMode)[keyof typeof JudgeCaseMode];

export const JudgeMode = { DEFAULT: 'default', SPJ: 'spj', INTERACTIVE: 'interactive' } as const;
export type JudgeModeValue = (typeof JudgeMode)[keyof typeof JudgeMode];

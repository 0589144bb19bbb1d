/** Business constants of spec 01 §9 and spec 03 §9. */
export const LIMITS = {
  usernameMax: 20,
  passwordMin: 6,
  passwordMax: 20,
  generatedPasswordMin: 6,
  generatedPasswordMax: 25,
  emailCodeLength: 6,
  captchaMin: 1,
  captchaMax: 8,
  failedLoginsBeforeSlide: 5,
  registerCodeResendSeconds: 60,
  resetEmailResendSeconds: 90,
  codeMaxLength: 65535,
  testInputMax: 1000,
  commentMax: 10000,
  printMin: 50,
  avatarMaxBytes: 2 * 1024 * 1024,
  avatarTypes: ['gif', 'jpg', 'jpeg', 'png', 'bmp', 'webp'] as readonly string[],
} as const;

export const PAGE_SIZES = {
  problemList: 30,
  submissionList: 15,
  mySubmissions: 10,
  announcement: 5,
  comment: 10,
  messageDiscuss: 6,
  messageSys: 8,
  groupList: 15,
  groupRank: 30,
  options: [10, 15, 30, 50, 100] as readonly number[],
} as const;

export const TIMING = {
  httpTimeoutMs: 90_000,
  downloadTimeoutMs: 300_000,
  toastSeconds: 4,
  notificationSeconds: 5,
  submissionPollMs: 2000,
  submissionPollMax: 300,
  testRunPollMs: 1000,
  unreadPollMs: 120_000,
  carouselIntervalMs: 5000,
} as const;

export const SLIDE_CHECK = { accuracy: 3, block: 42, radius: 10, width: 325, height: 100 } as const;

export const PROBLEM_DEFAULTS = { timeLimit: 1000, memoryLimit: 256, stackLimit: 128, spjLanguage: 'C' } as const;

export const REMOTE_OJS = [
  { key: 'HDU', name: 'HDU' },
  { key: 'CF', name: 'Codeforces' },
  { key: 'POJ', name: 'POJ' },
  { key: 'GYM', name: 'GYM' },
  { key: 'AC', name: 'AtCoder' },
  { key: 'SPOJ', name: 'SPOJ' },
  { key: 'LIBRE', name: 'LibreOJ' },
] as const;

/**
 * HOJ's `oj` filter of the problem list and tag calls: ALL (any case) is every bank, a remote OJ
 * key is that bank, and any other value (ME, HOJ's default Mine) this site's own problems.
 */
export function problemBankOf(oj: string | null | undefined): 'ALL' | 'ME' | (typeof REMOTE_OJS)[number]['key'] {
  const v = (oj ?? '').trim().toUpperCase();
  if (v === 'ALL') return 'ALL';
  return REMOTE_OJS.find((o) => o.key === v)?.key ?? 'ME';
}

export const ContestType = { ACM: 0, OI: 1 } as const;
export const ContestStatus = { SCHEDULED: -1, RUNNING: 0, ENDED: 1 } as const;
export const ContestAuth = { PUBLIC: 0, PRIVATE: 1, PROTECTED: 2 } as const;
export const ProblemAuth = { PUBLIC: 1, PRIVATE: 2, CONTEST: 3 } as const;
export const ProblemType = { ACM: 0, OI: 1 } as const;
export const Difficulty = { EASY: 0, MID: 1, HARD: 2 } as const;

/** OI rank score of a problem (spec 01 §9). */
export const oiRankScore = (score: number, difficulty: number) => Math.round(0.1 * score + 2 * difficulty);

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

const MiB = 1024 * 1024;

/**
 * Upload and archive limits (issue 9). File sizes are enforced while the multipart body streams
 * in (the part is cut off at the limit, never buffered whole); zip limits before and while
 * entries inflate; staged test data is capped per user and swept when it expires.
 */
export const UPLOAD_LIMITS = {
  /** Any multipart route that names no limit of its own. */
  defaultFileBytes: 2 * MiB,
  mdImageBytes: 10 * MiB,
  /** A file attached to a statement or post (HOJ's upload-md-file). */
  mdFileBytes: 32 * MiB,
  testcaseZipBytes: 128 * MiB,
  importArchiveBytes: 128 * MiB,
  /** Form fields besides the file (multipart), each and in number. */
  fieldBytes: 64 * 1024,
  fields: 20,
  parts: 30,
  headerPairs: 200,
  zipMaxEntries: 10_000,
  /** Everything a zip may inflate to, whatever its ratio. */
  zipMaxUncompressedBytes: 256 * MiB,
  /** Whole-archive expansion ratio, counted once the inflated total passes the floor. */
  zipMaxRatio: 100,
  zipRatioFloorBytes: 16 * MiB,
  /** One entry: deflate tops out near 1032:1, so a big entry that close to it is a bomb. */
  zipMaxEntryRatio: 1000,
  /** Test data a user may keep staged (uploaded, not yet saved into a problem). */
  stagingBytesPerUser: 512 * MiB,
  stagingTtlMs: 6 * 3600_000,
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

import { z } from 'zod';
import { ContestAuth, ContestStatus, ContestType } from '../constants.js';
import type { MsgKey } from '../messages.js';
import { pageOf, vo } from './common.js';
import { problemCountVo, problemEntityVo, tagVo } from './problem.js';
import { announcementVo, epochMs } from './site.js';
import { submissionVo } from './submission.js';

/** Page sizes and refresh intervals of spec 02 §9 for contests. */
export const CONTEST_PAGE_SIZES = {
  list: 10,
  scoreboard: 50,
  scoreboardOptions: [10, 30, 50, 100, 300] as readonly number[],
  submissions: 10,
  acInfo: 20,
  printAdmin: 15,
  announcement: 10,
} as const;

export const CONTEST_TIMING = {
  clockTickMs: 1000,
  scoreboardRefreshMs: 30_000,
  acInfoRefreshMs: 10_000,
  printRefreshMs: 10_000,
  announcementCheckMs: 60_000,
} as const;

/** Status derived from the clock (spec 02 §4). */
export function contestStatusAt(startTime: number, endTime: number, now: number): number {
  if (now < startTime) return ContestStatus.SCHEDULED;
  if (now < endTime) return ContestStatus.RUNNING;
  return ContestStatus.ENDED;
}

/** Progress bar value: 0 scheduled, elapsed/duration*100 running, 100 ended. */
export function contestProgress(startTime: number, endTime: number, now: number): number {
  if (now <= startTime) return 0;
  if (now >= endTime) return 100;
  return ((now - startTime) / (endTime - startTime)) * 100;
}

/** Seal-rank choice of spec 03 §4: 30 min before the end, 60 min before the end, or from the start. */
export const SealChoice = { HALF_HOUR: 0, HOUR: 1, WHOLE: 2 } as const;
export const SEAL_HALF_HOUR_MS = 1800_000;
export const SEAL_HOUR_MS = 3600_000;

export function sealRankTimeFor(choice: number, startTime: number, endTime: number): number {
  if (choice === SealChoice.HALF_HOUR) return endTime - SEAL_HALF_HOUR_MS;
  if (choice === SealChoice.HOUR) return endTime - SEAL_HOUR_MS;
  return startTime;
}

/** The choice a stored seal time corresponds to (for the edit form). */
export function sealChoiceOf(sealRankTime: number | null, startTime: number, endTime: number): number {
  if (sealRankTime == null) return SealChoice.WHOLE;
  if (sealRankTime === endTime - SEAL_HALF_HOUR_MS) return SealChoice.HALF_HOUR;
  if (sealRankTime === endTime - SEAL_HOUR_MS) return SealChoice.HOUR;
  return SealChoice.WHOLE;
}

/** A new seal defaults to the whole contest for non-ACM or under an hour, else the last hour. */
export function defaultSealChoice(type: number, durationMs: number): number {
  return type !== ContestType.ACM || durationMs < SEAL_HOUR_MS ? SealChoice.WHOLE : SealChoice.HOUR;
}

export const RankShowName = { USERNAME: 'username', NICKNAME: 'nickname', REALNAME: 'realname' } as const;
export const OiRankScoreType = { RECENT: 'Recent', HIGHEST: 'Highest' } as const;
export const AwardType = { NONE: 0, PROPORTION: 1, NUMBER: 2 } as const;

/** An award tier (HOJ's ContestAwardConfigVO item): as stored and as sent in awardConfigList. */
export const contestAwardConfigVo = vo({
  priority: z.number().int(), name: z.string(), background: z.string(), color: z.string(),
  /** Proportion awards: percent of the ranked total; number awards: rows. */
  num: z.number().int(),
});
export type AwardTier = z.infer<typeof contestAwardConfigVo>;

/** Default award tiers of spec 03 §9 (num = percent of the ranked total for proportion awards). */
export const DEFAULT_AWARDS: readonly AwardTier[] = [
  { priority: 1, name: 'Gold', background: '#e6bf25', color: '#fff', num: 10 },
  { priority: 2, name: 'Silver', background: '#b4c0c7', color: '#fff', num: 20 },
  { priority: 3, name: 'Bronze', background: '#CD7F32', color: '#fff', num: 30 },
];
export const NEW_AWARD_ROW: AwardTier = { priority: 4, name: 'name', background: '#ededed', color: '#666', num: 0 };

/** Medals of the scroll board: gold 10%, silver 20%, bronze 30% of the ranked total, floored. */
export const MEDAL_PERCENT = { gold: 10, silver: 20, bronze: 30 } as const;
export function medalCounts(rankedTotal: number) {
  return {
    gold: Math.floor((rankedTotal * MEDAL_PERCENT.gold) / 100),
    silver: Math.floor((rankedTotal * MEDAL_PERCENT.silver) / 100),
    bronze: Math.floor((rankedTotal * MEDAL_PERCENT.bronze) / 100),
  };
}

/** Award tiers as row counts: proportion tiers are percentages of the ranked total (floored). */
export function awardRowCounts(awardType: number, tiers: readonly AwardTier[], rankedTotal: number): number[] {
  if (awardType === AwardType.NONE) return [];
  const sorted = [...tiers].sort((a, b) => a.priority - b.priority);
  return sorted.map((t) => (awardType === AwardType.PROPORTION ? Math.floor((rankedTotal * t.num) / 100) : Math.max(0, Math.floor(t.num))));
}

/** Account limit rule (spec 03 §3): usernames prefix + number in [start, end] + suffix, plus extra accounts. */
export interface AccountLimitRule { prefix: string; suffix: string; start: number; end: number; extra: string[] }
export const DEFAULT_ACCOUNT_LIMIT: AccountLimitRule = { prefix: '', suffix: '', start: 0, end: 10, extra: [] };

const tag = (name: string, v: string) => `<${name}>${v}</${name}>`;
const untag = (s: string, name: string) => s.match(new RegExp(`<${name}>([\\s\\S]*?)</${name}>`))?.[1] ?? '';

export function formatAccountLimitRule(r: AccountLimitRule): string {
  return tag('prefix', r.prefix) + tag('suffix', r.suffix) + tag('start', String(r.start)) + tag('end', String(r.end)) + tag('extra', r.extra.join(' '));
}

export function parseAccountLimitRule(s: string | null | undefined): AccountLimitRule {
  if (!s) return { ...DEFAULT_ACCOUNT_LIMIT };
  const num = (v: string, d: number) => (/^\d+$/.test(v.trim()) ? Number(v.trim()) : d);
  return {
    prefix: untag(s, 'prefix'),
    suffix: untag(s, 'suffix'),
    start: num(untag(s, 'start'), 0),
    end: num(untag(s, 'end'), 10),
    extra: untag(s, 'extra').split(/[\s,]+/).filter(Boolean),
  };
}

/** Whether a username may take part under an account limit rule. */
export function accountAllowed(rule: AccountLimitRule, username: string): boolean {
  if (rule.extra.includes(username)) return true;
  if (!username.startsWith(rule.prefix) || !username.endsWith(rule.suffix)) return false;
  const middle = username.slice(rule.prefix.length, username.length - rule.suffix.length);
  if (!/^\d+$/.test(middle)) return false;
  const n = Number(middle);
  return n >= rule.start && n <= rule.end;
}

const bool01 = z.preprocess((v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v), z.boolean());

export const awardTierSchema = z.object({
  priority: z.coerce.number().int().min(0).max(1000),
  name: z.string().max(50),
  background: z.string().max(30),
  color: z.string().max(30),
  num: z.coerce.number().int().min(0).max(100_000),
});

export const accountLimitRuleSchema = z.object({
  prefix: z.string().max(20).default(''),
  suffix: z.string().max(20).default(''),
  start: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
  end: z.coerce.number().int().min(0).max(1_000_000_000).default(10),
  extra: z.array(z.string().max(50)).max(10_000).default([]),
});

/** HOJ's form sends its dates as ISO strings (a Date in JSON); ms numbers are read too. */
const formTime = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' && !/^\d+$/.test(v.trim()) ? Date.parse(v) : v),
  z.coerce.number({ error: 'contestTimeInvalid' }).int('contestTimeInvalid').min(0, 'contestTimeInvalid').max(8_640_000_000_000_000, 'contestTimeInvalid'),
);

/** The admin contest form (create and update). Ordered rules are in validateContestForm. */
export const contestFormSchema = z.object({
  id: z.coerce.number().int().positive().optional(),
  title: z.string().max(255).default(''),
  description: z.string().max(65535).default(''),
  startTime: formTime.nullable().optional(),
  endTime: formTime.nullable().optional(),
  type: z.coerce.number().int().refine((v) => v === ContestType.ACM || v === ContestType.OI).default(ContestType.ACM),
  auth: z.coerce.number().int().refine((v) => v === 0 || v === 1 || v === 2).default(ContestAuth.PUBLIC),
  pwd: z.string().max(100).nullable().optional(),
  sealRank: bool01.default(false),
  /** 0 half an hour before the end, 1 an hour before, 2 the whole contest. */
  sealRankChoice: z.coerce.number().int().min(0).max(2).optional(),
  autoRealRank: bool01.default(true),
  openRank: bool01.default(false),
  openPrint: bool01.default(false),
  allowEndSubmit: bool01.default(false),
  rankShowName: z.enum(['username', 'nickname', 'realname']).default('username'),
  openAccountLimit: bool01.default(false),
  /** HOJ's tagged text (<prefix>..</prefix><suffix>..</suffix><start>..</start><end>..</end><extra>..</extra>) or its fields. */
  accountLimitRule: z.preprocess((v) => (typeof v === 'string' ? parseAccountLimitRule(v) : v), accountLimitRuleSchema.nullable().optional()),
  starAccount: z.array(z.string().max(50)).max(10_000).default([]),
  oiRankScoreType: z.enum(['Recent', 'Highest']).default('Recent'),
  awardType: z.coerce.number().int().min(0).max(2).default(0),
  awardConfigList: z.array(awardTierSchema).max(50).default([]),
  visible: bool01.default(true),
  gid: z.coerce.number().int().min(0).nullable().optional(),
  /** Verdict's addition (issue 30): the contest moves ratings when it ends. */
  rated: bool01.default(false),
});
export type ContestForm = z.infer<typeof contestFormSchema>;

/** Spec 03 §5 contest form rules, checked in order; returns the first failing message. */
export function validateContestForm(f: ContestForm): { key: MsgKey; vars?: Record<string, string> } | null {
  if (!f.title.trim()) return { key: 'contestTitleRequired' };
  if (!f.description.trim()) return { key: 'contestDescriptionRequired' };
  if (f.startTime == null) return { key: 'contestStartRequired' };
  if (f.endTime == null) return { key: 'contestEndRequired' };
  const duration = f.endTime - f.startTime;
  if (f.endTime < f.startTime) return { key: 'contestTimeCheck' };
  if (duration <= 0) return { key: 'contestDurationCheck' };
  if (f.auth !== ContestAuth.PUBLIC && !(f.pwd ?? '').trim()) return { key: 'contestPwdRequired' };
  if (f.sealRank) {
    const choice = f.sealRankChoice ?? defaultSealChoice(f.type, duration);
    if (choice === SealChoice.HALF_HOUR && duration < SEAL_HALF_HOUR_MS) return { key: 'contestSealHalfHour' };
    if (choice === SealChoice.HOUR && duration < SEAL_HOUR_MS) return { key: 'contestSealHour' };
  }
  const seen = new Set<string>();
  for (const raw of f.starAccount) {
    const name = raw.trim();
    if (seen.has(name)) return { key: 'contestStarDuplicate', vars: { name } };
    seen.add(name);
  }
  if (f.openAccountLimit && f.accountLimitRule && f.accountLimitRule.end < f.accountLimitRule.start) return { key: 'contestAccountLimitInvalid' };
  if (f.awardType !== AwardType.NONE && f.awardConfigList.some((a) => !a.name.trim())) return { key: 'contestAwardInvalid' };
  return null;
}

export const contestListQuery = z.object({
  currentPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(CONTEST_PAGE_SIZES.list),
  status: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(-1).max(1).optional()),
  type: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(1).optional()),
  keyword: z.string().max(100).optional(),
});

export const registerContestBody = z.object({
  cid: z.coerce.number().int().positive(),
  password: z.string().max(100).default(''),
});

/** get-contest-rank and get-contest-outside-scoreboard. */
export const contestRankBody = z.object({
  cid: z.coerce.number().int().positive(),
  currentPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(300).default(CONTEST_PAGE_SIZES.scoreboard),
  forceRefresh: bool01.default(false),
  removeStar: bool01.default(false),
  containsEnd: bool01.default(false),
  /** HOJ sends null when the search box is empty. */
  keyword: z.string().max(100).nullable().optional(),
  concernedList: z.array(z.coerce.number().int()).max(1000).default([]),
});
export type ContestRankBody = z.infer<typeof contestRankBody>;

export const printTextBody = z.object({
  cid: z.coerce.number().int().positive(),
  content: z.string().max(65535).default(''),
});

export const contestAnnouncementBody = z.object({
  id: z.coerce.number().int().positive().optional(),
  cid: z.coerce.number().int().positive(),
  title: z.string().max(255).default(''),
  content: z.string().max(65535).default(''),
  status: z.coerce.number().int().min(0).max(1).default(0),
});

export const contestProblemBody = z.object({
  cid: z.coerce.number().int().positive(),
  pid: z.coerce.number().int().positive(),
  displayId: z.string().max(50).default(''),
  displayTitle: z.string().max(255).optional(),
  color: z.string().max(30).nullable().optional(),
});

/**
 * A contest's problem row as HOJ's ContestProblem entity is saved: named by its `id` (the balloon
 * colour sends only id and color) or by cid and pid (HOJ's create form adds its new problem's row
 * this way). A field left out keeps its value.
 */
export const contestProblemSaveBody = z.object({
  id: z.coerce.number().int().positive().nullish(),
  cid: z.coerce.number().int().positive().nullish(),
  pid: z.coerce.number().int().positive().nullish(),
  displayId: z.string().max(50).nullish(),
  displayTitle: z.string().max(255).nullish(),
  color: z.string().max(30).nullable().optional(),
}).refine((b) => b.id != null || (b.cid != null && b.pid != null), { message: 'contestProblemNotFound', path: ['id'] });

/** ACM cell of a scoreboard row (spec 02 §3). On the wire ACTime is in seconds since the contest start (HOJ's unit). */
export const acmRankCell = vo({
  isAC: z.boolean(), isFirstAC: z.boolean(), isAfterContest: z.boolean(),
  /** Seconds from the contest start on the wire (the rank model keeps ms); null until accepted. */
  ACTime: z.number().int().nullable(),
  errorNum: z.number().int(), tryNum: z.number().int(),
});
export type AcmCell = z.infer<typeof acmRankCell>;

/** Minutes added for each rejected try before the first Accepted (ICPC). */
export const PENALTY_MINUTES = 20;

/**
 * A scoreboard row (HOJ's ACMContestRankVO and OIContestRankVO, one shape for both rule types):
 * get-contest-rank, get-contest-outside-scoreboard and the scroll board's rows.
 */
export const contestRankVo = vo({
  uid: z.number().int(),
  username: z.string(),
  showName: z.string(),
  nickname: z.string().nullable(),
  realname: z.string().nullable(),
  avatar: z.string().nullable(),
  gender: z.string(),
  school: z.string().nullable(),
  /** -1 for star users. */
  rank: z.number().int(),
  isWinAward: z.boolean(),
  awardName: z.string().nullable(),
  awardBackground: z.string().nullable(),
  awardColor: z.string().nullable(),
  ac: z.number().int(),
  /**
   * ACM: the penalty in seconds (each solve in whole minutes plus 20 minutes per rejected try, so
   * totalTime / 60 is spec 02's minutes column); OI: the counted submissions' run time in ms.
   */
  totalTime: z.number().int(),
  totalScore: z.number(),
  /** By the contest display ID ("A"), as HOJ's client reads cells. ACM: an AcmCell; OI: the score. */
  submissionInfo: z.record(z.string(), z.union([acmRankCell, z.number()])),
  /** OI: run time (ms) of the counted submission by display ID (ACM: empty). */
  timeInfo: z.record(z.string(), z.number().int()),
  isStar: z.boolean(),
  isConcerned: z.boolean(),
  /**
   * Verdict's addition (issue 31): present only on the row of a user an admin excluded from the rank
   * for plagiarism, with the reason the user is shown; such a row is unranked (rank -1) and listed last.
   * Absent on every other row (HOJ's client ignores it).
   */
  excludedReason: z.string().nullable().optional(),
});
export type ScoreboardRecord = z.infer<typeof contestRankVo>;
/** get-contest-rank and get-contest-outside-scoreboard: followed users' rows first, then the page. */
export const contestRankPage = pageOf(contestRankVo);
export type ContestRankPage = z.infer<typeof contestRankPage>;

/** HOJ's ContestVO as Verdict sends it (list rows, detail, home, scoreboard headers). Times in ms. */
export const contestVo = vo({
  id: z.number().int(), title: z.string(), description: z.string(), type: z.number().int(), auth: z.number().int(),
  /** -1 scheduled, 0 running, 1 ended (from the clock). */
  status: z.number().int(),
  startTime: z.number().int(), endTime: z.number().int(),
  /** The server's clock (ms) when answering. */
  now: z.number().int(),
  /** Seconds (HOJ's client computes its progress bar from it), while the times are ms. */
  duration: z.number().int(),
  /** 0..100. */
  progress: z.number(),
  /** Participants: registered or having submitted. */
  count: z.number().int(),
  openRank: z.boolean(), openPrint: z.boolean(),
  /** The group's id; null for a site contest. */
  gid: z.number().int().nullable(),
  oiRankScoreType: z.string(), rankShowName: z.string(), sealRank: z.boolean(),
  /** ms; null when the rank is not sealed. */
  sealRankTime: z.number().int().nullable(),
  autoRealRank: z.boolean(), allowEndSubmit: z.boolean(), author: z.string(), uid: z.number().int(),
  awardType: z.number().int(), awardConfigList: z.array(contestAwardConfigVo),
  /** Verdict's additions (issue 30; HOJ's client ignores them): the contest moves ratings; an ended contest may be taken virtually. */
  rated: z.boolean().optional(),
  virtualAllowed: z.boolean().optional(),
});
export type ContestVo = z.infer<typeof contestVo>;
/** get-contest-list. */
export const contestVoPage = pageOf(contestVo);
/** get-contest-info: the contest with whether the viewer administers it. */
export const contestInfoVo = contestVo.extend({ isContestAdmin: z.boolean() });
export type ContestInfoVo = z.infer<typeof contestInfoVo>;

/** HOJ's AdminContestVO: everything the admin edit form needs. */
export const adminContestVo = contestVo.extend({
  pwd: z.string(),
  /** 0 half an hour before the end, 1 an hour before, 2 the whole contest. */
  sealRankChoice: z.number().int(),
  openAccountLimit: z.boolean(),
  /** HOJ's tagged text as stored (null without a rule): parseAccountLimitRule reads it. */
  accountLimitRule: z.string().nullable(),
  starAccount: z.array(z.string()),
  visible: z.boolean(),
  gmtCreate: z.number().int(),
  gmtModified: z.number().int(),
});
export type AdminContestVo = z.infer<typeof adminContestVo>;
export const adminContestVoPage = pageOf(adminContestVo);

/** A contest's problem row (HOJ's ContestProblem entity, without its time). */
export const contestProblemRow = vo({
  id: z.number().int(), cid: z.number().int(), pid: z.number().int(), displayId: z.string(), displayTitle: z.string(),
  /** Balloon colour. */
  color: z.string().nullable(),
});
export type ContestProblemRowVo = z.infer<typeof contestProblemRow>;
/** admin/contest/contest-problem: the ContestProblem entity. */
export const contestProblemEntity = contestProblemRow.extend({ gmtCreate: z.number().int() });

/**
 * get-contest-problem (HOJ's ContestProblemVO): the contest's problems by display ID with the
 * problem's rule type, AC/total (null while sealed for the viewer) and the viewer's status.
 */
export const contestProblemVo = contestProblemRow.extend({
  type: z.number().int(),
  ac: z.number().int().nullable(), total: z.number().int().nullable(),
  /** 0 accepted, -1 tried, -10 not submitted, -5 unknown (an OI contest sealed for the viewer). */
  myStatus: z.number().int(),
  /** OI score when visible. */
  score: z.number().nullable(),
});
export type ContestProblemVo = z.infer<typeof contestProblemVo>;

/** get-contest-outsize-info (HOJ's ContestOutsideInfoVO): the public scoreboard's header. */
export const contestOutsideInfoVo = vo({
  contest: contestVo,
  problemList: z.array(contestProblemVo.omit({ myStatus: true, score: true })),
});

/** get-contest-access: whether the viewer may enter (registered, or a contest that needs none). */
export const contestAccessVo = vo({ access: z.boolean() });

/** get-contest-problem-details: the problem under its contest display ID and title, with the viewer's status. */
export const contestProblemInfoVo = vo({
  /** The problem entity (judge files left out), problemId and title being the contest's display ID and title. */
  problem: problemEntityVo.extend({ color: z.string().nullable() }),
  /** HOJ's ProblemCountVO inside the contest (its statistics pie): ranked users' submissions per verdict; all zero while sealed for the viewer. */
  problemCount: problemCountVo,
  tags: z.array(tagVo),
  languages: z.array(z.string()),
  /** Language name -> template code (enabled templates only). */
  codeTemplate: z.record(z.string(), z.string()),
  /** As in get-contest-problem (-10 not submitted); null only when the problem is not in the viewer's list. */
  myStatus: z.number().int().nullable(),
  myScore: z.number().nullable(),
});
export type ContestProblemInfoVo = z.infer<typeof contestProblemInfoVo>;

/** get-full-screen-problem-list: the focus mode strip of a contest (or, with tid, a training). */
export const fullScreenProblemVo = vo({
  pid: z.number().int(),
  /** The contest's display ID (a training: the problem's ID). */
  problemId: z.string(),
  title: z.string(),
  status: z.number().int(),
  score: z.number().nullable(),
  /** Balloon colour: contests only (a training row has none). */
  color: z.string().nullable().optional(),
});
export type FullScreenProblemVo = z.infer<typeof fullScreenProblemVo>;

/** contest-submissions (HOJ's JudgeVO rows as the contest list sends them): hidden results are -5 with nulls. */
export const contestSubmissionVo = submissionVo.pick({
  submitId: true, pid: true, title: true, uid: true, username: true, cid: true, status: true, score: true, time: true, memory: true,
  length: true, language: true, submitTime: true, judger: true, isManual: true,
}).extend({
  /** The contest's display ID ("A"). */
  displayId: z.string(),
  isAfterContest: z.boolean(),
});
export type ContestSubmissionVo = z.infer<typeof contestSubmissionVo>;
export const contestSubmissionPage = pageOf(contestSubmissionVo);

/** A contest announcement (HOJ's AnnouncementVO with its contest). */
export const contestAnnouncementVo = announcementVo.extend({ cid: z.number().int() });
export type ContestAnnouncementVo = z.infer<typeof contestAnnouncementVo>;
export const contestAnnouncementPage = pageOf(contestAnnouncementVo);
/** get-contest-not-read-announcement: the unread visible announcements, newest first (at most 100). */
export const contestUnreadAnnouncementVo = announcementVo.pick({ id: true, title: true, content: true, gmtCreate: true });

/** get-contest-print: a print request (HOJ's ContestPrint, without its text). status 0 waiting, 1 printed. */
export const contestPrintVo = vo({ id: z.number().int(), username: z.string(), realname: z.string().nullable(), status: z.number().int(), gmtCreate: epochMs });
export type ContestPrintVo = z.infer<typeof contestPrintVo>;
export const contestPrintPage = pageOf(contestPrintVo);

/** get-contest-ac-info (HOJ's ContestRecord as its AC helper reads it): first solves, unchecked first. */
export const contestAcInfoVo = vo({
  id: z.number().int(), cid: z.number().int(), pid: z.number().int(), submitId: z.number().int(), submitTime: epochMs,
  /** '' when the problem has left the contest. */
  displayId: z.string(),
  color: z.string().nullable(), firstBlood: z.boolean(), username: z.string(), realname: z.string().nullable(), checked: z.boolean(),
});
export type ContestAcInfoVo = z.infer<typeof contestAcInfoVo>;
export const contestAcInfoPage = pageOf(contestAcInfoVo);

/** A submission the scroll board reveals (HOJ's ContestScrollBoardSubmissionVO, Verdict's fields). */
export const contestScrollBoardSubmissionVo = vo({
  submitId: z.number().int(), uid: z.number().int(), pid: z.number().int(), status: z.number().int(), submitTime: epochMs,
});
/** get-contest-scroll-board-info (ICPC resolver data, Verdict's own shape beside HOJ's ContestScrollBoardInfoVO). */
export const contestScrollBoardInfoVo = vo({
  contest: contestVo,
  problemList: z.array(contestProblemRow.pick({ pid: true, displayId: true, displayTitle: true, color: true })),
  /** ms: the seal (or the end when not sealed). */
  sealTime: epochMs,
  frozenRows: z.array(contestRankVo),
  finalRows: z.array(contestRankVo),
  submissions: z.array(contestScrollBoardSubmissionVo),
  medals: vo({ gold: z.number().int(), silver: z.number().int(), bronze: z.number().int() }),
  rankedTotal: z.number().int(),
});
export type ContestScrollBoardInfoVo = z.infer<typeof contestScrollBoardInfoVo>;

/** A row of the admin contest problem lists (HOJ's Problem entity, the fields the list reads). */
export const contestProblemListRow = vo({
  id: z.number().int(), problemId: z.string(), title: z.string(), auth: z.number().int(), type: z.number().int(), difficulty: z.number().int(),
  /** null: the site's bank. */
  gid: z.number().int().nullable(),
  isRemote: z.boolean(),
  /** The author's username (null when the author is gone). */
  author: z.string().nullable(),
  /** The username of the problem's last editor (null: never edited). */
  modifiedUser: z.string().nullable(),
  gmtCreate: epochMs, gmtModified: epochMs,
});
/**
 * admin/contest/get-problem-list and the group's contest problem list (AdminContestProblemManager):
 * a page of problems and, by pid, each contest problem's row.
 */
export const contestProblemPageVo = vo({
  problemList: pageOf(contestProblemListRow),
  contestProblemMap: z.record(z.string(), contestProblemRow),
});
export type ContestProblemPageVo = z.infer<typeof contestProblemPageVo>;

/** admin/contest/problem with a cid: the problem entity with its place in the contest. */
export const adminContestProblemVo = problemEntityVo.extend({ displayId: z.string(), displayTitle: z.string(), color: z.string().nullable() });

import { z } from 'zod';
import { pageOf, vo } from './common.js';
import type { AdminSysNoticeVo } from './forum.js';

/** A time as Verdict sends it: milliseconds since the epoch (HOJ sends its Dates as strings). */
export const epochMs = z.number().int().describe('milliseconds since the epoch');

/** Site configuration kept in site_config (spec 01 §3 "Website config", spec 03 §9 admin config items). */
const text = (max: number) => z.string().trim().max(max);

export const webConfigBody = z.object({
  name: text(50).min(1, 'titleRequired'),
  shortName: text(20).min(1, 'titleRequired'),
  description: text(500).default(''),
  recordName: text(100).default(''),
  recordUrl: text(255).default(''),
  projectName: text(100).default(''),
  projectUrl: text(255).default(''),
  /** The site's public address for mailed links (PUBLIC_URL wins); empty = not set. Only root edits it. */
  baseUrl: z.union([z.literal(''), z.string().trim().max(255, 'siteUrlInvalid').regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, 'siteUrlInvalid')]).default(''),
  /** Home carousel image urls. */
  carousel: z.array(text(500)).max(20).default([]),
});
export type WebConfig = z.infer<typeof webConfigBody>;
/**
 * GET admin/config/get-web-config: HOJ's WebConfigDTO, every value a string but `register` (HOJ's
 * screen calls .replace() on the others); the carousel is read from home-carousel.
 */
export const webConfigVo = vo({
  name: z.string(), shortName: z.string(), description: z.string(), recordName: z.string(), recordUrl: z.string(),
  projectName: z.string(), projectUrl: z.string(), baseUrl: z.string(), carousel: z.array(z.string()),
});
/** The stored web config as set-web-config and delete-carousel-img answer it (carousel included). */
export type WebConfigVo = z.infer<typeof webConfigVo>;
export const webConfigView = webConfigVo.omit({ carousel: true }).extend({ register: z.boolean() });
export type WebConfigView = z.infer<typeof webConfigView>;
/** An uploaded carousel picture: `id` and `url` are HOJ's names (its screen deletes by id); link, fileId and carousel ours. */
export const carouselImageVo = vo({ id: z.number().int(), url: z.string(), link: z.string(), fileId: z.number().int(), carousel: z.array(z.string()) });
export type CarouselImageVo = z.infer<typeof carouselImageVo>;
/** home-carousel rows (HOJ's HomeCarouselVO subset): `id` is what DELETE admin/config/home-carousel?id= takes (the stored file's id), null for a picture given as a web address. */
export const homeCarouselVo = vo({ id: z.number().int().nullable(), url: z.string() });
export type HomeCarouselVo = z.infer<typeof homeCarouselVo>;

export const switchConfigBody = z.object({
  register: z.boolean(),
  openPublicDiscussion: z.boolean(),
  openGroupDiscussion: z.boolean(),
  openContestComment: z.boolean(),
  /** HOJ's judge switches: submitting to public problems, group problems, contests is refused while off (admins too). */
  openPublicJudge: z.boolean(),
  openGroupJudge: z.boolean(),
  openContestJudge: z.boolean(),
  /** Code of non-contest submissions is shown to its author and admins only (HOJ's switch; super admins always see it). */
  hideNonContestSubmissionCode: z.boolean(),
  /** Seconds between two non-contest submissions of one user (HOJ's name; stored as submitInterval before). */
  defaultSubmitInterval: z.number().int().min(0).max(3600),
  /** Non-contest submissions per minute after which a captcha is asked for; 0 never asks. */
  submitCaptchaPerMinute: z.number().int().min(0).max(1000),
  /** AC counts a user needs before posting a discussion, commenting, creating a group (HOJ's names; were discussionAcMin, commentAcMin, groupAcMin). */
  defaultCreateDiscussionACInitValue: z.number().int().min(0).max(100000),
  defaultCreateCommentACInitValue: z.number().int().min(0).max(100000),
  defaultCreateGroupACInitValue: z.number().int().min(0).max(100000),
  /** Per-user daily limits (HOJ's names; were discussionDailyLimit, groupDailyLimit). */
  defaultCreateDiscussionDailyLimit: z.number().int().min(0).max(100000),
  defaultCreateGroupDailyLimit: z.number().int().min(0).max(100000),
  /** Groups one user may have created in all (0 = no limit). */
  defaultCreateGroupLimit: z.number().int().min(0).max(100000),
  /** Seconds a user waits between two discussions and between two comments or replies (0 = no wait). */
  discussionInterval: z.number().int().min(0).max(86400).default(30),
  commentInterval: z.number().int().min(0).max(86400).default(5),
  /** Upload budgets of users without an admin role, in MiB (0 = no limit): per user and UTC day, and per group in all. */
  uploadUserDailyMb: z.number().int().min(0).max(1_000_000).default(50),
  uploadGroupMb: z.number().int().min(0).max(1_000_000).default(200),
  /** Issue 33 (Verdict's own): every admin-area role must set up a second factor before entering the admin area. */
  requireAdminTwoFactor: z.boolean().default(false),
  /** Verdict's (issue 30; HOJ's screen neither sends nor reads it): usernames in lists take their contest rating's colour band. */
  ratingNameColor: z.boolean().default(false),
});
export type SwitchConfig = z.infer<typeof switchConfigBody>;
/** HOJ's remote-judge account pools as lists (`cfUsernameList`, …; passwords always ''), with the switches when the remote-judge module runs. */
const poolAnswer = z.array(z.string()).optional();
const poolAnswers = { hduUsernameList: poolAnswer, hduPasswordList: poolAnswer, cfUsernameList: poolAnswer, cfPasswordList: poolAnswer,
  pojUsernameList: poolAnswer, pojPasswordList: poolAnswer, atcoderUsernameList: poolAnswer, atcoderPasswordList: poolAnswer,
  spojUsernameList: poolAnswer, spojPasswordList: poolAnswer, libreojUsernameList: poolAnswer, libreojPasswordList: poolAnswer };
/** admin/switch/info and admin/switch/update: the switches plus HOJ's pool lists. */
export const switchConfigVo = vo({
  register: z.boolean(), openPublicDiscussion: z.boolean(), openGroupDiscussion: z.boolean(), openContestComment: z.boolean(),
  openPublicJudge: z.boolean(), openGroupJudge: z.boolean(), openContestJudge: z.boolean(), hideNonContestSubmissionCode: z.boolean(),
  defaultSubmitInterval: z.number().int(), submitCaptchaPerMinute: z.number().int(),
  defaultCreateDiscussionACInitValue: z.number().int(), defaultCreateCommentACInitValue: z.number().int(), defaultCreateGroupACInitValue: z.number().int(),
  defaultCreateDiscussionDailyLimit: z.number().int(), defaultCreateGroupDailyLimit: z.number().int(), defaultCreateGroupLimit: z.number().int(),
  discussionInterval: z.number().int(), commentInterval: z.number().int(),
  uploadUserDailyMb: z.number().int(), uploadGroupMb: z.number().int(),
  requireAdminTwoFactor: z.boolean(),
  ratingNameColor: z.boolean(),
  ...poolAnswers,
});
export type SwitchConfigVo = z.infer<typeof switchConfigVo>;

/** set-email-config: HOJ's EmailConfigDTO names (emailHost, …, emailBGImg) plus our `from`. */
export const emailConfigBody = z.object({
  emailHost: text(255),
  emailPort: z.number().int().min(1).max(65535),
  emailSsl: z.boolean(),
  emailUsername: text(255),
  /** Empty (or absent: HOJ's form never gets it back) keeps the stored password. */
  emailPassword: z.string().max(255).default(''),
  /** Background picture of HOJ's mail templates (a link); stored and answered. */
  emailBGImg: text(500).default(''),
  /** Sender address; empty uses emailUsername. HOJ's screen does not send it. */
  from: text(255).default(''),
});
export type EmailConfigBody = z.infer<typeof emailConfigBody>;
/** Whether mail can be sent, and where its settings come from: the admin area, the SMTP_* environment, or nowhere. */
export const mailStatus = vo({ configured: z.boolean(), source: z.enum(['admin', 'env', 'none']) });
/** GET admin/config/get-email-config (and set-email-config's answer): the password is never sent back. */
export const emailConfigInfo = mailStatus.extend({
  emailHost: z.string(), emailPort: z.number().int(), emailSsl: z.boolean(), emailUsername: z.string(), emailBGImg: z.string(), from: z.string(),
  /** Instead of HOJ's emailPassword (never sent back): whether one is stored. */
  hasPassword: z.boolean(),
});
export type EmailConfigInfo = z.infer<typeof emailConfigInfo>;
export const testEmailBody = z.object({ email: z.string().trim().min(1, 'emailRequired').max(255, 'emailInvalid').email('emailInvalid') });

/** GET get-website-config. */
export const websiteConfigVo = vo({
  name: z.string(), shortName: z.string(), description: z.string(),
  recordName: z.string(), recordUrl: z.string(), projectName: z.string(), projectUrl: z.string(),
  register: z.boolean(), openPublicDiscussion: z.boolean(), openGroupDiscussion: z.boolean(), openContestComment: z.boolean(),
  /** Keys of the switched-on remote judges (home page, /developer, the problem list's oj filter). */
  remoteJudges: z.array(z.string()),
  /** Usernames in lists take their contest rating's colour band (issue 30; the ratingNameColor switch). */
  ratingNameColor: z.boolean().optional(),
});
export type WebsiteConfig = z.infer<typeof websiteConfigVo>;

export const announcementBody = z.object({
  title: z.string({ error: 'titleRequired' }).trim().min(1, 'titleRequired').max(255),
  content: z.string({ error: 'contentEmpty' }).trim().min(1, 'contentEmpty').max(65535),
  status: z.number().int().min(0).max(1).default(0),
});
export const announcementUpdateBody = announcementBody.extend({ id: z.number().int().positive() });
/**
 * HOJ's AnnouncementVO: a site, contest or group announcement (contest and group answers extend it
 * with `cid` / `gid`). `username` is '' when the author is gone; `status` 0 visible, 1 hidden.
 */
export const announcementVo = vo({
  id: z.number().int(), title: z.string(), content: z.string(), status: z.number().int(), uid: z.number().int(), username: z.string(),
  gmtCreate: epochMs, gmtModified: epochMs,
});
export type AnnouncementVo = z.infer<typeof announcementVo>;
/** The admin list's row: the same shape. */
export type AnnouncementRow = AnnouncementVo;
export const announcementPage = pageOf(announcementVo);

export const sysNoticeBody = z.object({
  title: z.string({ error: 'titleRequired' }).trim().min(1, 'titleRequired').max(255),
  content: z.string({ error: 'contentEmpty' }).trim().min(1, 'contentEmpty').max(65535),
});

/** get-last-week-submission-statistics (HOJ's SubmissionStatisticsVO): seven local days, today last. */
export const submissionStatisticsVo = vo({ dateStrList: z.array(z.string()), acCountList: z.array(z.number().int()), totalCountList: z.array(z.number().int()) });
export type SubmissionStatisticsVo = z.infer<typeof submissionStatisticsVo>;
export type LastWeekSubmissionStatistics = SubmissionStatisticsVo;
/** get-recent-seven-ac-rank: users by distinct problems accepted in seven days (HOJ answers ACMRankVO rows; these are ours). */
export const recentAcRankRow = vo({ uid: z.number().int(), username: z.string(), avatar: z.string().nullable(), ac: z.number().int(), titleName: z.string().nullable(), titleColor: z.string().nullable() });
export type RecentAcRankRow = z.infer<typeof recentAcRankRow>;
/** get-recent-updated-problem (HOJ's RecentUpdatedProblemVO has id, type and gmtCreate; this sends pid). */
export const recentUpdatedProblemVo = vo({ pid: z.number().int(), problemId: z.string(), title: z.string(), gmtModified: epochMs });
export type RecentUpdatedProblemVo = z.infer<typeof recentUpdatedProblemVo>;
export type RecentProblemRow = RecentUpdatedProblemVo;
/** GET health. */
export const healthVo = vo({ up: z.boolean() });
export const sysNoticeUpdateBody = sysNoticeBody.extend({ id: z.number().int().positive() });
/** A system notice as the admin area lists it; `recipients` = users it was delivered to. */
/** admin/msg/notice rows: the schema is `adminSysNoticeVo` (forum.ts, beside the notice routes' other answers). */
export type SysNoticeRow = AdminSysNoticeVo;
/** Carousel images kept in the web config at most. */
export const CAROUSEL_MAX = 20;

import { z } from 'zod';
import { pageOf, vo } from './common.js';

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
export type WebConfigView = Omit<WebConfig, 'carousel'> & { register: boolean };

export const switchConfigBody = z.object({
  register: z.boolean(),
  openPublicDiscussion: z.boolean(),
  openGroupDiscussion: z.boolean(),
  openContestComment: z.boolean(),
  /** Seconds between two non-contest submissions of one user. */
  submitInterval: z.number().int().min(0).max(3600),
  /** Non-contest submissions per minute after which a captcha is asked for; 0 never asks. */
  submitCaptchaPerMinute: z.number().int().min(0).max(1000),
  /** AC counts a user needs before posting a discussion, commenting, creating a group. */
  discussionAcMin: z.number().int().min(0).max(100000),
  commentAcMin: z.number().int().min(0).max(100000),
  groupAcMin: z.number().int().min(0).max(100000),
  /** Per-user daily limits. */
  discussionDailyLimit: z.number().int().min(0).max(100000),
  groupDailyLimit: z.number().int().min(0).max(100000),
  /** Seconds a user waits between two discussions and between two comments or replies (0 = no wait). */
  discussionInterval: z.number().int().min(0).max(86400).default(30),
  commentInterval: z.number().int().min(0).max(86400).default(5),
  /** Upload budgets of users without an admin role, in MiB (0 = no limit): per user and UTC day, and per group in all. */
  uploadUserDailyMb: z.number().int().min(0).max(1_000_000).default(50),
  uploadGroupMb: z.number().int().min(0).max(1_000_000).default(200),
});
export type SwitchConfig = z.infer<typeof switchConfigBody>;

export const emailConfigBody = z.object({
  host: text(255),
  port: z.number().int().min(1).max(65535),
  secure: z.boolean(),
  username: text(255),
  /** Empty keeps the stored password. */
  password: z.string().max(255).default(''),
  from: text(255),
});
export type EmailConfigBody = z.infer<typeof emailConfigBody>;
/** GET admin/config/get-email-config: the password is never sent back. */
export interface EmailConfigInfo {
  host: string; port: number; secure: boolean; username: string; from: string;
  hasPassword: boolean;
  /** Where the settings come from: the admin area, the SMTP_* environment, or nowhere. */
  source: 'admin' | 'env' | 'none';
  configured: boolean;
}
export const testEmailBody = z.object({ email: z.string().trim().min(1, 'emailRequired').max(255, 'emailInvalid').email('emailInvalid') });

/** GET get-website-config. */
export interface WebsiteConfig {
  name: string; shortName: string; description: string;
  recordName: string; recordUrl: string; projectName: string; projectUrl: string;
  register: boolean; openPublicDiscussion: boolean; openGroupDiscussion: boolean; openContestComment: boolean;
  /** Keys of the switched-on remote judges (home page, /developer, the problem list's oj filter). */
  remoteJudges: string[];
}

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

export interface LastWeekSubmissionStatistics { dateStrList: string[]; acCountList: number[]; totalCountList: number[] }
export interface RecentAcRankRow { uid: number; username: string; avatar: string | null; ac: number; titleName: string | null; titleColor: string | null }
export interface RecentProblemRow { pid: number; problemId: string; title: string; gmtModified: number }
export const sysNoticeUpdateBody = sysNoticeBody.extend({ id: z.number().int().positive() });
/** A system notice as the admin area lists it; `recipients` = users it was delivered to. */
export interface SysNoticeRow { id: number; title: string; content: string; uid: number; username: string; recipients: number; gmtCreate: number; gmtModified: number }
/** Carousel images kept in the web config at most. */
export const CAROUSEL_MAX = 20;

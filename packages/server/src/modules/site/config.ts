import type { EmailConfigBody, SwitchConfig, WebConfig } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { stampsOf } from '../../http/stamps.js';

/**
 * Site configuration in the site_config table (one JSON value per section). Stored values are
 * merged over the defaults, so a section gains new fields without a migration.
 */
export const DEFAULT_WEB_CONFIG: WebConfig = {
  name: 'Verdict',
  shortName: 'VD',
  description: 'Verdict 在线评测系统 · An online judge for programming problems',
  recordName: '',
  recordUrl: '',
  projectName: 'Verdict',
  projectUrl: '',
  baseUrl: '',
  carousel: [],
};

export const DEFAULT_SWITCH_CONFIG: SwitchConfig = {
  register: true,
  openPublicDiscussion: true,
  openGroupDiscussion: true,
  openContestComment: true,
  openPublicJudge: true,
  openGroupJudge: true,
  openContestJudge: true,
  hideNonContestSubmissionCode: false,
  defaultSubmitInterval: 8,
  submitCaptchaPerMinute: 6,
  defaultCreateDiscussionACInitValue: 0,
  defaultCreateCommentACInitValue: 0,
  defaultCreateGroupACInitValue: 0,
  defaultCreateDiscussionDailyLimit: 10,
  defaultCreateGroupDailyLimit: 2,
  defaultCreateGroupLimit: 0,
  discussionInterval: 30,
  commentInterval: 5,
  uploadUserDailyMb: 50,
  uploadGroupMb: 200,
  requireAdminTwoFactor: false,
  ratingNameColor: false,
};

/** SMTP settings saved in the admin area; `host` empty means "not set here". */
export type StoredEmailConfig = EmailConfigBody;
export const EMPTY_EMAIL_CONFIG: StoredEmailConfig = { emailHost: '', emailPort: 465, emailSsl: true, emailUsername: '', emailPassword: '', emailBGImg: '', from: '' };

/**
 * Keys stored under our former names, renamed to HOJ's: a stored value under the old key is read
 * when the new one is absent (rows written before the rename), and dropped on the next save.
 */
const LEGACY_KEYS: Partial<Record<ConfigSection, Record<string, string>>> = {
  switch: {
    submitInterval: 'defaultSubmitInterval', discussionAcMin: 'defaultCreateDiscussionACInitValue', commentAcMin: 'defaultCreateCommentACInitValue',
    groupAcMin: 'defaultCreateGroupACInitValue', discussionDailyLimit: 'defaultCreateDiscussionDailyLimit', groupDailyLimit: 'defaultCreateGroupDailyLimit',
  },
  email: { host: 'emailHost', port: 'emailPort', secure: 'emailSsl', username: 'emailUsername', password: 'emailPassword' },
};
/** The stored object with legacy keys moved to their current names (exported for the tests). */
export function renameLegacyKeys(section: ConfigSection, stored: Record<string, unknown>): Record<string, unknown> {
  const renames = LEGACY_KEYS[section];
  if (!renames) return stored;
  const out = { ...stored };
  for (const [old, now] of Object.entries(renames)) {
    if (!(old in out)) continue;
    if (!(now in out)) out[now] = out[old];
    delete out[old];
  }
  return out;
}

interface Sections { web: WebConfig; switch: SwitchConfig; email: StoredEmailConfig }
const DEFAULTS: Sections = { web: DEFAULT_WEB_CONFIG, switch: DEFAULT_SWITCH_CONFIG, email: EMPTY_EMAIL_CONFIG };
export type ConfigSection = keyof Sections;

export interface SiteConfigService {
  get<K extends ConfigSection>(section: K): Promise<Sections[K]>;
  set<K extends ConfigSection>(section: K, value: Sections[K]): Promise<void>;
  /** Shortcut for other modules: the switches (register, discussions, defaultSubmitInterval, ...). */
  switches(): Promise<SwitchConfig>;
}

declare module '../../context.js' {
  interface Services { siteConfig: SiteConfigService }
}

/**
 * Sections are cached per process and read again only when the `site` stamp moved (http/stamps.ts):
 * a comment or submission request costs one shared stamp read instead of a row and a JSON parse,
 * and an admin's change is still seen by the very next request on every server process.
 */
/** A copy for the caller (sections are flat apart from string arrays): the cached value stays as read. */
const copy = <T extends object>(v: T): T => {
  const out = { ...v } as Record<string, unknown>;
  for (const k in out) if (Array.isArray(out[k])) out[k] = [...(out[k] as unknown[])];
  return out as T;
};

export function createSiteConfigService(ctx: AppContext): SiteConfigService {
  const stamps = stampsOf(ctx);
  const cache = new Map<ConfigSection, { stamp: string; value: Sections[ConfigSection] }>();
  const load = async <K extends ConfigSection>(section: K): Promise<Sections[K]> => {
    const row = await ctx.db.selectFrom('site_config').select('value').where('key', '=', section).executeTakeFirst();
    let stored: Partial<Sections[K]> = {};
    if (row) {
      try { stored = renameLegacyKeys(section, JSON.parse(row.value) as Record<string, unknown>) as Partial<Sections[K]>; } catch { ctx.log.warn({ section }, 'site_config value is not JSON; using defaults'); }
    }
    return { ...DEFAULTS[section], ...stored };
  };
  const get = async <K extends ConfigSection>(section: K): Promise<Sections[K]> => {
    // The stamp is read before the row: a write between the two only makes the entry look stale.
    const { site: stamp } = await stamps.read();
    const hit = cache.get(section);
    if (hit && hit.stamp === stamp) return copy(hit.value as Sections[K]);
    const value = await load(section);
    cache.set(section, { stamp, value });
    return copy(value);
  };
  const set = async <K extends ConfigSection>(section: K, value: Sections[K]) => {
    const json = JSON.stringify(value);
    await ctx.db.insertInto('site_config').values({ key: section, value: json })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: json })).execute();
    cache.delete(section);
    await stamps.bump('site');
  };
  return { get, set, switches: () => get('switch') };
}

/** Writes the default web config and switches when they are not stored yet (first start). */
export async function seedSiteConfig(ctx: AppContext) {
  for (const section of ['web', 'switch'] as const) {
    await ctx.db.insertInto('site_config').values({ key: section, value: JSON.stringify(DEFAULTS[section]) })
      .onConflict((oc) => oc.column('key').doNothing()).execute();
  }
}

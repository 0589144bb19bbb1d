import { z } from 'zod';
import { REMOTE_OJS } from '../constants.js';
import { vo } from './common.js';

/** Payloads and answers of the remote-judge admin calls (issue 17), shared by server and web. */

/** A site key as sent (any case); the server answers unknown keys with a clear message. */
const siteKey = z.string().trim().min(1).max(20);

/** HOJ's import calls: `name` is the site key, `problemId` the home site's id. */
export const remoteImportQuery = z.object({ name: siteKey, problemId: z.string().trim().min(1).max(50) });
export const contestRemoteImportQuery = remoteImportQuery.extend({ cid: z.coerce.number().int().positive(), displayId: z.string().trim().min(1).max(50) });
export const trainingRemoteImportQuery = remoteImportQuery.extend({ tid: z.coerce.number().int().positive() });

export const remoteAccountBody = z.object({
  oj: siteKey,
  username: z.string().trim().min(1).max(100),
  /** Password or API key; on update an empty one keeps the saved value. */
  password: z.string().max(500).default(''),
  enabled: z.boolean().default(true),
});
export const remoteAccountUpdateBody = remoteAccountBody.partial().extend({ id: z.coerce.number().int().positive() });
export const remoteSiteBody = z.object({
  oj: siteKey,
  enabled: z.boolean(),
  /** Empty: the real site. Tests and mirrors point a site elsewhere. */
  baseUrl: z.string().trim().max(300).default(''),
});

export type RemoteOjKeyName = (typeof REMOTE_OJS)[number]['key'];
/** A remote judge's key (HDU, CF, ...). */
export const remoteOjKey = z.enum(REMOTE_OJS.map((o) => o.key) as [RemoteOjKeyName, ...RemoteOjKeyName[]]);

/** A remote judge as the admin's site switches show it. */
export const remoteSiteInfo = vo({
  oj: remoteOjKey,
  name: z.string(),
  enabled: z.boolean(),
  baseUrl: z.string(),
  defaultBaseUrl: z.string(),
  /** The server has an adapter for the site (import, submit, status). */
  supported: z.boolean(),
  languageCount: z.number().int(),
  /** Pool accounts that submit to this site (GYM uses the Codeforces pool). */
  pool: remoteOjKey,
  accounts: z.number().int(),
  freeAccounts: z.number().int(),
});
export type RemoteSiteInfo = z.infer<typeof remoteSiteInfo>;

/** A pool account (its password is write-only, never sent). Times in ms since the epoch. */
export const remoteAccountInfo = vo({
  id: z.number().int(),
  oj: remoteOjKey,
  username: z.string(),
  enabled: z.boolean(),
  /** A submission is using it right now. */
  busy: z.boolean(),
  lastError: z.string().nullable(),
  lastUsedAt: z.number().nullable(),
  gmtCreate: z.number(),
});
export type RemoteAccountInfo = z.infer<typeof remoteAccountInfo>;

/** What an import would create (the admin's preview). */
export const remoteProblemPreview = vo({
  oj: remoteOjKey,
  /** Our display id, e.g. CF-1000A. */
  problemId: z.string(),
  remoteId: z.string(),
  /** ms */
  timeLimit: z.number(),
  /** MB */
  memoryLimit: z.number(),
  title: z.string(),
  description: z.string(),
  input: z.string(),
  output: z.string(),
  examples: z.array(vo({ input: z.string(), output: z.string() })),
  hint: z.string(),
  source: z.string(),
  tags: z.array(z.string()),
  languages: z.array(z.string()),
  /** Already imported: importing again is refused, re-fetch updates it. */
  exists: z.boolean(),
  /** The imported problem's id when it exists (for re-fetch). */
  pid: z.number().int().nullable(),
});
export type RemoteProblemPreview = z.infer<typeof remoteProblemPreview>;
/** Re-fetch of an imported problem: the problem updated. */
export const remoteRefetchVo = vo({ pid: z.number().int(), problemId: z.string(), title: z.string() });
/** The enabled remote judges (home page, /developer, the problem list's oj filter). */
export const remoteSiteKeys = z.array(remoteOjKey);

/**
 * HOJ keeps each pool as two lists in its switch config (`cfUsernameList` / `cfPasswordList`, …).
 * Verdict answers them in `admin/switch/info` (passwords always empty: they are write-only) and
 * accepts them in `admin/switch/update`, where an empty password keeps the saved one.
 */
export const HOJ_POOL_FIELDS = { hdu: 'HDU', cf: 'CF', poj: 'POJ', atcoder: 'AC', spoj: 'SPOJ', libreoj: 'LIBRE' } as const;
const poolList = z.array(z.string().max(500)).max(200).optional();
export const hojPoolListsBody = z.object(Object.fromEntries(
  Object.keys(HOJ_POOL_FIELDS).flatMap((k) => [[`${k}UsernameList`, poolList], [`${k}PasswordList`, poolList]]),
) as Record<`${keyof typeof HOJ_POOL_FIELDS}${'UsernameList' | 'PasswordList'}`, typeof poolList>);
export type HojPoolLists = z.infer<typeof hojPoolListsBody>;

import { z } from 'zod';
import { REMOTE_OJS } from '../constants.js';

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

export interface RemoteSiteInfo {
  oj: RemoteOjKeyName;
  name: string;
  enabled: boolean;
  baseUrl: string;
  defaultBaseUrl: string;
  /** The server has an adapter for the site (import, submit, status). */
  supported: boolean;
  languageCount: number;
  /** Pool accounts that submit to this site (GYM uses the Codeforces pool). */
  pool: RemoteOjKeyName;
  accounts: number;
  freeAccounts: number;
}

export interface RemoteAccountInfo {
  id: number;
  oj: RemoteOjKeyName;
  username: string;
  enabled: boolean;
  /** A submission is using it right now. */
  busy: boolean;
  lastError: string | null;
  lastUsedAt: number | null;
  gmtCreate: number;
}

/** What an import would create (the admin's preview). */
export interface RemoteProblemPreview {
  oj: RemoteOjKeyName;
  problemId: string; // our display id, e.g. CF-1000A
  remoteId: string;
  title: string;
  timeLimit: number; // ms
  memoryLimit: number; // MB
  description: string;
  input: string;
  output: string;
  examples: { input: string; output: string }[];
  hint: string;
  source: string;
  tags: string[];
  languages: string[];
  /** Already imported: importing again is refused, re-fetch updates it. */
  exists: boolean;
  /** The imported problem's id when it exists (for re-fetch). */
  pid: number | null;
}

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

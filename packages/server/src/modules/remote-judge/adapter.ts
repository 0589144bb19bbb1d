/**
 * One remote judge (a home site such as Codeforces) behind one interface, so the remote-judge
 * worker, the admin import and the account pool never know which site they talk to. Each site
 * lives in `sites/<key>.ts` and is tested against a local stand-in of the site
 * (`test/remote-judge/stand-ins/<key>.ts`) by pointing its base URL there.
 */
import type { JudgeStatusCode } from '@verdict/shared';

/** Site keys of spec 01 (problem `oj` filter, display IDs such as `CF-1000A`). */
export const REMOTE_OJ_KEYS = ['CF', 'GYM', 'AC', 'HDU', 'POJ', 'SPOJ', 'LIBRE'] as const;
export type RemoteOjKey = (typeof REMOTE_OJ_KEYS)[number];

/** Why a call to a home site failed; each kind becomes a clear bilingual message for admins. */
export type RemoteErrorKind =
  | 'unreachable' // connection refused, timeout, 5xx
  | 'notFound' // the problem (or submission) does not exist on the site
  | 'loginRefused' // wrong pool credentials
  | 'sessionExpired' // logged out meanwhile: log in again and retry once
  | 'rateLimited' // the site asks us to slow down: back off, retry later
  | 'unsupportedLanguage'
  | 'antiBot' // the site kept answering its anti-bot check (Codeforces' RCPC page) after we solved it
  | 'captcha' // the site demands a captcha (LibreOJ's reCAPTCHA on login) a server cannot answer: retry much later
  | 'garbage'; // the page did not have the shape we know

export class RemoteJudgeError extends Error {
  constructor(readonly kind: RemoteErrorKind, message: string, readonly retryAfterMs?: number) {
    super(message);
  }
}

/** A pool account, decrypted only in memory for the duration of a call. */
export interface RemoteAccount {
  id: number;
  username: string;
  password: string; // password, or API secret for sites that use keys
}

/**
 * HTTP to one site with its base URL, a cookie jar per account, redirects followed by hand
 * (so Set-Cookie on 302 is kept) and a per-site minimum interval between requests.
 */
export interface SiteHttp {
  readonly baseUrl: string;
  get(path: string, init?: { query?: Record<string, string>; headers?: Record<string, string> }): Promise<SiteResponse>;
  postForm(path: string, form: Record<string, string>): Promise<SiteResponse>;
  /** `headers` carries what a JSON API wants besides cookies (LibreOJ's `Authorization: Bearer`). */
  postJson(path: string, body: unknown, init?: { headers?: Record<string, string> }): Promise<SiteResponse>;
  /** Forget this account's cookies (after a login failure or an expired session). */
  clearCookies(): void;
  /** A cookie a page would have set from script (Codeforces' RCPC), sent to the site from now on. */
  setCookie(name: string, value: string): void;
  /** The value of a cookie in the jar, if the site set one. */
  cookie(name: string): string | undefined;
}

export interface SiteResponse {
  status: number;
  url: string; // final URL after redirects
  text: string;
  json<T = unknown>(): T;
  header(name: string): string | null;
}

/** A problem as fetched from its home site, before it becomes one of ours. */
export interface RemoteProblem {
  remoteId: string; // the site's own id, e.g. '1000A' for CF, 'abc300_a' for AtCoder
  title: string;
  timeLimitMs: number;
  memoryLimitMb: number;
  description: string; // markdown; images stay absolute links to the home site
  input: string;
  output: string;
  examples: { input: string; output: string }[];
  hint: string;
  source: string; // link to the original page
  tags: string[];
}

/** A remote submission's state as the home site shows it now. */
export interface RemoteStatus {
  status: JudgeStatusCode; // mapped to our codes; PENDING/JUDGING while the site is not done
  final: boolean;
  timeMs?: number;
  memoryKb?: number;
  compileMessage?: string;
  /** e.g. 'Wrong answer on test 3' — shown as the submission's error message. */
  detail?: string;
  /**
   * While judging: tests done so far, how many there are when the site says (AtCoder's "3/12"),
   * and the test running now when the site names it without a total (Codeforces' "Running on test 7").
   */
  progress?: { done: number; total?: number; current?: number };
}

export interface RemoteJudgeAdapter {
  readonly key: RemoteOjKey;
  /** Default base URL of the real site; a site setting may point it elsewhere (the stand-ins). */
  readonly defaultBaseUrl: string;
  /** Our language names (as in the judge's language table) → the site's compiler id. */
  readonly languages: Readonly<Record<string, string>>;
  /** Minimum milliseconds between two requests to the site from this server. */
  readonly minIntervalMs: number;
  /** Validates a problem id as the site writes it ('1000A', '101234B' for GYM, ...). */
  isProblemId(id: string): boolean;
  fetchProblem(http: SiteHttp, problemId: string): Promise<RemoteProblem>;
  login(http: SiteHttp, account: RemoteAccount): Promise<void>;
  /** Submits and returns the site's run id; throws RemoteJudgeError('sessionExpired') when logged out. */
  submit(http: SiteHttp, account: RemoteAccount, sub: { problemId: string; language: string; code: string }): Promise<string>;
  status(http: SiteHttp, account: RemoteAccount, sub: { problemId: string; runId: string }): Promise<RemoteStatus>;
}

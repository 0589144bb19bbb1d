/**
 * HTTP to one home site for one pool account: node's fetch with a cookie jar of our own, redirects
 * followed by hand (fetch drops the Set-Cookie of a 302, and login pages set the session there),
 * a minimum interval between requests shared by every account of the same site, and one error
 * kind for everything that means "the site did not answer" (refused, timeout, 5xx).
 */
import { RemoteJudgeError, type SiteHttp, type SiteResponse } from './adapter.js';
import { decodeBody } from './charset.js';

export interface SiteHttpOptions {
  baseUrl: string;
  /** Minimum milliseconds between two requests to this site (all accounts together). */
  minIntervalMs: number;
  /** Per request and per redirect hop, counted after the interval wait; default 30 s. */
  timeoutMs?: number;
  userAgent?: string;
}

const MAX_REDIRECTS = 10;
const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

/** Next free request slot per site origin: the interval is the site's, not one account's. */
const nextSlot = new Map<string, number>();

async function waitForSlot(origin: string, minIntervalMs: number): Promise<void> {
  if (minIntervalMs <= 0) return;
  const now = Date.now();
  const slot = Math.max(now, nextSlot.get(origin) ?? 0);
  nextSlot.set(origin, slot + minIntervalMs);
  if (slot > now) await new Promise((r) => setTimeout(r, slot - now));
}

interface Cookie { value: string; path: string; expires?: number }

/** A cookie jar for one site: name → cookie (one host, so the domain attribute does not matter). */
class CookieJar {
  private cookies = new Map<string, Cookie>();

  store(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const cookie: Cookie = { value, path: '/' };
      for (const attr of attrs) {
        const [k, v = ''] = attr.split('=');
        const key = k.trim().toLowerCase();
        if (key === 'path') cookie.path = v.trim() || '/';
        else if (key === 'max-age') cookie.expires = Date.now() + Number(v) * 1000;
        else if (key === 'expires' && cookie.expires === undefined) cookie.expires = Date.parse(v);
      }
      // A cookie set to expire (how sites log out) or emptied is removed.
      if (value === '' || (cookie.expires !== undefined && cookie.expires <= Date.now())) this.cookies.delete(name);
      else this.cookies.set(name, cookie);
    }
  }

  header(path: string): string {
    const now = Date.now();
    const parts: string[] = [];
    for (const [name, c] of this.cookies) {
      if (c.expires !== undefined && c.expires <= now) continue;
      if (!path.startsWith(c.path)) continue;
      parts.push(`${name}=${c.value}`);
    }
    return parts.join('; ');
  }

  clear(): void {
    this.cookies.clear();
  }

  set(name: string, value: string): void {
    this.cookies.set(name, { value, path: '/' });
  }

  get(name: string): string | undefined {
    const c = this.cookies.get(name);
    return c && (c.expires === undefined || c.expires > Date.now()) ? c.value : undefined;
  }
}

export function createSiteHttp(opts: SiteHttpOptions): SiteHttp {
  const base = new URL(opts.baseUrl);
  const baseUrl = opts.baseUrl.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const jar = new CookieJar();

  const resolve = (path: string, query?: Record<string, string>): URL => {
    const url = /^https?:\/\//.test(path) ? new URL(path) : new URL(baseUrl + (path.startsWith('/') ? path : '/' + path));
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
    return url;
  };

  async function request(method: string, url: URL, body?: { type: string; data: string }, extraHeaders?: Record<string, string>): Promise<SiteResponse> {
    let current = url;
    let currentMethod = method;
    let currentBody = body;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      await waitForSlot(current.origin, opts.minIntervalMs);
      // Each hop gets the full timeout, counted after its turn came (the interval is not the site's fault).
      const deadline = AbortSignal.timeout(timeoutMs);
      const headers: Record<string, string> = { 'user-agent': opts.userAgent ?? DEFAULT_UA, accept: '*/*' };
      // Extra headers (a bearer token) go only to the site itself, like its cookies.
      if (extraHeaders && current.origin === base.origin) Object.assign(headers, extraHeaders);
      // Cookies only go to the site itself, never to a host a redirect points at.
      if (current.origin === base.origin) {
        const cookie = jar.header(current.pathname);
        if (cookie) headers.cookie = cookie;
      }
      if (currentBody) {
        headers['content-type'] = currentBody.type;
        headers.referer = current.href;
        headers.origin = current.origin;
      }
      let res: Response;
      let text: string;
      try {
        res = await fetch(current, { method: currentMethod, headers, body: currentBody?.data, redirect: 'manual', signal: deadline });
        // GBK sites (HDU, POJ) declare their charset; fetch's text() would read them as UTF-8.
        text = decodeBody(Buffer.from(await res.arrayBuffer()), res.headers.get('content-type'));
      } catch (e) {
        const why = deadline.aborted ? `no answer within ${Math.round(timeoutMs / 1000)} s` : (e as Error & { cause?: { code?: string } }).cause?.code ?? (e as Error).message;
        throw new RemoteJudgeError('unreachable', `${current.origin} is unreachable (${why})`);
      }
      if (current.origin === base.origin) jar.store(res.headers.getSetCookie());
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        current = new URL(location, current);
        // 301/302/303 turn a POST into a GET (what browsers do); 307/308 repeat it.
        if (res.status !== 307 && res.status !== 308) {
          currentMethod = 'GET';
          currentBody = undefined;
        }
        continue;
      }
      if (res.status === 429) {
        const retry = Number(res.headers.get('retry-after'));
        const retryAfterMs = Number.isFinite(retry) && retry > 0 ? retry * 1000 : undefined;
        throw new RemoteJudgeError('rateLimited', `${current.origin} asks to slow down (HTTP 429)`, retryAfterMs);
      }
      if (res.status >= 500) throw new RemoteJudgeError('unreachable', `${current.origin} answered HTTP ${res.status}`);
      const finalUrl = current.href;
      const headersOf = res.headers;
      return {
        status: res.status,
        url: finalUrl,
        text,
        json<T>(): T {
          try {
            return JSON.parse(text) as T;
          } catch {
            throw new RemoteJudgeError('garbage', `${finalUrl} did not answer JSON (HTTP ${res.status})`);
          }
        },
        header: (name) => headersOf.get(name),
      };
    }
    throw new RemoteJudgeError('garbage', `${url.origin} redirected more than ${MAX_REDIRECTS} times`);
  }

  return {
    baseUrl,
    get: (path, init) => request('GET', resolve(path, init?.query), undefined, init?.headers),
    postForm: (path, form) => request('POST', resolve(path), { type: 'application/x-www-form-urlencoded', data: new URLSearchParams(form).toString() }),
    postJson: (path, body, init) => request('POST', resolve(path), { type: 'application/json', data: JSON.stringify(body) }, init?.headers),
    clearCookies: () => jar.clear(),
    setCookie: (name, value) => jar.set(name, value),
    cookie: (name) => jar.get(name),
  };
}

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/**
 * Helpers for end-to-end tests against the built site started by global-setup.ts.
 * Typical file:
 *   let browser: Browser; beforeAll(async () => { browser = await launchBrowser(); }); afterAll(() => browser.close());
 *   const page = await newPage(browser, { lang: 'en-US' }); await goto(page, '/home');
 */
export const site = {
  get baseUrl() { return inject('baseUrl'); },
  get admin() { return { username: inject('adminUsername'), password: inject('adminPassword') }; },
  get dataDir() { return inject('dataDir'); },
};

/** A fake client address per caller, so per-IP throttles (mail, login) of the server do not trip across tests. */
export const randomIp = () => `10.${rnd(255)}.${rnd(255)}.${1 + rnd(253)}`;
const rnd = (n: number) => Math.floor(Math.random() * n);

/** A unique short name (usernames are at most 20 characters). */
let seq = 0;
export function uniqueName(prefix = 'u'): string {
  const tail = `${Date.now().toString(36).slice(-5)}${(seq++).toString(36)}${rnd(36 * 36).toString(36)}`;
  return `${prefix.slice(0, 20 - tail.length)}${tail}`;
}

// ---------------------------------------------------------------- HTTP API

export interface ApiResult<T = any> { httpStatus: number; status: number; msg: string; data: T; headers: Headers }

/** One call to /api; `query` for GET parameters, `body` JSON; throws nothing, returns the envelope. */
export async function api<T = any>(
  urlPath: string,
  opts: { method?: string; query?: Record<string, string | number | boolean>; body?: unknown; token?: string; ip?: string; lang?: string } = {},
): Promise<ApiResult<T>> {
  const url = new URL(`/api/${urlPath.replace(/^\/?(api\/)?/, '')}`, site.baseUrl);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { 'X-Forwarded-For': opts.ip ?? randomIp(), 'Accept-Language': opts.lang ?? 'en-US' };
  if (opts.token) headers.Authorization = opts.token;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(url, { method: opts.method ?? (opts.body !== undefined ? 'POST' : 'GET'), headers, body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined });
  const text = await res.text();
  let env: any = {};
  try {
    env = JSON.parse(text);
  } catch {}
  return { httpStatus: res.status, status: env.status ?? res.status, msg: env.msg ?? '', data: env.data, headers: res.headers };
}

/** Like api() but throws unless the envelope status is 200. */
export async function apiOk<T = any>(urlPath: string, opts: Parameters<typeof api>[1] = {}): Promise<T> {
  const r = await api<T>(urlPath, opts);
  if (r.status !== 200) throw new Error(`${urlPath} -> ${r.status} ${r.msg}`);
  return r.data;
}

// ---------------------------------------------------------------- mail (the real SMTP peer)

export interface Mail { to: string[]; subject: string; text: string }

export async function mails(): Promise<Mail[]> {
  return (await fetch(inject('mailUrl'))).json() as Promise<Mail[]>;
}

/** Waits for a mail to `to` (case-insensitive) among the mails received after the first `since`. */
export async function waitForMail(to: string, since = 0, timeoutMs = 15_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const hit = (await mails()).slice(since).find((m) => m.to.includes(to.toLowerCase()));
    if (hit) return hit;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export const mailCount = async () => (await mails()).length;

/** The 6-character code of a register / change-email mail. */
export function codeIn(mail: Mail): string {
  const m = /\b([A-Za-z0-9]{6})\b/.exec(mail.text.replace(/https?:\S+/g, ''));
  if (!m) throw new Error(`no code in mail: ${mail.text}`);
  return m[1];
}

/** The first link of a mail (reset-password mails). */
export function linkIn(mail: Mail): string {
  const m = /https?:\/\/\S+/.exec(mail.text);
  if (!m) throw new Error(`no link in mail: ${mail.text}`);
  return m[0].replace(/[)>.,]+$/, '');
}

// ---------------------------------------------------------------- accounts

export interface TestUser { username: string; password: string; email: string }

/** Registers a user through the real register flow (code read from the SMTP peer). */
export async function registerUser(over: Partial<TestUser> = {}): Promise<TestUser> {
  const username = over.username ?? uniqueName('e2e');
  const user = { username, password: over.password ?? 'Passw0rd!', email: over.email ?? `${username.toLowerCase()}@e2e.test` };
  const ip = randomIp();
  const since = await mailCount();
  await apiOk('get-register-code', { query: { email: user.email }, ip });
  const code = codeIn(await waitForMail(user.email, since));
  await apiOk('register', { body: { ...user, code }, ip });
  return user;
}

export interface Session { token: string; user: any }

export async function loginApi(username: string, password: string): Promise<Session> {
  const r = await api('login', { body: { username, password } });
  if (r.status !== 200) throw new Error(`login ${username} -> ${r.status} ${r.msg}`);
  return { token: r.headers.get('authorization')!, user: r.data };
}

export const adminSession = () => loginApi(site.admin.username, site.admin.password);

// ---------------------------------------------------------------- browser

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--headless=new'] });
}

export interface PageOptions { width?: number; height?: number; lang?: 'zh-CN' | 'en-US'; session?: Session }

/** A fresh context (own storage) and page: browser language `lang`, viewport `width`, optionally logged in. */
export async function newPage(browser: Browser, opts: PageOptions = {}): Promise<Page> {
  const context: BrowserContext = await browser.newContext({
    viewport: { width: opts.width ?? 1440, height: opts.height ?? 900 },
    locale: opts.lang ?? 'zh-CN',
    extraHTTPHeaders: { 'X-Forwarded-For': randomIp() },
  });
  if (opts.session) {
    const { token, user } = opts.session;
    await context.addInitScript(([t, u]) => {
      // Only before the app first runs in this context; a later logout must stick.
      if (!sessionStorage.getItem('e2e-seeded')) {
        localStorage.setItem('token', t);
        localStorage.setItem('userInfo', u);
        sessionStorage.setItem('e2e-seeded', '1');
      }
    }, [token, JSON.stringify(user)] as const);
  }
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  watchPage(page);
  return page;
}

/** Pages still open, what their consoles said and when they last did anything, for the report a failed test prints. */
export const openPages = new Map<Page, { said: string[]; active: number }>();
function watchPage(page: Page) {
  const said: string[] = [];
  const seen = { said, active: Date.now() };
  openPages.set(page, seen);
  page.on('request', () => { seen.active = Date.now(); });
  const keep = (line: string) => {
    seen.active = Date.now();
    said.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (said.length > 30) said.shift();
  };
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') keep(`console.${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => keep(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => keep(`request failed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('framenavigated', (f) => { if (f === page.mainFrame()) keep(`navigated: ${f.url()}`); });
  page.on('close', () => openPages.delete(page));
}

export async function goto(page: Page, urlPath: string) {
  await page.goto(new URL(urlPath, site.baseUrl).toString());
}

/** Logs in through the navbar's login dialog. */
export async function loginUi(page: Page, username: string, password: string) {
  await page.getByTestId('nav-login').click();
  const form = page.getByTestId('login-form');
  await form.locator('input').nth(0).fill(username);
  await form.locator('input[type=password]').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('nav-user').waitFor();
}

/**
 * Waits until nothing on the page is mid-animation (a dialog zooming in, a mask fading): a click
 * can miss a moving button, and axe measures a fading text's colours. Endless animations
 * (spinners, the live dot) do not count.
 */
export async function motionSettled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) =>
    a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity));
}

/** The text of the current toast (antd message), waiting for one to appear. */
export async function toastText(page: Page): Promise<string> {
  const el = page.locator('.ant-message-notice').last();
  await el.waitFor();
  return (await el.innerText()).trim();
}

/** Waits for a toast with exactly this text (an earlier toast may still be fading out). */
export async function toastShows(page: Page, text: string) {
  await page.locator('.ant-message-notice').filter({ hasText: new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) }).first().waitFor();
}

const shotsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');
/** Saves a full-page PNG under e2e/screenshots/ (git-ignored) for people to look at. */
export async function shot(page: Page, name: string) {
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

/**
 * The answer of the newest image captcha, read from the site's SQLite file (a person reads the
 * picture; a test reads what the server stored for it).
 */
export async function latestCaptchaText(): Promise<string> {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(path.join(site.dataDir, 'verdict.db'), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT text FROM captcha ORDER BY expires_at DESC LIMIT 1').get() as { text: string } | undefined;
    if (!row) throw new Error('no captcha issued yet');
    return row.text;
  } finally {
    db.close();
  }
}

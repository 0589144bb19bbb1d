/**
 * Remote judges: site switches and base URLs, the account pool (secrets sealed at rest, a lease
 * marks a busy account), problem import / re-fetch, and the HTTP clients of the worker. Every
 * failure of a home site becomes an AppError with a bilingual message naming what failed.
 */
import crypto from 'node:crypto';
import { HOJ_POOL_FIELDS, MSG, REMOTE_OJS, formatExamples, formatMsg, type HojPoolLists, type Locale, type MsgKey, type RemoteAccountInfo, type RemoteProblemPreview, type RemoteSiteInfo } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { stampsOf } from '../../http/stamps.js';
import { now } from '../../lib/time.js';
import { invalidateProblemList } from '../problem/list-cache.js';
import { REMOTE_OJ_KEYS, RemoteJudgeError, type RemoteAccount, type RemoteJudgeAdapter, type RemoteOjKey, type RemoteProblem, type SiteHttp } from './adapter.js';
import { ADAPTERS, EXAMPLE_IDS, poolOf } from './registry.js';
import { createSecretBox, type SecretBox } from './secrets.js';
import { createSiteHttp } from './site-http.js';
import type { RemoteAccountRow } from './tables.js';

const siteName = (oj: RemoteOjKey) => REMOTE_OJS.find((o) => o.key === oj)?.name ?? oj;

/** A home site's failure as the admin sees it (status, message key, variables). */
export function remoteErrorToApp(e: unknown, oj: RemoteOjKey, problemId?: string): AppError {
  if (!(e instanceof RemoteJudgeError)) return e instanceof AppError ? e : new AppError(500, String((e as Error)?.message ?? e));
  const site = siteName(oj);
  const detail = e.message;
  switch (e.kind) {
    case 'unreachable': return new AppError(502, 'remoteUnreachable', { site, detail });
    case 'notFound': return new AppError(400, 'remoteProblemNotFound', { site, id: problemId ?? '' });
    case 'loginRefused': return new AppError(400, 'remoteLoginRefused', { site, detail });
    case 'sessionExpired': return new AppError(400, 'remoteLoginRefused', { site, detail });
    case 'rateLimited': return new AppError(429, 'remoteRateLimited', { site });
    case 'unsupportedLanguage': return new AppError(400, 'remoteUnsupportedLanguage', { site, detail });
    case 'antiBot': return new AppError(502, 'remoteAntiBot', { site, detail });
    case 'captcha': return new AppError(502, 'remoteCaptcha', { site, detail });
    default: return new AppError(502, 'remoteGarbage', { site, detail });
  }
}

/**
 * An account error kept as a message key with its values (`msg:` and JSON), so the pool list shows
 * it in the admin's language; other account errors are kept as the site's own words.
 */
export function accountErrorOf(key: MsgKey, vars: Record<string, string>): string {
  return 'msg:' + JSON.stringify({ key, vars });
}

function accountErrorText(stored: string | null, locale: Locale): string | null {
  if (!stored?.startsWith('msg:')) return stored;
  try {
    const { key, vars } = JSON.parse(stored.slice(4)) as { key: string; vars: Record<string, string> };
    if (key in MSG) return formatMsg(MSG[key as MsgKey], locale, vars);
  } catch {
    // not one of ours after all: shown as it is
  }
  return stored;
}

export class RemoteJudgeService {
  private readonly box: SecretBox;
  /** One HTTP client (cookie jar) per pool account and base URL, kept across submissions. */
  private readonly clients = new Map<string, SiteHttp>();
  /** Accounts this process has logged in with (a restart forgets it; the next call logs in again). */
  readonly loggedIn = new Set<number>();
  /** Per request to a home site; tests shorten it. */
  timeoutMs = 30_000;
  /** Replaces every site's minimum request interval (tests against local stand-ins). */
  minIntervalOverrideMs: number | null = null;

  constructor(private readonly ctx: AppContext) {
    this.box = createSecretBox(ctx.config.remoteJudgeKey);
    this.minIntervalOverrideMs = ctx.config.remoteJudgeMinIntervalMs ?? null;
  }

  // ---- sites -------------------------------------------------------------------------------

  /** Validates a site key as sent by a client: known to the spec and served by an adapter. */
  siteOf(name: string, opts: { needAdapter?: boolean } = {}): RemoteOjKey {
    const oj = name.trim().toUpperCase() as RemoteOjKey;
    if (!REMOTE_OJ_KEYS.includes(oj)) throw badRequest('remoteUnknownSite', { site: name });
    if (opts.needAdapter !== false && !ADAPTERS[oj]) throw badRequest('remoteNoAdapter', { site: siteName(oj) });
    return oj;
  }

  adapter(oj: RemoteOjKey): RemoteJudgeAdapter {
    const a = ADAPTERS[oj];
    if (!a) throw badRequest('remoteNoAdapter', { site: siteName(oj) });
    return a;
  }

  async siteRow(oj: RemoteOjKey) {
    return this.ctx.db.selectFrom('remote_site').selectAll().where('oj', '=', oj).executeTakeFirst();
  }

  async baseUrl(oj: RemoteOjKey): Promise<string> {
    return (await this.siteRow(oj))?.base_url || this.adapter(oj).defaultBaseUrl;
  }

  /** Keys of the switched-on sites that have an adapter (home page, /developer, the oj filter). */
  async enabledSites(): Promise<RemoteOjKey[]> {
    // Read on every get-website-config: cached under the site stamp, which setSite bumps (every process sees it).
    const { site: stamp } = await stampsOf(this.ctx).read();
    if (this.enabledCache?.stamp !== stamp) {
      const rows = await this.ctx.db.selectFrom('remote_site').select('oj').where('enabled', '=', 1).execute();
      const on = new Set(rows.map((r) => r.oj));
      this.enabledCache = { stamp, sites: REMOTE_OJ_KEYS.filter((k) => on.has(k) && ADAPTERS[k]) };
    }
    return [...this.enabledCache.sites];
  }
  private enabledCache: { stamp: string; sites: RemoteOjKey[] } | null = null;

  async requireEnabled(oj: RemoteOjKey) {
    if (!(await this.enabledSites()).includes(oj)) throw badRequest('remoteSiteDisabled', { site: siteName(oj) });
  }

  async sites(): Promise<RemoteSiteInfo[]> {
    const [rows, accounts] = await Promise.all([
      this.ctx.db.selectFrom('remote_site').selectAll().execute(),
      this.ctx.db.selectFrom('remote_account').select(['oj', 'enabled', 'lease_expires_at']).execute(),
    ]);
    const t = now();
    return REMOTE_OJ_KEYS.map((oj) => {
      const row = rows.find((r) => r.oj === oj);
      const a = ADAPTERS[oj];
      const pool = poolOf(oj);
      const mine = accounts.filter((x) => x.oj === pool && x.enabled === 1);
      return {
        oj, name: siteName(oj), enabled: !!row?.enabled && !!a, baseUrl: row?.base_url ?? '', defaultBaseUrl: a?.defaultBaseUrl ?? '',
        supported: !!a, languageCount: a ? Object.keys(a.languages).length : 0, pool,
        accounts: mine.length, freeAccounts: mine.filter((x) => !x.lease_expires_at || x.lease_expires_at < t).length,
      };
    });
  }

  async setSite(body: { oj: string; enabled: boolean; baseUrl: string }) {
    const oj = this.siteOf(body.oj, { needAdapter: body.enabled });
    const baseUrl = body.baseUrl.replace(/\/+$/, '');
    if (baseUrl && !/^https?:\/\/[^\s/]+/i.test(baseUrl)) throw badRequest('remoteBaseUrlInvalid');
    const values = { oj, enabled: body.enabled ? 1 : 0, base_url: baseUrl || null, gmt_modified: now() };
    await this.ctx.db.insertInto('remote_site').values(values)
      .onConflict((oc) => oc.column('oj').doUpdateSet({ enabled: values.enabled, base_url: values.base_url, gmt_modified: values.gmt_modified })).execute();
    await stampsOf(this.ctx).bump('site');
    invalidateProblemList();
    this.ctx.services.judge.queue.notify();
    return (await this.sites()).find((s) => s.oj === oj)!;
  }

  // ---- account pool ------------------------------------------------------------------------

  private accountInfo(r: RemoteAccountRow, locale: Locale = 'zh-CN'): RemoteAccountInfo {
    return {
      id: r.id, oj: r.oj as RemoteOjKey, username: r.username, enabled: r.enabled === 1,
      busy: !!r.lease_expires_at && r.lease_expires_at >= now(), lastError: accountErrorText(r.last_error, locale), lastUsedAt: r.last_used_at, gmtCreate: r.gmt_create,
    };
  }

  async accounts(oj?: string, locale: Locale = 'zh-CN'): Promise<RemoteAccountInfo[]> {
    let q = this.ctx.db.selectFrom('remote_account').selectAll().orderBy('oj').orderBy('id');
    if (oj) q = q.where('oj', '=', poolOf(this.siteOf(oj, { needAdapter: false })));
    return (await q.execute()).map((r) => this.accountInfo(r, locale));
  }

  async addAccount(body: { oj: string; username: string; password: string; enabled: boolean }): Promise<RemoteAccountInfo> {
    const oj = poolOf(this.siteOf(body.oj, { needAdapter: false }));
    if (!body.password) throw badRequest('remoteAccountPasswordRequired');
    const dup = await this.ctx.db.selectFrom('remote_account').select('id').where('oj', '=', oj).where('username', '=', body.username).executeTakeFirst();
    if (dup) throw badRequest('remoteAccountExists', { site: siteName(oj), username: body.username });
    const t = now();
    const row = await this.ctx.db.insertInto('remote_account').values({
      oj, username: body.username, secret: this.box.seal(body.password), enabled: body.enabled ? 1 : 0,
      lease_owner: null, lease_token: null, lease_expires_at: null, last_used_at: null, last_error: null, gmt_create: t, gmt_modified: t,
    }).returningAll().executeTakeFirstOrThrow();
    this.ctx.services.judge.queue.notify();
    return this.accountInfo(row);
  }

  async updateAccount(body: { id: number; username?: string; password?: string; enabled?: boolean }): Promise<RemoteAccountInfo> {
    const cur = await this.ctx.db.selectFrom('remote_account').selectAll().where('id', '=', body.id).executeTakeFirst();
    if (!cur) throw notFound('remoteAccountNotFound');
    const username = body.username ?? cur.username;
    if (username !== cur.username) {
      const dup = await this.ctx.db.selectFrom('remote_account').select('id').where('oj', '=', cur.oj).where('username', '=', username).executeTakeFirst();
      if (dup) throw badRequest('remoteAccountExists', { site: siteName(cur.oj as RemoteOjKey), username });
    }
    const row = await this.ctx.db.updateTable('remote_account').set({
      username, enabled: body.enabled === undefined ? cur.enabled : body.enabled ? 1 : 0,
      secret: body.password ? this.box.seal(body.password) : cur.secret,
      // New credentials: the last failure no longer says anything.
      last_error: body.password || username !== cur.username ? null : cur.last_error, gmt_modified: now(),
    }).where('id', '=', body.id).returningAll().executeTakeFirstOrThrow();
    this.forget(body.id);
    this.ctx.services.judge.queue.notify();
    return this.accountInfo(row);
  }

  async deleteAccount(id: number) {
    const res = await this.ctx.db.deleteFrom('remote_account').where('id', '=', id).executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw notFound('remoteAccountNotFound');
    this.forget(id);
  }

  /** HOJ's view of the pools (switch info): usernames per site, passwords never sent back. */
  async hojPoolLists(): Promise<Required<HojPoolLists>> {
    const rows = await this.ctx.db.selectFrom('remote_account').select(['oj', 'username']).orderBy('id').execute();
    const out: Record<string, string[]> = {};
    for (const [field, oj] of Object.entries(HOJ_POOL_FIELDS)) {
      const names = rows.filter((r) => r.oj === oj).map((r) => r.username);
      out[`${field}UsernameList`] = names;
      out[`${field}PasswordList`] = names.map(() => '');
    }
    return out as Required<HojPoolLists>;
  }

  /**
   * HOJ's switch update with pool lists: each site whose username list is sent becomes exactly
   * that list (accounts not named are removed, new ones added); an empty password keeps the saved
   * one, so a new account needs one. Checked first, then written in one transaction.
   */
  async applyHojPoolLists(body: HojPoolLists) {
    const plan: { oj: string; names: string[]; passwords: string[] }[] = [];
    for (const [field, oj] of Object.entries(HOJ_POOL_FIELDS)) {
      const names = body[`${field}UsernameList` as keyof HojPoolLists];
      if (!names) continue;
      const passwords = body[`${field}PasswordList` as keyof HojPoolLists] ?? [];
      const trimmed = names.map((n) => n.trim());
      plan.push({ oj, names: trimmed, passwords });
    }
    if (!plan.length) return;
    const rows = await this.ctx.db.selectFrom('remote_account').select(['id', 'oj', 'username']).execute();
    for (const p of plan) {
      const seen = new Set<string>();
      p.names.forEach((name, i) => {
        if (!name) throw badRequest('usernameRequired');
        if (seen.has(name)) throw badRequest('remoteAccountExists', { site: siteName(p.oj as RemoteOjKey), username: name });
        seen.add(name);
        if (!rows.some((r) => r.oj === p.oj && r.username === name) && !p.passwords[i]) throw badRequest('remoteAccountPasswordRequired');
      });
    }
    const t = now();
    await this.ctx.db.transaction().execute(async (trx) => {
      for (const p of plan) {
        const mine = rows.filter((r) => r.oj === p.oj);
        const gone = mine.filter((r) => !p.names.includes(r.username)).map((r) => r.id);
        if (gone.length) await trx.deleteFrom('remote_account').where('id', 'in', gone).execute();
        for (const [i, name] of p.names.entries()) {
          const cur = mine.find((r) => r.username === name);
          const pw = p.passwords[i] ?? '';
          if (cur && pw) await trx.updateTable('remote_account').set({ secret: this.box.seal(pw), last_error: null, gmt_modified: t }).where('id', '=', cur.id).execute();
          else if (!cur) {
            await trx.insertInto('remote_account').values({
              oj: p.oj, username: name, secret: this.box.seal(pw), enabled: 1, lease_owner: null, lease_token: null, lease_expires_at: null,
              last_used_at: null, last_error: null, gmt_create: t, gmt_modified: t,
            }).execute();
          }
        }
        for (const id of gone) this.forget(id);
        for (const r of mine) if (p.passwords[p.names.indexOf(r.username)]) this.forget(r.id);
      }
    });
    this.ctx.services.judge.queue.notify();
  }

  private forget(accountId: number) {
    this.loggedIn.delete(accountId);
    for (const k of [...this.clients.keys()]) if (k.startsWith(`${accountId}@`)) this.clients.delete(k);
  }

  /** Decrypts an account for one call; a secret sealed under another key is an error the admin can fix. */
  openAccount(row: RemoteAccountRow): RemoteAccount {
    const password = this.box.open(row.secret);
    if (password === null) throw new AppError(400, 'remoteAccountUnreadable', { username: row.username });
    return { id: row.id, username: row.username, password };
  }

  /**
   * Leases a free enabled account of the site's pool to `owner` (a specific one when resuming a
   * submission that account made), or null when all are busy.
   */
  async leaseAccount(oj: RemoteOjKey, owner: string, leaseMs: number, accountId?: number): Promise<{ row: RemoteAccountRow; token: string } | null> {
    const t = now();
    const token = crypto.randomUUID();
    let pick = this.ctx.db.selectFrom('remote_account').select('id').where('oj', '=', poolOf(oj)).where('enabled', '=', 1)
      .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', t)]));
    if (accountId !== undefined) pick = pick.where('id', '=', accountId);
    pick = pick.orderBy((eb) => eb.fn.coalesce('last_used_at', eb.lit(0))).orderBy('id').limit(1);
    if (this.ctx.dbKind === 'postgres') pick = pick.forUpdate().skipLocked();
    const row = await this.ctx.db.updateTable('remote_account')
      .set({ lease_owner: owner, lease_token: token, lease_expires_at: t + leaseMs, last_used_at: t })
      .where('id', '=', pick)
      .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', t)]))
      .returningAll().executeTakeFirst();
    return row ? { row, token } : null;
  }

  async extendAccount(id: number, token: string, leaseMs: number) {
    await this.ctx.db.updateTable('remote_account').set({ lease_expires_at: now() + leaseMs }).where('id', '=', id).where('lease_token', '=', token).execute();
  }

  async releaseAccount(id: number, token: string, lastError?: string | null) {
    const set: { lease_owner: null; lease_token: null; lease_expires_at: null; last_error?: string | null } = { lease_owner: null, lease_token: null, lease_expires_at: null };
    if (lastError !== undefined) set.last_error = lastError;
    await this.ctx.db.updateTable('remote_account').set(set).where('id', '=', id).where('lease_token', '=', token).execute();
    this.ctx.services.judge.queue.notify();
  }

  /** Releases every account lease of an owner (this server's worker after a restart). */
  async releaseAccountsOf(owner: string) {
    await this.ctx.db.updateTable('remote_account').set({ lease_owner: null, lease_token: null, lease_expires_at: null }).where('lease_owner', '=', owner).execute();
  }

  /** Sites whose pool has a free enabled account now and that are switched on (the worker's claim filter). */
  async sitesWithFreeAccount(): Promise<RemoteOjKey[]> {
    // Every enqueue wakes the remote worker: with no site switched on (the cached list) nothing is read.
    const enabled = await this.enabledSites();
    if (!enabled.length) return [];
    const t = now();
    const rows = await this.ctx.db.selectFrom('remote_account').select('oj').distinct().where('enabled', '=', 1)
      .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', t)])).execute();
    const pools = new Set(rows.map((r) => r.oj));
    return enabled.filter((oj) => pools.has(poolOf(oj)));
  }

  async httpFor(oj: RemoteOjKey, accountId: number | null): Promise<SiteHttp> {
    const base = await this.baseUrl(oj);
    const key = `${accountId ?? 'anon'}@${base}`;
    let http = this.clients.get(key);
    if (!http) {
      http = createSiteHttp({ baseUrl: base, minIntervalMs: this.minIntervalOverrideMs ?? this.adapter(oj).minIntervalMs, timeoutMs: this.timeoutMs });
      if (accountId !== null) this.clients.set(key, http);
    }
    return http;
  }

  // ---- problems ----------------------------------------------------------------------------

  /** Checks the site and the id, then fetches the problem from its home site (nothing is written). */
  async fetch(name: string, problemId: string): Promise<{ oj: RemoteOjKey; remote: RemoteProblem; displayId: string }> {
    const oj = this.siteOf(name);
    await this.requireEnabled(oj);
    const a = this.adapter(oj);
    const id = problemId.trim();
    if (!a.isProblemId(id)) throw badRequest('remoteBadProblemId', { id, site: siteName(oj), example: EXAMPLE_IDS[oj] });
    const http = await this.httpFor(oj, null);
    try {
      const remote = await a.fetchProblem(http, id);
      // The site's own spelling of the id (e.g. '1000A' for '1000a'), so one problem gets one display ID.
      return { oj, remote, displayId: `${oj}-${remote.remoteId}` };
    } catch (e) {
      throw remoteErrorToApp(e, oj, id);
    }
  }

  async preview(name: string, problemId: string): Promise<RemoteProblemPreview> {
    const { oj, remote, displayId } = await this.fetch(name, problemId);
    const existing = await this.ctx.db.selectFrom('problem').select('id').where('problem_id', '=', displayId).executeTakeFirst();
    return {
      oj, problemId: displayId, remoteId: remote.remoteId, title: remote.title, timeLimit: remote.timeLimitMs, memoryLimit: remote.memoryLimitMb,
      description: remote.description, input: remote.input, output: remote.output, examples: remote.examples, hint: remote.hint,
      source: remote.source, tags: remote.tags, languages: Object.keys(this.adapter(oj).languages), exists: !!existing, pid: existing?.id ?? null,
    };
  }

  /**
   * Imports a problem (HOJ's import-remote-oj-problem): fetched first, then written in one
   * transaction (problem, tags of the site, languages), so a failure leaves nothing behind.
   * Returns the new problem's id; `trx` lets the contest and training imports add their row in
   * the same transaction.
   */
  async importProblem(user: { uid: number; username: string }, name: string, problemId: string, after?: (trx: Db, pid: number, displayId: string) => Promise<void>): Promise<{ pid: number; problemId: string }> {
    const oj = this.siteOf(name);
    const exists = async (id: string) => !!(await this.ctx.db.selectFrom('problem').select('id').where('problem_id', '=', id).executeTakeFirst());
    // Checked before asking the site (no request for a known problem) and again with the site's spelling.
    if (await exists(`${oj}-${problemId.trim()}`)) throw badRequest('remoteProblemExists', { id: `${oj}-${problemId.trim()}` });
    const { remote, displayId } = await this.fetch(name, problemId);
    if (await exists(displayId)) throw badRequest('remoteProblemExists', { id: displayId });
    let pid = 0;
    try {
      await this.ctx.db.transaction().execute(async (trx) => {
        const t = now();
        const row = await trx.insertInto('problem').values({
          ...this.problemColumns(oj, remote), problem_id: displayId, author_uid: user.uid, type: 0, stack_limit: 128, difficulty: 0, auth: 1, io_score: 100,
          code_share: 1, judge_mode: 'default', judge_case_mode: 'default', spj_code: null, spj_language: null, spj_compile_ok: 0, is_remove_end_blank: 1,
          open_case_result: 1, is_upload_case: 0, user_extra_file: null, judge_extra_file: null, is_file_io: 0, io_read_file_name: null,
          io_write_file_name: null, is_remote: 1, remote_oj: oj, remote_pid: remote.remoteId, case_version: '', gid: 0, apply_public_progress: null,
          modified_user: user.username, gmt_create: t, gmt_modified: t,
        }).returning('id').executeTakeFirstOrThrow();
        pid = row.id;
        await this.writeTagsAndLanguages(trx, pid, oj, remote.tags);
        if (after) await after(trx, pid, displayId);
      });
    } catch (e) {
      if (e instanceof AppError) throw e;
      if (/unique|duplicate/i.test(String((e as Error).message))) throw badRequest('remoteProblemExists', { id: displayId });
      throw e;
    }
    invalidateProblemList();
    return { pid, problemId: displayId };
  }

  /** Fetches a remote problem again and updates its statement, limits and tags (re-fetch). */
  /** The id of the problem with this display id, if any. */
  async problemIdOf(displayId: string): Promise<number | undefined> {
    return (await this.ctx.db.selectFrom('problem').select('id').where('problem_id', '=', displayId).executeTakeFirst())?.id;
  }

  /** Who manages a problem (its author and group), for the access check of a re-fetch. */
  async problemOwner(pid: number) {
    return this.ctx.db.selectFrom('problem').select(['author_uid', 'gid']).where('id', '=', pid).executeTakeFirst();
  }

  /** Removes a problem an import has just created (its tags and languages too), when what was to follow is refused. */
  async removeImported(pid: number) {
    await this.ctx.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('problem_tag').where('pid', '=', pid).execute();
      await trx.deleteFrom('problem_language').where('pid', '=', pid).execute();
      await trx.deleteFrom('problem').where('id', '=', pid).execute();
    });
  }

  async refetch(pid: number, username: string) {
    const p = await this.ctx.db.selectFrom('problem').select(['id', 'is_remote', 'remote_oj', 'remote_pid', 'problem_id']).where('id', '=', pid).executeTakeFirst();
    if (!p) throw notFound('problemNotFound');
    if (!p.is_remote || !p.remote_oj) throw badRequest('remoteNotRemote');
    const oj = this.siteOf(p.remote_oj);
    const { remote } = await this.fetch(oj, p.remote_pid ?? p.problem_id.slice(oj.length + 1));
    await this.ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('problem').set({ ...this.problemColumns(oj, remote), modified_user: username, gmt_modified: now() }).where('id', '=', pid).execute();
      await this.writeTagsAndLanguages(trx, pid, oj, remote.tags);
    });
    invalidateProblemList();
    return { pid, problemId: p.problem_id, title: remote.title };
  }

  private problemColumns(oj: RemoteOjKey, r: RemoteProblem) {
    return {
      title: r.title.slice(0, 255), time_limit: r.timeLimitMs, memory_limit: r.memoryLimitMb, description: r.description, input: r.input,
      output: r.output, examples: formatExamples(r.examples), hint: r.hint, source: r.source || siteName(oj),
    };
  }

  /** Tags live in the site's own tag bank (oj = site key); languages are the adapter's. */
  private async writeTagsAndLanguages(trx: Db, pid: number, oj: RemoteOjKey, tags: string[]) {
    const ids: number[] = [];
    for (const name of [...new Set(tags.map((t) => t.trim().slice(0, 100)).filter(Boolean))]) {
      const found = await trx.selectFrom('tag').select('id').where('name', '=', name).where('oj', '=', oj).where('gid', '=', 0).executeTakeFirst();
      ids.push(found ? found.id : (await trx.insertInto('tag').values({ name, color: null, oj, gid: 0, classification_id: null, gmt_create: now() }).returning('id').executeTakeFirstOrThrow()).id);
    }
    await trx.deleteFrom('problem_tag').where('pid', '=', pid).execute();
    if (ids.length) await trx.insertInto('problem_tag').values(ids.map((tid) => ({ pid, tid }))).execute();
    const langs = Object.keys(this.adapter(oj).languages);
    await trx.deleteFrom('problem_language').where('pid', '=', pid).execute();
    if (langs.length) await trx.insertInto('problem_language').values(langs.map((language) => ({ pid, language }))).execute();
  }

  /** Languages a remote problem accepts (its adapter's), or null for a local problem. */
  async remoteLanguages(pid: number): Promise<string[] | null> {
    const p = await this.ctx.db.selectFrom('problem').select(['is_remote', 'remote_oj']).where('id', '=', pid).executeTakeFirst();
    if (!p?.is_remote || !p.remote_oj) return null;
    const a = ADAPTERS[p.remote_oj as RemoteOjKey];
    return a ? Object.keys(a.languages) : [];
  }
}

import { ProblemAuth, type SubmissionListQuery, type SubmissionVo } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { forbidden, unauthorized } from '../../http/errors.js';
import { page } from '../../http/envelope.js';
import { PackedBody } from '../../http/packed-body.js';
import type { Stamps } from '../../http/stamps.js';
import { KeptPages } from '../../lib/kept-pages.js';
import { now } from '../../lib/time.js';
import { hideResult, isAdminViewer, toSubmissionVo, type ContestListScope, type SubmissionService } from './service.js';
import { containsText } from '../../lib/like.js';

/** Columns of a list row: everything but the code. */
const LIST_COLUMNS = [
  'submission.id', 'submission.pid', 'submission.display_pid', 'submission.uid', 'submission.username', 'submission.cid',
  'submission.cpid', 'submission.gid', 'submission.tid', 'submission.status', 'submission.score', 'submission.oi_rank_score',
  'submission.time', 'submission.memory', 'submission.length', 'submission.language', 'submission.share', 'submission.error_message',
  'submission.judger', 'submission.is_manual', 'submission.case_done', 'submission.case_total', 'submission.case_current',
  'submission.submit_time', 'submission.judge_time', 'submission.gmt_modified',
] as const;

/** Most problems a partial problem-ID filter expands to. */
const PROBLEM_MATCH_MAX = 200;
/** Totals at least this large are cached briefly: counting a million rows on every page is too slow. */
const CACHE_TOTAL_FROM = 5000;
const TOTAL_TTL_MS = 10_000;
const TITLE_TTL_MS = 60_000;
const PAGE_TTL_MS = 1000;
/** A row changed this recently keeps its page out of the kept own pages (OwnPages). */
const SETTLED_MS = 1000;

/**
 * Short-lived totals per filter, so paging through a huge list does not count it every time. A
 * stale total is served while one refresh runs; concurrent misses share one count (no stampede of
 * identical million-row counts when an entry expires under load).
 */
class TotalCache {
  private map = new Map<string, { total: number; at: number }>();
  private pending = new Map<string, Promise<number>>();

  async get(key: string, count: () => Promise<number>): Promise<number> {
    const hit = this.map.get(key);
    if (hit && now() - hit.at <= TOTAL_TTL_MS) return hit.total;
    const running = this.pending.get(key) ?? this.refresh(key, count);
    return hit ? hit.total : running;
  }

  private refresh(key: string, count: () => Promise<number>): Promise<number> {
    const p = count().then((total) => {
      if (total >= CACHE_TOTAL_FROM) {
        if (this.map.size > 2000) this.map.clear();
        this.map.set(key, { total, at: now() });
      } else {
        this.map.delete(key);
      }
      return total;
    }).finally(() => this.pending.delete(key));
    this.pending.set(key, p);
    p.catch(() => {});
    return p;
  }
}

/** What the list shows once the query is resolved to ids (user, problems, scope). */
/** `openOnly`: leave out rows of the scope's problems that are not public (auth 1). */
interface ResolvedFilter { cid: number; gid: number; uid?: number; pids?: number[]; status?: number; scope?: ContestListScope; openOnly?: true }

/**
 * Problem titles of list pages, kept a minute: a page then costs one query. (A join would also be
 * computed for every row skipped by the offset.) A renamed problem shows its new title within a minute.
 * `open` marks a public problem of no group, whose title anyone may read.
 */
interface ListTitle { title: string | null; open: boolean }
class TitleCache {
  private map = new Map<number, ListTitle & { at: number }>();
  constructor(private readonly ctx: AppContext) {}

  async of(pids: number[]): Promise<Map<number, ListTitle>> {
    const t = now();
    const out = new Map<number, ListTitle>();
    const missing: number[] = [];
    for (const pid of new Set(pids)) {
      const hit = this.map.get(pid);
      if (hit && t - hit.at < TITLE_TTL_MS) out.set(pid, hit);
      else missing.push(pid);
    }
    if (missing.length) {
      const rows = await this.ctx.db.selectFrom('problem').select(['id', 'title', 'auth', 'gid']).where('id', 'in', missing).execute();
      if (this.map.size > 20_000) this.map.clear();
      for (const pid of missing) {
        const row = rows.find((r) => r.id === pid);
        const entry = { title: row?.title ?? null, open: !!row && row.auth === ProblemAuth.PUBLIC && row.gid === 0 };
        this.map.set(pid, { ...entry, at: t });
        out.set(pid, entry);
      }
    }
    return out;
  }
}

/**
 * A private or contest-only problem's title shows only to admin roles and, outside the shared
 * public pages, to the submitter; contest and group lists were let in by their own rules.
 */
function listTitle(viewer: AuthUser | null, r: { uid: number; cid: number; gid: number }, t: ListTitle | undefined, shared: boolean) {
  if (!t) return null;
  if (t.open || r.cid > 0 || r.gid > 0 || isAdminViewer(viewer) || (!shared && viewer?.uid === r.uid)) return t.title;
  return null;
}

/** Public list pages for one second, with concurrent readers of a page sharing one read. */
class PageCache<T> {
  private map = new Map<string, { at: number; value: Promise<T> }>();
  get(key: string, read: () => Promise<T>): Promise<T> {
    const t = now();
    const hit = this.map.get(key);
    if (hit && t - hit.at < PAGE_TTL_MS) return hit.value;
    if (this.map.size > 500) for (const [k, v] of this.map) if (t - v.at >= PAGE_TTL_MS) this.map.delete(k);
    const value = read();
    this.map.set(key, { at: t, value });
    value.catch(() => this.map.delete(key));
    return value;
  }
}

/**
 * Totals of one person's own list (onlyMine, a username), keyed by the filter and versioned by
 * the newest submission id the first page shows: a new submission changes that id (in any server
 * process, since it is read from the database), so a stale total is never served; nothing else
 * changes an unfiltered count (submissions are not deleted). Entries also age out after
 * TOTAL_TTL_MS (on PostgreSQL two submissions of one user may commit out of id order). Saves a
 * count per request of the most-read per-user page.
 */
class VersionedTotals {
  private map = new Map<string, { ver: number; total: number; at: number }>();
  get(key: string, ver: number) {
    const hit = this.map.get(key);
    return hit && hit.ver === ver && now() - hit.at <= TOTAL_TTL_MS ? hit.total : null;
  }
  set(key: string, ver: number, total: number) {
    const hit = this.map.get(key);
    if (hit && hit.ver === ver && hit.total === total) return;
    if (this.map.size > 20_000) this.map.clear();
    this.map.set(key, { ver, total, at: now() });
  }
}

type ListPage = ReturnType<typeof page<SubmissionVo>>;

/**
 * A person's own first page outside contests ("only mine", alone or with a problem), kept as sent
 * under the page's fingerprint: the ids and gmt_modified of its rows, read from the index and
 * the rows' pages without decoding the rest. Every write a list row shows (a new submission,
 * judging progress, a verdict, a rejudge, manual judging, sharing) sets gmt_modified, so a changed
 * page has another fingerprint and is built again. Two writes to one row within one millisecond
 * would share a stamp: a page with a row changed in the last SETTLED_MS is therefore neither kept
 * nor served from the copy (across machines this assumes clocks within that of each other).
 * Titles and the total (a submission deleted further down) show after TOTAL_TTL_MS at most, as
 * with the totals cache. Contest lists are left out: what they show also follows the contest's
 * clock (results hidden until the end).
 */
class OwnPages {
  private kept = new KeptPages<PackedBody<ListPage>>({ maxPages: 5000, maxSize: 16 * 1024 * 1024, ttlMs: TOTAL_TTL_MS, sizeOf: (p) => p.json.length });

  static applies(viewer: AuthUser | null, f: ResolvedFilter, q: SubmissionListQuery): viewer is AuthUser {
    return !!viewer && f.uid === viewer.uid && f.cid === 0 && f.status === undefined && !f.scope && q.currentPage === 1;
  }

  /** `rows`: the page's fingerprint, its rows' ids and stamps as they are now. */
  page(key: string, rows: { id: number; gmt_modified: number }[], build: () => Promise<ListPage>): Promise<ListPage | PackedBody<ListPage>> {
    const t = now();
    if (rows.some((r) => t - Number(r.gmt_modified) < SETTLED_MS)) return build();
    return this.kept.page(key, rows.map((r) => `${r.id}.${r.gmt_modified}`).join(','), async () => PackedBody.ok(await build()));
  }
}

export class SubmissionList {
  private totals = new TotalCache();
  private ownPages = new OwnPages();
  private ownTotals = new VersionedTotals();
  private pages = new PageCache<ListPage>();
  private titles: TitleCache;

  constructor(private readonly ctx: AppContext, private readonly service: SubmissionService) {
    this.titles = new TitleCache(ctx);
  }

  /**
   * get-submission-list of spec 01 §7: the public list (contest-less), or a group's or a contest's
   * when their rules let the viewer see it. Paginated in the database, newest first. `stamps`:
   * the request's (http/stamps.ts), for the contest's rules.
   */
  async list(viewer: AuthUser | null, q: SubmissionListQuery, stamps?: Promise<Stamps>): Promise<ListPage | PackedBody<ListPage>> {
    const cid = q.contestID ?? 0;
    const gid = q.gid ?? 0;
    // One's own submissions are always listable (the "My Submission" tab of a contest or group
    // problem); everybody's in a contest by the contest's rules (its participants, outside the
    // sealed window, as contest-submissions shows them), or admins.
    const own = q.onlyMine === true;
    let scope: ContestListScope | undefined;
    if (cid > 0 && !own && !isAdminViewer(viewer)) {
      if (!this.service.contestRules?.listScope) throw forbidden('submissionListNoAccess');
      scope = await this.service.contestRules.listScope(viewer, cid, q, stamps);
    }
    if (gid > 0 && !own && !isAdminViewer(viewer) && !(this.service.groupRules && (await this.service.groupRules.canView(viewer, gid)))) {
      throw forbidden('submissionListNoAccess');
    }
    const f: ResolvedFilter = { cid, gid, scope };
    if (q.onlyMine) {
      if (!viewer) throw unauthorized('loginFirst');
      f.uid = viewer.uid;
    } else if (q.username) {
      const u = await this.ctx.db.selectFrom('user').select('id').where('username', '=', q.username).executeTakeFirst();
      if (!u) return page([], 0, q.currentPage, q.limit);
      f.uid = u.id;
    }
    if (q.problemID) {
      const pids = await this.matchProblems(q.problemID, q.completeProblemID === true, cid);
      if (pids.length === 0) return page([], 0, q.currentPage, q.limit);
      f.pids = pids;
    }
    if (q.status !== undefined && q.status !== null) f.status = q.status;
    // A submission follows its problem's visibility: outside contests, others' rows of a private
    // or contest-only problem (of a group: one its root alone sees) are for admins only.
    if (cid === 0 && !isAdminViewer(viewer) && !(viewer && f.uid === viewer.uid)
      && !(gid > 0 && viewer && (await this.ctx.services.groupAccess?.isRoot(viewer.uid, gid)))) f.openOnly = true;

    // The public list's pages look the same to every viewer: a page asked for by many people at
    // once is read once per second. One's own submissions are always read fresh.
    if (cid === 0 && gid === 0 && !(viewer && f.uid === viewer.uid)) {
      // Admin roles see titles others do not, so they get pages of their own.
      return this.pages.get(JSON.stringify([f, q.currentPage, q.limit, isAdminViewer(viewer)]), () => this.readPage(viewer, f, q, true));
    }
    if (OwnPages.applies(viewer, f, q)) {
      const fingerprint = await this.filtered(f).select(['submission.id', 'submission.gmt_modified']).orderBy('submission.id', 'desc').limit(q.limit).execute();
      return this.ownPages.page(`${q.limit}:${JSON.stringify(f)}`, fingerprint, () => this.readPage(viewer, f, q, false));
    }
    return this.readPage(viewer, f, q, false, stamps);
  }

  private async readPage(viewer: AuthUser | null, f: ResolvedFilter, q: SubmissionListQuery, shared: boolean, stamps?: Promise<Stamps>) {
    const offset = (q.currentPage - 1) * q.limit;
    const read = () => this.filtered(f).select(LIST_COLUMNS).orderBy('submission.id', 'desc').limit(q.limit).offset(offset).execute();
    let total: number;
    let rows: Awaited<ReturnType<typeof read>>;
    if (offset === 0 && f.uid !== undefined && f.status === undefined && !f.scope) {
      // One user's first page: rows first, the total only when the newest id moved.
      rows = await read();
      const key = JSON.stringify(f);
      const ver = rows[0]?.id ?? 0;
      const known = rows.length < q.limit ? rows.length : this.ownTotals.get(key, ver);
      total = known ?? (await this.countNow(f));
      this.ownTotals.set(key, ver, total);
    } else {
      total = await this.count(f);
      if (offset >= total) return page([], total, q.currentPage, q.limit);
      rows = await read();
    }
    const titles = await this.titles.of(rows.map((r) => r.pid));
    const records = [];
    for (const r of rows) {
      const vo = toSubmissionVo({ ...r, ip: null, code: undefined }, listTitle(viewer, r, titles.get(r.pid), shared), null);
      // Compile output and system-error details belong to the detail page of those allowed to see them.
      vo.errorMessage = null;
      records.push((await this.service.canSeeResult(viewer, { ...r, ip: null, code: '' }, stamps)) ? vo : hideResult(vo));
    }
    return page(records, total, q.currentPage, q.limit);
  }

  /** Problem IDs: exact (completeProblemID) or containing the text; in a contest, its display IDs. */
  private async matchProblems(text: string, exact: boolean, cid: number): Promise<number[]> {
    if (cid > 0) {
      const rows = await this.ctx.db.selectFrom('submission').select('pid').distinct().where('cid', '=', cid)
        .where((eb) => (exact ? eb('display_pid', '=', text) : containsText('display_pid', text))).limit(PROBLEM_MATCH_MAX).execute();
      return rows.map((r) => r.pid);
    }
    const base = this.ctx.db.selectFrom('problem').select('id');
    const rows = exact
      ? await base.where('problem_id', '=', text).limit(1).execute()
      : await base.where(containsText('problem_id', text)).limit(PROBLEM_MATCH_MAX).execute();
    return rows.map((r) => r.id);
  }

  private filtered(f: ResolvedFilter) {
    let q = this.ctx.db.selectFrom('submission').where('submission.cid', '=', f.cid).where('submission.gid', '=', f.gid);
    if (f.uid !== undefined) q = q.where('submission.uid', '=', f.uid);
    if (f.pids) q = f.pids.length === 1 ? q.where('submission.pid', '=', f.pids[0]) : q.where('submission.pid', 'in', f.pids);
    if (f.status !== undefined) q = q.where('submission.status', '=', f.status);
    // The scope's hidden problems are few: one small set the database keeps while it reads rows.
    if (f.openOnly) {
      q = q.where('submission.pid', 'not in', this.ctx.db.selectFrom('problem').select('problem.id').where('problem.gid', '=', f.gid).where('problem.auth', '<>', ProblemAuth.PUBLIC));
    }
    const s = f.scope;
    if (s?.from !== undefined) q = q.where('submission.submit_time', '>=', s.from);
    if (s?.before !== undefined) q = q.where('submission.submit_time', '<', s.before);
    if (s?.sealedFrom !== undefined) {
      const { sealedFrom, viewerUid = 0 } = s;
      q = q.where((eb) => eb.or([eb('submission.submit_time', '<', sealedFrom), eb('submission.uid', '=', viewerUid)]));
    }
    return q;
  }

  private count(f: ResolvedFilter): Promise<number> {
    return this.totals.get(JSON.stringify(f), () => this.countNow(f));
  }

  private async countNow(f: ResolvedFilter): Promise<number> {
    const row = await this.filtered(f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}


import { JudgeStatus, acRate, type GlobalRankRecord, type RankListQuery } from '@verdict/shared';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { compiledOnce } from '../../db/compiled-once.js';
import type { Db } from '../../db/index.js';
import { PackedBody } from '../../http/packed-body.js';
import { now } from '../../lib/time.js';
import { SortedRank, acmKey, oiKey, type RankEntry } from './sorted.js';
import './tables.js';

/** The rank version and the newest account id: read on every rank request, so built once (compiled-once.ts). */
const rankState = compiledOnce([], (db) => db.selectFrom('rank_state')
  .select((eb) => ['ver', eb.selectFrom('user').select((e2) => e2.fn.max('id').as('m')).as('max_uid')]).where('id', '=', 1));

/** Statuses that are not (yet) a verdict: they count neither as a try nor as a result. */
export const UNJUDGED = [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING, JudgeStatus.SUBMITTING];

const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** A judged submission of the user on the problem outside contests, as the verdict steps see it. */
export interface JudgedRow { id: number; status: number; time: number | null }
/** `tid`: the training the submission was made in (0 for none); `judged`: the user's judged submissions on the problem. */
export type VerdictStep = (trx: Db, e: { submitId: number; uid: number; pid: number; tid: number; judged: JudgedRow[] }) => Promise<void>;

/** Rows of users disabled since are dropped from the views; the set is re-read this often. */
const DISABLED_TTL_MS = 30_000;
/** A search's matching users are kept briefly (typing the same name again, paging through). */
const SEARCH_TTL_MS = 10_000;
/** A built page is served until the ranks change, or this long (profile edits: names, avatars). */
const PAGE_TTL_MS = 10_000;

type RankPage = { records: GlobalRankRecord[]; total: number; current: number; size: number };

/**
 * The site's ACM and OI rank lists (spec 02 "Global ranks"). Kept incrementally: a verdict
 * outside contests recomputes one (user, problem) row from that user's submissions on the
 * problem and then the user's totals, stamped with a new rank version. Every server keeps both
 * orders sorted in memory and catches up by reading only the rows newer than its version, so a
 * page is a slice of an array plus the page's user names; never a scan of the submissions.
 * ACM: distinct problems solved desc, then judged submissions asc. OI: sum over problems of the
 * best OI rank score, then AC desc. Only public problems (auth 1, not a group's) count. Every
 * enabled account is listed, with or without submissions, as HOJ's rank list does (its
 * UserRecordMapper selects every user_info row with status 0).
 */
export class GlobalRankService {
  private ver = -1;
  private readonly entries = new Map<number, RankEntry>();
  private readonly acm = new SortedRank(acmKey);
  private readonly oi = new SortedRank(oiKey);
  private disabled = new Set<number>();
  /** Every account id (the listed users are these minus the disabled ones), the newest, and when they were checked. */
  private users = new Set<number>();
  private maxUid = 0;
  private usersAt = 0;
  private syncing: Promise<void> | null = null;
  /** Moves with every change of the sorted ranks; built pages are kept while it stays. */
  private gen = 0;
  private readonly pages = new Map<string, { gen: number; at: number; page: Promise<PackedBody<RankPage>> }>();
  private readonly searches = new Map<string, { at: number; uids: Promise<Set<number>> }>();
  /** Filtered views of a search, per rank version. */
  private readonly filtered = new Map<string, { ver: number; uids: Set<number>; view: SortedRank; rows: RankEntry[] }>();

  constructor(private readonly ctx: AppContext) {}

  private async isCounted(db: Db, pid: number) {
    const p = await db.selectFrom('problem').select(['auth', 'gid']).where('id', '=', pid).executeTakeFirst();
    return !!p && p.auth === 1 && p.gid === 0;
  }

  /** The next rank version (taken inside the transaction that changes rank rows). */
  private async bump(db: Db): Promise<number> {
    const r = await db.updateTable('rank_state').set((eb) => ({ ver: eb('ver', '+', 1) })).where('id', '=', 1).returning('ver').executeTakeFirstOrThrow();
    return Number(r.ver);
  }

  /**
   * A verdict (or a rejudge reset) of a submission outside contests: the (user, problem) row is
   * recomputed from that user's submissions on the problem, and the user's totals move by the
   * row's difference (never a re-count of their other problems). The version is taken first: its
   * row lock orders concurrent verdicts, so the totals never miss one. Three statements on
   * PostgreSQL: the version, the user's submissions on the problem (read once, for the steps of
   * onVerdict too), the row with the totals; then the steps in the same transaction.
   *
   * Runs inside the transaction that writes the verdict (the judge's onVerdictWritten): the
   * ranks commit with the verdict, so no crash point leaves them behind it, and they need no
   * transaction (begin, commit, its own flush to disk) of their own. The version lock is taken
   * after the verdict's own rows (task, submission, the user's status rows), so two verdicts
   * never wait on each other in a circle.
   */
  async applyVerdictIn(trx: Db, uid: number, pid: number, submitId = 0) {
    const ver = await this.bump(trx);
    const subs = await trx.selectFrom('submission')
      .select(['id', 'tid', 'status', 'time', 'oi_rank_score', sql<number>`(SELECT CASE WHEN auth = 1 AND gid = 0 THEN 1 ELSE 0 END FROM problem WHERE id = ${pid})`.as('counted')])
      .where('uid', '=', uid).where('pid', '=', pid).where('cid', '=', 0).execute();
    const judged = subs.filter((r) => !(UNJUDGED as number[]).includes(r.status));
    const counted = judged.length > 0 && Number(judged[0].counted) === 1;
    const cell = { ac: 0, subs: 0, best_oi: 0 };
    if (counted) {
      for (const r of judged) {
        cell.subs++;
        if (r.status === JudgeStatus.ACCEPTED) cell.ac = 1;
        cell.best_oi = Math.max(cell.best_oi, Number(r.oi_rank_score ?? 0));
      }
    }
    await this.writeRow(trx, uid, pid, cell, ver);
    const tid = subs.find((r) => r.id === submitId)?.tid ?? 0;
    for (const step of this.verdictSteps) await step(trx, { submitId, uid, pid, tid, judged });
  }

  /**
   * The (user, problem) row and the user's totals, moved by the row's difference from the stored
   * row. SQLite: two statements (the old row read inside the first). PostgreSQL: one statement
   * (one round trip), whose reads see the rows as they were before it, so the old row is read
   * before the new one replaces it.
   */
  private async writeRow(trx: Db, uid: number, pid: number, cell: { ac: number; subs: number; best_oi: number }, ver: number) {
    const totals = sql`INSERT INTO rank_user (uid, ac, total, score, gmt_modified, ver)
        SELECT ${uid}, ${cell.ac} - COALESCE(o.ac, 0), ${cell.subs} - COALESCE(o.subs, 0), ${cell.best_oi} - COALESCE(o.best_oi, 0), ${now()}, ${ver}
        FROM rank_state s LEFT JOIN rank_user_problem o ON o.uid = ${uid} AND o.pid = ${pid} WHERE s.id = 1
        ON CONFLICT (uid) DO UPDATE SET ac = rank_user.ac + excluded.ac, total = rank_user.total + excluded.total,
          score = rank_user.score + excluded.score, gmt_modified = excluded.gmt_modified, ver = excluded.ver`;
    const row = cell.subs
      ? sql`INSERT INTO rank_user_problem (uid, pid, ac, subs, best_oi) VALUES (${uid}, ${pid}, ${cell.ac}, ${cell.subs}, ${cell.best_oi})
          ON CONFLICT (uid, pid) DO UPDATE SET ac = excluded.ac, subs = excluded.subs, best_oi = excluded.best_oi`
      : sql`DELETE FROM rank_user_problem WHERE uid = ${uid} AND pid = ${pid}`;
    if (this.ctx.dbKind === 'postgres') {
      await sql`WITH w AS (${row}) ${totals}`.execute(trx);
      return;
    }
    await totals.execute(trx);
    await row.execute(trx);
  }

  private readonly verdictSteps: VerdictStep[] = [];

  /**
   * Other ranks fed by the same verdicts (trainings) run inside this transaction: one commit per
   * verdict, and they run in verdict order (the global version's lock is held).
   */
  onVerdict(step: VerdictStep) {
    this.verdictSteps.push(step);
  }

  /** The user's totals from their rows; a user left with nothing keeps a zero row (other servers see the change). */
  private async recomputeUser(db: Db, uid: number, ver: number) {
    const t = await db.selectFrom('rank_user_problem')
      .select((eb) => [eb.fn.sum<number>('ac').as('ac'), eb.fn.sum<number>('subs').as('total'), eb.fn.sum<number>('best_oi').as('score')])
      .where('uid', '=', uid).executeTakeFirst();
    const values = { ac: Number(t?.ac ?? 0), total: Number(t?.total ?? 0), score: Number(t?.score ?? 0), gmt_modified: now(), ver };
    await db.insertInto('rank_user').values({ uid, ...values }).onConflict((oc) => oc.column('uid').doUpdateSet(values)).execute();
  }

  private readonly problemListeners: ((pid: number) => Promise<void>)[] = [];

  /** Other ranks that count only public problems (trainings) follow the same changes. */
  onProblemChanged(listener: (pid: number) => Promise<void>) {
    this.problemListeners.push(listener);
  }

  /**
   * A problem became public or stopped being public (auth change, deletion): its rows are
   * rebuilt from its submissions and the totals of the users concerned recomputed.
   */
  async problemChanged(pid: number) {
    await this.rebuildProblem(pid);
    for (const l of this.problemListeners) await l(pid);
  }

  private async rebuildProblem(pid: number) {
    await this.ctx.db.transaction().execute(async (trx) => {
      const ver = await this.bump(trx);
      const before = await trx.selectFrom('rank_user_problem').select('uid').where('pid', '=', pid).execute();
      await trx.deleteFrom('rank_user_problem').where('pid', '=', pid).execute();
      if (await this.isCounted(trx, pid)) {
        await sql`INSERT INTO rank_user_problem (uid, pid, ac, subs, best_oi)
          SELECT uid, pid, MAX(CASE WHEN status = 0 THEN 1 ELSE 0 END), COUNT(*), COALESCE(MAX(oi_rank_score), 0)
          FROM submission WHERE pid = ${pid} AND cid = 0 AND status NOT IN (5, 6, 7, 9) GROUP BY uid, pid`.execute(trx);
      }
      const after = await trx.selectFrom('rank_user_problem').select('uid').where('pid', '=', pid).execute();
      const uids = new Set([...before, ...after].map((r) => r.uid));
      for (const uid of uids) await this.recomputeUser(trx, uid, ver);
    });
  }

  // ---- the in-memory ranks -----------------------------------------------------------------

  /** Catches the sorted ranks up with the database (one primary-key read when nothing changed). */
  private async sync() {
    if (!this.syncing) this.syncing = this.doSync().finally(() => { this.syncing = null; });
    return this.syncing;
  }

  /** Listed: every user of the site that is not disabled (HOJ lists user_info with status 0, with or without submissions). */
  private listed(uid: number) {
    return this.users.has(uid) && !this.disabled.has(uid);
  }

  private async doSync() {
    const db = this.ctx.db;
    if (now() - this.usersAt > DISABLED_TTL_MS) {
      // Disabled accounts, and deleted ones (the count of users no longer matches the ids held).
      const [dis, count] = await Promise.all([
        db.selectFrom('user').select('id').where('status', '!=', 0).execute(),
        db.selectFrom('user').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const ids = new Set(dis.map((r) => r.id));
      const changed = ids.size !== this.disabled.size || [...ids].some((id) => !this.disabled.has(id)) || Number(count.n) !== this.users.size;
      this.disabled = ids;
      this.usersAt = now();
      if (changed) this.ver = -1;
    }
    // The rank version and the newest account in one read (new accounts are listed at once).
    const [state] = await rankState(db, {});
    const dbVer = Number(state?.ver ?? 0);
    const maxUid = Number(state?.max_uid ?? 0);
    if (dbVer === this.ver && maxUid === this.maxUid) return;
    this.gen++;
    const full = this.ver < 0;
    if (full) {
      // Rows first: a row of an account missing from the later read is a deleted account's.
      const rows = await db.selectFrom('rank_user').select(['uid', 'ac', 'total', 'score', 'ver']).execute();
      const users = await db.selectFrom('user').select('id').execute();
      this.users = new Set(users.map((u) => u.id));
      this.maxUid = users.reduce((m, u) => Math.max(m, u.id), 0);
      this.entries.clear();
      for (const uid of this.users) this.entries.set(uid, { uid, ac: 0, total: 0, score: 0 });
      for (const r of rows) {
        if (this.users.has(r.uid)) this.entries.set(r.uid, { uid: r.uid, ac: Number(r.ac), total: Number(r.total), score: Number(r.score) });
      }
      const live = [...this.entries.values()].filter((e) => !this.disabled.has(e.uid));
      this.acm.load(live);
      this.oi.load(live);
      this.ver = rows.reduce((m, r) => Math.max(m, Number(r.ver)), dbVer);
      return;
    }
    if (maxUid > this.maxUid) {
      const fresh = await db.selectFrom('user').select('id').where('id', '>', this.maxUid).execute();
      for (const { id } of fresh) {
        if (this.users.has(id)) continue;
        this.users.add(id);
        const e = { uid: id, ac: 0, total: 0, score: 0 };
        this.entries.set(id, e);
        if (this.listed(id)) {
          this.acm.insert(e);
          this.oi.insert(e);
        }
      }
      this.maxUid = Math.max(this.maxUid, maxUid);
    }
    if (dbVer === this.ver) return;
    const rows = await db.selectFrom('rank_user').select(['uid', 'ac', 'total', 'score', 'ver']).where('ver', '>', this.ver).execute();
    for (const r of rows) {
      // An account created after the last read of the accounts.
      this.users.add(r.uid);
      const old = this.entries.get(r.uid);
      if (old && this.listed(old.uid)) {
        this.acm.remove(old);
        this.oi.remove(old);
      }
      const e = { uid: r.uid, ac: Number(r.ac), total: Number(r.total), score: Number(r.score) };
      this.entries.set(e.uid, e);
      if (this.listed(e.uid)) {
        this.acm.insert(e);
        this.oi.insert(e);
      }
    }
    this.ver = rows.reduce((m, r) => Math.max(m, Number(r.ver)), dbVer);
  }

  /** Users whose username, nickname or real name contains the text (one query per text at a time). */
  private searchUids(text: string): Promise<Set<number>> {
    const hit = this.searches.get(text);
    if (hit && now() - hit.at < SEARCH_TTL_MS) return hit.uids;
    const like = likeOf(text);
    const op = this.ctx.dbKind === 'postgres' ? sql.raw('ILIKE') : sql.raw('LIKE');
    const uids = this.ctx.db.selectFrom('user').select('id').where((eb) => eb.or([
      sql<boolean>`username ${op} ${like} ESCAPE '\\'`, sql<boolean>`nickname ${op} ${like} ESCAPE '\\'`, sql<boolean>`realname ${op} ${like} ESCAPE '\\'`,
    ])).execute().then((rows) => new Set(rows.map((r) => r.id)));
    uids.catch(() => this.searches.delete(text));
    if (this.searches.size > 500) this.searches.clear();
    this.searches.set(text, { at: now(), uids });
    return uids;
  }

  /** One page of the ACM (type 0) or OI (type 1) rank, with shared positions for equal rows. */
  async page(q: RankListQuery): Promise<RankPage> {
    return (await this.pageBody(q)).data;
  }

  /** The same page as sent: serialised and compressed once while the ranks stay as they are. */
  async pageBody(q: RankListQuery): Promise<PackedBody<RankPage>> {
    await this.sync();
    const key = `${q.type}:${q.currentPage}:${q.limit}:${q.searchUser ?? ''}`;
    const hit = this.pages.get(key);
    if (hit && hit.gen === this.gen && now() - hit.at < PAGE_TTL_MS) return hit.page;
    const page = this.buildPage(q).then((data) => PackedBody.ok(data));
    if (this.pages.size >= 500) this.pages.clear();
    this.pages.set(key, { gen: this.gen, at: now(), page });
    page.catch(() => this.pages.delete(key));
    return page;
  }

  private async buildPage(q: RankListQuery): Promise<RankPage> {
    const view = q.type === 1 ? this.oi : this.acm;
    let rows = view.rows;
    if (q.searchUser) {
      const uids = await this.searchUids(q.searchUser);
      const key = `${q.type}:${q.searchUser}`;
      const hit = this.filtered.get(key);
      if (hit && hit.ver === this.ver && hit.uids === uids && hit.view === view && hit.view.rows.length === view.rows.length) rows = hit.rows;
      else {
        rows = rows.filter((e) => uids.has(e.uid));
        if (this.filtered.size > 200) this.filtered.clear();
        this.filtered.set(key, { ver: this.ver, uids, view, rows });
      }
    }
    const from = (q.currentPage - 1) * q.limit;
    const slice = rows.slice(from, from + q.limit);
    const users = slice.length ? await this.ctx.db.selectFrom('user')
      .select(['id', 'username', 'nickname', 'avatar', 'signature', 'title_name', 'title_color']).where('id', 'in', slice.map((e) => e.uid)).execute() : [];
    const byId = new Map(users.map((u) => [u.id, u]));
    const records: GlobalRankRecord[] = [];
    for (const e of slice) {
      const u = byId.get(e.uid);
      if (!u) continue;
      records.push({
        rank: view.position(e), uid: e.uid, username: u.username, nickname: u.nickname, avatar: u.avatar,
        signature: u.signature ? u.signature.slice(0, 100) : null, titleName: u.title_name, titleColor: u.title_color,
        ac: e.ac, total: e.total, score: e.score,
      });
    }
    return { records, total: rows.length, current: q.currentPage, size: q.limit };
  }

  /** A user's ACM and OI positions (user home); null for a disabled or unknown account. */
  /**
   * Accuracy's one definition (spec 01 §9: shown as `rating`, ac/total×100 to 2 decimals), which
   * the rank lists and the user home both show: distinct public problems solved outside contests
   * out of the judged submissions on public problems outside contests, as HOJ's home and rank
   * both count `cid = 0` (UserRecordMapper). Sealed contests can not leak through it.
   */
  async accuracy(uid: number): Promise<{ ac: number; total: number; rating: number }> {
    await this.sync();
    const e = this.entries.get(uid);
    const ac = e?.ac ?? 0;
    const total = e?.total ?? 0;
    return { ac, total, rating: Number(acRate(ac, total)) };
  }

  async userPositions(uid: number) {
    await this.sync();
    const e = this.entries.get(uid);
    if (!e || !this.listed(uid)) return { acmRank: null, oiRank: null };
    return { acmRank: this.acm.position(e), oiRank: this.oi.position(e) };
  }
}

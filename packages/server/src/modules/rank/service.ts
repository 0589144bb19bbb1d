import { JudgeStatus, type GlobalRankRecord, type RankListQuery } from '@verdict/shared';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import { now } from '../../lib/time.js';
import { SortedRank, acmKey, oiKey, type RankEntry } from './sorted.js';
import './tables.js';

/** Statuses that are not (yet) a verdict: they count neither as a try nor as a result. */
export const UNJUDGED = [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING, JudgeStatus.SUBMITTING];

const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** Rows of users disabled since are dropped from the views; the set is re-read this often. */
const DISABLED_TTL_MS = 30_000;
/** A search's matching users are kept briefly (typing the same name again, paging through). */
const SEARCH_TTL_MS = 10_000;

/**
 * The site's ACM and OI rank lists (spec 02 "Global ranks"). Kept incrementally: a verdict
 * outside contests recomputes one (user, problem) row from that user's submissions on the
 * problem and then the user's totals, stamped with a new rank version. Every server keeps both
 * orders sorted in memory and catches up by reading only the rows newer than its version, so a
 * page is a slice of an array plus the page's user names; never a scan of the submissions.
 * ACM: distinct problems solved desc, then judged submissions asc. OI: sum over problems of the
 * best OI rank score, then AC desc. Only public problems (auth 1, not a group's) count.
 */
export class GlobalRankService {
  private ver = -1;
  private readonly entries = new Map<number, RankEntry>();
  private readonly acm = new SortedRank(acmKey);
  private readonly oi = new SortedRank(oiKey);
  private disabled = new Set<number>();
  private disabledAt = 0;
  private syncing: Promise<void> | null = null;
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

  /** A verdict (or a rejudge reset) of a submission outside contests. */
  async applyVerdict(uid: number, pid: number) {
    await this.ctx.db.transaction().execute(async (trx) => {
      await this.recomputeCell(trx, uid, pid, await this.isCounted(trx, pid));
      await this.recomputeUser(trx, uid, await this.bump(trx));
    });
  }

  private async recomputeCell(db: Db, uid: number, pid: number, counted: boolean) {
    const agg = counted ? await db.selectFrom('submission')
      .select((eb) => [
        eb.fn.countAll<number>().as('subs'),
        eb.fn.max(sql<number>`CASE WHEN status = 0 THEN 1 ELSE 0 END`).as('ac'),
        eb.fn.max('oi_rank_score').as('best'),
      ])
      .where('uid', '=', uid).where('pid', '=', pid).where('cid', '=', 0).where('status', 'not in', UNJUDGED)
      .executeTakeFirst() : undefined;
    const subs = Number(agg?.subs ?? 0);
    if (!subs) {
      await db.deleteFrom('rank_user_problem').where('uid', '=', uid).where('pid', '=', pid).execute();
      return;
    }
    const values = { ac: Number(agg?.ac ?? 0), subs, best_oi: Number(agg?.best ?? 0) };
    await db.insertInto('rank_user_problem').values({ uid, pid, ...values })
      .onConflict((oc) => oc.columns(['uid', 'pid']).doUpdateSet(values)).execute();
  }

  /** The user's totals from their rows; a user left with nothing keeps a zero row (other servers see the change). */
  private async recomputeUser(db: Db, uid: number, ver: number) {
    const t = await db.selectFrom('rank_user_problem')
      .select((eb) => [eb.fn.sum<number>('ac').as('ac'), eb.fn.sum<number>('subs').as('total'), eb.fn.sum<number>('best_oi').as('score')])
      .where('uid', '=', uid).executeTakeFirst();
    const values = { ac: Number(t?.ac ?? 0), total: Number(t?.total ?? 0), score: Number(t?.score ?? 0), gmt_modified: now(), ver };
    await db.insertInto('rank_user').values({ uid, ...values }).onConflict((oc) => oc.column('uid').doUpdateSet(values)).execute();
  }

  /**
   * A problem became public or stopped being public (auth change, deletion): its rows are
   * rebuilt from its submissions and the totals of the users concerned recomputed.
   */
  async problemChanged(pid: number) {
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

  private async doSync() {
    const db = this.ctx.db;
    if (now() - this.disabledAt > DISABLED_TTL_MS) {
      const ids = new Set((await db.selectFrom('user').select('id').where('status', '!=', 0).execute()).map((r) => r.id));
      const changed = ids.size !== this.disabled.size || [...ids].some((id) => !this.disabled.has(id));
      this.disabled = ids;
      this.disabledAt = now();
      if (changed) this.ver = -1;
    }
    const state = await db.selectFrom('rank_state').select('ver').where('id', '=', 1).executeTakeFirst();
    const dbVer = Number(state?.ver ?? 0);
    if (dbVer === this.ver) return;
    const full = this.ver < 0;
    const rows = await db.selectFrom('rank_user').select(['uid', 'ac', 'total', 'score', 'ver'])
      .$if(!full, (q) => q.where('ver', '>', this.ver)).execute();
    if (full) {
      this.entries.clear();
      const live: RankEntry[] = [];
      for (const r of rows) {
        const e = { uid: r.uid, ac: Number(r.ac), total: Number(r.total), score: Number(r.score) };
        this.entries.set(e.uid, e);
        if (e.total > 0 && !this.disabled.has(e.uid)) live.push(e);
      }
      this.acm.load(live);
      this.oi.load(live);
    } else {
      for (const r of rows) {
        const old = this.entries.get(r.uid);
        if (old && old.total > 0 && !this.disabled.has(old.uid)) {
          this.acm.remove(old);
          this.oi.remove(old);
        }
        const e = { uid: r.uid, ac: Number(r.ac), total: Number(r.total), score: Number(r.score) };
        this.entries.set(e.uid, e);
        if (e.total > 0 && !this.disabled.has(e.uid)) {
          this.acm.insert(e);
          this.oi.insert(e);
        }
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
  async page(q: RankListQuery) {
    await this.sync();
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

  /** A user's ACM and OI positions (user home); null when they have no judged submission. */
  async userPositions(uid: number) {
    await this.sync();
    const e = this.entries.get(uid);
    if (!e || e.total <= 0 || this.disabled.has(uid)) return { acmRank: null, oiRank: null };
    return { acmRank: this.acm.position(e), oiRank: this.oi.position(e) };
  }
}

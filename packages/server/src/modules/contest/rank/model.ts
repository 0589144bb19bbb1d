import type { ScoreboardRecord } from '@verdict/shared';
import type { Db } from '../../../db/index.js';
import { sharedRead } from '../../../lib/shared-read.js';
import type { CellSub } from './cells.js';

/** How one rank view is made: a row per user from their cells, then the ordering of all rows. */
export interface ViewBuilder {
  row(user: RankUser, cells: Map<number, CellSub[]>): ScoreboardRecord | null;
  finish(rows: ScoreboardRecord[]): ScoreboardRecord[];
}

interface ViewEntry { builder: ViewBuilder; rows: Map<number, ScoreboardRecord>; sorted: ScoreboardRecord[] | null }

export interface RankUser {
  uid: number;
  username: string;
  nickname: string | null;
  realname: string | null;
  school: string | null;
  avatar: string | null;
  gender: string;
  role: number;
}

/**
 * A contest's rank cells held in memory. The database is the source of truth: each cell row
 * carries the contest version of its last change, so a server catches up by reading only the
 * cells newer than what it holds (other servers' results included). Computed views are kept
 * per version and dropped when the version moves.
 */
export class ContestRankModel {
  ver = -1;
  /** uid -> pid -> submissions */
  readonly cells = new Map<number, Map<number, CellSub[]>>();
  readonly users = new Map<number, RankUser>();
  /** Rank views: rows kept per user and recomputed only for users whose cells changed. */
  private readonly views = new Map<string, ViewEntry>();
  /** Other derived values (problem counts), dropped on every change. */
  private readonly derived = new Map<string, unknown>();
  lastUsed = Date.now();

  constructor(readonly cid: number) {}

  /** The database's rank version: one read answers every request waiting for it (a scoreboard herd). */
  private versionRead: (() => Promise<number>) | null = null;
  /** The catch-up running now: one at a time, so an older read never overwrites a newer cell. */
  private catching: Promise<void> | null = null;

  /**
   * Brings the model up to the database's rank version; returns it. `known`: the version in a
   * contest row this request has just read (a scoreboard request reads the row anyway): when the
   * model holds it, nothing more is read.
   */
  async sync(db: Db, known?: number): Promise<number> {
    this.lastUsed = Date.now();
    if (known !== undefined && known === this.ver) return this.ver;
    this.versionRead ??= sharedRead(async () => {
      const row = await db.selectFrom('contest').select('rank_ver').where('id', '=', this.cid).executeTakeFirst();
      return Number(row?.rank_ver ?? 0);
    });
    const dbVer = await this.versionRead();
    // Catch-ups run one after another: two at once could apply an older read of a cell after a
    // newer one (the older one's user lookup finishing last) and leave the cell stale for good.
    // Versions only grow (ids are never reused), so a model past dbVer holds all of it.
    while (this.ver < dbVer) {
      if (this.catching) await this.catching;
      else await (this.catching = this.catchUp(db, dbVer).finally(() => { this.catching = null; }));
    }
    return this.ver;
  }

  /** Reads the cells newer than what the model holds (all of them for a first load or after a rebuild). */
  private async catchUp(db: Db, dbVer: number): Promise<void> {
    const fullLoad = this.ver < 0;
    const changed = await db.selectFrom('contest_rank_cell').select(['uid', 'pid', 'subs', 'ver'])
      .where('cid', '=', this.cid).where('ver', '>', this.ver).execute();
    if (!fullLoad && changed.length === 0) {
      // A rebuild removed cells (version moved without newer rows): start over.
      this.cells.clear();
      this.views.clear();
      this.ver = -1;
      return this.catchUp(db, dbVer);
    }
    // One verdict writes one cell per version; a version with many cells is a rebuild, which may
    // also have dropped cells (a problem left the contest). Every current cell is newer than what
    // we hold then, so the rows just read are the whole contest: start over from them.
    if (!fullLoad) {
      const perVer = new Map<number, number>();
      for (const c of changed) perVer.set(Number(c.ver), (perVer.get(Number(c.ver)) ?? 0) + 1);
      if ([...perVer.values()].some((n) => n > 1)) {
        this.cells.clear();
        this.views.clear();
      }
    }
    const fresh = new Set<number>();
    const touched = new Set<number>();
    for (const c of changed) {
      touched.add(c.uid);
      let byPid = this.cells.get(c.uid);
      if (!byPid) this.cells.set(c.uid, (byPid = new Map()));
      byPid.set(c.pid, JSON.parse(c.subs) as CellSub[]);
      if (!this.users.has(c.uid)) fresh.add(c.uid);
    }
    await this.loadUsers(db, [...fresh]);
    this.ver = changed.reduce((m, c) => Math.max(m, Number(c.ver)), dbVer);
    this.derived.clear();
    for (const v of this.views.values()) {
      for (const uid of touched) this.refreshRow(v, uid);
      v.sorted = null;
    }
  }

  private async loadUsers(db: Db, uids: number[]) {
    for (let i = 0; i < uids.length; i += 500) {
      const rows = await db.selectFrom('user').select(['id', 'username', 'nickname', 'realname', 'school', 'avatar', 'gender', 'role'])
        .where('id', 'in', uids.slice(i, i + 500)).execute();
      for (const r of rows) this.users.set(r.id, { uid: r.id, ...r });
    }
  }

  private refreshRow(v: ViewEntry, uid: number) {
    const u = this.users.get(uid);
    const cells = this.cells.get(uid);
    const row = u && cells ? v.builder.row(u, cells) : null;
    if (row) v.rows.set(uid, row);
    else v.rows.delete(uid);
  }

  /** The sorted rows of a view: built once, then kept up to date user by user. */
  rankView(key: string, makeBuilder: () => ViewBuilder): ScoreboardRecord[] {
    let v = this.views.get(key);
    if (!v) {
      // Old settings leave stale views behind: keep only a few.
      if (this.views.size >= 12) this.views.clear();
      v = { builder: makeBuilder(), rows: new Map(), sorted: null };
      for (const uid of this.cells.keys()) this.refreshRow(v, uid);
      this.views.set(key, v);
    }
    if (!v.sorted) v.sorted = v.builder.finish([...v.rows.values()]);
    return v.sorted;
  }

  /** A derived value for the current version, built once. */
  view<T>(key: string, build: () => T): T {
    const hit = this.derived.get(key);
    if (hit !== undefined) return hit as T;
    const v = build();
    this.derived.set(key, v);
    return v;
  }
}

/** Models of recently used contests (a few; the least recently used is dropped). */
export class RankModels {
  private readonly models = new Map<number, ContestRankModel>();
  constructor(private readonly max = 16) {}

  get(cid: number): ContestRankModel {
    let m = this.models.get(cid);
    if (!m) {
      m = new ContestRankModel(cid);
      this.models.set(cid, m);
      if (this.models.size > this.max) {
        const oldest = [...this.models.values()].sort((a, b) => a.lastUsed - b.lastUsed)[0];
        this.models.delete(oldest.cid);
      }
    }
    return m;
  }

  drop(cid: number) {
    this.models.delete(cid);
  }
}

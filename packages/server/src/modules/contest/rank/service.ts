import { ContestType, type ContestRankBody, type ContestRankPage, type ScoreboardRecord } from '@verdict/shared';
import type { AppContext } from '../../../context.js';
import type { AuthUser } from '../../../http/auth.js';
import type { Stamps } from '../../../http/stamps.js';
import { PackedBody } from '../../../http/packed-body.js';
import { isContestAdmin, sealFromFor } from '../access.js';
import { contestProblemRefs, myStatuses } from '../problems.js';
import { findContest, findContestIn } from '../repo.js';
import type { ContestRow } from '../tables.js';
import type { Db } from '../../../db/index.js';
import { rebuildAllCells, recomputeCellIn } from './cells.js';
import { RankModels, type ContestRankModel } from './model.js';
import { acmBuilder } from './rank-acm.js';
import { oiBuilder } from './rank-oi.js';
import { personalFieldsFor, viewKey, type ViewOptions } from './rows.js';
import { toWireRecord } from './wire.js';

/** Kept pages per table; more distinct queries than this (searches) start the set again. */
const MAX_KEPT_PAGES = 200;
type RankPage = ContestRankPage;

/**
 * Contest ranks: cells are updated in every verdict's transaction (applyResultIn), each server keeps the cells in
 * memory and catches up by version, and computed tables are cached per (version, view).
 */
export class ContestRankService {
  readonly models = new RankModels();

  constructor(private readonly ctx: AppContext) {}

  /** The contest's model, caught up; `knownVer`: the rank version of a contest row read in this request. */
  async model(cid: number, knownVer?: number): Promise<ContestRankModel> {
    const m = this.models.get(cid);
    await m.sync(this.ctx.db, knownVer);
    return m;
  }

  viewOptions(c: ContestRow, user: AuthUser | null, containsEnd: boolean): ViewOptions {
    const sealAt = sealFromFor(user, c);
    return { sealFrom: sealAt == null ? null : sealAt - c.start_time, containsEnd };
  }

  /** The full sorted table as this viewer may see it. */
  async rows(c: ContestRow, user: AuthUser | null, containsEnd: boolean): Promise<ScoreboardRecord[]> {
    const m = await this.model(c.id);
    const o = this.viewOptions(c, user, containsEnd);
    return m.rankView(viewKey(c, o), () => (c.type === ContestType.OI ? oiBuilder(c, o) : acmBuilder(c, o)));
  }

  /** The rows of the wire (HOJ's units and display-ID keys, see wire.ts). */
  async wireRows(c: ContestRow, rows: ScoreboardRecord[]): Promise<ScoreboardRecord[]> {
    return this.toWire(c, rows, await contestProblemRefs(this.ctx, c.id));
  }

  private toWire(c: ContestRow, rows: ScoreboardRecord[], problems: readonly { pid: number; display_id: string }[]) {
    const displayIdOf = new Map(problems.map((p) => [p.pid, p.display_id]));
    return rows.map((r) => toWireRecord(c, r, displayIdOf));
  }

  /**
   * Built pages, kept per table (the sorted rows a viewer sees are one array per rank version and
   * view, see rankView) and per query: when a verdict's signal reaches every watcher of a
   * scoreboard at once, one of them builds the page and the others are sent its bytes.
   */
  private readonly built = new WeakMap<ScoreboardRecord[], Map<string, Promise<PackedBody<RankPage>>>>();

  /** One page: keyword and star filters, followed users first; force update for contest admins. */
  async page(c: ContestRow, user: AuthUser | null, q: ContestRankBody): Promise<RankPage> {
    return (await this.pageBody(c, user, q)).data;
  }

  /** The same page as sent, serialised and compressed once per table and query. */
  async pageBody(c: ContestRow, user: AuthUser | null, q: ContestRankBody, stamps?: Promise<Stamps>): Promise<PackedBody<RankPage>> {
    const admin = isContestAdmin(user, c);
    if (q.forceRefresh && admin) await this.rebuild(c);
    const [all, problems] = await Promise.all([this.rows(c, user, q.containsEnd), contestProblemRefs(this.ctx, c.id, stamps)]);
    // Everything else a page depends on: the contest's settings (any edit moves gmt_modified),
    // its problems' display IDs, who asks (an admin sees more), and the query.
    const key = JSON.stringify([c.gmt_modified, admin, problems.map((p) => [p.pid, p.display_id]), q.keyword ?? '', !!q.removeStar,
      q.concernedList ?? [], q.currentPage, q.limit]);
    let pages = this.built.get(all);
    if (!pages) this.built.set(all, (pages = new Map()));
    const hit = pages.get(key);
    if (hit) return hit;
    const body = Promise.resolve().then(() => PackedBody.ok(this.buildPage(c, all, problems, admin, q)));
    if (pages.size >= MAX_KEPT_PAGES) pages.clear();
    const kept = pages;
    kept.set(key, body);
    body.catch(() => kept.delete(key));
    return body;
  }

  private buildPage(c: ContestRow, all: ScoreboardRecord[], problems: readonly { pid: number; display_id: string }[], admin: boolean, q: ContestRankBody): RankPage {
    const kw = q.keyword?.trim().toLowerCase();
    const view = personalFieldsFor(c, admin);
    // The keyword searches only what this viewer may read, or a search would reveal hidden names.
    const filtered = q.removeStar || kw ? all.filter((r) => (!q.removeStar || !r.isStar) && (!kw || matches(view(r), kw))) : all;
    const concerned = new Set(q.concernedList);
    const pinned = concerned.size ? all.filter((r) => concerned.has(r.uid) && (!q.removeStar || !r.isStar)).map((r) => ({ ...r, isConcerned: true })) : [];
    const from = (q.currentPage - 1) * q.limit;
    const records = this.toWire(c, [...pinned, ...filtered.slice(from, from + q.limit)].map(view), problems);
    return { records, total: filtered.length, current: q.currentPage, size: q.limit };
  }

  /** Recomputes every cell from the submissions and forgets the in-memory model. */
  async rebuild(c: ContestRow) {
    await rebuildAllCells(this.ctx.db, c);
    this.models.drop(c.id);
  }

  /**
   * The viewer's status per problem of a contest (for get-user-problem-status with a cid):
   * 0 accepted, -1 tried, -5 unknown while an OI contest is sealed for the viewer.
   */
  async userProblemStatus(user: AuthUser | null, cid: number, containsEnd = false): Promise<Map<number, { status: number; score: number | null }>> {
    const c = await findContest(this.ctx, cid);
    if (!c) return new Map();
    return myStatuses(await this.model(cid), c, user, containsEnd);
  }

  /**
   * A final verdict (or a rejudge reset) of a contest submission: its cell recomputed inside the
   * transaction that wrote the verdict (the judge module's verdict step), last in it. Returns the
   * contest's new rank version (null: the problem is no longer in the contest).
   */
  async applyResultIn(trx: Db, cid: number, uid: number, pid: number): Promise<number | null> {
    const c = await findContestIn(trx, cid);
    if (!c) return null;
    return recomputeCellIn(trx, c, uid, pid);
  }
}

function matches(r: ScoreboardRecord, kw: string) {
  return r.username.toLowerCase().includes(kw) || r.showName.toLowerCase().includes(kw)
    || (r.realname ?? '').toLowerCase().includes(kw) || (r.school ?? '').toLowerCase().includes(kw);
}

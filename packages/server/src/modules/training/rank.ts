import { Role, type TrainingRankQuery, type TrainingRankRow } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { PackedBody } from '../../http/packed-body.js';
import { SortedRank } from '../rank/sorted.js';
import { getTraining, visibleProblems } from './repo.js';
import type { TrainingRow } from './tables.js';

/**
 * Profile edits (names, school, avatar) show after at most this long. Everything about the
 * training itself moves its rank version and shows at the next request on every process:
 * verdicts, participants, and its problem list (a problem added, removed, reordered or given
 * another display ID, a problem's new problem ID, a problem made private or public).
 */
const PROFILE_TTL_MS = 60_000;
const MAX_CACHED = 64;
const MAX_PAGES = 200;

interface Participant {
  uid: number; ac: number; rt: number;
  username: string; realname: string | null; nickname: string | null; gender: string; school: string | null; avatar: string | null;
  /** Lower-cased text the rank search looks in. */
  haystack: string;
}
type PageResult = { records: TrainingRankRow[]; total: number; current: number; size: number };
type PageBody = PackedBody<PageResult>;

interface Cached {
  /** The training rank version the rows reflect. */
  ver: number;
  /** When the rows were last read in full (profile edits show after PROFILE_TTL_MS). */
  at: number;
  sorted: SortedRank<Participant>;
  byUid: Map<number, Participant>;
  problems: Awaited<ReturnType<typeof visibleProblems>>;
  /** Built pages of this version, one build per key at a time. */
  pages: Map<string, Promise<PageBody>>;
  /** After a profile refresh at the same version: the pages built before, served while their rebuild runs. */
  stale?: Map<string, Promise<PageBody>>;
  syncing: Promise<void> | null;
  reloading: boolean;
}

/** Participants by AC count desc, then total run time asc (uid keeps the order stable). */
const order = (a: Participant, b: Participant) => b.ac - a.ac || a.rt - b.rt;

/**
 * Training ranks (spec 02), kept incrementally like the global ranks: every server holds each
 * training's participants sorted in memory. A verdict that changes a participant stamps their row
 * with a new training rank version (progress.ts); a server that sees the training's version move
 * reads only the rows newer than its copy and moves them in place, so a page is a slice of an
 * array plus the page's cells, and a built page is kept as bytes until the version moves again.
 * The author and super admins are left out (their submissions are tests).
 */
export class TrainingRanks {
  private readonly cache = new Map<number, Cached>();
  private readonly firstLoads = new Map<number, Promise<Cached>>();
  private readonly rowReads = new Map<number, { running: Promise<TrainingRow>; next: Promise<TrainingRow> | null }>();
  constructor(private readonly ctx: AppContext) {}

  /**
   * The training's row, with the rank version a page is checked against. Reads are shared (a busy
   * rank page costs one primary-key read per round of requests, not one per request), but never
   * one that started before the request arrived: it may predate a change the requester has just
   * made (an admin's edit, then the rank), so requests arriving meanwhile wait for the next read,
   * which starts when the running one ends and answers them all.
   */
  training(tid: number): Promise<TrainingRow> {
    const reads = this.rowReads.get(tid);
    if (!reads) return this.readRow(tid);
    reads.next ??= reads.running.catch(() => undefined).then(() => this.readRow(tid));
    return reads.next;
  }

  private readRow(tid: number): Promise<TrainingRow> {
    const reads = { running: getTraining(this.ctx.db, tid), next: null as Promise<TrainingRow> | null };
    this.rowReads.set(tid, reads);
    const done = () => { if (this.rowReads.get(tid) === reads) this.rowReads.delete(tid); };
    reads.running.then(done, done);
    return reads.running;
  }

  private participants(t: TrainingRow, sinceVer: number | null) {
    return this.ctx.db.selectFrom('training_participant').innerJoin('user', 'user.id', 'training_participant.uid')
      .select(['training_participant.uid', 'training_participant.ac', 'training_participant.total_run_time', 'training_participant.ver',
        'user.username', 'user.realname', 'user.nickname', 'user.gender', 'user.school', 'user.avatar', 'user.role'])
      .where('training_participant.tid', '=', t.id)
      .$if(sinceVer !== null, (q) => q.where('training_participant.ver', '>', sinceVer!))
      .execute();
  }

  private toParticipant(t: TrainingRow, r: Awaited<ReturnType<TrainingRanks['participants']>>[number]): Participant | null {
    if (r.uid === t.uid || r.role === Role.ROOT) return null;
    return {
      uid: r.uid, ac: Number(r.ac), rt: Number(r.total_run_time), username: r.username, realname: r.realname, nickname: r.nickname,
      gender: r.gender, school: r.school, avatar: r.avatar,
      haystack: [r.username, r.realname, r.school, r.nickname].filter(Boolean).join('\n').toLowerCase(),
    };
  }

  /** Reads the whole rank (first use, then every PROFILE_TTL_MS). */
  private async full(t: TrainingRow): Promise<Cached> {
    const [rows, problems] = await Promise.all([this.participants(t, null), visibleProblems(this.ctx.db, t.id)]);
    const sorted = new SortedRank<Participant>(order);
    const byUid = new Map<number, Participant>();
    let ver = t.rank_ver;
    for (const r of rows) {
      ver = Math.max(ver, Number(r.ver));
      const p = this.toParticipant(t, r);
      if (p) byUid.set(p.uid, p);
    }
    sorted.load([...byUid.values()]);
    return { ver, at: Date.now(), sorted, byUid, problems, pages: new Map(), syncing: null, reloading: false };
  }

  /** Moves the participants changed since the copy's version (and re-reads the problem list). */
  private async catchUp(t: TrainingRow, e: Cached) {
    const [rows, problems] = await Promise.all([this.participants(t, e.ver), visibleProblems(this.ctx.db, t.id)]);
    let ver = Math.max(e.ver, t.rank_ver);
    for (const r of rows) {
      ver = Math.max(ver, Number(r.ver));
      const old = e.byUid.get(r.uid);
      if (old) e.sorted.remove(old);
      const p = this.toParticipant(t, r);
      if (p) {
        e.byUid.set(p.uid, p);
        e.sorted.insert(p);
      } else e.byUid.delete(r.uid);
    }
    e.problems = problems;
    e.ver = ver;
    e.pages = new Map();
    e.stale = undefined;
  }

  /** The training's rank, caught up with `t.rank_ver` (read by the caller in this request). */
  private async load(t: TrainingRow): Promise<Cached> {
    const e = this.cache.get(t.id);
    if (!e) {
      // One first read per training, however many requests arrive meanwhile.
      let first = this.firstLoads.get(t.id);
      if (!first) {
        first = this.full(t).then((fresh) => {
          if (this.cache.size >= MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
          this.cache.set(t.id, fresh);
          return fresh;
        }).finally(() => this.firstLoads.delete(t.id));
        this.firstLoads.set(t.id, first);
      }
      await first;
      return this.load(t);
    }
    const entry = e;
    while (entry.ver < t.rank_ver) {
      if (!entry.syncing) entry.syncing = this.catchUp(t, entry).finally(() => { entry.syncing = null; });
      await entry.syncing;
    }
    // Old profiles: served as they are while one full read runs in the background.
    if (Date.now() - entry.at > PROFILE_TTL_MS && !entry.reloading) {
      entry.reloading = true;
      this.full(t).then((fresh) => {
        if (this.cache.get(t.id) === entry && fresh.ver >= entry.ver) {
          if (fresh.ver === entry.ver) fresh.stale = entry.pages;
          this.cache.set(t.id, fresh);
        } else entry.reloading = false;
      }, (err) => {
        entry.reloading = false;
        this.ctx.log.error({ err }, 'training rank reload failed');
      });
    }
    return entry;
  }

  /** The training's problems as the rank shows them (cached with the rank). */
  async problems(t: TrainingRow) {
    return (await this.load(t)).problems;
  }

  /** One page as its JSON envelope, built once per rank version (a popular page is read many times between verdicts). */
  async pageBody(t: TrainingRow, q: TrainingRankQuery, showRealname: boolean): Promise<PageBody> {
    const entry = await this.load(t);
    const key = `${q.currentPage}:${q.limit}:${q.keyword ?? ''}:${showRealname}:${t.rank_show_name}`;
    // After a profile refresh only names or avatars may have changed: the page built before is
    // served until the new one is ready, instead of every reader waiting for the rebuild.
    const stale = entry.stale?.get(key);
    let built = entry.pages.get(key);
    if (!built) {
      built = this.build(t, entry, q, showRealname).then((data) => PackedBody.ok(data));
      if (entry.pages.size >= MAX_PAGES) entry.pages.clear();
      const pages = entry.pages;
      pages.set(key, built);
      built.catch(() => pages.delete(key)).finally(() => entry.stale?.delete(key));
    }
    return stale ?? built;
  }

  /** One page, with shared positions for equal rows; a search shows each user's real position. */
  async page(t: TrainingRow, q: TrainingRankQuery, showRealname: boolean): Promise<PageResult> {
    return (await this.pageBody(t, q, showRealname)).data;
  }

  private async build(t: TrainingRow, entry: Cached, q: TrainingRankQuery, showRealname: boolean): Promise<PageResult> {
    const { sorted, problems } = entry;
    const kw = q.keyword?.toLowerCase();
    const rows = kw ? sorted.rows.filter((p) => p.haystack.includes(kw)) : sorted.rows;
    const from = (q.currentPage - 1) * q.limit;
    const slice = rows.slice(from, from + q.limit);
    const records: TrainingRankRow[] = [];
    if (!slice.length) return { records, total: rows.length, current: q.currentPage, size: q.limit };

    const displayOf = new Map(problems.map((p) => [p.pid, p.problem_id]));
    const cells = await this.ctx.db.selectFrom('training_rank_cell').select(['uid', 'pid', 'status', 'ac', 'run_time'])
      .where('tid', '=', t.id).where('uid', 'in', slice.map((r) => r.uid)).execute();
    const info = new Map<number, TrainingRankRow['submissionInfo']>();
    for (const c of cells) {
      const d = displayOf.get(c.pid);
      if (d === undefined) continue;
      let m = info.get(c.uid);
      if (!m) info.set(c.uid, (m = {}));
      m[d] = { status: c.status, runTime: c.run_time, isAC: c.ac === 1 };
    }
    for (const r of slice) {
      const showName = (t.rank_show_name === 'nickname' ? r.nickname : t.rank_show_name === 'realname' ? r.realname : null) || r.username;
      records.push({
        rank: sorted.position(r), uid: r.uid, username: r.username, realname: showRealname || t.rank_show_name === 'realname' ? r.realname : null,
        nickname: r.nickname, showName, gender: r.gender, school: r.school, avatar: r.avatar,
        ac: r.ac, totalRunTime: r.rt, submissionInfo: info.get(r.uid) ?? {},
      });
    }
    return { records, total: rows.length, current: q.currentPage, size: q.limit };
  }
}

import { Role, type TrainingRankQuery, type TrainingRankRow } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { visibleProblems } from './repo.js';
import type { TrainingRow } from './tables.js';

/** Profile edits (names, school, avatar) show in a cached rank after at most this long. */
const PROFILE_TTL_MS = 60_000;
const MAX_CACHED = 64;

interface Participant {
  uid: number; ac: number; rt: number;
  username: string; realname: string | null; nickname: string | null; gender: string; school: string | null; avatar: string | null;
  /** Lower-cased text the rank search looks in. */
  haystack: string;
}
type PageResult = { records: TrainingRankRow[]; total: number; current: number; size: number };
interface Cached { ver: number; at: number; rows: Participant[]; problems: Awaited<ReturnType<typeof visibleProblems>>; pages: Map<string, PageResult> }

/** Participants by AC count desc, then total run time asc (uid keeps the order stable). */
const order = (a: Participant, b: Participant) => b.ac - a.ac || a.rt - b.rt || a.uid - b.uid;
const sameKey = (a: Participant, b: Participant) => a.ac === b.ac && a.rt === b.rt;

/**
 * Training ranks (spec 02): kept sorted in memory per training and reloaded when the training's
 * rank version moves (every change of a participant's totals bumps it, on any server), so a page
 * is a slice plus the page's cells. The author and super admins are left out (their submissions
 * are tests).
 */
export class TrainingRanks {
  private readonly cache = new Map<number, Cached>();
  constructor(private readonly ctx: AppContext) {}

  private async load(t: TrainingRow): Promise<Cached> {
    const hit = this.cache.get(t.id);
    if (hit && hit.ver === t.rank_ver && Date.now() - hit.at < PROFILE_TTL_MS) return hit;
    const db = this.ctx.db;
    const [rows, problems] = await Promise.all([
      db.selectFrom('training_participant').innerJoin('user', 'user.id', 'training_participant.uid')
        .select(['training_participant.uid', 'training_participant.ac', 'training_participant.total_run_time',
          'user.username', 'user.realname', 'user.nickname', 'user.gender', 'user.school', 'user.avatar'])
        .where('training_participant.tid', '=', t.id).where('training_participant.uid', '!=', t.uid).where('user.role', '!=', Role.ROOT).execute(),
      visibleProblems(db, t.id),
    ]);
    const list: Participant[] = rows.map((r) => ({
      uid: r.uid, ac: Number(r.ac), rt: Number(r.total_run_time), username: r.username, realname: r.realname, nickname: r.nickname,
      gender: r.gender, school: r.school, avatar: r.avatar,
      haystack: [r.username, r.realname, r.school, r.nickname].filter(Boolean).join('\n').toLowerCase(),
    })).sort(order);
    const entry = { ver: t.rank_ver, at: Date.now(), rows: list, problems, pages: new Map<string, PageResult>() };
    if (this.cache.size >= MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(t.id, entry);
    return entry;
  }

  /** The training's problems as the rank shows them (cached with the rank). */
  async problems(t: TrainingRow) {
    return (await this.load(t)).problems;
  }

  /** One page, with shared positions for equal rows; a search shows each user's real position. */
  async page(t: TrainingRow, q: TrainingRankQuery, showRealname: boolean): Promise<PageResult> {
    const entry = await this.load(t);
    // Pages are kept until the rank changes (a popular page is read many times between verdicts).
    const key = `${q.currentPage}:${q.limit}:${q.keyword ?? ''}:${showRealname}:${t.rank_show_name}`;
    const hit = entry.pages.get(key);
    if (hit) return hit;
    const result = await this.build(t, entry, q, showRealname);
    if (entry.pages.size >= 200) entry.pages.clear();
    entry.pages.set(key, result);
    return result;
  }

  private async build(t: TrainingRow, entry: Cached, q: TrainingRankQuery, showRealname: boolean): Promise<PageResult> {
    const { rows: all, problems } = entry;
    const kw = q.keyword?.toLowerCase();
    const rows = kw ? all.filter((p) => p.haystack.includes(kw)) : all;
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
        rank: position(all, r), uid: r.uid, username: r.username, realname: showRealname || t.rank_show_name === 'realname' ? r.realname : null,
        nickname: r.nickname, showName, gender: r.gender, school: r.school, avatar: r.avatar,
        ac: r.ac, totalRunTime: r.rt, submissionInfo: info.get(r.uid) ?? {},
      });
    }
    return { records, total: rows.length, current: q.currentPage, size: q.limit };
  }
}

/** 1 + the participants strictly ahead (binary search for the first row with the same key). */
function position(rows: Participant[], r: Participant) {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (!sameKey(rows[mid], r) && order(rows[mid], r) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo + 1;
}

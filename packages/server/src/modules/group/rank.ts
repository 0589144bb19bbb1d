import { JudgeStatus, type GroupRankVo } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { page } from '../../http/envelope.js';
import { Level } from './access.js';

const UNJUDGED = [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING, JudgeStatus.SUBMITTING];
/** A group's standings are recomputed at most this often (and on the next read after a verdict on this server). */
const TTL_MS = 5_000;

interface Standing { uid: number; ac: number; total: number; score: number }

/**
 * The group rank (spec 03 §2.3, HOJ's GroupRankManager): every member with their results on
 * the group's problems and trainings outside contests (submissions with the group's gid):
 * ACM by problems solved desc, then submissions asc; OI by the sum of each problem's best
 * OI score desc, then solved desc. One grouped read of the group's submissions, kept a few seconds.
 */
export class GroupRanks {
  private readonly cache = new Map<number, { at: number; stale: boolean; rows: Promise<Standing[]>; refreshing?: Promise<Standing[]> }>();

  constructor(private readonly ctx: AppContext) {}

  /** A verdict in the group: recomputed at once in the background (the rank page is fresh by the time it is opened). */
  invalidate(gid: number) {
    const hit = this.cache.get(gid);
    if (!hit) return;
    hit.stale = true;
    void this.standings(gid).catch(() => undefined);
  }

  /**
   * The group's standings. A stale or expired entry is still answered while one recompute runs
   * (every caller of that moment shares it), so a busy rank page never waits for the scan.
   */
  private standings(gid: number): Promise<Standing[]> {
    const hit = this.cache.get(gid);
    if (!hit) {
      const rows = this.load(gid);
      this.cache.set(gid, { at: Date.now(), stale: false, rows });
      rows.catch(() => this.cache.delete(gid));
      return rows;
    }
    if ((hit.stale || Date.now() - hit.at >= TTL_MS) && !hit.refreshing) {
      const started = Date.now();
      hit.stale = false;
      hit.refreshing = this.load(gid);
      hit.refreshing.then((rows) => {
        this.cache.set(gid, { at: started, stale: this.cache.get(gid)?.stale ?? false, rows: Promise.resolve(rows) });
      }, () => { hit.refreshing = undefined; });
    }
    return hit.rows;
  }

  private async load(gid: number): Promise<Standing[]> {
    const db = this.ctx.db;
    const cells = await db.selectFrom('submission')
      .select((eb) => [
        'uid', 'pid', eb.fn.countAll<number>().as('n'),
        eb.fn.max(eb.case().when('status', '=', JudgeStatus.ACCEPTED).then(1).else(0).end()).as('ac'),
        eb.fn.max('oi_rank_score').as('score'),
      ])
      .where('gid', '=', gid).where('cid', '=', 0).where('status', 'not in', UNJUDGED)
      .groupBy(['uid', 'pid']).execute();
    const byUser = new Map<number, Standing>();
    for (const c of cells) {
      const s = byUser.get(c.uid) ?? { uid: c.uid, ac: 0, total: 0, score: 0 };
      s.total += Number(c.n);
      s.ac += Number(c.ac) === 1 ? 1 : 0;
      s.score += Number(c.score ?? 0);
      byUser.set(c.uid, s);
    }
    const members = await db.selectFrom('group_member').select('uid').where('gid', '=', gid).where('auth', '>=', Level.MEMBER).execute();
    return members.map((m) => byUser.get(m.uid) ?? { uid: m.uid, ac: 0, total: 0, score: 0 });
  }

  async page(gid: number, type: number, currentPage: number, limit: number, search?: string) {
    const all = [...(await this.standings(gid))];
    all.sort(type === 1
      ? (a, b) => b.score - a.score || b.ac - a.ac || a.uid - b.uid
      : (a, b) => b.ac - a.ac || a.total - b.total || a.uid - b.uid);
    const users = new Map((await this.ctx.db.selectFrom('user').select(['id', 'username', 'nickname', 'avatar', 'title_name', 'title_color'])
      .where('id', 'in', all.length ? (search ? all.map((s) => s.uid) : all.slice((currentPage - 1) * limit, currentPage * limit).map((s) => s.uid)) : [0])
      .execute()).map((u) => [u.id, u]));
    let rows = all;
    if (search) {
      const needle = search.toLowerCase();
      rows = all.filter((s) => {
        const u = users.get(s.uid);
        return !!u && (u.username.toLowerCase().includes(needle) || (u.nickname ?? '').toLowerCase().includes(needle));
      });
    }
    const slice = search ? rows.slice((currentPage - 1) * limit, currentPage * limit) : rows.slice((currentPage - 1) * limit, currentPage * limit);
    const records: GroupRankVo[] = slice.map((s, i) => {
      const u = users.get(s.uid);
      return {
        rank: (currentPage - 1) * limit + i + 1, uid: s.uid, username: u?.username ?? '', avatar: u?.avatar ?? null, nickname: u?.nickname ?? null,
        titleName: u?.title_name ?? null, titleColor: u?.title_color ?? null, ac: s.ac, total: s.total, score: s.score,
      };
    });
    return page(records, rows.length, currentPage, limit);
  }
}

import { JudgeStatus, type GlobalRankRecord, type RankListQuery } from '@verdict/shared';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import { now } from '../../lib/time.js';
import './tables.js';

/** Statuses that are not (yet) a verdict: they count neither as a try nor as a result. */
export const UNJUDGED = [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING, JudgeStatus.SUBMITTING];

const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * The site's ACM and OI rank lists (spec 02 "Global ranks"). Kept incrementally: a verdict
 * outside contests recomputes one (user, problem) row from that user's submissions on the
 * problem and then the user's totals from their rows, so a page is an indexed read.
 * ACM: distinct problems solved desc, then judged submissions asc. OI: sum over problems of the
 * best OI rank score, then AC desc. Only public problems (auth 1, not a group's) count.
 */
export class GlobalRankService {
  constructor(private readonly ctx: AppContext) {}

  private async isCounted(db: Db, pid: number) {
    const p = await db.selectFrom('problem').select(['auth', 'gid']).where('id', '=', pid).executeTakeFirst();
    return !!p && p.auth === 1 && p.gid === 0;
  }

  /** A verdict (or a rejudge reset) of a submission outside contests. */
  async applyVerdict(uid: number, pid: number) {
    await this.ctx.db.transaction().execute(async (trx) => {
      await this.recomputeCell(trx, uid, pid, await this.isCounted(trx, pid));
      await this.recomputeUser(trx, uid);
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

  private async recomputeUser(db: Db, uid: number) {
    const t = await db.selectFrom('rank_user_problem')
      .select((eb) => [eb.fn.sum<number>('ac').as('ac'), eb.fn.sum<number>('subs').as('total'), eb.fn.sum<number>('best_oi').as('score')])
      .where('uid', '=', uid).executeTakeFirst();
    const total = Number(t?.total ?? 0);
    if (!total) {
      await db.deleteFrom('rank_user').where('uid', '=', uid).execute();
      return;
    }
    const values = { ac: Number(t?.ac ?? 0), total, score: Number(t?.score ?? 0), gmt_modified: now() };
    await db.insertInto('rank_user').values({ uid, ...values }).onConflict((oc) => oc.column('uid').doUpdateSet(values)).execute();
  }

  /**
   * A problem became public or stopped being public (auth change, deletion): its rows are
   * rebuilt from its submissions and the totals of the users concerned recomputed.
   */
  async problemChanged(pid: number) {
    await this.ctx.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('rank_user_problem').select('uid').where('pid', '=', pid).execute();
      await trx.deleteFrom('rank_user_problem').where('pid', '=', pid).execute();
      if (await this.isCounted(trx, pid)) {
        await sql`INSERT INTO rank_user_problem (uid, pid, ac, subs, best_oi)
          SELECT uid, pid, MAX(CASE WHEN status = 0 THEN 1 ELSE 0 END), COUNT(*), COALESCE(MAX(oi_rank_score), 0)
          FROM submission WHERE pid = ${pid} AND cid = 0 AND status NOT IN (5, 6, 7, 9) GROUP BY uid, pid`.execute(trx);
      }
      const after = await trx.selectFrom('rank_user_problem').select('uid').where('pid', '=', pid).execute();
      const uids = new Set([...before, ...after].map((r) => r.uid));
      for (const uid of uids) await this.recomputeUser(trx, uid);
    });
  }

  /** One page of the ACM (type 0) or OI (type 1) rank, with shared positions for equal rows. */
  async page(q: RankListQuery) {
    const oi = q.type === 1;
    let base = this.ctx.db.selectFrom('rank_user').innerJoin('user', 'user.id', 'rank_user.uid').where('user.status', '=', 0);
    if (q.searchUser) {
      const like = likeOf(q.searchUser);
      const op = this.ctx.dbKind === 'postgres' ? sql.raw('ILIKE') : sql.raw('LIKE');
      base = base.where((eb) => eb.or([
        sql<boolean>`"user".username ${op} ${like} ESCAPE '\\'`, sql<boolean>`"user".nickname ${op} ${like} ESCAPE '\\'`,
        sql<boolean>`"user".realname ${op} ${like} ESCAPE '\\'`,
      ]));
    }
    const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const ordered = oi
      ? base.orderBy('rank_user.score', 'desc').orderBy('rank_user.ac', 'desc')
      : base.orderBy('rank_user.ac', 'desc').orderBy('rank_user.total', 'asc');
    const rows = await ordered.orderBy('rank_user.uid', 'asc')
      .select(['rank_user.uid', 'rank_user.ac', 'rank_user.total', 'rank_user.score', 'user.username', 'user.nickname', 'user.avatar',
        'user.signature', 'user.title_name', 'user.title_color'])
      .limit(q.limit).offset((q.currentPage - 1) * q.limit).execute();
    const records: GlobalRankRecord[] = [];
    let prev: (typeof rows)[number] | null = null;
    let prevRank = 0;
    for (const r of rows) {
      const same = prev && (oi ? prev.score === r.score && prev.ac === r.ac : prev.ac === r.ac && prev.total === r.total);
      const rank = same ? prevRank : await this.position(q.type, r);
      records.push({
        rank, uid: r.uid, username: r.username, nickname: r.nickname, avatar: r.avatar,
        signature: r.signature ? r.signature.slice(0, 100) : null, titleName: r.title_name, titleColor: r.title_color,
        ac: Number(r.ac), total: Number(r.total), score: Number(r.score),
      });
      prev = r;
      prevRank = rank;
    }
    return { records, total: Number(n), current: q.currentPage, size: q.limit };
  }

  /** 1 + the users strictly ahead of this row (equal rows share a position). */
  async position(type: number, r: { ac: number; total: number; score: number }): Promise<number> {
    const base = this.ctx.db.selectFrom('rank_user').innerJoin('user', 'user.id', 'rank_user.uid').where('user.status', '=', 0);
    const ahead = type === 1
      ? base.where((eb) => eb.or([eb('rank_user.score', '>', r.score), eb.and([eb('rank_user.score', '=', r.score), eb('rank_user.ac', '>', r.ac)])]))
      : base.where((eb) => eb.or([eb('rank_user.ac', '>', r.ac), eb.and([eb('rank_user.ac', '=', r.ac), eb('rank_user.total', '<', r.total)])]));
    const { n } = await ahead.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(n) + 1;
  }

  /** A user's ACM and OI positions (user home); null when they have no judged submission. */
  async userPositions(uid: number) {
    const r = await this.ctx.db.selectFrom('rank_user').selectAll().where('uid', '=', uid).executeTakeFirst();
    if (!r) return { acmRank: null, oiRank: null };
    return { acmRank: await this.position(0, r), oiRank: await this.position(1, r) };
  }
}

import { Role, type TrainingRankQuery, type TrainingRankRow } from '@verdict/shared';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { likeOf, visibleProblems } from './repo.js';
import type { TrainingRow } from './tables.js';

/**
 * One page of a training's rank (spec 02): participants by AC count desc, then total run time
 * of their accepted problems asc; equal rows share a position. The training's author and super
 * admins are left out (their submissions are tests). Reads only indexed rows of the training.
 */
export async function trainingRankPage(ctx: AppContext, t: TrainingRow, q: TrainingRankQuery, showRealname: boolean) {
  const db = ctx.db;
  const ranked = () => db.selectFrom('training_participant').innerJoin('user', 'user.id', 'training_participant.uid')
    .where('training_participant.tid', '=', t.id).where('training_participant.uid', '!=', t.uid).where('user.role', '!=', Role.ROOT);
  let base = ranked();
  if (q.keyword) {
    const like = likeOf(q.keyword);
    const op = ctx.dbKind === 'postgres' ? sql.raw('ILIKE') : sql.raw('LIKE');
    base = base.where((eb) => eb.or([
      sql<boolean>`"user".username ${op} ${like} ESCAPE '\\'`, sql<boolean>`"user".realname ${op} ${like} ESCAPE '\\'`,
      sql<boolean>`"user".school ${op} ${like} ESCAPE '\\'`, sql<boolean>`"user".nickname ${op} ${like} ESCAPE '\\'`,
    ]));
  }
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base.select(['training_participant.uid', 'training_participant.ac', 'training_participant.total_run_time',
    'user.username', 'user.realname', 'user.nickname', 'user.gender', 'user.school', 'user.avatar'])
    .orderBy('training_participant.ac', 'desc').orderBy('training_participant.total_run_time', 'asc').orderBy('training_participant.uid', 'asc')
    .limit(q.limit).offset((q.currentPage - 1) * q.limit).execute();
  const records: TrainingRankRow[] = [];
  if (!rows.length) return { records, total: Number(n), current: q.currentPage, size: q.limit };

  const problems = await visibleProblems(db, t.id);
  const displayOf = new Map(problems.map((p) => [p.pid, p.problem_id]));
  const cells = await db.selectFrom('training_rank_cell').select(['uid', 'pid', 'status', 'ac', 'run_time'])
    .where('tid', '=', t.id).where('uid', 'in', rows.map((r) => r.uid)).execute();
  const info = new Map<number, TrainingRankRow['submissionInfo']>();
  for (const c of cells) {
    const d = displayOf.get(c.pid);
    if (d === undefined) continue;
    let m = info.get(c.uid);
    if (!m) info.set(c.uid, (m = {}));
    m[d] = { status: c.status, runTime: c.run_time, isAC: c.ac === 1 };
  }
  let prevKey = '';
  let prevRank = 0;
  for (const r of rows) {
    const key = `${r.ac}:${r.total_run_time}`;
    let rank = prevRank;
    if (key !== prevKey) {
      // Position among all participants (a search shows each user's real place).
      const { a } = await ranked().where((eb) => eb.or([
        eb('training_participant.ac', '>', r.ac),
        eb.and([eb('training_participant.ac', '=', r.ac), eb('training_participant.total_run_time', '<', r.total_run_time)]),
      ])).select((eb) => eb.fn.countAll<number>().as('a')).executeTakeFirstOrThrow();
      rank = Number(a) + 1;
    }
    const showName = (t.rank_show_name === 'nickname' ? r.nickname : t.rank_show_name === 'realname' ? r.realname : null) || r.username;
    records.push({
      rank, uid: r.uid, username: r.username, realname: showRealname || t.rank_show_name === 'realname' ? r.realname : null,
      nickname: r.nickname, showName, gender: r.gender, school: r.school, avatar: r.avatar,
      ac: Number(r.ac), totalRunTime: Number(r.total_run_time), submissionInfo: info.get(r.uid) ?? {},
    });
    prevKey = key;
    prevRank = rank;
  }
  return { records, total: Number(n), current: q.currentPage, size: q.limit };
}

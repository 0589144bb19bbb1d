import { Difficulty, JudgeStatus, ProblemType, oiRankScore, type CalendarHeatmap, type UserHomeInfo } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { DAY, now } from '../../lib/time.js';
import type { AuthUser } from '../../http/auth.js';
import { isSealedFor } from '../contest/access.js';
import { roleNames, type UserRow } from './user-info.js';

export async function findUser(ctx: AppContext, q: { uid?: number; username?: string }, selfUid: number | null): Promise<UserRow> {
  let query = ctx.db.selectFrom('user').selectAll();
  if (q.uid !== undefined) query = query.where('id', '=', q.uid);
  else if (q.username) query = query.where('username', '=', q.username.trim());
  else if (selfUid !== null) query = query.where('id', '=', selfUid);
  else throw notFound('usernameNotExist');
  const u = await query.executeTakeFirst();
  if (!u) throw notFound('usernameNotExist');
  return u;
}

/**
 * Profile plus solved statistics (spec 01 §3 "User profile"). Solves in a contest whose rank is
 * sealed for the viewer stay off the profile until the seal lifts, or the profile would show what
 * the frozen scoreboard hides; the person themself sees all of theirs.
 */
export async function userHomeInfo(ctx: AppContext, u: UserRow, viewer: AuthUser | null): Promise<UserHomeInfo> {
  const { total, accepted } = await ctx.db.selectFrom('submission')
    .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.sum<number>(eb.case().when('status', '=', JudgeStatus.ACCEPTED).then(1).else(0).end()).as('accepted')])
    .where('uid', '=', u.id).executeTakeFirstOrThrow();
  const accepts = await ctx.db.selectFrom('user_accept')
    .innerJoin('problem', 'problem.id', 'user_accept.pid')
    .select(['problem.id', 'problem.problem_id', 'problem.difficulty', 'problem.type', 'problem.io_score', 'user_accept.cid'])
    .where('user_accept.uid', '=', u.id)
    .execute();
  const sealed = viewer?.uid === u.id ? new Set<number>() : await sealedContests(ctx, viewer, accepts.map((a) => a.cid));
  const solved = accepts.filter((a) => !sealed.has(a.cid));
  const byPid = new Map(solved.map((p) => [p.id, p]));
  const list = [...byPid.values()].sort((a, b) => a.problem_id.localeCompare(b.problem_id, undefined, { numeric: true }));
  const groups = { easy: [] as string[], mid: [] as string[], hard: [] as string[] };
  for (const p of list) {
    if (p.difficulty === Difficulty.HARD) groups.hard.push(p.problem_id);
    else if (p.difficulty === Difficulty.MID) groups.mid.push(p.problem_id);
    else groups.easy.push(p.problem_id);
  }
  const t = Number(total);
  return {
    uid: u.id, username: u.username, nickname: u.nickname, gender: u.gender, avatar: u.avatar, school: u.school,
    signature: u.signature, github: u.github, blog: u.blog, titleName: u.title_name, titleColor: u.title_color,
    roleList: roleNames(u.role), recentLoginTime: u.last_login_time, gmtCreate: u.gmt_create,
    total: t,
    solvedList: list.map((p) => p.problem_id),
    scoreList: list.filter((p) => p.type === ProblemType.OI).map((p) => oiRankScore(p.io_score, p.difficulty)),
    // Accuracy: accepted submissions out of all submissions (spec 01 §9: ac/total), not solved problems.
    rating: t > 0 ? Math.round((Number(accepted ?? 0) / t) * 10000) / 100 : 0,
    solvedGroupByDifficulty: groups,
  };
}

/** Of these contest ids, those whose rank is sealed for the viewer right now. */
async function sealedContests(ctx: AppContext, viewer: AuthUser | null, cids: number[]): Promise<Set<number>> {
  const ids = [...new Set(cids.filter((c) => c > 0))];
  if (!ids.length) return new Set();
  const contests = await ctx.db.selectFrom('contest').selectAll().where('id', 'in', ids).execute();
  return new Set(contests.filter((c) => isSealedFor(viewer, c)).map((c) => c.id));
}

const pad = (n: number) => String(n).padStart(2, '0');
export const localDate = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** Submissions per day (server's local days) over the last year. */
export async function calendarHeatmap(ctx: AppContext, uid: number): Promise<CalendarHeatmap> {
  const t = now();
  const rows = await ctx.db.selectFrom('submission').select('submit_time')
    .where('uid', '=', uid).where('submit_time', '>=', t - 366 * DAY).execute();
  const counts = new Map<string, number>();
  for (const r of rows) {
    const d = localDate(r.submit_time);
    counts.set(d, (counts.get(d) ?? 0) + 1);
  }
  const dataList = [...counts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, count]) => ({ date, count }));
  return { dataList, endDate: localDate(t) };
}

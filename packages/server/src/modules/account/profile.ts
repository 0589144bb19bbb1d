import { Difficulty, ProblemType, oiRankScore, type CalendarHeatmap, type UserHomeInfo, type UserHomeProblemVo } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { now } from '../../lib/time.js';
import type { AuthUser } from '../../http/auth.js';
import { isSealedFor } from '../contest/access.js';
import { findContest } from '../contest/repo.js';
import { userSeesProblem } from '../problem/access.js';
import { currentRating } from '../rating/repo.js';
import { isAdminViewer } from '../submission/service.js';
import { PackedBody } from '../../http/packed-body.js';
import { localDate, subStats, type AcceptRow, type SubStats } from './sub-stats.js';

export { localDate };
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
 * Profile plus solved statistics (spec 01 §3 "User profile"), from the user's kept aggregates
 * (sub-stats.ts). Solved, submissions and accuracy count outside contests (so a frozen scoreboard
 * cannot be read off a profile); others do not see problems they may not open; the person themself
 * and admins see all of theirs.
 */
export async function userHomeInfo(ctx: AppContext, u: UserRow, viewer: AuthUser | null): Promise<UserHomeInfo> {
  const [stats, contestRating, accuracy] = await Promise.all([
    subStats(ctx, u.id), currentRating(ctx.db, u.id),
    ctx.services.globalRank?.accuracy(u.id) ?? { ac: 0, total: 0, rating: 0 },
  ]);
  const whole = viewer?.uid === u.id || isAdminViewer(viewer);
  // Group problems ask the group's membership: once per group and kind, not once per problem.
  const asked = new Map<string, Promise<boolean>>();
  const sees = (a: AcceptRow) => {
    const key = a.gid > 0 ? `${a.gid}:${a.auth === 1}:${a.author_uid === viewer?.uid}` : `0:${a.auth}:${a.author_uid}`;
    let answer = asked.get(key);
    if (!answer) asked.set(key, (answer = userSeesProblem(ctx, viewer, a)));
    return answer;
  };
  // Solved as the rank lists' AC and accuracy count it (HOJ's user_acproblem): accepted outside
  // contests and groups, so solved, submissions and accuracy on one page share one definition (and
  // nothing of a sealed contest can show).
  const solved = [];
  for (const a of stats.accepts) if (a.cid === 0 && a.gid === 0 && (whole || (await sees(a)))) solved.push(a);
  const byPid = new Map(solved.map((p) => [p.id, p]));
  const list = [...byPid.values()].sort((a, b) => a.problem_id.localeCompare(b.problem_id, undefined, { numeric: true }));
  // HOJ's Map<difficulty, UserHomeProblemVO[]>: keys '0', '1', '2' (all present), unknown difficulties count as easy.
  const groups: Record<string, UserHomeProblemVo[]> = { [Difficulty.EASY]: [], [Difficulty.MID]: [], [Difficulty.HARD]: [] };
  for (const p of list) {
    const d = p.difficulty === Difficulty.HARD || p.difficulty === Difficulty.MID ? p.difficulty : Difficulty.EASY;
    groups[d]!.push({ id: p.id, problemId: p.problem_id, difficulty: d });
  }
  return {
    uid: u.id, username: u.username, nickname: u.nickname, gender: u.gender, avatar: u.avatar, school: u.school,
    signature: u.signature, github: u.github, blog: u.blog, titleName: u.title_name, titleColor: u.title_color,
    roleList: roleNames(u.role), recentLoginTime: u.last_login_time, gmtCreate: u.gmt_create,
    // Submissions and accuracy as the rank lists count them (GlobalRankService.accuracy, HOJ's
    // home and rank both count outside contests): one figure for one user on both pages.
    total: accuracy.total,
    solvedList: list.map((p) => p.problem_id),
    scoreList: list.filter((p) => p.type === ProblemType.OI).map((p) => oiRankScore(p.io_score, p.difficulty)),
    rating: accuracy.rating,
    solvedGroupByDifficulty: groups,
    contestRating,
  };
}

/** Of these contest ids, those whose rank is sealed for the viewer right now (cached contest rows). */
async function sealedContests(ctx: AppContext, viewer: AuthUser | null, cids: number[]): Promise<Set<number>> {
  const contests = await Promise.all(cids.filter((c) => c > 0).map((c) => findContest(ctx, c)));
  return new Set(contests.filter((c) => c && isSealedFor(viewer, c)).map((c) => c!.id));
}

/** Built heatmap answers, kept with the aggregates they came from, per set of left-out contests. */
const packedHeatmaps = new WeakMap<SubStats, Map<string, PackedBody<CalendarHeatmap>>>();

/**
 * Submissions per day (server's local days) over the last year, without the viewer's sealed
 * contests: serialised once per user version and day (most viewers share one answer), so a flood
 * of it costs a few keyed reads and a buffer write per request.
 */
export async function calendarHeatmap(ctx: AppContext, uid: number, viewer: AuthUser | null): Promise<PackedBody<CalendarHeatmap>> {
  const stats = await subStats(ctx, uid);
  const whole = viewer?.uid === uid || isAdminViewer(viewer);
  const sealed = whole ? new Set<number>() : await sealedContests(ctx, viewer, [...stats.byCid.keys()]);
  let answers = packedHeatmaps.get(stats);
  if (!answers) packedHeatmaps.set(stats, (answers = new Map()));
  const key = [...sealed].sort((a, b) => a - b).join(',');
  let packed = answers.get(key);
  if (!packed) {
    const counts = new Map<string, number>();
    for (const [cid, c] of stats.byCid) {
      if (sealed.has(cid)) continue;
      for (const [d, n] of c.days) counts.set(d, (counts.get(d) ?? 0) + n);
    }
    const dataList = [...counts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, count]) => ({ date, count }));
    packed = PackedBody.ok({ dataList, endDate: localDate(now()) });
    answers.set(key, packed);
  }
  return packed;
}

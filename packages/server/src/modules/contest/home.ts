import { ContestStatus } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/time.js';
import { participantCounts, toContestVo } from './repo.js';

/**
 * Home page contests (helper C's get-recent-contest): visible public-site contests that are
 * running or start within the next two weeks, soonest first.
 */
export async function recentContests(ctx: AppContext) {
  const t = now();
  const rows = await ctx.db.selectFrom('contest').selectAll().where('visible', '=', 1).where('gid', '=', 0)
    .where('end_time', '>', t).where('start_time', '<', t + 14 * 86_400_000)
    .orderBy('start_time', 'asc').orderBy('id', 'asc').limit(5).execute();
  const counts = await participantCounts(ctx.db, rows.map((r) => r.id));
  return rows.map((r) => toContestVo(r, counts.get(r.id) ?? 0));
}

/** get-recent-other-contest: recently ended contests (most recent first). */
export async function recentOtherContests(ctx: AppContext) {
  const t = now();
  const rows = await ctx.db.selectFrom('contest').selectAll().where('visible', '=', 1).where('gid', '=', 0)
    .where('end_time', '<=', t).orderBy('end_time', 'desc').limit(5).execute();
  return rows.map((r) => ({ ...toContestVo(r), status: ContestStatus.ENDED }));
}

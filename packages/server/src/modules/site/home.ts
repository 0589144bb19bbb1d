import { ProblemAuth, JudgeStatus, type ContestVo, type HomeCarouselVo, type LastWeekSubmissionStatistics, type RecentAcRankRow, type RecentProblemRow } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { DAY, now } from '../../lib/time.js';
import { localDate } from '../account/profile.js';
import { siteAnnouncementPage } from '../announcement/service.js';

/**
 * Where contest code plugs into the home page: the contest module sets
 * `ctx.services.homeContests`. Until then both lists are empty.
 */
export interface HomeContests { recent(): Promise<ContestVo[]>; recentOther(): Promise<ContestVo[]> }
declare module '../../context.js' {
  interface Services { homeContests?: HomeContests }
}

export const recentContests = (ctx: AppContext) => ctx.services.homeContests?.recent() ?? Promise.resolve([]);
export const recentOtherContests = (ctx: AppContext) => ctx.services.homeContests?.recentOther() ?? Promise.resolve([]);

/**
 * home-carousel: the web config's pictures in order as HOJ's rows `{id, url}`; `id` is the stored
 * file's id (what DELETE admin/config/home-carousel?id= takes), null for a picture given as a web address.
 */
export async function homeCarousel(ctx: AppContext): Promise<HomeCarouselVo[]> {
  const links = (await ctx.services.siteConfig.get('web')).carousel;
  const keys = links.filter((l) => l.startsWith('/public/carousel/')).map((l) => l.slice('/public/'.length));
  const rows = keys.length
    ? await ctx.db.selectFrom('file').select(['id', 'storage_key']).where('kind', '=', 'carousel').where('storage_key', 'in', keys).execute()
    : [];
  const idOf = new Map(rows.map((r) => [`/public/${r.storage_key}`, r.id]));
  return links.map((url) => ({ id: idOf.get(url) ?? null, url }));
}

/** The home page's site announcements: the visible ones, newest first. */
export const commonAnnouncements = (ctx: AppContext, currentPage: number, limit: number) => siteAnnouncementPage(ctx, currentPage, limit, true);

/** Local midnight `daysAgo` days before today. */
function dayStart(daysAgo: number) {
  const d = new Date(now());
  d.setHours(0, 0, 0, 0);
  d.setDate(d.getDate() - daysAgo);
  return d.getTime();
}

/**
 * A home-page figure whose cost grows with the site's data, kept per app instance (tests run
 * several in one process) and read again once older than `ttlMs`; callers arriving while it is
 * read share that read, so a flood of anonymous page views costs one query per minute.
 */
function keptPerApp<T>(ttlMs: number, read: (ctx: AppContext) => Promise<T>) {
  const kept = new WeakMap<AppContext, { at: number; value: Promise<T> }>();
  return (ctx: AppContext, fresh = false): Promise<T> => {
    const k = kept.get(ctx);
    if (k && !fresh && k.at > now() - ttlMs) return k.value;
    const value = read(ctx);
    kept.set(ctx, { at: now(), value });
    value.catch(() => kept.delete(ctx));
    return value;
  };
}

/**
 * Accepted and total submissions per day for the last seven days, today last; kept 60 s.
 * `forceRefresh` (HOJ's admin refresh) reads again: the route honours it for admin roles only.
 */
export const lastWeekSubmissionStatistics = keptPerApp(60_000, async (ctx): Promise<LastWeekSubmissionStatistics> => {
  const out: LastWeekSubmissionStatistics = { dateStrList: [], acCountList: [], totalCountList: [] };
  for (let i = 6; i >= 0; i--) {
    const from = dayStart(i), to = dayStart(i - 1);
    const row = await ctx.db.selectFrom('submission')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.sum<number>(eb.case().when('status', '=', JudgeStatus.ACCEPTED).then(1).else(0).end()).as('ac'),
      ])
      .where('submit_time', '>=', from).where('submit_time', '<', to).executeTakeFirstOrThrow();
    out.dateStrList.push(localDate(from));
    out.totalCountList.push(Number(row.total ?? 0));
    out.acCountList.push(Number(row.ac ?? 0));
  }
  return out;
});

export async function recentUpdatedProblems(ctx: AppContext): Promise<RecentProblemRow[]> {
  const rows = await ctx.db.selectFrom('problem').select(['id', 'problem_id', 'title', 'gmt_modified'])
    .where('auth', '=', ProblemAuth.PUBLIC).where('gid', '=', 0)
    .orderBy('gmt_modified', 'desc').orderBy('id', 'desc').limit(10).execute();
  return rows.map((r) => ({ pid: r.id, problemId: r.problem_id, title: r.title, gmtModified: r.gmt_modified }));
}

/** Users by distinct problems accepted outside contests in the last seven days; kept 60 s. */
export const recentSevenAcRank = keptPerApp(60_000, async (ctx): Promise<RecentAcRankRow[]> => {
  const rows = await ctx.db.selectFrom('user_accept')
    .innerJoin('user', 'user.id', 'user_accept.uid')
    .select((eb) => ['user.id as uid', 'user.username', 'user.avatar', 'user.title_name', 'user.title_color',
      eb.fn.count<number>('user_accept.pid').distinct().as('ac')])
    .where('user_accept.gmt_create', '>=', now() - 7 * DAY).where('user_accept.cid', '=', 0)
    .groupBy(['user.id', 'user.username', 'user.avatar', 'user.title_name', 'user.title_color'])
    .orderBy('ac', 'desc').orderBy('user.id', 'asc').limit(10).execute();
  return rows.map((r) => ({ uid: r.uid, username: r.username, avatar: r.avatar, ac: Number(r.ac), titleName: r.title_name, titleColor: r.title_color }));
});

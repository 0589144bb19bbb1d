import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contestRatingVo, idParam, ratingContestBody, ratingHistoryList, ratingRankPage, ratingRankQuery, userRatingQuery, userRatingVo, userRatingsList, userRatingsQuery,
} from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { answer } from '../../http/answer.js';
import { ok, page } from '../../http/envelope.js';
import { badRequest, notFound } from '../../http/errors.js';
import { ensureVisible, resolveGroupAdmin } from '../contest/access.js';
import { adminAreaContestOf, requestContest } from '../contest/guard.js';
import { findUser, historyOf, ratingRankPage as readRatingRankPage, ratingsOf, userRating } from './repo.js';
import type { RatingService } from './service.js';
import { publicRead } from '../account/throttle.js';

/** Contest ratings (issue 30): a user's rating and history, the rating ranking, a contest's changes, the admin's recompute and unrate. */
export async function ratingRoutes(app: FastifyInstance, ctx: AppContext, ratings: RatingService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const userOf = async (q: { uid?: number; username?: string }) => {
    if (q.uid === undefined && !q.username) throw badRequest('ratingUserRequired');
    const u = await findUser(ctx.db, q);
    if (!u) throw notFound('ratingUserNotFound');
    return u;
  };

  // The user home's chart: every rated contest of the user, oldest first.
  api.get('/get-user-rating-history', { config: { access: 'public' }, schema: { querystring: userRatingQuery, response: answer(ratingHistoryList) } }, async (req) => {
    const u = await userOf(req.query);
    const rows = await historyOf(ctx.db, u.id);
    return ok(rows.map((r) => ({
      cid: r.cid, title: r.title, rank: r.rank, oldRating: r.old_rating, newRating: r.new_rating, delta: r.delta, performance: r.performance,
      time: Number(r.contest_end),
    })));
  });

  // The user home's rating (and place among rated users).
  api.get('/get-user-rating', { config: { access: 'public' }, schema: { querystring: userRatingQuery, response: answer(userRatingVo) } }, async (req) => {
    const u = await userOf(req.query);
    const r = await userRating(ctx.db, u.id);
    return ok({ uid: u.id, username: u.username, rating: r?.rating ?? null, contests: r?.contests ?? 0, position: r?.position ?? null });
  });

  // Coloured names: the ratings of one list page's users in one read (unrated users left out).
  api.get('/get-user-ratings', { config: { access: 'public' }, schema: { querystring: userRatingsQuery, response: answer(userRatingsList) } }, async (req) => {
    const m = await ratingsOf(ctx.db, req.query.uids);
    return ok([...m].map(([uid, rating]) => ({ uid, rating })));
  });

  // The global rank's rating tab.
  api.get('/get-rating-rank', { config: { access: 'public' }, schema: { querystring: ratingRankQuery, response: answer(ratingRankPage) } }, async (req) => {
    await publicRead(ctx, req, 'rank');
    const q = req.query;
    const { rows, total } = await readRatingRankPage(ctx.db, { keyword: q.keyword || undefined, currentPage: q.currentPage, limit: q.limit });
    return ok(page(rows.map((r) => ({
      rank: r.rank, uid: r.id, username: r.username, nickname: r.nickname, avatar: r.avatar, titleName: r.title_name, titleColor: r.title_color,
      rating: r.rating, contests: r.contests,
    })), total, q.currentPage, q.limit));
  });

  // A contest's rating changes (its page's "Ratings" tab): public results of a visible contest.
  api.get('/get-contest-rating-changes', { config: { access: 'login', rule: 'contest' }, schema: { querystring: z.object({ cid: idParam }), response: answer(contestRatingVo) } }, async (req) => {
    const c = await requestContest(ctx, req, req.query.cid);
    await resolveGroupAdmin(req.user ?? null, c);
    ensureVisible(req.user ?? null, c);
    return ok(await ratings.contestRating(c));
  });

  // Re-runnable after a rejudge: replaces the earlier result.
  api.post('/admin/contest/calculate-rating', { config: { access: 'adminArea', rule: 'owner' }, schema: { body: ratingContestBody, response: answer(contestRatingVo) } }, async (req) => {
    const { c } = await adminAreaContestOf(ctx, req, req.body.cid);
    const cascade = await ratings.recompute(c);
    return ok({ ...(await ratings.contestRating(c)), cascade });
  });

  api.post('/admin/contest/unrate', { config: { access: 'adminArea', rule: 'owner' }, schema: { body: ratingContestBody, response: answer(contestRatingVo) } }, async (req) => {
    const { c } = await adminAreaContestOf(ctx, req, req.body.cid);
    const cascade = await ratings.unrate(c);
    return ok({ ...(await ratings.contestRating({ ...c, rated: 0 })), cascade });
  });
}

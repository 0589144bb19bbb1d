import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { ratingRoutes } from './routes.js';
import { RatingService } from './service.js';

declare module '../../context.js' {
  interface Services {
    /** Contest ratings (issue 30): tick() computes ended rated contests once; recompute(c), unrate(c). */
    rating: RatingService;
  }
}

/** Contest ratings: Codeforces' formula, computed once per rated contest by a job in the database. */
export default async function ratingModule(api: FastifyInstance, ctx: AppContext) {
  const ratings = new RatingService(ctx);
  ctx.services.rating = ratings;
  api.addHook('onReady', async () => { ratings.start(); });
  api.addHook('onClose', async () => { await ratings.stop(); });
  await ratingRoutes(api, ctx, ratings);
}

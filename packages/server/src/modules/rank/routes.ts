import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { globalRankPage, rankListQuery, userRankPosition } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { answer } from '../../http/answer.js';
import type { GlobalRankService } from './service.js';
import { publicRead } from '../account/throttle.js';

/** get-rank-list of spec 02 (anyone may read the ranks). */
export async function rankRoutes(app: FastifyInstance, ctx: AppContext, ranks: GlobalRankService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // The page's bytes are kept until the ranks change (serialised and compressed once, not per request).
  api.get('/get-rank-list', { config: { access: 'public' }, schema: { querystring: rankListQuery, response: answer(globalRankPage) } }, async (req, reply) => {
    await publicRead(ctx, req, 'rank');
    return (await ranks.pageBody(req.query)).send(req, reply);
  });

  // The user home's rank positions.
  api.get('/get-user-rank-position', { config: { access: 'public' }, schema: { querystring: z.object({ uid: z.coerce.number().int().positive() }), response: answer(userRankPosition) } }, async (req) => {
    await publicRead(ctx, req, 'rank');
    return ok(await ranks.userPositions(req.query.uid));
  });
}

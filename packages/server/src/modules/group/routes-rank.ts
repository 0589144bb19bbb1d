import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { groupRankPage, groupRankQuery } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { answer } from '../../http/answer.js';
import { requireUser } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { requireLevel } from './access.js';
import type { GroupRanks } from './rank.js';

/** The group rank (spec 03 §2.3): members only. */
export async function groupRankRoutes(app: FastifyInstance, ctx: AppContext, ranks: GroupRanks) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/get-group-rank-list', { config: { access: 'login', rule: 'groupMember' }, schema: { querystring: groupRankQuery, response: answer(groupRankPage) } }, async (req) => {
    const q = req.query;
    await requireLevel(ctx.db, requireUser(req), q.gid, 'member');
    return ok(await ranks.page(q.gid, q.type, q.currentPage, q.limit, q.searchUser));
  });
}

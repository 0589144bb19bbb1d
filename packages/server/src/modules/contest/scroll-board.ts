import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ContestType, contestScrollBoardInfoVo, medalCounts, optionalQueryBool } from '@verdict/shared';
import { answer } from '../../http/answer.js';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { badRequest } from '../../http/errors.js';
import { contestAdminOf } from './guard.js';
import { contestProblems } from './problems.js';
import { acmBuilder } from './rank/rank-acm.js';
import { viewKey } from './rank/rows.js';
import type { ContestRankService } from './rank/service.js';
import { toContestVo } from './repo.js';
import { sealedSubmissions } from './submission-repo.js';

/**
 * Scroll board (ICPC resolver) data for contest admins: the table as frozen at the seal, the final
 * table, and the sealed submissions to reveal; medals by the spec's percentages of the ranked total.
 */
export async function scrollBoardRoutes(app: FastifyInstance, ctx: AppContext, ranks: ContestRankService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/get-contest-scroll-board-info', { config: { access: 'login', rule: 'contestAdmin' },
    schema: { querystring: z.object({ cid: z.coerce.number().int().positive(), removeStar: optionalQueryBool }), response: answer(contestScrollBoardInfoVo) },
  }, async (req) => {
    const { c } = await contestAdminOf(ctx, req, req.query.cid);
    if (c.type !== ContestType.ACM) throw badRequest('contestAcmOnly');
    const model = await ranks.model(c.id);
    const sealAt = c.seal_rank === 1 ? c.seal_rank_time ?? c.start_time : c.end_time;
    const frozen = { sealFrom: sealAt - c.start_time, containsEnd: false };
    const final = { sealFrom: null, containsEnd: false };
    const keep = (r: { isStar: boolean }) => !req.query.removeStar || !r.isStar;
    const frozenRows = model.rankView(viewKey(c, frozen), () => acmBuilder(c, frozen)).filter(keep);
    const finalRows = model.rankView(viewKey(c, final), () => acmBuilder(c, final)).filter(keep);
    const rankedTotal = finalRows.filter((r) => !r.isStar).length;
    // Sealed submissions in time order: what the resolver uncovers.
    const reveals = await sealedSubmissions(ctx.db, c.id, sealAt, c.end_time);
    const problems = await contestProblems(ctx, c.id);
    return ok({
      contest: toContestVo(c),
      problemList: problems.map((p) => ({ pid: p.pid, displayId: p.display_id, displayTitle: p.display_title, color: p.color })),
      sealTime: sealAt,
      frozenRows: await ranks.wireRows(c, frozenRows),
      finalRows: await ranks.wireRows(c, finalRows),
      submissions: reveals.map((s) => ({ submitId: s.id, uid: s.uid, pid: s.pid, status: s.status, submitTime: s.submit_time })),
      medals: medalCounts(rankedTotal),
      rankedTotal,
    });
  });
}

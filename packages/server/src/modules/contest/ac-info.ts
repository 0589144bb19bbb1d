import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTEST_PAGE_SIZES, ContestType, contestAcInfoPage, noData } from '@verdict/shared';
import { answer } from '../../http/answer.js';
import type { AppContext } from '../../context.js';
import { ok, page } from '../../http/envelope.js';
import { badRequest, notFound } from '../../http/errors.js';
import { readAcInfoPage, setContestAcInfoChecked } from './ac-info-repo.js';
import { contestAdminOf } from './guard.js';

/** ACM AC helper: first solves (balloons) with first-blood marks and a checked toggle. */
export async function acInfoRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/get-contest-ac-info', { config: { access: 'login', rule: 'contestAdmin' },
    schema: { querystring: z.object({
      cid: z.coerce.number().int().positive(),
      currentPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
      limit: z.coerce.number().int().min(1).max(100).default(CONTEST_PAGE_SIZES.acInfo),
    }), response: answer(contestAcInfoPage) },
  }, async (req) => {
    const { c } = await contestAdminOf(ctx, req, req.query.cid);
    if (c.type !== ContestType.ACM) throw badRequest('contestAcmOnly');
    const { rows, total } = await readAcInfoPage(ctx.db, c.id, req.query.currentPage, req.query.limit);
    return ok(page(rows.map((r) => ({
      id: r.id, cid: r.cid, pid: r.pid, submitId: r.submit_id, submitTime: r.submit_time, displayId: r.display_id ?? '', color: r.color,
      firstBlood: r.first_blood === 1, username: r.username, realname: r.realname, checked: r.checked === 1,
    })), total, req.query.currentPage, req.query.limit));
  });

  api.put('/check-contest-ac-info', { config: { access: 'login', rule: 'contestAdmin' },
    schema: { body: z.object({ id: z.coerce.number().int().positive(), cid: z.coerce.number().int().positive(), checked: z.boolean() }), response: answer(noData) },
  }, async (req) => {
    await contestAdminOf(ctx, req, req.body.cid);
    if (!await setContestAcInfoChecked(ctx.db, req.body.cid, req.body.id, req.body.checked)) throw notFound('contestAcInfoNotFound');
    return ok(null);
  });
}

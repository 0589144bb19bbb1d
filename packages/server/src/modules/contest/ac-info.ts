import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTEST_PAGE_SIZES, ContestType, contestAcInfoPage, noData } from '@verdict/shared';
import { answer } from '../../http/answer.js';
import type { AppContext } from '../../context.js';
import { ok, page } from '../../http/envelope.js';
import { badRequest, notFound } from '../../http/errors.js';
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
    const base = ctx.db.selectFrom('contest_ac_info').where('contest_ac_info.cid', '=', c.id);
    const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .innerJoin('user', 'user.id', 'contest_ac_info.uid')
      .leftJoin('contest_problem', (j) => j.onRef('contest_problem.cid', '=', 'contest_ac_info.cid').onRef('contest_problem.pid', '=', 'contest_ac_info.pid'))
      .select(['contest_ac_info.id', 'contest_ac_info.cid', 'contest_ac_info.pid', 'contest_ac_info.submit_id', 'contest_ac_info.submit_time',
        'contest_ac_info.first_blood', 'contest_ac_info.checked', 'user.username', 'user.realname', 'contest_problem.display_id', 'contest_problem.color'])
      // Unchecked balloons first, oldest first: the order they should be delivered in.
      .orderBy('contest_ac_info.checked', 'asc').orderBy('contest_ac_info.submit_time', 'asc').orderBy('contest_ac_info.id', 'asc')
      .limit(req.query.limit).offset((req.query.currentPage - 1) * req.query.limit).execute();
    return ok(page(rows.map((r) => ({
      id: r.id, cid: r.cid, pid: r.pid, submitId: r.submit_id, submitTime: r.submit_time, displayId: r.display_id ?? '', color: r.color,
      firstBlood: r.first_blood === 1, username: r.username, realname: r.realname, checked: r.checked === 1,
    })), Number(n), req.query.currentPage, req.query.limit));
  });

  api.put('/check-contest-ac-info', { config: { access: 'login', rule: 'contestAdmin' },
    schema: { body: z.object({ id: z.coerce.number().int().positive(), cid: z.coerce.number().int().positive(), checked: z.boolean() }), response: answer(noData) },
  }, async (req) => {
    await contestAdminOf(ctx, req, req.body.cid);
    const res = await ctx.db.updateTable('contest_ac_info').set({ checked: req.body.checked ? 1 : 0 })
      .where('id', '=', req.body.id).where('cid', '=', req.body.cid).executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw notFound('contestAcInfoNotFound');
    return ok(null);
  });
}

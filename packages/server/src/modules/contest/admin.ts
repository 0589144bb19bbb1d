import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AwardType, ContestAuth, DEFAULT_ACCOUNT_LIMIT, DEFAULT_AWARDS, contestFormSchema, defaultSealChoice, formatAccountLimitRule, isRoot,
  adminContestVo, adminContestVoPage, createdIdVo, noData, queryBool, sealRankTimeFor, validateContestForm, type ContestForm,
} from '@verdict/shared';
import { answer } from '../../http/answer.js';
import type { AppContext } from '../../context.js';
import { requireAdminArea } from '../../http/auth.js';
import { ok, page } from '../../http/envelope.js';
import { AppError, badRequest } from '../../http/errors.js';
import { now } from '../../lib/time.js';
import { adminAreaContestOf } from './guard.js';
import { adminContestPage, contestsChanged, deleteContestWithRecords, insertContest, participantCounts, toContestAdminVo, updateContest } from './repo.js';
import type { ContestRankService } from './rank/service.js';
import type { ContestRow } from './tables.js';


/** Spec 03 form rules in order, then the stored columns (group contests use it too). */
export function columnsOf(f: ContestForm) {
  const err = validateContestForm(f);
  if (err) throw new AppError(400, err.key, err.vars ?? {});
  const start = f.startTime!, end = f.endTime!;
  const duration = end - start;
  const choice = f.sealRankChoice ?? defaultSealChoice(f.type, duration);
  const awards = f.awardType !== AwardType.NONE && f.awardConfigList.length === 0 ? [...DEFAULT_AWARDS] : f.awardConfigList;
  return {
    title: f.title.trim(), description: f.description, type: f.type, auth: f.auth,
    pwd: f.auth === ContestAuth.PUBLIC ? null : (f.pwd ?? '').trim(),
    start_time: start, end_time: end, duration,
    seal_rank: f.sealRank ? 1 : 0, seal_rank_time: f.sealRank ? sealRankTimeFor(choice, start, end) : null,
    auto_real_rank: f.autoRealRank ? 1 : 0, open_rank: f.openRank ? 1 : 0, open_print: f.openPrint ? 1 : 0,
    allow_end_submit: f.allowEndSubmit ? 1 : 0, rank_show_name: f.rankShowName,
    open_account_limit: f.openAccountLimit ? 1 : 0,
    account_limit_rule: f.openAccountLimit ? formatAccountLimitRule(f.accountLimitRule ?? DEFAULT_ACCOUNT_LIMIT) : null,
    star_account: JSON.stringify(f.starAccount.map((s) => s.trim()).filter(Boolean)),
    oi_rank_score_type: f.oiRankScoreType, award_type: f.awardType, award_config: JSON.stringify(awards),
    visible: f.visible ? 1 : 0,
    rated: f.rated ? 1 : 0,
  };
}

/** Admin contest list, create, edit, visibility and delete (spec 03 "contest management"). */
export async function adminContestRoutes(app: FastifyInstance, ctx: AppContext, ranks: ContestRankService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/admin/contest/get-contest-list', { config: { access: 'adminArea', rule: 'owner' },
    schema: { querystring: z.object({
      currentPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
      limit: z.coerce.number().int().min(1).max(100).default(10),
      keyword: z.string().max(100).optional(),
    }), response: answer(adminContestVoPage) },
  }, async (req) => {
    const user = requireAdminArea(req);
    const { rows, total } = await adminContestPage(ctx.db, {
      // Other admin roles manage the contests they created; the super admin manages all.
      ownerUid: isRoot(user.roles) ? undefined : user.uid,
      keyword: req.query.keyword?.trim() || undefined, currentPage: req.query.currentPage, limit: req.query.limit,
    });
    const counts = await participantCounts(ctx.db, rows.map((r) => r.id));
    return ok(page(rows.map((r) => toContestAdminVo(r, counts.get(r.id) ?? 0)), total, req.query.currentPage, req.query.limit));
  });

  api.get('/admin/contest', { config: { access: 'adminArea', rule: 'owner' }, schema: { querystring: z.object({ cid: z.coerce.number().int().positive() }), response: answer(adminContestVo) } }, async (req) => {
    const { c } = await adminAreaContestOf(ctx, req, req.query.cid);
    return ok(toContestAdminVo(c));
  });

  api.post('/admin/contest', { config: { access: 'adminArea', rule: 'owner' }, schema: { body: contestFormSchema, response: answer(createdIdVo) } }, async (req) => {
    const user = requireAdminArea(req);
    const cols = columnsOf(req.body);
    const t = now();
    const id = await insertContest(ctx.db, { ...cols, uid: user.uid, author: user.username, gid: req.body.gid ?? 0, rank_ver: 0, gmt_create: t, gmt_modified: t });
    await contestsChanged(ctx);
    return ok({ id });
  });

  api.put('/admin/contest', { config: { access: 'adminArea', rule: 'owner' }, schema: { body: contestFormSchema, response: answer(noData) } }, async (req) => {
    if (!req.body.id) throw badRequest('badRequest');
    const { c } = await adminAreaContestOf(ctx, req, req.body.id);
    // The rule type is fixed once created: ranks and problems are built for it.
    if (req.body.type !== c.type) throw badRequest('contestTypeLocked');
    const cols = columnsOf(req.body);
    await updateContest(ctx.db, c.id, { ...cols, gmt_modified: Math.max(now(), c.gmt_modified + 1) });
    await contestsChanged(ctx);
    // Cells keep times relative to the start: a moved start means recomputing them.
    // Star users change who may take first blood.
    if (cols.start_time !== c.start_time || cols.end_time !== c.end_time || cols.star_account !== c.star_account) {
      await ranks.rebuild({ ...c, ...cols } as ContestRow);
    }
    return ok(null);
  });

  api.put('/admin/contest/change-contest-visible', { config: { access: 'adminArea', rule: 'owner' },
    schema: { querystring: z.object({ cid: z.coerce.number().int().positive(), visible: queryBool }), response: answer(noData) },
  }, async (req) => {
    const { c } = await adminAreaContestOf(ctx, req, req.query.cid);
    await updateContest(ctx.db, c.id, { visible: req.query.visible ? 1 : 0, gmt_modified: Math.max(now(), c.gmt_modified + 1) });
    await contestsChanged(ctx);
    return ok(null);
  });

  api.delete('/admin/contest', { config: { access: 'adminArea', rule: 'owner' }, schema: { querystring: z.object({ cid: z.coerce.number().int().positive() }), response: answer(noData) } }, async (req) => {
    const { c } = await adminAreaContestOf(ctx, req, req.query.cid);
    await deleteContestWithRecords(ctx.db, c.id);
    await contestsChanged(ctx);
    ranks.models.drop(c.id);
    return ok(null);
  });
}

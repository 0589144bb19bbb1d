import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bankTagVo, idQuery, noData, ojQuery, problemBankOf, problemTagVo, tagBody, tagClassificationBody, tagClassificationRowVo } from '@verdict/shared';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { answer } from '../../http/answer.js';
import { badRequest, notFound } from '../../http/errors.js';
import { now } from '../../lib/time.js';
import { invalidateProblemList } from '../problem/list-cache.js';
import { listTagsWithClassification } from './service.js';

/** Admin CRUD of tags and tag classifications (all admin roles). */
export default async function tagRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { config: { access: 'adminArea' } } as const;


  const nameTaken = async (name: string, oj: string, exceptId?: number) => {
    const row = await ctx.db.selectFrom('tag').select('id').where('name', '=', name).where('oj', '=', oj).where('gid', '=', 0).executeTakeFirst();
    return !!row && row.id !== exceptId;
  };

  const classificationTaken = async (name: string, oj: string, exceptId?: number) => {
    const row = await ctx.db.selectFrom('tag_classification').select('id').where('name', '=', name).where('oj', '=', oj).executeTakeFirst();
    return !!row && row.id !== exceptId;
  };
  const checkClassification = async (id: number | null | undefined) => {
    if (id && !(await ctx.db.selectFrom('tag_classification').select('id').where('id', '=', id).executeTakeFirst())) throw badRequest('tagClassificationNotFound');
  };

  api.get('/admin/tag', { ...admin, schema: { querystring: ojQuery, response: answer(z.array(problemTagVo)) } }, async (req) => {
    return ok(await listTagsWithClassification(ctx, problemBankOf(req.query.oj)));
  });
  api.post('/admin/tag', { ...admin, schema: { body: tagBody, response: answer(bankTagVo) } }, async (req) => {
    const b = req.body;
    const oj = b.oj.toUpperCase();
    if (await nameTaken(b.name, oj)) throw badRequest('tagExists', { name: b.name });
    await checkClassification(b.classificationId);
    const row = await ctx.db.insertInto('tag').values({ name: b.name, color: b.color ?? null, oj, gid: 0, classification_id: b.classificationId ?? null, gmt_create: now() })
      .returning(['id', 'name', 'color', 'oj', 'classification_id as classificationId']).executeTakeFirstOrThrow();
    invalidateProblemList(); // tag names and colours show in cached list pages
    return ok(row);
  });
  api.put('/admin/tag', { ...admin, schema: { body: tagBody, response: answer(noData) } }, async (req) => {
    const b = req.body;
    if (!b.id) throw badRequest('tagNotFound');
    const oj = b.oj.toUpperCase();
    if (await nameTaken(b.name, oj, b.id)) throw badRequest('tagExists', { name: b.name });
    await checkClassification(b.classificationId);
    const r = await ctx.db.updateTable('tag').set({ name: b.name, color: b.color ?? null, oj, classification_id: b.classificationId ?? null }).where('id', '=', b.id).executeTakeFirst();
    if (!Number(r.numUpdatedRows)) throw notFound('tagNotFound');
    invalidateProblemList(); // tag names and colours show in cached list pages
    return ok(null);
  });
  api.delete('/admin/tag', { ...admin, schema: { querystring: idQuery, response: answer(noData) } }, async (req) => {
    await ctx.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('problem_tag').where('tid', '=', req.query.id).execute();
      await trx.deleteFrom('tag').where('id', '=', req.query.id).execute();
    });
    invalidateProblemList(); // tag names and colours show in cached list pages
    return ok(null);
  });

  api.get('/admin/tag/classification', { ...admin, schema: { querystring: ojQuery, response: answer(z.array(tagClassificationRowVo)) } }, async (req) => {
    let q = ctx.db.selectFrom('tag_classification').selectAll().orderBy('rank').orderBy('id');
    if (req.query.oj) q = q.where('oj', '=', req.query.oj.toUpperCase());
    return ok(await q.execute());
  });
  api.post('/admin/tag/classification', { ...admin, schema: { body: tagClassificationBody, response: answer(tagClassificationRowVo) } }, async (req) => {
    const b = req.body;
    if (await classificationTaken(b.name, b.oj.toUpperCase())) throw badRequest('tagClassificationExists', { name: b.name });
    const row = await ctx.db.insertInto('tag_classification').values({ name: b.name, oj: b.oj.toUpperCase(), rank: b.rank, gmt_create: now() })
      .returningAll().executeTakeFirstOrThrow();
    invalidateProblemList(); // tag names and colours show in cached list pages
    return ok(row);
  });
  api.put('/admin/tag/classification', { ...admin, schema: { body: tagClassificationBody, response: answer(noData) } }, async (req) => {
    const b = req.body;
    if (!b.id) throw notFound('tagClassificationNotFound');
    if (await classificationTaken(b.name, b.oj.toUpperCase(), b.id)) throw badRequest('tagClassificationExists', { name: b.name });
    const r = await ctx.db.updateTable('tag_classification').set({ name: b.name, oj: b.oj.toUpperCase(), rank: b.rank }).where('id', '=', b.id).executeTakeFirst();
    if (!Number(r.numUpdatedRows)) throw notFound('tagClassificationNotFound');
    invalidateProblemList(); // tag names and colours show in cached list pages
    return ok(null);
  });
  api.delete('/admin/tag/classification', { ...admin, schema: { querystring: idQuery, response: answer(noData) } }, async (req) => {
    await ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('tag').set({ classification_id: null }).where('classification_id', '=', req.query.id).execute();
      await trx.deleteFrom('tag_classification').where('id', '=', req.query.id).execute();
    });
    invalidateProblemList(); // tag names and colours show in cached list pages
    return ok(null);
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bankTagVo, idQuery, noData, ojQuery, problemBankOf, problemTagVo, tagBody, tagClassificationBody, tagClassificationRowVo } from '@verdict/shared';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { answer } from '../../http/answer.js';
import { badRequest, notFound } from '../../http/errors.js';
import { invalidateProblemList } from '../problem/list-cache.js';
import {
  classificationExists, classificationNameTaken, deleteClassification, deleteTag, insertClassification, insertTag, listClassifications,
  listTagsWithClassification, tagNameTaken, updateClassification, updateTag,
} from './service.js';

/** Admin CRUD of tags and tag classifications (all admin roles). */
export default async function tagRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { config: { access: 'adminArea' } } as const;

  const checkClassification = async (id: number | null | undefined) => {
    if (id && !(await classificationExists(ctx, id))) throw badRequest('tagClassificationNotFound');
  };

  api.get('/admin/tag', { ...admin, schema: { querystring: ojQuery, response: answer(z.array(problemTagVo)) } }, async (req) => {
    return ok(await listTagsWithClassification(ctx, problemBankOf(req.query.oj)));
  });
  api.post('/admin/tag', { ...admin, schema: { body: tagBody, response: answer(bankTagVo) } }, async (req) => {
    const b = req.body;
    const oj = b.oj.toUpperCase();
    if (await tagNameTaken(ctx, b.name, oj)) throw badRequest('tagExists', { name: b.name });
    await checkClassification(b.classificationId);
    const row = await insertTag(ctx, { name: b.name, color: b.color ?? null, oj, classificationId: b.classificationId ?? null });
    invalidateProblemList(); // tag names and colours show in cached list pages
    return ok(row);
  });
  api.put('/admin/tag', { ...admin, schema: { body: tagBody, response: answer(noData) } }, async (req) => {
    const b = req.body;
    if (!b.id) throw badRequest('tagNotFound');
    const oj = b.oj.toUpperCase();
    if (await tagNameTaken(ctx, b.name, oj, b.id)) throw badRequest('tagExists', { name: b.name });
    await checkClassification(b.classificationId);
    if (!(await updateTag(ctx, b.id, { name: b.name, color: b.color ?? null, oj, classificationId: b.classificationId ?? null }))) throw notFound('tagNotFound');
    invalidateProblemList(); // tag names and colours show in cached list pages
    return ok(null);
  });
  api.delete('/admin/tag', { ...admin, schema: { querystring: idQuery, response: answer(noData) } }, async (req) => {
    await deleteTag(ctx, req.query.id);
    invalidateProblemList(); // tag names and colours show in cached list pages
    return ok(null);
  });

  api.get('/admin/tag/classification', { ...admin, schema: { querystring: ojQuery, response: answer(z.array(tagClassificationRowVo)) } }, async (req) => {
    return ok(await listClassifications(ctx, req.query.oj ? req.query.oj.toUpperCase() : undefined));
  });
  api.post('/admin/tag/classification', { ...admin, schema: { body: tagClassificationBody, response: answer(tagClassificationRowVo) } }, async (req) => {
    const b = req.body;
    if (await classificationNameTaken(ctx, b.name, b.oj.toUpperCase())) throw badRequest('tagClassificationExists', { name: b.name });
    const row = await insertClassification(ctx, { name: b.name, oj: b.oj.toUpperCase(), rank: b.rank });
    invalidateProblemList(); // tag names and colours show in cached list pages
    return ok(row);
  });
  api.put('/admin/tag/classification', { ...admin, schema: { body: tagClassificationBody, response: answer(noData) } }, async (req) => {
    const b = req.body;
    if (!b.id) throw notFound('tagClassificationNotFound');
    if (await classificationNameTaken(ctx, b.name, b.oj.toUpperCase(), b.id)) throw badRequest('tagClassificationExists', { name: b.name });
    if (!(await updateClassification(ctx, b.id, { name: b.name, oj: b.oj.toUpperCase(), rank: b.rank }))) throw notFound('tagClassificationNotFound');
    invalidateProblemList(); // tag names and colours show in cached list pages
    return ok(null);
  });
  api.delete('/admin/tag/classification', { ...admin, schema: { querystring: idQuery, response: answer(noData) } }, async (req) => {
    await deleteClassification(ctx, req.query.id);
    invalidateProblemList(); // tag names and colours show in cached list pages
    return ok(null);
  });
}

import type { BankTagVo, ProblemTagVo, TagClassificationRowVo } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/time.js';

/** Classifications of one bank (problemBankOf; 'ALL' is every bank) with their tags, plus the unclassified tags under a null classification. */
export async function listTagsWithClassification(ctx: AppContext, oj: string): Promise<ProblemTagVo[]> {
  let classQ = ctx.db.selectFrom('tag_classification').select(['id', 'name', 'oj', 'rank']);
  let tagQ = ctx.db.selectFrom('tag').select(['id', 'name', 'color', 'oj', 'classification_id']).where('gid', '=', 0);
  if (oj !== 'ALL') {
    classQ = classQ.where('oj', '=', oj);
    tagQ = tagQ.where('oj', '=', oj);
  }
  const [classes, tags] = await Promise.all([classQ.orderBy('rank').orderBy('id').execute(), tagQ.orderBy('id').execute()]);
  const tagView = (t: (typeof tags)[number]): BankTagVo => ({ id: t.id, name: t.name, color: t.color, oj: t.oj, classificationId: t.classification_id });
  const known = new Set(classes.map((c) => c.id));
  const out: ProblemTagVo[] = classes.map((c) => ({
    classification: c, tagList: tags.filter((t) => t.classification_id === c.id).map(tagView),
  }));
  const rest = tags.filter((t) => t.classification_id == null || !known.has(t.classification_id));
  if (rest.length) out.push({ classification: null, tagList: rest.map(tagView) });
  return out;
}

/** A site tag (no group) of this name in this bank exists, other than `exceptId`. */
export async function tagNameTaken(ctx: AppContext, name: string, oj: string, exceptId?: number) {
  const row = await ctx.db.selectFrom('tag').select('id').where('name', '=', name).where('oj', '=', oj).where('gid', '=', 0).executeTakeFirst();
  return !!row && row.id !== exceptId;
}

/** A classification of this name in this bank exists, other than `exceptId`. */
export async function classificationNameTaken(ctx: AppContext, name: string, oj: string, exceptId?: number) {
  const row = await ctx.db.selectFrom('tag_classification').select('id').where('name', '=', name).where('oj', '=', oj).executeTakeFirst();
  return !!row && row.id !== exceptId;
}

export async function classificationExists(ctx: AppContext, id: number) {
  return !!(await ctx.db.selectFrom('tag_classification').select('id').where('id', '=', id).executeTakeFirst());
}

export interface TagValues { name: string; color: string | null; oj: string; classificationId: number | null }

/** Creates a site tag; answers it as the tag lists show it. */
export async function insertTag(ctx: AppContext, t: TagValues): Promise<BankTagVo> {
  return ctx.db.insertInto('tag').values({ name: t.name, color: t.color, oj: t.oj, gid: 0, classification_id: t.classificationId, gmt_create: now() })
    .returning(['id', 'name', 'color', 'oj', 'classification_id as classificationId']).executeTakeFirstOrThrow();
}

/** Updates a tag; false when there is no such tag. */
export async function updateTag(ctx: AppContext, id: number, t: TagValues): Promise<boolean> {
  const r = await ctx.db.updateTable('tag').set({ name: t.name, color: t.color, oj: t.oj, classification_id: t.classificationId }).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Deletes a tag and takes it off every problem. */
export async function deleteTag(ctx: AppContext, id: number) {
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('problem_tag').where('tid', '=', id).execute();
    await trx.deleteFrom('tag').where('id', '=', id).execute();
  });
}

/** A classification as answered (HOJ's TagClassification: camelCase, gmtCreate in ms). */
const CLASSIFICATION_COLUMNS = ['id', 'name', 'oj', 'rank', 'gmt_create as gmtCreate'] as const;

/** Classifications (of one bank when given, upper case), by rank then id. */
export async function listClassifications(ctx: AppContext, oj?: string): Promise<TagClassificationRowVo[]> {
  let q = ctx.db.selectFrom('tag_classification').select(CLASSIFICATION_COLUMNS).orderBy('rank').orderBy('id');
  if (oj) q = q.where('oj', '=', oj);
  return q.execute();
}

export async function insertClassification(ctx: AppContext, c: { name: string; oj: string; rank: number }): Promise<TagClassificationRowVo> {
  return ctx.db.insertInto('tag_classification').values({ name: c.name, oj: c.oj, rank: c.rank, gmt_create: now() }).returning(CLASSIFICATION_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Updates a classification; false when there is no such one. */
export async function updateClassification(ctx: AppContext, id: number, c: { name: string; oj: string; rank: number }): Promise<boolean> {
  const r = await ctx.db.updateTable('tag_classification').set({ name: c.name, oj: c.oj, rank: c.rank }).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Deletes a classification; its tags become unclassified. */
export async function deleteClassification(ctx: AppContext, id: number) {
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('tag').set({ classification_id: null }).where('classification_id', '=', id).execute();
    await trx.deleteFrom('tag_classification').where('id', '=', id).execute();
  });
}

import type { BankTagVo, ProblemTagVo } from '@verdict/shared';
import type { AppContext } from '../../context.js';

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

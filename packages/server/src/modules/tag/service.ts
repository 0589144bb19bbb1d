import type { AppContext } from '../../context.js';

/** Classifications of one oj with their tags, plus the unclassified tags under a null classification. */
export async function listTagsWithClassification(ctx: AppContext, oj: string) {
  const [classes, tags] = await Promise.all([
    ctx.db.selectFrom('tag_classification').select(['id', 'name', 'oj', 'rank']).where('oj', '=', oj).orderBy('rank').orderBy('id').execute(),
    ctx.db.selectFrom('tag').select(['id', 'name', 'color', 'oj', 'classification_id']).where('oj', '=', oj).where('gid', '=', 0).orderBy('id').execute(),
  ]);
  const tagView = (t: (typeof tags)[number]) => ({ id: t.id, name: t.name, color: t.color, oj: t.oj, classificationId: t.classification_id });
  const known = new Set(classes.map((c) => c.id));
  const out: { classification: { id: number; name: string; oj: string; rank: number } | null; tagList: ReturnType<typeof tagView>[] }[] = classes.map((c) => ({
    classification: c, tagList: tags.filter((t) => t.classification_id === c.id).map(tagView),
  }));
  const rest = tags.filter((t) => t.classification_id == null || !known.has(t.classification_id));
  if (rest.length) out.push({ classification: null, tagList: rest.map(tagView) });
  return out;
}

import { TrainingAuth, type TrainingAdminVo, type TrainingAuthValue, type TrainingCategoryVo, type TrainingVo } from '@verdict/shared';
import type { Db } from '../../db/index.js';
import { notFound } from '../../http/errors.js';
import type { TrainingCategoryRow, TrainingRow } from './tables.js';

export const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export async function findTraining(db: Db, tid: number): Promise<TrainingRow | undefined> {
  return db.selectFrom('training').selectAll().where('id', '=', tid).executeTakeFirst();
}

export async function getTraining(db: Db, tid: number): Promise<TrainingRow> {
  const t = await findTraining(db, tid);
  if (!t) throw notFound('trainingNotFound');
  return t;
}

/** Removes a training with its problems, registrations, participants and rank cells, in one transaction. */
export async function deleteTraining(db: Db, tid: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const table of ['training_rank_cell', 'training_participant', 'training_register', 'training_problem'] as const) {
      await trx.deleteFrom(table).where('tid', '=', tid).execute();
    }
    await trx.deleteFrom('training').where('id', '=', tid).execute();
  });
}

export async function getCategory(db: Db, id: number): Promise<TrainingCategoryRow> {
  const c = await db.selectFrom('training_category').selectAll().where('id', '=', id).executeTakeFirst();
  if (!c) throw notFound('trainingCategoryNotFound');
  return c;
}

export const toCategoryVo = (c: TrainingCategoryRow): TrainingCategoryVo => ({ id: c.id, name: c.name, color: c.color, gid: c.gid || null });

/**
 * Problems a training shows: its public problems that still exist (a problem made private
 * or deleted drops out of lists, counts and ranks), in training order.
 */
export async function visibleProblems(db: Db, tid: number) {
  return db.selectFrom('training_problem').innerJoin('problem', 'problem.id', 'training_problem.pid')
    .select(['training_problem.id as tpid', 'training_problem.pid', 'training_problem.display_id', 'training_problem.rank',
      'problem.problem_id', 'problem.title', 'problem.difficulty', 'problem.type'])
    .where('training_problem.tid', '=', tid).where('problem.auth', '=', 1)
    .orderBy('training_problem.rank', 'asc').orderBy('training_problem.id', 'asc').execute();
}

/** Public problem counts per training. */
export async function problemCounts(db: Db, tids: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!tids.length) return out;
  const rows = await db.selectFrom('training_problem').innerJoin('problem', 'problem.id', 'training_problem.pid')
    .select((eb) => ['training_problem.tid', eb.fn.countAll<number>().as('n')])
    .where('training_problem.tid', 'in', tids).where('problem.auth', '=', 1).groupBy('training_problem.tid').execute();
  for (const r of rows) out.set(r.tid, Number(r.n));
  return out;
}

/** The user's progress per training: public training problems they solved outside contests. */
export async function acCounts(db: Db, uid: number, tids: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!tids.length) return out;
  const rows = await db.selectFrom('training_problem').innerJoin('problem', 'problem.id', 'training_problem.pid')
    .innerJoin('user_accept', (j) => j.onRef('user_accept.pid', '=', 'training_problem.pid').on('user_accept.uid', '=', uid).on('user_accept.cid', '=', 0))
    .select((eb) => ['training_problem.tid', eb.fn.count<number>('training_problem.pid').distinct().as('n')])
    .where('training_problem.tid', 'in', tids).where('problem.auth', '=', 1).groupBy('training_problem.tid').execute();
  for (const r of rows) out.set(r.tid, Number(r.n));
  return out;
}

export function toTrainingVo(t: TrainingRow, c: TrainingCategoryRow | undefined, problemCount: number, acCount: number): TrainingVo {
  return {
    id: t.id, rank: t.rank, title: t.title, description: t.description, auth: t.auth as TrainingAuthValue, author: t.author,
    categoryId: c?.id ?? null, categoryName: c?.name ?? null, categoryColor: c?.color ?? null,
    problemCount, acCount, gid: t.gid || null, rankShowName: t.rank_show_name, gmtModified: t.gmt_modified,
  };
}

/** HOJ's Training entity as the admin form reads it (password included: admins only). */
export function toTrainingAdminVo(t: TrainingRow): TrainingAdminVo {
  return {
    id: t.id, rank: t.rank, title: t.title, description: t.description, auth: t.auth as TrainingAuthValue,
    privatePwd: t.auth === TrainingAuth.PRIVATE ? t.private_pwd ?? '' : '', status: t.status === 1, author: t.author,
    gid: t.gid || null, rankShowName: t.rank_show_name, gmtCreate: t.gmt_create, gmtModified: t.gmt_modified,
  };
}

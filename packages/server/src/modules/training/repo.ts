import {
  TrainingAuth, parseTrainingRank, validateTrainingForm, type TrainingAdminRow, type TrainingAdminVo, type TrainingAuthValue, type TrainingCategoryVo,
  type TrainingDtoBody, type TrainingListQuery, type TrainingProblemListVo, type TrainingVo, type UserTrainingVo,
} from '@verdict/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { page } from '../../http/envelope.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { containsText } from '../../lib/like.js';
import { now } from '../../lib/time.js';
import { problemAdded, problemRemoved } from './progress.js';
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

// ---- the training form (admin and group training screens) -----------------------------------

/** Spec 03 §5's training form checked in order, the category checked to exist; the columns to store. */
export async function trainingColumns(db: Db, body: TrainingDtoBody) {
  const f = body.training;
  const categoryId = body.trainingCategory?.id ?? null;
  const err = validateTrainingForm(f, categoryId);
  if (err) throw badRequest(err);
  await getCategory(db, categoryId!);
  return {
    rank: parseTrainingRank(f.rank)!, title: f.title!.trim(), description: f.description!, auth: f.auth,
    private_pwd: f.auth === TrainingAuth.PRIVATE ? f.privatePwd!.trim() : null, status: f.status ? 1 : 0,
    category_id: categoryId!, rank_show_name: f.rankShowName,
  };
}

/** Saves an edited training form; a new password shuts out those who entered with the old one (their progress stays). */
export async function updateTraining(db: Db, old: TrainingRow, cols: Awaited<ReturnType<typeof trainingColumns>>) {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('training').set({ ...cols, gmt_modified: now() }).where('id', '=', old.id).execute();
    if (cols.auth === TrainingAuth.PRIVATE && cols.private_pwd !== old.private_pwd) {
      await trx.deleteFrom('training_register').where('tid', '=', old.id).execute();
    }
  });
}

// ---- a training's problems (admin and group training screens) ------------------------------

/**
 * The training's problem list changed (a problem added, removed, reordered or given another
 * display ID): its last-modified time (spec 02) moves, and so does its rank version, so the rank
 * of every server process re-reads the problems at its next request (rank.ts) instead of after
 * its profile refresh.
 */
export async function problemsChanged(db: Db, tid: number) {
  await db.updateTable('training').set((eb) => ({ gmt_modified: now(), rank_ver: eb('rank_ver', '+', 1) })).where('id', '=', tid).execute();
}

/**
 * HOJ's training problem list of the admin and group screens: the training's problems in training
 * order (queryExisted), or the candidates to add: public problems not in it yet, the site's and,
 * for a group training, its group's. `trainingProblemMap` links each problem to its training row.
 */
export async function trainingProblemList(db: Db, t: TrainingRow, q: { queryExisted: boolean; keyword?: string | null; currentPage: number; limit: number }): Promise<TrainingProblemListVo> {
  const tps = await db.selectFrom('training_problem').selectAll().where('tid', '=', t.id).execute();
  const map = Object.fromEntries(tps.map((tp) => [tp.pid, { id: tp.id, tid: tp.tid, pid: tp.pid, displayId: tp.display_id, rank: tp.rank }]));
  const pids = tps.map((tp) => tp.pid);
  let base = db.selectFrom('problem');
  if (q.queryExisted) base = base.where('problem.id', 'in', pids.length ? pids : [0]);
  else {
    base = base.where('problem.auth', '=', 1).where('problem.gid', 'in', [...new Set([0, t.gid])]);
    if (pids.length) base = base.where('problem.id', 'not in', pids);
  }
  if (q.keyword) {
    const kw = q.keyword;
    base = base.where((eb) => eb.or([containsText('problem.title', kw), containsText('problem.problem_id', kw)]));
  }
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  let rows = await base.leftJoin('user', 'user.id', 'problem.author_uid')
    .select(['problem.id', 'problem.problem_id', 'problem.title', 'problem.auth', 'problem.type', 'problem.difficulty', 'problem.gid', 'problem.gmt_modified',
      'user.username as author'])
    .orderBy('problem.id').execute();
  if (q.queryExisted) rows = rows.sort((a, b) => (map[a.id].rank - map[b.id].rank) || (map[a.id].id - map[b.id].id));
  const from = (q.currentPage - 1) * q.limit;
  const records = rows.slice(from, from + q.limit).map((p) => ({
    id: p.id, problemId: p.problem_id, title: p.title, auth: p.auth, type: p.type, difficulty: p.difficulty, author: p.author ?? null, gid: p.gid || null,
    gmtModified: p.gmt_modified,
  }));
  return { problemList: page(records, Number(n), q.currentPage, q.limit), trainingProblemMap: map };
}

/** Adds a problem at the end of the training under `displayId`; a problem or display ID already there is refused. */
export async function addTrainingProblem(db: Db, t: TrainingRow, p: { id: number }, displayId: string) {
  const dup = await db.selectFrom('training_problem').select('id').where('tid', '=', t.id)
    .where((eb) => eb.or([eb('pid', '=', p.id), eb('display_id', '=', displayId)])).executeTakeFirst();
  if (dup) throw badRequest('trainingProblemExists');
  const last = await db.selectFrom('training_problem').select((eb) => eb.fn.max('rank').as('r')).where('tid', '=', t.id).executeTakeFirst();
  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('training_problem').values({
        tid: t.id, pid: p.id, display_id: displayId, rank: Number(last?.r ?? 0) + 1, gmt_create: now(), gmt_modified: now(),
      }).execute();
      await problemsChanged(trx, t.id);
    });
  } catch (e) {
    // Two admins adding the same problem at once: the unique index refuses the second.
    if (e instanceof AppError) throw e;
    throw badRequest('trainingProblemExists');
  }
  await problemAdded(db, t.id, p.id);
}

/** Adds a public site problem (HOJ's "add from public"), under `displayId` or else its own problem ID. */
export async function addPublicProblem(db: Db, t: TrainingRow, pid: number, displayId?: string | null) {
  const p = await db.selectFrom('problem').select(['id', 'problem_id', 'auth', 'gid']).where('id', '=', pid).executeTakeFirst();
  if (!p) throw notFound('problemNotFound');
  if (p.auth !== 1 || p.gid !== 0) throw badRequest('trainingProblemNotPublic');
  await addTrainingProblem(db, t, p, displayId?.trim() || p.problem_id);
}

/** A training problem row; the caller checks who may change its training. */
export async function getTrainingProblem(db: Db, id: number) {
  const tp = await db.selectFrom('training_problem').selectAll().where('id', '=', id).executeTakeFirst();
  if (!tp) throw notFound('trainingProblemNotInTraining');
  return tp;
}

/** Sets a training problem's order (rank) and display ID (kept when blank; another problem's is refused). */
export async function updateTrainingProblem(db: Db, tp: { id: number; tid: number; display_id: string }, rank: number, displayIdIn?: string | null) {
  const displayId = displayIdIn?.trim() || tp.display_id;
  if (displayId !== tp.display_id) {
    const dup = await db.selectFrom('training_problem').select('id').where('tid', '=', tp.tid).where('display_id', '=', displayId).executeTakeFirst();
    if (dup) throw badRequest('trainingProblemExists');
  }
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('training_problem').set({ rank, display_id: displayId, gmt_modified: now() }).where('id', '=', tp.id).execute();
    await problemsChanged(trx, tp.tid);
  });
}

/** Takes a problem out of a training: its rank cells go and the totals are recomputed, in one transaction. */
export async function removeTrainingProblem(db: Db, tid: number, pid: number) {
  await db.transaction().execute(async (trx) => {
    const r = await trx.deleteFrom('training_problem').where('tid', '=', tid).where('pid', '=', pid).executeTakeFirst();
    if (!Number(r.numDeletedRows)) throw notFound('trainingProblemNotInTraining');
    await problemRemoved(trx, tid, pid);
    await problemsChanged(trx, tid);
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

/** The stored auth as the answers name it (the form only stores Public or Private). */
export const trainingAuthOf = (auth: string): TrainingAuthValue => (auth === TrainingAuth.PRIVATE ? TrainingAuth.PRIVATE : TrainingAuth.PUBLIC);

export function toTrainingVo(t: TrainingRow, c: TrainingCategoryRow | undefined, problemCount: number, acCount: number): TrainingVo {
  return {
    id: t.id, rank: t.rank, title: t.title, description: t.description, auth: trainingAuthOf(t.auth), author: t.author,
    categoryId: c?.id ?? null, categoryName: c?.name ?? null, categoryColor: c?.color ?? null,
    problemCount, acCount, gid: t.gid || null, rankShowName: t.rank_show_name, gmtModified: t.gmt_modified,
  };
}

/** HOJ's Training entity as the admin form reads it (password included: admins only). */
export function toTrainingAdminVo(t: TrainingRow): TrainingAdminVo {
  return {
    id: t.id, rank: t.rank, title: t.title, description: t.description, auth: trainingAuthOf(t.auth),
    privatePwd: t.auth === TrainingAuth.PRIVATE ? t.private_pwd ?? '' : '', status: t.status === 1, author: t.author,
    gid: t.gid || null, rankShowName: t.rank_show_name, gmtCreate: t.gmt_create, gmtModified: t.gmt_modified,
  };
}

/** A row of the admin training lists (site and group): the entity without its password, with its category. */
export function toTrainingAdminRow(t: TrainingRow, c: TrainingCategoryRow | undefined): TrainingAdminRow {
  const { privatePwd: _password, ...rest } = toTrainingAdminVo(t);
  return { ...rest, categoryName: c?.name ?? null, categoryColor: c?.color ?? null };
}

// ---- reads and writes of the training routes ---------------------------------------------

const likeOp = (pg: boolean) => (pg ? sql.raw('ILIKE') : sql.raw('LIKE'));

/** The site's training categories (get-training-category). */
export async function siteCategories(db: Db): Promise<TrainingCategoryVo[]> {
  const rows = await db.selectFrom('training_category').selectAll().where('gid', '=', 0).orderBy('id').execute();
  return rows.map(toCategoryVo);
}

/** A category by id, when it exists. */
export async function findCategory(db: Db, id: number): Promise<TrainingCategoryRow | undefined> {
  return db.selectFrom('training_category').selectAll().where('id', '=', id).executeTakeFirst();
}

/** get-training-list: visible site trainings by rank, with the viewer's progress (uid null: a visitor). */
export async function siteTrainingPage(db: Db, pg: boolean, q: TrainingListQuery, uid: number | null) {
  let base = db.selectFrom('training').leftJoin('training_category', 'training_category.id', 'training.category_id')
    .where('training.status', '=', 1).where('training.gid', '=', 0);
  if (q.categoryId) base = base.where('training.category_id', '=', q.categoryId);
  if (q.auth) base = base.where('training.auth', '=', q.auth);
  if (q.keyword) {
    const like = likeOf(q.keyword);
    base = base.where((eb) => eb.or([
      sql<boolean>`training.title ${likeOp(pg)} ${like} ESCAPE '\\'`, sql<boolean>`training.author ${likeOp(pg)} ${like} ESCAPE '\\'`,
    ]));
  }
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base.selectAll('training')
    .select(['training_category.name as c_name', 'training_category.color as c_color', 'training_category.id as c_id'])
    .orderBy('training.rank', 'asc').orderBy('training.id', 'asc').limit(q.limit).offset((q.currentPage - 1) * q.limit).execute();
  const tids = rows.map((r) => r.id);
  const [counts, acs] = await Promise.all([problemCounts(db, tids), uid !== null ? acCounts(db, uid, tids) : new Map<number, number>()]);
  const records = rows.map((r) => toTrainingVo(r, r.c_id ? { id: r.c_id, name: r.c_name ?? '', color: r.c_color, gid: 0, gmt_create: 0, gmt_modified: 0 } : undefined,
    counts.get(r.id) ?? 0, acs.get(r.id) ?? 0));
  return page(records, Number(n), q.currentPage, q.limit);
}

/** get-user-trainings: the site trainings a user has progressed in (took part in and solved at least one problem). */
export async function userTrainings(db: Db, uid: number): Promise<UserTrainingVo[]> {
  const rows = await db.selectFrom('training_participant').innerJoin('training', 'training.id', 'training_participant.tid')
    .select(['training.id', 'training.title', 'training.auth', 'training_participant.ac'])
    .where('training_participant.uid', '=', uid).where('training_participant.ac', '>', 0)
    .where('training.status', '=', 1).where('training.gid', '=', 0)
    .orderBy('training_participant.gmt_modified', 'desc').limit(50).execute();
  const counts = await problemCounts(db, rows.map((r) => r.id));
  return rows.map((r) => ({ tid: r.id, title: r.title, auth: trainingAuthOf(r.auth), acCount: Number(r.ac), problemCount: counts.get(r.id) ?? 0 }));
}

/** Is the problem one of the training's? (a submission in a training must be.) */
export async function isTrainingProblem(db: Db, tid: number, pid: number): Promise<boolean> {
  return !!(await db.selectFrom('training_problem').select('id').where('tid', '=', tid).where('pid', '=', pid).executeTakeFirst());
}

// ---- admin -----------------------------------------------------------------------------------

/** admin/training/get-training-list: every site training (hidden ones too), searched by title, author or id. */
export async function adminTrainingPage(db: Db, pg: boolean, q: { keyword?: string; currentPage: number; limit: number }) {
  let base = db.selectFrom('training').where('gid', '=', 0);
  if (q.keyword) {
    const kw = q.keyword;
    const like = likeOf(kw);
    base = base.where((eb) => eb.or([sql<boolean>`title ${likeOp(pg)} ${like} ESCAPE '\\'`, sql<boolean>`author ${likeOp(pg)} ${like} ESCAPE '\\'`,
      ...(/^\d+$/.test(kw) ? [eb('id', '=', Number(kw))] : [])]));
  }
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base.selectAll().orderBy('rank', 'asc').orderBy('id', 'asc').limit(q.limit).offset((q.currentPage - 1) * q.limit).execute();
  const cats = new Map((await db.selectFrom('training_category').selectAll().execute()).map((c) => [c.id, c]));
  return page(rows.map((t) => toTrainingAdminRow(t, cats.get(t.category_id))), Number(n), q.currentPage, q.limit);
}

/** A new training from the checked form, by `author` in group `gid` (0: the site); its id. */
export async function createTraining(db: Db, cols: Awaited<ReturnType<typeof trainingColumns>>, author: { uid: number; username: string }, gid: number): Promise<number> {
  const t = now();
  const row = await db.insertInto('training').values({ ...cols, author: author.username, uid: author.uid, gid, rank_ver: 0, gmt_create: t, gmt_modified: t })
    .returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Shows or hides a training. */
export async function setTrainingStatus(db: Db, tid: number, visible: boolean) {
  await db.updateTable('training').set({ status: visible ? 1 : 0, gmt_modified: now() }).where('id', '=', tid).execute();
}

async function uniqueCategoryName(db: Db, name: string, selfId: number | null) {
  const dup = await db.selectFrom('training_category').select('id').where('gid', '=', 0).where('name', '=', name).executeTakeFirst();
  if (dup && dup.id !== selfId) throw badRequest('trainingCategoryExists', { name });
}

/** A new site category (its name not taken). */
export async function createCategory(db: Db, name: string, color: string | null | undefined): Promise<TrainingCategoryVo> {
  await uniqueCategoryName(db, name, null);
  const t = now();
  const row = await db.insertInto('training_category').values({ name, color: color || null, gid: 0, gmt_create: t, gmt_modified: t })
    .returningAll().executeTakeFirstOrThrow();
  return toCategoryVo(row);
}

/** Renames or recolours a category (its new name not taken by another). */
export async function updateCategory(db: Db, c: TrainingCategoryRow, name: string, color: string | null | undefined) {
  await uniqueCategoryName(db, name, c.id);
  await db.updateTable('training_category').set({ name, color: color || null, gmt_modified: now() }).where('id', '=', c.id).execute();
}

/** Removes a category no training uses. */
export async function deleteCategory(db: Db, c: TrainingCategoryRow) {
  const used = await db.selectFrom('training').select((eb) => eb.fn.countAll<number>().as('n')).where('category_id', '=', c.id).executeTakeFirstOrThrow();
  if (Number(used.n)) throw badRequest('trainingCategoryInUse', { n: Number(used.n) });
  await db.deleteFrom('training_category').where('id', '=', c.id).execute();
}

import { ApplyPublicProgress, type ApplyingGroupProblemVo, type GroupAdminProblemVo } from '@verdict/shared';
import type { Db } from '../../db/index.js';
import { page } from '../../http/envelope.js';
import { containsText } from '../../lib/like.js';
import { now } from '../../lib/time.js';

/** Queries of the group problem calls (routes-problem.ts). */

/** A page of the group's public problems (auth 1), by id. */
export async function groupProblemRows(db: Db, gid: number, currentPage: number, limit: number) {
  const base = db.selectFrom('problem').where('gid', '=', gid).where('auth', '=', 1);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base.select(['id', 'problem_id', 'title', 'difficulty', 'type']).orderBy('id', 'asc')
    .limit(limit).offset((currentPage - 1) * limit).execute();
  return { rows, total: Number(n) };
}

/** group/get-admin-problem-list: every problem of the group and those it made public, newest first. */
export async function adminProblemsOfGroup(db: Db, gid: number, currentPage: number, limit: number) {
  const base = db.selectFrom('problem').where((eb) => eb.or([eb('problem.gid', '=', gid), eb('problem.origin_gid', '=', gid)]));
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base.leftJoin('user', 'user.id', 'problem.author_uid')
    .select(['problem.id', 'problem.problem_id', 'problem.title', 'problem.auth', 'problem.type', 'problem.difficulty', 'problem.gid', 'problem.author_uid',
      'problem.apply_public_progress', 'problem.judge_mode', 'problem.modified_user', 'problem.gmt_create', 'problem.gmt_modified', 'user.username as author'])
    .orderBy('problem.id', 'desc').limit(limit).offset((currentPage - 1) * limit).execute();
  const records: GroupAdminProblemVo[] = rows.map((r) => ({
    id: r.id, problemId: r.problem_id, title: r.title, auth: r.auth, type: r.type, difficulty: r.difficulty, gid: r.gid, author: r.author ?? '',
    authorUid: r.author_uid, applyPublicProgress: r.apply_public_progress, judgeMode: r.judge_mode, modifiedUser: r.modified_user,
    gmtCreate: r.gmt_create, gmtModified: r.gmt_modified,
  }));
  return page(records, Number(n), currentPage, limit);
}

/** admin/group-problem/list: group problems applying to be public, the longest waiting first. */
export async function applyingProblemPage(db: Db, q: { gid?: number; keyword?: string; currentPage: number; limit: number }) {
  let base = db.selectFrom('problem').where('problem.apply_public_progress', '=', ApplyPublicProgress.APPLYING).where('problem.gid', '>', 0);
  if (q.gid) base = base.where('problem.gid', '=', q.gid);
  if (q.keyword) { const kw = q.keyword; base = base.where((eb) => eb.or([containsText('problem.title', kw), containsText('problem.problem_id', kw)])); }
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base.leftJoin('user', 'user.id', 'problem.author_uid').leftJoin('group_info', 'group_info.id', 'problem.gid')
    .select(['problem.id', 'problem.problem_id', 'problem.title', 'problem.auth', 'problem.type', 'problem.difficulty', 'problem.gid',
      'problem.apply_public_progress', 'problem.judge_mode', 'problem.gmt_create', 'problem.gmt_modified', 'user.username as author', 'group_info.name as groupName'])
    .orderBy('problem.gmt_modified', 'asc').orderBy('problem.id', 'asc').limit(q.limit).offset((q.currentPage - 1) * q.limit).execute();
  const records: ApplyingGroupProblemVo[] = rows.map((r) => ({
    id: r.id, problemId: r.problem_id, title: r.title, auth: r.auth, type: r.type, difficulty: r.difficulty, gid: r.gid, groupName: r.groupName ?? '',
    author: r.author ?? '', applyPublicProgress: r.apply_public_progress, judgeMode: r.judge_mode, gmtCreate: r.gmt_create, gmtModified: r.gmt_modified,
  }));
  return page(records, Number(n), q.currentPage, q.limit);
}

/** Tags the group's problem form offers: the site's (gid null) and the group's own. */
export async function groupTags(db: Db, gid: number) {
  const rows = await db.selectFrom('tag').select(['id', 'name', 'color', 'oj', 'gid']).where('gid', 'in', [0, gid]).orderBy('id').execute();
  return rows.map((t) => ({ ...t, gid: t.gid || null }));
}

export async function setModifiedUser(db: Db, pid: number, username: string) {
  await db.updateTable('problem').set({ modified_user: username }).where('id', '=', pid).execute();
}

export async function setProblemAuth(db: Db, pid: number, auth: number, username: string) {
  await db.updateTable('problem').set({ auth, modified_user: username, gmt_modified: now() }).where('id', '=', pid).execute();
}

/** The apply-public progress (null: never applied / withdrawn). */
export async function setApplyPublicProgress(db: Db, pid: number, progress: number | null) {
  await db.updateTable('problem').set({ apply_public_progress: progress }).where('id', '=', pid).execute();
}

/** The group's short name (undefined when the group is gone). */
export async function groupShortName(db: Db, gid: number): Promise<string | undefined> {
  return (await db.selectFrom('group_info').select('short_name').where('id', '=', gid).executeTakeFirst())?.short_name;
}

/** The id of the problem holding this display ID. */
export async function problemIdHolder(db: Db, problemId: string): Promise<number | undefined> {
  return (await db.selectFrom('problem').select('id').where('problem_id', '=', problemId).executeTakeFirst())?.id;
}

/** An approved application: the problem joins the public set under `problemId`, remembering its group (if still applying). */
export async function publishGroupProblem(db: Db, p: { id: number; gid: number }, problemId: string, username: string) {
  await db.updateTable('problem').set({
    problem_id: problemId, gid: 0, origin_gid: p.gid, auth: 1, apply_public_progress: ApplyPublicProgress.PUBLIC,
    modified_user: username, gmt_modified: now(),
  }).where('id', '=', p.id).where('apply_public_progress', '=', ApplyPublicProgress.APPLYING).execute();
}

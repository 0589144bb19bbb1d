import { sql } from 'kysely';
import { languageId } from '@verdict/judge/languages';
import { readProblemStatuses } from '../submission/problem-status.js';
import { JudgeStatus, problemBankOf, type AdminProblemVo, type BankTagVo, type CodeTemplateVo, type ProblemListRow } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { cachedPage, cachedTotal, storePage, storeTotal } from './list-cache.js';
import { statusCounts, zeroCounts } from './counts.js';
import { likeContains } from '../../lib/like.js';
import { now } from '../../lib/time.js';

// Per-verdict counts, kept per problem version (counts.ts).
export { countStatuses, statusCounts, type ProblemCounts } from './counts.js';

export async function tagsOf(ctx: AppContext, pids: number[]) {
  const out = new Map<number, { id: number; name: string; color: string | null }[]>(pids.map((p) => [p, []]));
  if (!pids.length) return out;
  const rows = await ctx.db.selectFrom('problem_tag').innerJoin('tag', 'tag.id', 'problem_tag.tid')
    .select(['problem_tag.pid', 'tag.id', 'tag.name', 'tag.color']).where('problem_tag.pid', 'in', pids).orderBy('tag.id').execute();
  for (const r of rows) out.get(r.pid)!.push({ id: r.id, name: r.name, color: r.color });
  return out;
}

/** "1,2,3" or "[1,2,3]" -> unique positive ids. */
export function parseIdList(s: string | undefined): number[] {
  if (!s) return [];
  return [...new Set(s.replace(/[[\]\s"]/g, '').split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0 && n < 2 ** 31))];
}

export interface ListFilter { keyword?: string; difficulty?: number; oj?: string; tagIds: number[]; currentPage: number; limit: number; uid?: number }

/** Escapes LIKE wildcards so a keyword matches literally (the one rule in lib/like.ts). */
export const likePattern = likeContains;

export interface UserProblemStatus { status: number; score: number | null }

/**
 * A user's standing on each problem: Accepted when any submission passed, otherwise the status
 * of the latest submission (with the best score for OI), -10 Not Submitted when there is none.
 */
export async function userProblemStatuses(ctx: AppContext, uid: number, pids: number[], scope: { cid?: number; gid?: number } = {}) {
  const out = new Map<number, UserProblemStatus>(pids.map((p) => [p, { status: JudgeStatus.NOT_SUBMITTED, score: null }]));
  if (!pids.length) return out;
  // Kept per user, problem and scope on every submit and verdict (submission/problem-status.ts).
  const rows = (await readProblemStatuses(ctx.db, uid, pids, scope.cid ?? 0, scope.gid || undefined)).sort((x, y) => x.last_id - y.last_id);
  for (const r of rows) {
    const cur = out.get(r.pid)!;
    if (r.best_score != null) cur.score = Math.max(cur.score ?? 0, r.best_score);
    if (cur.status === JudgeStatus.ACCEPTED) continue;
    cur.status = r.ac ? JudgeStatus.ACCEPTED : r.status;
  }
  return out;
}

/** Public problems (auth 1, no group), filtered and paginated in the database; pages cached briefly. */
export async function listPublicProblems(ctx: AppContext, f: ListFilter) {
  const key = JSON.stringify([f.keyword ?? '', f.difficulty ?? -1, f.oj ?? '', [...f.tagIds].sort((a, b) => a - b), f.currentPage, f.limit]);
  const page = cachedPage(key) ?? (await loadPublicPage(ctx, f));
  storePageOnce(key, page);
  if (!page.records.length) return page;
  // Counts kept per problem version (counts.ts): as fresh as a problem page's, whatever the page's age.
  // Status marks are per user and never cached.
  const pids = page.records.map((r) => r.pid);
  const [counts, mine] = await Promise.all([statusCounts(ctx, pids), f.uid ? userProblemStatuses(ctx, f.uid, pids) : null]);
  return {
    total: page.total,
    records: page.records.map((r) => ({ ...r, ...counts.get(r.pid)!, ...(mine ? { myStatus: mine.get(r.pid)!.status } : {}) })),
  };
}

function storePageOnce(key: string, page: { records: ProblemListRow[]; total: number }) {
  if (!cachedPage(key)) storePage(key, page);
}

async function loadPublicPage(ctx: AppContext, f: ListFilter): Promise<{ records: ProblemListRow[]; total: number }> {
  let q = ctx.db.selectFrom('problem').where('problem.auth', '=', 1).where('problem.gid', '=', 0);
  const bank = f.oj ? problemBankOf(f.oj) : 'ALL';
  if (bank === 'ME') q = q.where('problem.is_remote', '=', 0);
  else if (bank !== 'ALL') q = q.where('problem.is_remote', '=', 1).where('problem.remote_oj', '=', bank);
  if (f.difficulty !== undefined) q = q.where('problem.difficulty', '=', f.difficulty);
  if (f.keyword) {
    const like = likePattern(f.keyword);
    q = ctx.dbKind === 'postgres'
      ? q.where((eb) => eb.or([sql<boolean>`problem.problem_id ILIKE ${like} ESCAPE '\\'`, sql<boolean>`problem.title ILIKE ${like} ESCAPE '\\'`]))
      : q.where((eb) => eb.or([sql<boolean>`problem.problem_id LIKE ${like} ESCAPE '\\'`, sql<boolean>`problem.title LIKE ${like} ESCAPE '\\'`]));
  }
  if (f.tagIds.length) {
    // Problems carrying every chosen tag.
    q = q.where('problem.id', 'in', (eb) => eb.selectFrom('problem_tag').select('problem_tag.pid').where('problem_tag.tid', 'in', f.tagIds)
      .groupBy('problem_tag.pid').having((h) => h.fn.count('problem_tag.tid').distinct(), '=', f.tagIds.length));
  }
  const totalKey = JSON.stringify([f.keyword ?? '', f.difficulty ?? -1, f.oj ?? '', [...f.tagIds].sort((a, b) => a - b)]);
  let total = cachedTotal(totalKey);
  if (total === null) {
    total = Number((await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()).total);
    storeTotal(totalKey, total);
  }
  // Ids first (the skipped rows of a deep page are walked in the index only), then the page's rows.
  const pids = (await q.select('problem.id').orderBy('problem.id').limit(f.limit).offset((f.currentPage - 1) * f.limit).execute()).map((r) => r.id);
  const rows = pids.length
    ? await ctx.db.selectFrom('problem').select(['id', 'problem_id', 'title', 'difficulty', 'type']).where('id', 'in', pids).orderBy('id').execute()
    : [];
  const tags = await tagsOf(ctx, pids);
  // The counts are laid over on every read (listPublicProblems).
  const records: ProblemListRow[] = rows.map((r) => ({
    pid: r.id, problemId: r.problem_id, title: r.title, difficulty: r.difficulty, type: r.type,
    tags: tags.get(r.id) ?? [], ...zeroCounts(),
  }));
  return { records, total };
}

/** The tags of a bank (problemBankOf; 'ALL' is every bank), public ones only (no group). */
export async function listBankTags(ctx: AppContext, bank: string): Promise<BankTagVo[]> {
  let q = ctx.db.selectFrom('tag').select(['id', 'name', 'color', 'oj', 'classification_id as classificationId']).where('gid', '=', 0);
  if (bank !== 'ALL') q = q.where('oj', '=', bank);
  return q.orderBy('id').execute();
}

/** The display id of a public problem picked at random; null when there is none. */
export async function randomPublicProblemId(ctx: AppContext): Promise<string | null> {
  const base = ctx.db.selectFrom('problem').where('auth', '=', 1).where('gid', '=', 0);
  const [{ n }] = await base.select((eb) => eb.fn.countAll<number>().as('n')).execute();
  if (!Number(n)) return null;
  const row = await base.select('problem_id').orderBy('id').offset(Math.floor(Math.random() * Number(n))).limit(1).executeTakeFirst();
  return row!.problem_id;
}

/** A problem's languages, by name. */
export async function problemLanguages(ctx: AppContext, pid: number): Promise<string[]> {
  const rows = await ctx.db.selectFrom('problem_language').select('language').where('pid', '=', pid).orderBy('language').execute();
  return rows.map((l) => l.language);
}

/** A problem's code templates by id; the disabled ones only when asked (the problem's editors). */
export async function problemCodeTemplates(ctx: AppContext, pid: number, opts: { withDisabled: boolean }): Promise<CodeTemplateVo[]> {
  let q = ctx.db.selectFrom('code_template').select(['id', 'language', 'code', 'status']).where('pid', '=', pid);
  if (!opts.withDisabled) q = q.where('status', '=', 1);
  const rows = await q.orderBy('id').execute();
  return rows.map((r) => ({ ...r, lid: languageId(r.language) ?? null, status: r.status === 1 }));
}

/** The enabled templates of a problem as language -> code (get-problem-detail). */
export async function enabledTemplateMap(ctx: AppContext, pid: number): Promise<Record<string, string>> {
  const rows = await ctx.db.selectFrom('code_template').select(['language', 'code']).where('pid', '=', pid).where('status', '=', 1).execute();
  return Object.fromEntries(rows.map((t) => [t.language, t.code]));
}

/** A user's id and name (a problem's author), undefined when the account is gone. */
export async function userNameOf(ctx: AppContext, uid: number) {
  return ctx.db.selectFrom('user').select(['id', 'username']).where('id', '=', uid).executeTakeFirst();
}

export interface AdminListFilter { keyword?: string; auth?: number; currentPage: number; limit: number }

/** The admin problem list: site problems (no group), newest first, by keyword and visibility. */
export async function listAdminProblems(ctx: AppContext, q: AdminListFilter): Promise<{ records: AdminProblemVo[]; total: number }> {
  let base = ctx.db.selectFrom('problem').where('problem.gid', '=', 0);
  if (q.auth) base = base.where('problem.auth', '=', q.auth);
  if (q.keyword) {
    const like = likePattern(q.keyword);
    const op = ctx.dbKind === 'postgres' ? sql.raw('ILIKE') : sql.raw('LIKE');
    base = base.where((eb) => eb.or([
      sql<boolean>`problem.problem_id ${op} ${like} ESCAPE '\\'`, sql<boolean>`problem.title ${op} ${like} ESCAPE '\\'`,
      sql<boolean>`problem.source ${op} ${like} ESCAPE '\\'`,
    ]));
  }
  const [{ total }] = await base.select((eb) => eb.fn.countAll<number>().as('total')).execute();
  const rows = await base.leftJoin('user', 'user.id', 'problem.author_uid')
    .select(['problem.id', 'problem.problem_id', 'problem.title', 'problem.auth', 'problem.type', 'problem.difficulty', 'problem.is_remote',
      'problem.judge_mode', 'problem.modified_user', 'problem.gmt_create', 'problem.gmt_modified', 'user.username as author'])
    .orderBy('problem.id', 'desc').limit(q.limit).offset((q.currentPage - 1) * q.limit).execute();
  const records = rows.map((r) => ({
    id: r.id, problemId: r.problem_id, title: r.title, auth: r.auth, type: r.type, difficulty: r.difficulty, isRemote: r.is_remote === 1,
    judgeMode: r.judge_mode, author: r.author, modifiedUser: r.modified_user, gmtCreate: r.gmt_create, gmtModified: r.gmt_modified,
  }));
  return { records, total: Number(total) };
}

/** Sets a problem's visibility; false when there is no such problem. */
export async function setProblemAuth(ctx: AppContext, pid: number, auth: number, username: string): Promise<boolean> {
  const r = await ctx.db.updateTable('problem').set({ auth, modified_user: username, gmt_modified: now() }).where('id', '=', pid).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** How many of these problem ids exist. */
export async function countExistingProblems(ctx: AppContext, pids: number[]): Promise<number> {
  return (await ctx.db.selectFrom('problem').select('id').where('id', 'in', pids).execute()).length;
}

import { ProblemAuth, problemBankOf } from '@verdict/shared';
import type { Db } from '../../db/index.js';
import { page } from '../../http/envelope.js';
import { containsText } from '../../lib/like.js';

/** Which problems a contest may take from a bank: its groups' (0 the site's), public ones, or also one author's own; `anyAuth` for the super admin. */
export interface ContestCandidates { gids: number[]; author?: number; anyAuth?: boolean }

export interface ContestProblemPageQuery {
  /** true: the contest's problems; false: candidates not in it yet. */
  existing: boolean;
  /** Candidates of this rule type only (remote problems follow every rule, as in HOJ). */
  problemType?: number;
  keyword?: string;
  /** HOJ's bank filter: All, the site's own (Mine), or a remote judge's key. */
  oj?: string;
  currentPage: number;
  limit: number;
}

/**
 * HOJ's contest problem list of the admin and group screens (AdminContestProblemManager): a page of
 * problem rows, the contest's problems by display ID or the candidates to add by id, and
 * `contestProblemMap` linking each problem of the contest to its contest row.
 */
export async function contestProblemPage(db: Db, cid: number, q: ContestProblemPageQuery, candidates: ContestCandidates) {
  const cps = await db.selectFrom('contest_problem').selectAll().where('cid', '=', cid).execute();
  const contestProblemMap = Object.fromEntries(cps.map((cp) => [cp.pid, { id: cp.id, cid: cp.cid, pid: cp.pid, displayId: cp.display_id, displayTitle: cp.display_title, color: cp.color }]));
  const pids = cps.map((cp) => cp.pid);
  let base = db.selectFrom('problem');
  if (q.existing) base = base.where('problem.id', 'in', pids.length ? pids : [0]);
  else {
    base = base.where('problem.gid', 'in', candidates.gids);
    if (!candidates.anyAuth) {
      const author = candidates.author;
      base = base.where((eb) => (author ? eb.or([eb('problem.auth', '=', ProblemAuth.PUBLIC), eb('problem.author_uid', '=', author)]) : eb('problem.auth', '=', ProblemAuth.PUBLIC)));
    }
    if (pids.length) base = base.where('problem.id', 'not in', pids);
    if (q.problemType !== undefined) {
      const type = q.problemType;
      base = base.where((eb) => eb.or([eb('problem.type', '=', type), eb('problem.is_remote', '=', 1)]));
    }
  }
  const bank = q.oj ? problemBankOf(q.oj) : 'ALL';
  if (bank === 'ME') base = base.where('problem.is_remote', '=', 0);
  else if (bank !== 'ALL') base = base.where('problem.is_remote', '=', 1).where('problem.remote_oj', '=', bank);
  if (q.keyword) {
    const kw = q.keyword;
    base = base.where((eb) => eb.or([containsText('problem.title', kw), containsText('problem.problem_id', kw)]));
  }
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const from = (q.currentPage - 1) * q.limit;
  let list = base.leftJoin('user', 'user.id', 'problem.author_uid')
    .select(['problem.id', 'problem.problem_id', 'problem.title', 'problem.auth', 'problem.type', 'problem.difficulty', 'problem.gid', 'problem.is_remote',
      'problem.modified_user', 'problem.gmt_create', 'problem.gmt_modified', 'user.username as author'])
    .orderBy('problem.id');
  // Candidates (the whole bank) are paged by the database in order of id; the contest's own
  // problems (a few dozen) go by display ID.
  if (!q.existing) list = list.limit(q.limit).offset(from);
  const rows = await list.execute();
  const shown = q.existing
    ? rows.sort((a, b) => contestProblemMap[a.id].displayId.localeCompare(contestProblemMap[b.id].displayId)).slice(from, from + q.limit)
    : rows;
  const records = shown.map((p) => ({
    id: p.id, problemId: p.problem_id, title: p.title, auth: p.auth, type: p.type, difficulty: p.difficulty, gid: p.gid || null,
    isRemote: p.is_remote === 1, author: p.author, modifiedUser: p.modified_user, gmtCreate: p.gmt_create, gmtModified: p.gmt_modified,
  }));
  return { problemList: page(records, Number(n), q.currentPage, q.limit), contestProblemMap };
}

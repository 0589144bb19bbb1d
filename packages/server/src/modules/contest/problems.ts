import { ContestType, JudgeStatus } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { stampedCache, type Stamps } from '../../http/stamps.js';
import { problemToApi } from '../problem/service.js';
import { countStatuses } from '../problem/repo.js';
import { excludedFromRank, isSealedFor } from './access.js';
import { Verdict, classify } from './rank/cells.js';
import type { ContestRankModel } from './rank/model.js';
import { oiCell } from './rank/rank-oi.js';
import type { ContestProblemRow, ContestRow } from './tables.js';

export async function contestProblems(ctx: AppContext, cid: number): Promise<(ContestProblemRow & { problem_id: string; title: string; type: number })[]> {
  return ctx.db.selectFrom('contest_problem').innerJoin('problem', 'problem.id', 'contest_problem.pid')
    .select(['contest_problem.id', 'contest_problem.cid', 'contest_problem.pid', 'contest_problem.display_id', 'contest_problem.display_title',
      'contest_problem.color', 'contest_problem.gmt_create', 'problem.problem_id', 'problem.title', 'problem.type'])
    .where('contest_problem.cid', '=', cid).orderBy('contest_problem.display_id').execute();
}

/** The contest's problem list (its own rows, by display ID), cached with the contest rows (repo.ts). */
const refsCache = stampedCache<number, ContestProblemRow[]>('contest');

export function contestProblemRefs(ctx: AppContext, cid: number, stamps?: Promise<Stamps>): Promise<readonly ContestProblemRow[]> {
  return refsCache(ctx, cid, () => ctx.db.selectFrom('contest_problem').selectAll().where('cid', '=', cid).orderBy('display_id').execute(), stamps);
}

export async function contestProblemByDisplayId(ctx: AppContext, cid: number, displayId: string, stamps?: Promise<Stamps>) {
  const row = (await contestProblemRefs(ctx, cid, stamps)).find((p) => p.display_id === displayId);
  if (!row) throw notFound('contestProblemNotFound');
  return row;
}

/** AC and total submission counts per problem inside the contest window (ranked users only). */
function problemCounts(model: ContestRankModel, c: ContestRow, containsEnd: boolean) {
  return model.view(`counts|${c.gmt_modified}|${containsEnd ? 1 : 0}`, () => {
    const endRel = c.end_time - c.start_time;
    const counts = new Map<number, { ac: number; total: number }>();
    for (const [uid, byPid] of model.cells) {
      const u = model.users.get(uid);
      if (!u || excludedFromRank(c, uid, u.role)) continue;
      for (const [pid, subs] of byPid) {
        let n = counts.get(pid);
        if (!n) counts.set(pid, (n = { ac: 0, total: 0 }));
        for (const [rel, status] of subs) {
          if (rel < 0 || (rel >= endRel && !containsEnd)) continue;
          n.total++;
          if (status === JudgeStatus.ACCEPTED) n.ac++;
        }
      }
    }
    return counts;
  });
}

/**
 * The viewer's status per problem: 0 accepted, -1 tried, -10 not submitted, and -5 (unknown) in an
 * OI contest whose results the viewer may not see yet; with the OI score when visible.
 */
export function myStatuses(model: ContestRankModel, c: ContestRow, user: AuthUser | null, containsEnd: boolean) {
  const out = new Map<number, { status: number; score: number | null }>();
  const mine = user ? model.cells.get(user.uid) : undefined;
  if (!mine) return out;
  const sealed = isSealedFor(user, c);
  const endRel = c.end_time - c.start_time;
  for (const [pid, subs] of mine) {
    const counted = subs.filter(([rel]) => containsEnd || rel < endRel);
    if (!counted.length) continue;
    if (c.type === ContestType.OI) {
      if (sealed) {
        out.set(pid, { status: JudgeStatus.SUBMITTED_UNKNOWN_RESULT, score: null });
        continue;
      }
      const cell = oiCell(counted, Number.MAX_SAFE_INTEGER, { sealFrom: null, containsEnd: true }, c.oi_rank_score_type === 'Highest');
      out.set(pid, { status: cell?.accepted ? JudgeStatus.ACCEPTED : JudgeStatus.WRONG_ANSWER, score: cell?.score ?? null });
      continue;
    }
    const ac = counted.some(([, status]) => classify(status) === Verdict.Accepted);
    out.set(pid, { status: ac ? JudgeStatus.ACCEPTED : JudgeStatus.WRONG_ANSWER, score: null });
  }
  return out;
}

/**
 * HOJ's ProblemCountVO of one problem inside the contest: ranked users' submissions in the window,
 * per verdict. Withheld (all zero) from a viewer for whom the contest is sealed, as the list's
 * AC/total are: a sealed board shows no verdicts.
 */
export function contestProblemCounts(model: ContestRankModel, c: ContestRow, user: AuthUser | null, pid: number, containsEnd: boolean) {
  if (isSealedFor(user, c)) return countStatuses([]);
  // Built once per rank version, as the list's AC/total are (problem pages are read on every open).
  return model.view(`verdicts|${pid}|${c.gmt_modified}|${containsEnd ? 1 : 0}`, () => {
    const endRel = c.end_time - c.start_time;
    const statuses: number[] = [];
    for (const [uid, byPid] of model.cells) {
      const u = model.users.get(uid);
      if (!u || excludedFromRank(c, uid, u.role)) continue;
      for (const [rel, status] of byPid.get(pid) ?? []) if (rel >= 0 && (rel < endRel || containsEnd)) statuses.push(status);
    }
    return countStatuses(statuses);
  });
}

/** get-contest-problem: problems by display ID with balloon colour, AC/total (hidden while sealed) and my status. */
export async function contestProblemList(ctx: AppContext, model: ContestRankModel, c: ContestRow, user: AuthUser | null, containsEnd: boolean) {
  const [rows] = await Promise.all([contestProblems(ctx, c.id), model.sync(ctx.db)]);
  const counts = problemCounts(model, c, containsEnd);
  const mine = myStatuses(model, c, user, containsEnd);
  const sealed = isSealedFor(user, c);
  return rows.map((r) => {
    const n = counts.get(r.pid) ?? { ac: 0, total: 0 };
    const my = mine.get(r.pid);
    return {
      id: r.id, cid: r.cid, pid: r.pid, displayId: r.display_id, displayTitle: r.display_title, color: r.color, type: r.type,
      ac: sealed ? null : n.ac, total: sealed ? null : n.total,
      myStatus: my?.status ?? JudgeStatus.NOT_SUBMITTED, score: my?.score ?? null,
    };
  });
}

/** get-contest-problem-details: the problem under its contest display ID, with tags, languages and templates (the route adds the counts and the viewer's status). */
export async function contestProblemDetail(ctx: AppContext, c: ContestRow, displayId: string) {
  const cp = await contestProblemByDisplayId(ctx, c.id, displayId);
  const p = await ctx.db.selectFrom('problem').selectAll().where('id', '=', cp.pid).executeTakeFirst();
  if (!p) throw notFound('problemNotFound');
  const [tags, langs, templates] = await Promise.all([
    ctx.db.selectFrom('problem_tag').innerJoin('tag', 'tag.id', 'problem_tag.tid').select(['tag.id', 'tag.name', 'tag.color']).where('problem_tag.pid', '=', p.id).execute(),
    ctx.db.selectFrom('problem_language').select('language').where('pid', '=', p.id).orderBy('language').execute(),
    ctx.db.selectFrom('code_template').select(['language', 'code']).where('pid', '=', p.id).where('status', '=', 1).execute(),
  ]);
  const problem = { ...problemToApi(p, { withJudgeFiles: false }), problemId: cp.display_id, title: cp.display_title, color: cp.color };
  return {
    problem,
    tags,
    languages: langs.map((l) => l.language),
    codeTemplate: Object.fromEntries(templates.map((t) => [t.language, t.code])),
  };
}

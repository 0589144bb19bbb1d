import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTEST_PAGE_SIZES, ContestType, JudgeStatus, contestSubmissionPage, optionalQueryBool } from '@verdict/shared';
import { answer } from '../../http/answer.js';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { requestStamps, type Stamps } from '../../http/stamps.js';
import { ok, page } from '../../http/envelope.js';
import { badRequest, notFound, unauthorized } from '../../http/errors.js';
import { ensureCanSubmit, ensureMenuOpen, isContestAdmin, isSealedFor } from './access.js';
import { participantOf } from './guard.js';
import { contestProblemByDisplayId, contestProblemRefs } from './problems.js';
import { findContest, getContest } from './repo.js';
import { readSubmissionPage, type ContestSubmissionFilter } from './submission-repo.js';
import { inVirtualRun } from './virtual-rules.js';
import { findVirtualRun } from './virtual-repo.js';
import type { ContestRow } from './tables.js';
import type { ContestProblemRef } from '../submission/service.js';

/** The part of a submission row the contest rules look at. */
interface SubLike { cid: number; uid: number; submit_time: number }

/**
 * What the submission module asks the contest module (see its ContestSubmissionRules): whether a
 * user may submit now, and who may see a contest submission and its verdict.
 */
export interface ContestRules {
  beforeSubmit(user: AuthUser, cid: number, problem: ContestProblemRef, stamps?: Promise<Stamps>): Promise<{ pid: number; cpid: number; displayPid: string; isVirtual?: boolean }>;
  canView(user: AuthUser | null, sub: SubLike, stamps?: Promise<Stamps>): Promise<boolean>;
  canSeeResult(user: AuthUser | null, sub: SubLike, stamps?: Promise<Stamps>): Promise<boolean>;
  listScope(user: AuthUser | null, cid: number, q: { beforeContestSubmit?: boolean; containsEnd?: boolean }, stamps?: Promise<Stamps>): Promise<ListScope>;
}

/** The submission module's ContestListScope (times in ms). */
interface ListScope { from?: number; before?: number; sealedFrom?: number; viewerUid?: number }

/**
 * The contest's submissions a participant may list, the same rows contest-submissions shows:
 * from the start (or only those before it with beforeContestSubmit), up to the end unless
 * containsEnd, and inside the sealed window only their own. Contest admins see every row.
 */
export async function contestListScope(
  ctx: AppContext, user: AuthUser | null, cid: number, q: { beforeContestSubmit?: boolean; containsEnd?: boolean }, stamps?: Promise<Stamps>,
): Promise<ListScope> {
  if (!user) throw unauthorized('loginFirst');
  const c = await getContest(ctx, cid, stamps);
  await ensureMenuOpen(ctx.db, user, c);
  const admin = isContestAdmin(user, c);
  // A virtual runner (issue 30) lists their own run's submissions; containsEnd adds what came after it.
  const run = admin ? undefined : await findVirtualRun(ctx.db, c.id, user.uid);
  if (run && !q.beforeContestSubmit) {
    return { from: Number(run.start_time), before: q.containsEnd ? undefined : Number(run.end_time), sealedFrom: Number(run.start_time), viewerUid: user.uid };
  }
  const scope: ListScope = {};
  if (q.beforeContestSubmit) scope.before = c.start_time;
  else if (!admin) scope.from = c.start_time;
  if (!q.containsEnd) scope.before = Math.min(scope.before ?? Infinity, c.end_time);
  if (!admin && isSealedFor(user, c)) {
    scope.sealedFrom = c.seal_rank_time ?? c.start_time;
    scope.viewerUid = user.uid;
  }
  return scope;
}

/** Results hidden from this viewer: an OI contest's results while its rank is sealed for them. */
export const resultHidden = (user: AuthUser | null, c: ContestRow, sub: SubLike) => {
  if (isContestAdmin(user, c)) return false;
  const sealAt = c.seal_rank_time ?? c.start_time;
  return c.type === ContestType.OI && isSealedFor(user, c) && sub.submit_time >= sealAt;
};

export function contestRules(ctx: AppContext): ContestRules {
  return {
    async beforeSubmit(user, cid, problem, stamps) {
      // The contest and its problem list are cached (repo.ts): on a contest day neither is a read.
      const [c, refs] = await Promise.all([getContest(ctx, cid, stamps), contestProblemRefs(ctx, cid, stamps)]);
      // During the user's virtual run (issue 30) the ended contest takes their submissions, marked virtual.
      const isVirtual = await inVirtualRun(ctx.db, user, c);
      if (isVirtual) await ensureMenuOpen(ctx.db, user, c);
      else await ensureCanSubmit(ctx.db, user, c);
      // A display ID of another contest is simply not one of this contest's.
      const cp = refs.find((r) => ('displayId' in problem ? r.display_id === problem.displayId : r.pid === problem.pid));
      if (!cp) throw notFound('contestProblemNotFound');
      return { pid: cp.pid, cpid: cp.id, displayPid: cp.display_id, isVirtual };
    },
    // Others' contest submissions are the contest admins' to inspect; everyone sees their own.
    async canView(user, sub, stamps) {
      if (user && user.uid === sub.uid) return true;
      const c = await findContest(ctx, sub.cid, stamps);
      return !!c && isContestAdmin(user, c);
    },
    async canSeeResult(user, sub, stamps) {
      const c = await findContest(ctx, sub.cid, stamps);
      return !c || !resultHidden(user, c, sub);
    },
    listScope: (user, cid, q, stamps) => contestListScope(ctx, user, cid, q, stamps),
  };
}

const listQuery = z.object({
  cid: z.coerce.number().int().positive().optional(),
  contestID: z.coerce.number().int().positive().optional(),
  currentPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(CONTEST_PAGE_SIZES.submissions),
  onlyMine: optionalQueryBool,
  status: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().optional()),
  username: z.string().max(50).optional(),
  problemID: z.string().max(50).optional(),
  containsEnd: optionalQueryBool,
  beforeContestSubmit: optionalQueryBool,
});

/**
 * contest-submissions: the contest's submission list. Participants see everyone's verdicts except
 * inside the sealed window, where they see only their own; admins see everything.
 */
export async function contestSubmissionRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/contest-submissions', { config: { access: 'login', rule: 'contestant' }, schema: { querystring: listQuery, response: answer(contestSubmissionPage) } }, async (req) => {
    const q = req.query;
    const cid = q.cid ?? q.contestID;
    if (!cid) throw badRequest('badRequest');
    const { user, c } = await participantOf(ctx, req, cid);
    const filter: ContestSubmissionFilter = {
      uid: q.onlyMine ? user.uid : undefined, username: q.username?.trim() || undefined, status: q.status,
    };
    if (q.problemID?.trim()) {
      const cp = await contestProblemByDisplayId(ctx, c.id, q.problemID.trim(), requestStamps(ctx, req)).catch(() => null);
      if (!cp) return ok(page([], 0, q.currentPage, q.limit));
      filter.pid = cp.pid;
    }
    // The same rows get-submission-list shows this user for the contest.
    const scope = await contestListScope(ctx, user, c.id, q, requestStamps(ctx, req));
    filter.from = scope.from;
    filter.before = scope.before;
    if (scope.sealedFrom !== undefined) filter.sealed = { from: scope.sealedFrom, viewerUid: user.uid };
    const { rows, total } = await readSubmissionPage(ctx.db, c.id, filter, q.currentPage, q.limit);
    return ok(page(rows.map((r) => {
      const hidden = resultHidden(user, c, r);
      return {
        submitId: r.id, pid: r.pid, displayId: r.display_id ?? r.display_pid, title: r.display_title, uid: r.uid, username: r.username, cid: r.cid,
        status: hidden ? JudgeStatus.SUBMITTED_UNKNOWN_RESULT : r.status, score: hidden ? null : r.score,
        time: hidden ? null : r.time, memory: hidden ? null : r.memory, length: r.length, language: r.language, submitTime: r.submit_time,
        isAfterContest: r.submit_time >= c.end_time, judger: r.judger, isManual: r.is_manual === 1,
      };
    }), total, q.currentPage, q.limit));
  });
}

import { JudgeStatus, type SubmissionStatusMap } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import type { Stamps } from '../../http/stamps.js';
import { queuePositions } from './queue-position.js';
import { hideResult, isAdminViewer, type SubmissionService } from './service.js';

/** Batch polling (check-(contest-)submissions-status): status, score, time, memory, judger, isManual (and progress) by id, for visible rows. */
export async function submissionStatuses(
  ctx: AppContext, service: SubmissionService, viewer: AuthUser | null, stamps: Promise<Stamps>, ids: number[], cid?: number,
): Promise<SubmissionStatusMap> {
  const out: SubmissionStatusMap = {};
  if (ids.length === 0) return out;
  let q = ctx.db.selectFrom('submission').selectAll().where('id', 'in', ids);
  if (cid !== undefined) q = q.where('cid', '=', cid);
  const rows = await q.execute();
  // Where a pending one waits (ours, beside HOJ's fields; null when not queued): the web client shows "#n in queue".
  const places = await queuePositions(ctx.db, rows.filter((r) => r.status === JudgeStatus.PENDING).map((r) => r.id));
  // The problems of the rows outside contests, whose visibility the rows follow: one read.
  // (One's own rows, and an admin's view, need none: the common poll of one's pending submission.)
  const othersRows = viewer && isAdminViewer(viewer) ? [] : rows.filter((r) => r.cid === 0 && r.uid !== viewer?.uid);
  const pids = [...new Set(othersRows.map((r) => r.pid))];
  const problems = new Map(pids.length ? (await ctx.db.selectFrom('problem').select(['id', 'auth', 'gid', 'author_uid']).where('id', 'in', pids).execute()).map((p) => [p.id, p]) : []);
  for (const r of rows) {
    if (!(await service.canViewSubmission(viewer, r, stamps, problems.get(r.pid) ?? null))) continue;
    const entry = {
      submitId: r.id, status: r.status, score: r.score, time: r.time, memory: r.memory, judger: r.judger,
      isManual: r.is_manual === 1, caseDone: r.case_done, caseTotal: r.case_total, caseCurrent: r.case_current,
      queuePosition: places.get(r.id) ?? null,
    };
    out[r.id] = (await service.canSeeResult(viewer, r, stamps)) ? entry : hideResult(entry);
  }
  return out;
}

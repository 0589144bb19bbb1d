import { JudgeStatus, type JudgeResult } from '@verdict/shared';
import type { Db } from '../../db/index.js';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { now } from '../../lib/time.js';
import type { PackageSolution } from './transfer/package-files.js';

const S = JudgeStatus;
/**
 * The verdicts each package tag allows (Polygon's tags; ICPC's submission folders map to them).
 * `null`: anything but Accepted. An OI problem's wrong solution may also score part: Partial Accepted.
 */
const EXPECTED: Record<string, number[] | null> = {
  main: [S.ACCEPTED],
  accepted: [S.ACCEPTED],
  'wrong-answer': [S.WRONG_ANSWER, S.PARTIAL_ACCEPTED],
  'presentation-error': [S.PRESENTATION_ERROR],
  'time-limit-exceeded': [S.TIME_LIMIT_EXCEEDED],
  'time-limit-exceeded-or-accepted': [S.TIME_LIMIT_EXCEEDED, S.ACCEPTED],
  'time-limit-exceeded-or-memory-limit-exceeded': [S.TIME_LIMIT_EXCEEDED, S.MEMORY_LIMIT_EXCEEDED],
  'memory-limit-exceeded': [S.MEMORY_LIMIT_EXCEEDED],
  'runtime-error': [S.RUNTIME_ERROR],
  failed: [S.SYSTEM_ERROR],
  rejected: null,
};

/** Whether a verdict is what the solution's tag says it should get. */
export function meetsTag(tag: string, status: number): boolean {
  const allowed = EXPECTED[tag] === undefined ? null : EXPECTED[tag];
  return allowed === null ? status !== S.ACCEPTED && status !== S.SYSTEM_ERROR : allowed.includes(status);
}

/** The verdict codes a tag allows, for the page to name (empty: anything but Accepted). */
export const expectedStatuses = (tag: string) => EXPECTED[tag] ?? [];

/** Keeps an imported problem's package solutions, never checked yet. */
export async function savePackageSolutions(db: Db, pid: number, solutions: PackageSolution[]) {
  if (!solutions.length) return;
  await db.insertInto('problem_solution').values(solutions.map((s) => ({
    pid, name: s.name.slice(0, 255), tag: s.tag.slice(0, 64), language: s.language.slice(0, 100), code: s.code,
    status: null, score: null, time: null, memory: null, message: null, checked_at: null,
  }))).execute();
}

/** A problem's package solutions with their last check: expected vs got. */
export async function listPackageSolutions(db: Db, pid: number) {
  const rows = await db.selectFrom('problem_solution').select(['id', 'name', 'tag', 'language', 'status', 'score', 'time', 'memory', 'message', 'checked_at'])
    .where('pid', '=', pid).orderBy('id').execute();
  return rows.map((r) => {
    const done = r.status !== null && r.status !== S.PENDING;
    return {
      id: r.id, name: r.name, tag: r.tag, language: r.language, expected: expectedStatuses(r.tag),
      status: r.status, score: r.score, time: r.time, memory: r.memory, message: r.message, checkedAt: r.checked_at,
      /** null until judged; then whether the verdict is the one the tag promises. */
      ok: done ? meetsTag(r.tag, r.status!) : null,
    };
  });
}

/** Queues every package solution of a problem for the real judge (one task each); their rows show Pending until judged. */
export async function checkPackageSolutions(ctx: AppContext, pid: number) {
  const ids = (await ctx.db.selectFrom('problem_solution').select('id').where('pid', '=', pid).execute()).map((r) => r.id);
  if (!ids.length) throw badRequest('solutionNone');
  const cases = await ctx.db.selectFrom('problem_case').select('id').where('pid', '=', pid).limit(1).execute();
  if (!cases.length) throw badRequest('solutionNoTestData');
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('problem_solution').set({ status: S.PENDING, score: null, time: null, memory: null, message: null, checked_at: now() })
      .where('pid', '=', pid).execute();
    for (const id of ids) await ctx.services.judge.enqueueSolution(trx, id);
  });
  ctx.services.judge.queue.notify();
  return ids.length;
}

/** A judge result for a package solution (`ref` is its row id): the verdict and the first failing case's message. */
export async function writeSolutionResult(db: Db, ref: string, r: JudgeResult) {
  const failing = (r.cases ?? []).find((c) => c.status !== S.ACCEPTED);
  const where = failing ? `#${failing.seq}${failing.message ? `: ${failing.message}` : ''}` : '';
  await db.updateTable('problem_solution').set({
    status: r.status === S.PENDING ? S.SYSTEM_ERROR : r.status, score: r.score ?? null, time: Math.round(r.time ?? 0), memory: Math.round(r.memory ?? 0),
    message: [r.errorMessage, where].filter(Boolean).join('\n').slice(0, 4096) || null, checked_at: now(),
  }).where('id', '=', Number(ref)).execute();
}

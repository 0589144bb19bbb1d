import { JudgeStatus, ProblemType, type JudgeCase, type JudgeCaseModeName, type JudgeCaseVo, type SubTaskJudgeCaseVo } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { normaliseCaseMode } from '../judge/task-builder.js';
import type { SubmissionRow } from './rows.js';
import { isAdminViewer } from './service.js';

/**
 * Groups cases by group number for the subtask modes. subtask_lowest: the group's score is its
 * lowest case score and its status the first failure; subtask_average: the average (floored), and
 * Partial Accepted when some cases pass.
 */
export function groupSubtasks(mode: JudgeCaseModeName, cases: JudgeCase[]): SubTaskJudgeCaseVo[] {
  const groups = new Map<number, JudgeCase[]>();
  for (const c of cases) {
    const g = c.groupNum ?? 1;
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g)!.push(c);
  }
  return [...groups.entries()].sort((a, b) => a[0] - b[0]).map(([groupNum, list]) => {
    const ac = list.filter((c) => c.status === JudgeStatus.ACCEPTED).length;
    const scores = list.map((c) => c.score ?? 0);
    const firstFailure = list.find((c) => c.status !== JudgeStatus.ACCEPTED)?.status ?? JudgeStatus.ACCEPTED;
    const score = mode === 'subtask_average'
      ? Math.floor(scores.reduce((a, b) => a + b, 0) / Math.max(1, scores.length))
      : Math.min(...scores);
    let status: number = firstFailure;
    if (ac === list.length) status = JudgeStatus.ACCEPTED;
    else if (mode === 'subtask_average' && ac > 0) status = JudgeStatus.PARTIAL_ACCEPTED;
    return {
      groupNum, status, score, ac, total: list.length,
      time: Math.max(0, ...list.map((c) => c.time ?? 0)),
      memory: Math.max(0, ...list.map((c) => c.memory ?? 0)),
      subtaskDetailList: list,
    };
  });
}

/**
 * get-all-case-result of spec 01 §3: the judge mode's cases, grouped into subtasks for the subtask
 * modes. With the problem's "open case result" off only admins see cases; the user output only
 * the owner and admins; nothing while the verdict is hidden (OI contests).
 */
export async function caseResultsOf(ctx: AppContext, viewer: AuthUser | null, sub: SubmissionRow, resultVisible: boolean): Promise<JudgeCaseVo> {
  const p = await ctx.db.selectFrom('problem').select(['judge_case_mode', 'open_case_result', 'type']).where('id', '=', sub.pid).executeTakeFirst();
  const judgeCaseMode = normaliseCaseMode(p?.judge_case_mode);
  const admin = isAdminViewer(viewer);
  const empty: JudgeCaseVo = { judgeCaseMode, judgeCaseList: [], subTaskJudgeCaseVoList: [] };
  if (!resultVisible) return empty;
  if (!admin && p?.open_case_result !== 1) return empty;
  const mayReadOutput = admin || (viewer !== null && viewer.uid === sub.uid);
  const rows = await ctx.db.selectFrom('judge_case').selectAll().where('submit_id', '=', sub.id).orderBy('seq').execute();
  // ACM cases have no score: HOJ's client prints "0 pts" for any number, so ACM sends null.
  const scored = p?.type === ProblemType.OI;
  const cases: JudgeCase[] = rows.map((c) => ({
    caseId: c.case_id, seq: c.seq, inputData: c.input_data, outputData: c.output_data,
    userOutput: mayReadOutput ? c.user_output : null, status: c.status, time: c.time, memory: c.memory, score: scored ? c.score : null,
    groupNum: c.group_num, message: mayReadOutput ? c.message : null,
  }));
  const grouped = judgeCaseMode === 'subtask_lowest' || judgeCaseMode === 'subtask_average';
  return { judgeCaseMode, judgeCaseList: cases, subTaskJudgeCaseVoList: grouped ? groupSubtasks(judgeCaseMode, cases) : [] };
}

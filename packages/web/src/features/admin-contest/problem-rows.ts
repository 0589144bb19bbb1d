import type { Page } from '@verdict/shared';

export interface AdminContestProblem { id: number; cid: number; pid: number; displayId: string; displayTitle: string; color: string | null; problemId: string; title: string; type: number }

/** HOJ's answer of admin/contest/get-problem-list: problem rows, and each one's place in the contest by problem id. */
export interface ContestProblemPage {
  problemList: Page<{ id: number; problemId: string; title: string; type: number }>;
  contestProblemMap: Record<number, { id: number; cid: number; pid: number; displayId: string; displayTitle: string; color: string | null }>;
}

/** The contest's rows as the problems screen lists them: each problem with its place in the contest. */
export const contestProblemRows = (page: ContestProblemPage): AdminContestProblem[] =>
  page.problemList.records.flatMap((p) => {
    const place = page.contestProblemMap[p.id];
    return place ? [{ ...place, problemId: p.problemId, title: p.title, type: p.type }] : [];
  });


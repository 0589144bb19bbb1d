import { api } from '../../lib/request';
import type { Tag } from '../problem';
import type { AdminProblemView } from '../admin-problem';
import type { ProblemFormScope } from '../admin-problem';
import { groupApi } from './api';

/** Loads a group problem the way HOJ's group editor does: the entity, then tags, languages, templates and cases. */
async function loadGroupProblem(pid: number): Promise<AdminProblemView> {
  const [problem, tags, languages, codeTemplates] = await Promise.all([
    groupApi.problem(pid),
    api.get<Tag[]>('/get-problem-tags', { pid }),
    api.get<{ name: string }[]>('/get-problem-languages', { pid }),
    api.get<AdminProblemView['codeTemplates']>('/get-problem-code-template', { pid }),
  ]);
  const cases = await groupApi.problemCases(pid, !!problem.isUploadCase);
  return { problem, tags, languages: languages.map((l) => l.name), codeTemplates, cases, judgeMode: problem.judgeMode ?? 'default' };
}

/** The admin problem form's scope for a group problem, or (with `contest`) for a problem of a group contest. */
export function groupProblemScope(opts: {
  gid: number; pid?: number; shortName: string; title: string; backTo: string; onSaved: (created: boolean) => void;
  contest?: { cid: number; type: number };
}): ProblemFormScope {
  const { gid, contest } = opts;
  return {
    gid,
    pid: opts.pid,
    prefix: opts.shortName,
    backTo: opts.backTo,
    title: opts.title,
    cid: contest?.cid,
    contestType: contest?.type,
    load: async (pid) => {
      const view = await loadGroupProblem(pid);
      if (!contest) return view;
      const place = await groupApi.contestProblem(pid, contest.cid);
      return { ...view, displayId: place.displayId, displayTitle: place.displayTitle, color: place.color };
    },
    // As HOJ's group editor: the problem is saved by its own call, then (in a contest) its place there.
    create: async (body) => {
      const problem = { ...body.problem, gid, ...(contest ? { cid: contest.cid, auth: 3 } : {}) };
      const r = contest ? await groupApi.addContestProblem({ ...body, problem, cid: contest.cid }) : await groupApi.addProblem({ ...body, problem });
      if (contest && r?.pid) await groupApi.updateContestProblem({ pid: r.pid, cid: contest.cid, displayId: body.displayId, displayTitle: body.displayTitle, color: body.color ?? null });
      return r;
    },
    update: async (body) => {
      const r = await groupApi.updateProblem({ ...body, problem: { ...body.problem, gid } });
      if (contest && body.problem.id) await groupApi.updateContestProblem({ pid: body.problem.id, cid: contest.cid, displayId: body.displayId, displayTitle: body.displayTitle, color: body.color ?? null });
      return r;
    },
    compile: (mode, body) => groupApi.compile(mode, gid, body),
    uploadImage: (file) => api.upload<{ link: string; fileId: number }>('/file/upload-md-img', file, 'image', { gid: String(gid) }),
    onSaved: opts.onSaved,
  };
}

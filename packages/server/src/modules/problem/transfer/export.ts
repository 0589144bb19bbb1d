import type { AppContext } from '../../../context.js';
import { readProblemCases } from '../../testcase/testdata.js';
import { writeZip } from '../../testcase/zip.js';
import { adminProblemView } from '../service.js';

/**
 * Our export format (HOJ-compatible): per problem `problem_<pid>.json` with the admin form's
 * fields and `problem_<pid>/` holding its test files, named as the json's samples say.
 */
export async function exportProblems(ctx: AppContext, pids: number[]): Promise<Buffer> {
  const files: { path: string; data: Buffer | string }[] = [];
  for (const pid of pids) {
    const v = await adminProblemView(ctx, pid);
    const cases = await readProblemCases(ctx, pid, v.problem.problemId);
    const folder = `problem_${pid}`;
    const { id: _id, caseVersion: _cv, gmtCreate: _c, gmtModified: _m, applyPublicProgress: _a, gid: _g, authorUid: _u, author: _au, ...problem } = v.problem as Record<string, unknown>;
    const row = await ctx.db.selectFrom('problem').select('checker_convention').where('id', '=', pid).executeTakeFirst();
    const doc = {
      format: 'verdict-problem',
      version: 1,
      problem: { ...problem, judgeMode: v.judgeMode },
      languages: v.languages,
      tags: v.tags.map((t) => t.name),
      codeTemplates: v.codeTemplates.map((t) => ({ language: t.language, code: t.code, status: t.status })),
      judgeMode: v.judgeMode,
      // How the checker is called (FPS special judges keep HUSTOJ's order through an export and re-import).
      checkerConvention: row?.checker_convention ?? 'testlib',
      userExtraFile: problem.userExtraFile ?? null,
      judgeExtraFile: problem.judgeExtraFile ?? null,
      samples: cases.map((c) => ({ input: c.input, output: c.output, score: c.score, groupNum: c.group_num })),
    };
    files.push({ path: `${folder}.json`, data: JSON.stringify(doc, null, 2) });
    for (const c of cases) {
      files.push({ path: `${folder}/${c.input}`, data: c.read('input') });
      files.push({ path: `${folder}/${c.output}`, data: c.read('output') });
    }
  }
  return writeZip(files);
}

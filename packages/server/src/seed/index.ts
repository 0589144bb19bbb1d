import { DEFAULT_PROBLEM_LANGUAGES, problemSaveBody } from '@verdict/shared';
import type { AppContext } from '../context.js';
import { saveProblem } from '../modules/problem/service.js';
import { SEED_PROBLEMS, type SeedProblem } from './problems.js';

const SEEDED_KEY = 'seed.demoProblems';

/** The admin form payload of a demo problem (cases are passed to saveProblem directly). */
export function seedBody(p: SeedProblem) {
  return problemSaveBody.parse({
    problem: {
      problemId: p.problemId, title: p.title, type: p.type, difficulty: p.difficulty, timeLimit: p.timeLimit ?? 1000, memoryLimit: p.memoryLimit ?? 256,
      description: p.description, input: p.input, output: p.output, examples: p.examples, hint: p.hint ?? '', source: p.source ?? '',
      auth: 1, judgeCaseMode: p.judgeCaseMode ?? 'default', spjCode: p.spjCode ?? null, spjLanguage: p.spjCode ? 'C++' : null,
      isFileIO: !!p.fileIO, ioReadFileName: p.fileIO?.read ?? null, ioWriteFileName: p.fileIO?.write ?? null,
      userExtraFile: p.userExtraFile ?? null, isRemoveEndBlank: true, openCaseResult: true,
    },
    languages: [...DEFAULT_PROBLEM_LANGUAGES],
    tags: p.tags.map((name) => ({ name })),
    judgeMode: p.judgeMode ?? 'default',
    isUploadTestCase: true,
  });
}

/**
 * Writes the demo problems once, on a database without problems: a marker in site_config keeps
 * them from coming back after an admin deletes them.
 */
export async function seedDemoProblems(ctx: AppContext, admin: { uid: number; username: string }): Promise<number> {
  const marker = await ctx.db.selectFrom('site_config').select('key').where('key', '=', SEEDED_KEY).executeTakeFirst();
  if (marker) return 0;
  const any = await ctx.db.selectFrom('problem').select('id').limit(1).executeTakeFirst();
  let created = 0;
  if (!any) {
    for (const p of SEED_PROBLEMS) {
      await saveProblem(ctx, admin, seedBody(p), null, { skipCompile: true, cases: p.cases() });
      created++;
    }
  }
  await ctx.db.insertInto('site_config').values({ key: SEEDED_KEY, value: JSON.stringify({ at: Date.now(), created }) }).execute();
  ctx.log.info({ created }, 'demo problems seeded');
  return created;
}

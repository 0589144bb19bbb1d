import type { ProblemSaveBody } from '@verdict/shared';
import type { AppContext } from '../../../context.js';
import { AppError } from '../../../http/errors.js';
import { compileWithJudge } from '../judge-bridge.js';

/** 'ok': compiled on a judge; 'unchecked': no judge could compile it now (the problem is kept, the report says so). */
export type CheckerCheck = 'none' | 'ok' | 'unchecked';

type Say = (key: string, vars?: Record<string, string | number>) => string;

const MESSAGE_CHARS = 2000;
/** The compiler could not find testlib.h (gcc: "fatal error: testlib.h: No such file or directory"). */
const MISSING_TESTLIB = /testlib\.h[^\n]*(no such file|not found|cannot open)/i;

/**
 * Compiles the checker / interactor an imported problem brings, on a real judge worker, with the
 * judge library beside it (the compile task gets it like every checker compile). A failure is an
 * AppError carrying the compiler's message, and the hint to upload testlib.h when that is the cause.
 */
export async function checkImportedChecker(ctx: AppContext, body: ProblemSaveBody, say: Say): Promise<CheckerCheck> {
  const p = body.problem;
  if (body.judgeMode === 'default' || p.spjLanguage === 'Builtin') return 'none';
  const what = say(body.judgeMode === 'interactive' ? 'importWhatInteractor' : 'importWhatChecker');
  let res;
  try {
    res = await compileWithJudge(ctx, {
      pid: null, code: p.spjCode ?? '', language: p.spjLanguage || 'C', extraFiles: p.judgeExtraFile ?? {}, mode: body.judgeMode as 'spj' | 'interactive',
    });
  } catch (e) {
    if (e instanceof AppError && e.status === 503) return 'unchecked';
    throw e;
  }
  if (res.ok) return 'ok';
  const msg = res.message.trim().slice(0, MESSAGE_CHARS) || '?';
  const needsTestlib = MISSING_TESTLIB.test(res.message) && !(p.judgeExtraFile && 'testlib.h' in p.judgeExtraFile) && !(await ctx.services.judgeLibrary?.has('testlib.h'));
  throw new AppError(400, needsTestlib ? 'importCheckerNeedsTestlib' : 'importCheckerNotCompiled', { what, msg });
}

/** Runs `fn` over `items`, at most `limit` at a time, keeping the order; failures are returned, not thrown. */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (x: T) => Promise<R>): Promise<(R | Error)[]> {
  const out: (R | Error)[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      try { out[i] = await fn(items[i]); } catch (e) { out[i] = e instanceof Error ? e : new Error(String(e)); }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}

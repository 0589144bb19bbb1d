import crypto from 'node:crypto';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import type { CompileRequest, CompileResult } from '../judge/service.js';

export type { CompileRequest, CompileResult };

/**
 * What the problem module expects from the judge module for the Compile buttons of the problem
 * form: `ctx.services.judge.compile(req)` compiles a checker / interactor on a judge worker.
 * Looked up loosely so this module does not depend on the judge module being present.
 */
type JudgeCompiler = { compile?: (req: CompileRequest) => Promise<CompileResult> };

/**
 * Checkers that compiled recently, by content hash and judge-library version (the compile saw
 * its headers): saving the form right after a successful Compile click does not compile the same
 * code a second time, unless the library changed in between.
 */
const compiled = new Map<string, number>();
const COMPILED_TTL_MS = 6 * 3600_000;
const compileKey = async (ctx: AppContext, r: CompileRequest) => {
  const library = (await ctx.services.judgeLibrary?.snapshot())?.version ?? '';
  return crypto.createHash('sha256').update(JSON.stringify([r.mode, r.language, r.code, Object.entries(r.extraFiles).sort(), library])).digest('hex');
};

export async function wasCompiled(ctx: AppContext, req: CompileRequest): Promise<boolean> {
  const t = compiled.get(await compileKey(ctx, req));
  return t !== undefined && Date.now() - t < COMPILED_TTL_MS;
}

export async function compileWithJudge(ctx: AppContext, req: CompileRequest): Promise<CompileResult> {
  const judge = (ctx.services as { judge?: JudgeCompiler }).judge;
  if (!judge?.compile) throw new AppError(503, 'judgeUnavailable');
  const key = await compileKey(ctx, req);
  const res = await judge.compile(req);
  if (res.ok) {
    if (compiled.size > 1000) compiled.clear();
    compiled.set(key, Date.now());
  }
  return res;
}

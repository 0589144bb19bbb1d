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
 * Checkers that compiled recently, by content hash: saving the form right after a successful
 * Compile click does not compile the same code a second time.
 */
const compiled = new Map<string, number>();
const COMPILED_TTL_MS = 6 * 3600_000;
const compileKey = (r: CompileRequest) =>
  crypto.createHash('sha256').update(JSON.stringify([r.mode, r.language, r.code, Object.entries(r.extraFiles).sort()])).digest('hex');

export function wasCompiled(req: CompileRequest): boolean {
  const t = compiled.get(compileKey(req));
  return t !== undefined && Date.now() - t < COMPILED_TTL_MS;
}

export async function compileWithJudge(ctx: AppContext, req: CompileRequest): Promise<CompileResult> {
  const judge = (ctx.services as { judge?: JudgeCompiler }).judge;
  if (!judge?.compile) throw new AppError(503, 'judgeUnavailable');
  const res = await judge.compile(req);
  if (res.ok) {
    if (compiled.size > 1000) compiled.clear();
    compiled.set(compileKey(req), Date.now());
  }
  return res;
}

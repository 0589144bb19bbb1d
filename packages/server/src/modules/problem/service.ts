import fs from 'node:fs';
import path from 'node:path';
import { CASE_MODES_BY_TYPE, formatExamples, isPlainFileName, type CheckerConvention, type ProblemEntityVo, type ProblemSaveBody } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import type { ProblemTable } from '../../db/schema.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import type { AuthUser } from '../../http/auth.js';
import { now } from '../../lib/time.js';
import {
  applyTestData, discardPrepared, prepareTestData, problemTestDir, readStaged, removeProblemTestData, removeStaged, shownName,
  type PreparedTestData, type TestCaseData,
} from '../testcase/testdata.js';
import { problemIdsChanged } from '../training/progress.js';
import { compileWithJudge, wasCompiled } from './judge-bridge.js';
import { invalidateProblemList } from './list-cache.js';

export type ProblemRow = { [K in keyof ProblemTable]: ProblemTable[K] extends import('kysely').Generated<infer T> ? T : ProblemTable[K] };

const DISPLAY_ID = /^[A-Za-z0-9_-]{1,100}$/;

const toInt = (v: unknown): number | null => {
  if (v === undefined || v === null || v === '') return null;
  const n = typeof v === 'number' ? v : Number(String(v).trim());
  return Number.isInteger(n) ? n : null;
};

/** Rules of spec 03 §5, checked in the form's order; the first failure is reported. */
export function validateProblemBody(body: ProblemSaveBody, opts: { isNew: boolean; hasExistingUploadCases: boolean }) {
  const p = body.problem;
  if (!p.problemId.trim()) throw badRequest('problemIdRequired');
  if (!DISPLAY_ID.test(p.problemId.trim())) throw badRequest('problemIdInvalid');
  if (!p.title.trim()) throw badRequest('problemTitleRequired');
  if (!p.isRemote && !p.input.trim()) throw badRequest('problemInputRequired');
  if (!p.isRemote && !p.output.trim()) throw badRequest('problemOutputRequired');
  if (p.isFileIO) {
    if (!p.ioReadFileName?.trim() || !p.ioWriteFileName?.trim()) throw badRequest('fileIoNamesRequired');
    if (!isPlainFileName(p.ioReadFileName.trim()) || !isPlainFileName(p.ioWriteFileName.trim())) throw badRequest('fileIoNameInvalid');
  }
  if (!CASE_MODES_BY_TYPE[p.type === 1 ? 1 : 0].includes(p.judgeCaseMode)) {
    throw badRequest('caseModeNotForType', { mode: p.judgeCaseMode, type: p.type === 1 ? 'OI' : 'ACM' });
  }
  if (!p.isRemote) {
    if (body.isUploadTestCase) {
      // A new upload, or the cases already stored (their scores edited) must be sent.
      if (!body.samples.length) throw badRequest('judgeSamplesRequired');
      // Uploaded cases are named files: plain names only, read from inside the chosen folder.
      for (const name of body.samples.flatMap((s) => [s.input, s.output])) {
        if (!isPlainFileName(name)) throw badRequest('problemFileNameInvalid', { problem: p.problemId.trim(), name: shownName(name) });
      }
      if (!body.uploadTestcaseDir && (opts.isNew || !opts.hasExistingUploadCases)) throw badRequest('judgeSamplesRequired');
    } else {
      if (!body.samples.length) throw badRequest('judgeSamplesRequired');
      body.samples.forEach((s, i) => {
        if (!s.input && !s.output) throw badRequest('sampleInputOrOutputRequired', { n: i + 1 });
      });
    }
    body.samples.forEach((s, i) => {
      if (p.type === 1) {
        const score = toInt(s.score);
        if (score === null || score < 0) throw badRequest('caseScoreInvalid', { n: i + 1 });
      }
      if (p.judgeCaseMode.startsWith('subtask')) {
        const g = toInt(s.groupNum);
        if (g === null || g < 1) throw badRequest('caseGroupRequired', { n: i + 1 });
      }
    });
  }
  // Extra files are written into the judge's box by name: plain names only, never paths.
  for (const files of [p.userExtraFile, p.judgeExtraFile]) {
    for (const [name, content] of Object.entries(files ?? {})) {
      if (!name.trim()) throw badRequest('extraFileNameRequired');
      if (!isPlainFileName(name)) throw badRequest('extraFileNameInvalid', { name: shownName(name) });
      if (!content) throw badRequest('extraFileContentRequired', { name });
    }
  }
  if (body.judgeMode !== 'default' && !p.spjCode?.trim()) throw badRequest('spjCodeRequired');
  if (!p.isRemote && !body.languages.length) throw badRequest('problemLanguagesRequired');
  for (const t of body.codeTemplates) {
    if (t.status && !t.code.trim()) throw badRequest('codeTemplateEmpty', { lang: templateLanguage(t) });
  }
  const seen = new Set<string>();
  for (const t of body.tags) {
    const key = typeof t === 'number' ? `#${t}` : t.id ? `#${t.id}` : `n:${(t.name ?? '').trim().toLowerCase()}`;
    if (seen.has(key)) throw badRequest('duplicateTag', { name: typeof t === 'number' ? String(t) : (t.name ?? String(t.id)) });
    seen.add(key);
  }
}

const templateLanguage = (t: ProblemSaveBody['codeTemplates'][number]) => String(t.language ?? t.lid ?? '').trim();
const languageNames = (body: ProblemSaveBody) => [...new Set(body.languages.map((l) => (typeof l === 'string' ? l : l.name).trim()).filter(Boolean))];

/** Problem columns from the payload's problem part. */
function problemColumns(body: ProblemSaveBody, user: { username: string }) {
  const p = body.problem;
  const examples = Array.isArray(p.examples) ? formatExamples(p.examples) : p.examples;
  const files = (m: Record<string, string> | null | undefined) => (m && Object.keys(m).length ? JSON.stringify(m) : null);
  return {
    problem_id: p.problemId.trim(),
    title: p.title.trim(),
    type: p.type,
    time_limit: p.timeLimit,
    memory_limit: p.memoryLimit,
    stack_limit: p.stackLimit,
    description: p.description,
    input: p.input,
    output: p.output,
    examples,
    hint: p.hint ?? '',
    source: p.source ?? '',
    difficulty: p.difficulty,
    auth: p.auth,
    io_score: p.ioScore,
    code_share: p.codeShare ? 1 : 0,
    judge_mode: body.judgeMode,
    judge_case_mode: p.judgeCaseMode,
    spj_code: body.judgeMode === 'default' ? null : (p.spjCode ?? null),
    spj_language: body.judgeMode === 'default' ? null : (p.spjLanguage || 'C'),
    is_remove_end_blank: p.isRemoveEndBlank ? 1 : 0,
    open_case_result: p.openCaseResult ? 1 : 0,
    is_upload_case: body.isUploadTestCase ? 1 : 0,
    user_extra_file: files(p.userExtraFile),
    judge_extra_file: files(p.judgeExtraFile),
    is_file_io: p.isFileIO ? 1 : 0,
    io_read_file_name: p.isFileIO ? p.ioReadFileName?.trim() ?? null : null,
    io_write_file_name: p.isFileIO ? p.ioWriteFileName?.trim() ?? null : null,
    is_remote: p.isRemote ? 1 : 0,
    modified_user: user.username,
  };
}

/**
 * Full marks of an OI problem: the sum of its case scores, or in subtask modes (where a group
 * scores its lowest or average case) the sum over groups of the group's score.
 */
export function problemTotalScore(caseMode: string, rows: { score: number; group_num: number }[]) {
  if (!caseMode.startsWith('subtask')) return rows.reduce((a, r) => a + r.score, 0);
  const groups = new Map<number, number>();
  for (const r of rows) groups.set(r.group_num, Math.max(groups.get(r.group_num) ?? 0, r.score));
  return [...groups.values()].reduce((a, b) => a + b, 0);
}

/** Test data the save writes, or null to keep the current files untouched. */
function buildTestData(ctx: AppContext, uid: number, body: ProblemSaveBody, existing: ProblemRow | null, existingCases: { input: string; output: string }[]): PreparedTestData | null {
  if (body.problem.isRemote) return null;
  const scoreOf = (s: ProblemSaveBody['samples'][number]) => (body.problem.type === 1 ? toInt(s.score) ?? 0 : 0);
  const groupOf = (s: ProblemSaveBody['samples'][number], i: number) => toInt(s.groupNum) ?? i + 1;
  let cases: TestCaseData[];
  if (!body.isUploadTestCase) {
    cases = body.samples.map((s, i) => ({ input: s.input, output: s.output, score: scoreOf(s), groupNum: groupOf(s, i) }));
  } else {
    // Files come from a fresh upload, or from the problem's current folder (scores edited only).
    let dir: string;
    let files: Set<string>;
    if (body.uploadTestcaseDir) {
      ({ dir, files } = readStaged(ctx, body.uploadTestcaseDir, uid));
    } else {
      if (!existing) throw badRequest('judgeSamplesRequired');
      dir = problemTestDir(ctx, existing.id);
      files = new Set(existingCases.flatMap((c) => [c.input, c.output]));
    }
    cases = body.samples.map((s, i) => {
      // Checked in validateProblemBody too; here because this is where the names meet the disk.
      for (const name of [s.input, s.output]) {
        if (!isPlainFileName(name)) throw badRequest('problemFileNameInvalid', { problem: body.problem.problemId.trim(), name: shownName(name) });
      }
      if (!files.has(s.input) || !files.has(s.output)) throw badRequest('uploadTestcaseExpired');
      const read = (n: string) => {
        try { return fs.readFileSync(path.join(dir, n)); } catch { throw badRequest('uploadTestcaseExpired'); }
      };
      return { input: read(s.input), output: read(s.output), inputName: s.input, outputName: s.output, score: scoreOf(s), groupNum: groupOf(s, i) };
    });
  }
  return prepareTestData(ctx, cases);
}

/**
 * Resolves tag references to ids, creating tags given by a new name (oj ME). A group problem
 * (gid > 0) uses the site's tags and its group's own; the tags it creates stay in its group.
 */
async function resolveTags(trx: Db, tags: ProblemSaveBody['tags'], gid = 0): Promise<number[]> {
  const ids: number[] = [];
  const scopes = gid > 0 ? [0, gid] : [0];
  for (const t of tags) {
    const id = typeof t === 'number' ? t : t.id;
    if (id) {
      const row = await trx.selectFrom('tag').select('id').where('id', '=', id).where('gid', 'in', scopes).executeTakeFirst();
      if (!row) throw badRequest('tagNotFound');
      ids.push(row.id);
      continue;
    }
    const name = typeof t === 'number' ? '' : (t.name ?? '').trim();
    if (!name) continue;
    const found = await trx.selectFrom('tag').select('id').where('name', '=', name).where('oj', '=', 'ME').where('gid', 'in', scopes).orderBy('gid').executeTakeFirst();
    if (found) ids.push(found.id);
    else {
      const ins = await trx.insertInto('tag').values({ name, color: typeof t === 'number' ? null : t.color ?? null, oj: 'ME', gid, classification_id: null, gmt_create: now() })
        .returning('id').executeTakeFirstOrThrow();
      ids.push(ins.id);
    }
  }
  return [...new Set(ids)];
}

export interface SaveOptions {
  /** Seeds and imports: the judge compiles checkers itself when it first needs them. */
  skipCompile?: boolean;
  /** Test data given directly (imports, seeds) instead of samples / an upload. */
  cases?: TestCaseData[];
  /** Group the new problem belongs to (group module); 0 / absent for the public problem set. */
  gid?: number;
  /** Imports: the checker was just compiled on a judge (with skipCompile), so it is marked compiled. */
  spjCompiled?: boolean;
  /** Imports: how the checker is called (FPS spj: HUSTOJ's convention). Absent: a new problem is testlib, an existing one keeps its own. */
  checkerConvention?: CheckerConvention;
}

/** Creates (existing = null) or updates a problem: one transaction plus an atomic test-data swap. */
export async function saveProblem(ctx: AppContext, user: Pick<AuthUser, 'uid' | 'username'>, body: ProblemSaveBody, existing: ProblemRow | null, opts: SaveOptions = {}) {
  // A remote problem is judged on its home site: it stays remote and never gets test data here.
  if (existing?.is_remote && (!body.problem.isRemote || body.uploadTestcaseDir || (!body.isUploadTestCase && body.samples.length > 0))) throw badRequest('remoteNoTestCases');
  const existingCases = existing ? await ctx.db.selectFrom('problem_case').select(['input', 'output']).where('pid', '=', existing.id).execute() : [];
  if (!opts.cases) validateProblemBody(body, { isNew: !existing, hasExistingUploadCases: existingCases.length > 0 });
  const displayId = body.problem.problemId.trim();
  const dup = await ctx.db.selectFrom('problem').select('id').where('problem_id', '=', displayId).executeTakeFirst();
  if (dup && dup.id !== existing?.id) throw badRequest('problemIdExists', { id: displayId });

  // Checker / interactor: compiled again whenever its code or language changed.
  let spjOk = existing?.spj_compile_ok ?? 0;
  if (body.judgeMode !== 'default') {
    const changed = !existing || existing.spj_code !== body.problem.spjCode || existing.spj_language !== (body.problem.spjLanguage || 'C')
      || existing.judge_mode !== body.judgeMode || body.changeModeCode === true;
    const compileReq = { pid: existing?.id ?? null, code: body.problem.spjCode ?? '', language: body.problem.spjLanguage || 'C',
      extraFiles: body.problem.judgeExtraFile ?? {}, mode: body.judgeMode as 'spj' | 'interactive' };
    if (changed && !opts.skipCompile && await wasCompiled(ctx, compileReq)) spjOk = 1;
    else if (changed && !opts.skipCompile) {
      const res = await compileWithJudge(ctx, compileReq);
      if (!res.ok) throw new AppError(400, 'spjNotCompiled', {}, { msg: res.message });
      spjOk = 1;
    } else if (changed) spjOk = opts.spjCompiled ? 1 : 0;
  }

  const prepared = opts.cases ? prepareTestData(ctx, opts.cases) : buildTestData(ctx, user.uid, body, existing, existingCases);
  const cols = problemColumns(body, user);
  // An OI problem is worth the sum of its case scores (the OI rank score builds on it).
  if (body.problem.type === 1 && prepared?.rows.length) cols.io_score = problemTotalScore(body.problem.judgeCaseMode, prepared.rows);
  let swap: Awaited<ReturnType<typeof applyTestData>> | undefined;
  let pid = existing?.id ?? 0;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const t = now();
      if (existing) {
        await trx.updateTable('problem').set({ ...cols, spj_compile_ok: spjOk, gmt_modified: t, ...(opts.checkerConvention ? { checker_convention: opts.checkerConvention } : {}) })
          .where('id', '=', existing.id).execute();
      } else {
        const ins = await trx.insertInto('problem').values({
          ...cols, spj_compile_ok: spjOk, checker_convention: opts.checkerConvention ?? 'testlib', author_uid: user.uid, case_version: '', gid: opts.gid ?? 0, remote_oj: null, apply_public_progress: null,
          gmt_create: t, gmt_modified: t,
        }).returning('id').executeTakeFirstOrThrow();
        pid = ins.id;
      }
      const tagIds = await resolveTags(trx, body.tags, existing?.gid ?? opts.gid ?? 0);
      await trx.deleteFrom('problem_tag').where('pid', '=', pid).execute();
      if (tagIds.length) await trx.insertInto('problem_tag').values(tagIds.map((tid) => ({ pid, tid }))).execute();
      const langs = languageNames(body);
      await trx.deleteFrom('problem_language').where('pid', '=', pid).execute();
      if (langs.length) await trx.insertInto('problem_language').values(langs.map((language) => ({ pid, language }))).execute();
      await trx.deleteFrom('code_template').where('pid', '=', pid).execute();
      const templates = body.codeTemplates.filter((c) => templateLanguage(c));
      if (templates.length) {
        await trx.insertInto('code_template').values(templates.map((c) => ({ pid, language: templateLanguage(c), code: c.code, status: c.status ? 1 : 0 }))).execute();
      }
      if (prepared) swap = await applyTestData(ctx, trx, pid, prepared);
    });
  } catch (e) {
    swap?.undo();
    discardPrepared(prepared);
    if (e instanceof AppError) throw e;
    // A unique-index race on the display id between the check above and the insert.
    if (/unique|duplicate/i.test(String((e as Error).message))) throw badRequest('problemIdExists', { id: displayId });
    throw e;
  }
  swap?.finish();
  if (body.uploadTestcaseDir) removeStaged(ctx, body.uploadTestcaseDir);
  invalidateProblemList();
  // An edit that makes the problem public or private moves it in or out of the global ranks.
  if (existing && existing.auth !== body.problem.auth) await ctx.services.globalRank?.problemChanged(pid);
  // Training ranks show problems by their problem ID.
  if (existing && existing.problem_id !== displayId) await problemIdsChanged(ctx.db, [pid]);
  return pid;
}

export async function getProblemRow(ctx: AppContext, pid: number) {
  const row = await ctx.db.selectFrom('problem').selectAll().where('id', '=', pid).executeTakeFirst();
  if (!row) throw notFound('problemNotFound');
  return row;
}

export async function deleteProblem(ctx: AppContext, pid: number) {
  await getProblemRow(ctx, pid);
  // A contest's problem list and scoreboard point at it: the contest admin removes it there first.
  const inContest = await ctx.db.selectFrom('contest_problem').select('cid').where('pid', '=', pid).limit(1).executeTakeFirst();
  if (inContest) throw badRequest('problemInContest', { cid: inContest.cid });
  // Likewise a training's problem list and rank: the training admin removes it there first.
  const inTraining = await ctx.db.selectFrom('training_problem').select('tid').where('pid', '=', pid).limit(1).executeTakeFirst();
  if (inTraining) throw badRequest('problemInTraining', { tid: inTraining.tid });
  await ctx.db.transaction().execute(async (trx) => {
    for (const t of ['problem_tag', 'problem_language', 'code_template', 'problem_case', 'problem_solution'] as const) {
      await trx.deleteFrom(t).where('pid', '=', pid).execute();
    }
    await trx.deleteFrom('problem').where('id', '=', pid).execute();
  });
  removeProblemTestData(ctx, pid);
  invalidateProblemList();
  await ctx.services.globalRank?.problemChanged(pid);
}

/** Full problem for the admin form: fields, tags, languages, templates, cases. */
export async function adminProblemView(ctx: AppContext, pid: number) {
  const p = await getProblemRow(ctx, pid);
  const [tags, langs, templates, cases] = await Promise.all([
    ctx.db.selectFrom('problem_tag').innerJoin('tag', 'tag.id', 'problem_tag.tid').select(['tag.id', 'tag.name', 'tag.color', 'tag.oj']).where('problem_tag.pid', '=', pid).execute(),
    ctx.db.selectFrom('problem_language').select('language').where('pid', '=', pid).execute(),
    ctx.db.selectFrom('code_template').select(['id', 'language', 'code', 'status']).where('pid', '=', pid).execute(),
    ctx.db.selectFrom('problem_case').selectAll().where('pid', '=', pid).orderBy('seq').execute(),
  ]);
  return {
    problem: problemToApi(p),
    tags,
    languages: langs.map((l) => l.language),
    codeTemplates: templates.map((t) => ({ ...t, status: t.status === 1 })),
    // Typed cases come back as text for the form to edit; uploaded ones by file name.
    cases: cases.map((c) => {
      const typed = p.is_upload_case === 0 ? readTypedCase(ctx, pid, c.input, c.output) : null;
      return { id: c.id, input: typed?.input ?? c.input, output: typed?.output ?? c.output, inputName: c.input, outputName: c.output,
        score: c.score, groupNum: c.group_num, index: c.seq };
    }),
    judgeMode: p.judge_mode,
  };
}

function readTypedCase(ctx: AppContext, pid: number, input: string, output: string) {
  const dir = problemTestDir(ctx, pid);
  if (!isPlainFileName(input) || !isPlainFileName(output)) return null;
  try {
    return { input: fs.readFileSync(path.join(dir, input), 'utf8'), output: fs.readFileSync(path.join(dir, output), 'utf8') };
  } catch {
    return null;
  }
}

const parseJson = (s: string | null): Record<string, string> | null => {
  if (!s) return null;
  try { return JSON.parse(s); } catch { return null; }
};

/** The camelCase problem object of spec 01 §3 / spec 03 §3. */
export function problemToApi(p: ProblemRow, opts: { withJudgeFiles?: boolean } = { withJudgeFiles: true }): ProblemEntityVo {
  return {
    id: p.id,
    problemId: p.problem_id,
    title: p.title,
    author: null as string | null,
    authorUid: p.author_uid,
    type: p.type,
    timeLimit: p.time_limit,
    memoryLimit: p.memory_limit,
    stackLimit: p.stack_limit,
    description: p.description,
    input: p.input,
    output: p.output,
    examples: p.examples,
    hint: p.hint,
    source: p.source,
    difficulty: p.difficulty,
    auth: p.auth,
    ioScore: p.io_score,
    codeShare: p.code_share === 1,
    judgeMode: p.judge_mode,
    judgeCaseMode: p.judge_case_mode,
    isRemoveEndBlank: p.is_remove_end_blank === 1,
    openCaseResult: p.open_case_result === 1,
    isUploadCase: p.is_upload_case === 1,
    userExtraFile: parseJson(p.user_extra_file),
    isFileIO: p.is_file_io === 1,
    ioReadFileName: p.io_read_file_name,
    ioWriteFileName: p.io_write_file_name,
    isRemote: p.is_remote === 1,
    remoteOj: p.remote_oj,
    gid: p.gid,
    applyPublicProgress: p.apply_public_progress,
    modifiedUser: p.modified_user,
    gmtCreate: p.gmt_create,
    gmtModified: p.gmt_modified,
    ...(opts.withJudgeFiles
      ? { spjCode: p.spj_code, spjLanguage: p.spj_language, spjCompileOk: p.spj_compile_ok === 1, judgeExtraFile: parseJson(p.judge_extra_file), caseVersion: p.case_version }
      : {}),
  };
}


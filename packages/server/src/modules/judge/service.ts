import {
  JudgeStatus, MSG, formatMsg, isFinalStatus, oiRankScore, type JudgeResult, type JudgeTask, type LanguageAvailability,
  type ProgressRequest, type ResultRequest,
} from '@verdict/shared';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import { now } from '../../lib/time.js';
import crypto from 'node:crypto';
import { AppError } from '../../http/errors.js';
import { TaskNotifier } from './notifier.js';
import { JudgeQueue, MAX_ATTEMPTS, PRIORITY, type TaskKind, type TaskRow } from './queue.js';
import { buildJudgeTask } from './task-builder.js';
import { TestDataManifests } from './testdata.js';
import { refreshProblemStatus } from '../submission/problem-status.js';
import { writeSolutionResult } from '../problem/package-solutions.js';
import { bumpSubVer } from '../account/sub-stats.js';

/** A judge server counts as live when its heartbeat (or claim) is this recent. */
export const ONLINE_MS = 30_000;
/** Test-run results are kept this long. */
export const TEST_RUN_TTL_MS = 10 * 60_000;
/** Finished queue rows are kept this long. */
const DONE_TASK_TTL_MS = 24 * 3600_000;
/** Case rows per INSERT statement. */
const CASE_INSERT_CHUNK = 500;
/** Kept user output per case. */
const USER_OUTPUT_MAX = 1024;

/** What result listeners (rank caches, contests) learn when a submission gets its final verdict. */
export interface JudgeResultEvent {
  submitId: number;
  uid: number;
  pid: number;
  cid: number;
  gid: number;
  status: number;
  score: number | null;
  time: number | null;
  memory: number | null;
  /**
   * How the verdict came: a worker's result, a manual judge, a cancel, giving up after repeated
   * worker loss, or a rejudge (status Pending again: the previous verdict no longer counts).
   */
  source: 'judge' | 'manual' | 'cancel' | 'system' | 'rejudge';
  /** When it was submitted (the live stream's submission events carry it; saves them a read). */
  submitTime?: number;
  /** The contest's rank version this verdict committed (set by the contest's verdict step). */
  rankVer?: number;
}
export type JudgeResultListener = (e: JudgeResultEvent) => void | Promise<void>;
/**
 * A step of the transaction that writes a verdict (or a rejudge reset), run last in it: what must
 * never lag behind the verdict after a crash (contest rank cells). Throwing rolls the verdict back.
 */
export type VerdictWrittenStep = (trx: Db, e: JudgeResultEvent) => Promise<void>;
/** A submission moved to Compiling or Judging (live updates listen). */
export type JudgeProgressListener = (e: { submitId: number; status: number }) => void | Promise<void>;

const truncate = (s: string | null | undefined, n: number) => (s == null ? null : s.length > n ? s.slice(0, n) : s);

/** Checker / interactor compile request of the problem form (problem module's judge-bridge). */
export interface CompileRequest {
  pid: number | null;
  code: string;
  language: string;
  extraFiles: Record<string, string>;
  mode: 'spj' | 'interactive';
}
export interface CompileResult { ok: boolean; message: string }
/** How long the Compile button waits for a worker. */
export const COMPILE_WAIT_MS = 60_000;

/** What decides where a submission is judged. */
type RemoteFields = { is_remote: number; remote_oj: string | null };
const isRemote = (p: RemoteFields | undefined): p is RemoteFields & { remote_oj: string } => !!p?.is_remote && !!p.remote_oj;
/** A remote problem is judged on its home site: its own task kind, which local workers never claim. */
const taskKindOf = (p: RemoteFields | undefined): { kind: TaskKind; site: string | null } =>
  (isRemote(p) ? { kind: 'remote', site: p.remote_oj } : { kind: 'submission', site: null });

export class JudgeService {
  readonly queue: JudgeQueue;
  readonly testData: TestDataManifests;
  readonly notifier: TaskNotifier;
  private listeners: JudgeResultListener[] = [];
  private verdictSteps: VerdictWrittenStep[] = [];
  /**
   * Test hook: called between a verdict's commit and its result listeners. Throwing there stands
   * for a process killed at that point (the listeners never run).
   */
  crashAfterCommit: (() => void) | null = null;
  private progressListeners: JudgeProgressListener[] = [];
  private liveCache: { at: number; langs: Map<string, LanguageAvailability> } | null = null;

  constructor(private readonly ctx: AppContext) {
    this.notifier = new TaskNotifier(ctx.config.redisUrl, ctx.log);
    this.queue = new JudgeQueue(ctx.db, ctx.dbKind, this.notifier, (task) => this.giveUp(task));
    this.testData = new TestDataManifests(ctx.config.dataDir);
  }

  /** Queues a submission that may have run before (a rejudge, an orphan put back); pass the transaction that resets its row. */
  async enqueueSubmission(trx: Db, submitId: number, priority: number = PRIORITY.normal): Promise<number> {
    const p = await trx.selectFrom('submission').innerJoin('problem', 'problem.id', 'submission.pid')
      .select(['problem.is_remote', 'problem.remote_oj']).where('submission.id', '=', submitId).executeTakeFirst();
    // Judged afresh: what an earlier run reached on the home site no longer counts.
    if (isRemote(p)) await trx.deleteFrom('remote_submission').where('submit_id', '=', submitId).execute();
    return this.queueTask(trx, submitId, priority, p, false);
  }

  /**
   * Queues a submission written in this same transaction, whose problem the caller has read: no
   * task and no remote run can exist for it yet, so nothing is read, replaced or cleared first
   * (two round trips fewer on PostgreSQL in a contest-day submit).
   */
  enqueueNewSubmission(trx: Db, submitId: number, priority: number, problem: RemoteFields): Promise<number> {
    return this.queueTask(trx, submitId, priority, problem, true);
  }

  /** enqueueNewSubmission's task for the submission rows of the CTE `from` (PostgreSQL's one-statement submit). */
  newSubmissionTaskFrom(from: string, priority: number, problem: RemoteFields, t: number) {
    const { kind, site } = taskKindOf(problem);
    return this.queue.taskFrom(from, kind, priority, site, t);
  }

  private queueTask(trx: Db, submitId: number, priority: number, p: RemoteFields | undefined, fresh: boolean) {
    const { kind, site } = taskKindOf(p);
    return this.queue.enqueue(trx, kind, submitId, priority, site, { fresh });
  }

  enqueueTestRun(trx: Db, key: string): Promise<number> {
    return this.queue.enqueue(trx, 'test', key, PRIORITY.test);
  }

  /** A problem package's solution, judged as a submission whose result goes back to its problem_solution row. */
  enqueueSolution(trx: Db, solutionId: number): Promise<number> {
    return this.queue.enqueue(trx, 'solution', solutionId, PRIORITY.rejudge);
  }

  /**
   * Called after a final verdict is written (judge result, manual judge, cancel, giving up) and
   * when a rejudge resets a submission to Pending. Contest scoreboards hook in here.
   */
  onResult(listener: JudgeResultListener): () => void {
    this.listeners.push(listener);
    return () => { this.listeners = this.listeners.filter((l) => l !== listener); };
  }

  /** Runs `step` inside every transaction that writes a verdict or a rejudge reset, after its writes. */
  onVerdictWritten(step: VerdictWrittenStep): () => void {
    this.verdictSteps.push(step);
    return () => { this.verdictSteps = this.verdictSteps.filter((l) => l !== step); };
  }

  /**
   * The in-transaction steps of verdicts written by `trx` (call last in it). Several events of one
   * (contest, user, problem) run once: a mass rejudge recomputes each cell once, after every reset.
   */
  async verdictWritten(trx: Db, events: JudgeResultEvent | JudgeResultEvent[]) {
    const seen = new Set<string>();
    for (const e of Array.isArray(events) ? events : [events]) {
      const key = `${e.cid}|${e.uid}|${e.pid}`;
      if (seen.has(key)) continue;
      seen.add(key);
      for (const step of this.verdictSteps) await step(trx, e);
    }
  }

  /** Between a verdict's commit and its listeners (see crashAfterCommit). */
  committed() {
    this.crashAfterCommit?.();
  }

  /** Called after a worker's progress report on a submission is written. */
  onProgress(listener: JudgeProgressListener): () => void {
    this.progressListeners.push(listener);
    return () => { this.progressListeners = this.progressListeners.filter((l) => l !== listener); };
  }

  /** Same as onResult, under the name other modules look for. */
  onSubmissionJudged(listener: JudgeResultListener): () => void {
    return this.onResult(listener);
  }

  async emitResult(e: JudgeResultEvent) {
    for (const l of this.listeners) {
      try {
        await l(e);
      } catch (err) {
        this.ctx.log.error({ err }, 'judge result listener failed');
      }
    }
  }

  /** Resets a submission to Pending (score cleared, cases dropped) and queues it again. */
  async rejudge(submitId: number, trx?: Db): Promise<boolean> {
    const reset = async (t: Db) => {
      const e = await this.resetForRejudge(submitId, t);
      if (e) await this.verdictWritten(t, e);
      return e;
    };
    const done = trx ? await reset(trx) : await this.ctx.db.transaction().execute(reset);
    if (done && !trx) {
      this.committed();
      this.queue.notify();
      await this.emitResult(done);
    }
    return !!done;
  }

  /** `tasksEnded`: the caller already ended the submission's tasks (a mass rejudge ends them all first). */
  private async resetForRejudge(submitId: number, db: Db, tasksEnded = false): Promise<JudgeResultEvent | null> {
    const sub = await db.selectFrom('submission').select(['id', 'uid', 'pid', 'cid', 'gid', 'submit_time']).where('id', '=', submitId).executeTakeFirst();
    if (!sub) return null;
    // The task row before the submission row, in the order a worker's result takes them.
    if (!tasksEnded) await this.queue.supersede(db, ['submission', 'remote'], [submitId]);
    await db.updateTable('submission').set({
      status: JudgeStatus.PENDING, score: null, oi_rank_score: null, time: null, memory: null, error_message: null,
      judger: null, is_manual: 0, case_done: 0, case_total: 0, case_current: 0, judge_time: null, gmt_modified: now(),
    }).where('id', '=', submitId).execute();
    await db.deleteFrom('judge_case').where('submit_id', '=', submitId).execute();
    await this.refreshAccept(db, sub.uid, sub.pid, sub.cid, sub.gid);
    await this.enqueueSubmission(db, submitId, PRIORITY.rejudge);
    return { submitId, uid: sub.uid, pid: sub.pid, cid: sub.cid, gid: sub.gid, status: JudgeStatus.PENDING, score: null, time: null, memory: null, source: 'rejudge', submitTime: sub.submit_time };
  }

  /** Rejudges every submission of one problem in one contest; returns how many. */
  async rejudgeContestProblem(cid: number, pid: number): Promise<number> {
    const events = await this.ctx.db.transaction().execute(async (trx) => {
      const ids = await trx.selectFrom('submission').select('id').where('cid', '=', cid).where('pid', '=', pid).orderBy('id').execute();
      // Every task row first: a worker's result holding one of them then needs nothing this
      // transaction holds (the submission, status and contest rows come after), so it finishes first.
      await this.queue.supersede(trx, ['submission', 'remote'], ids.map((r) => r.id));
      const out: JudgeResultEvent[] = [];
      for (const { id } of ids) {
        const e = await this.resetForRejudge(id, trx, true);
        if (e) out.push(e);
      }
      // After every reset: the contest row's lock comes last, as in a single verdict.
      await this.verdictWritten(trx, out);
      return out;
    });
    this.committed();
    this.queue.notify();
    for (const e of events) await this.emitResult(e);
    return events.length;
  }

  /**
   * Compiles a checker or interactor on a worker (the problem form's Compile button): queued like
   * any task, at the front, and waited for up to COMPILE_WAIT_MS.
   */
  async compile(req: CompileRequest): Promise<CompileResult> {
    if ((await this.liveLanguages()).size === 0) throw new AppError(503, 'judgeUnavailable');
    const key = crypto.randomUUID();
    const deadline = now() + COMPILE_WAIT_MS;
    await this.ctx.db.transaction().execute(async (trx) => {
      await trx.insertInto('judge_compile').values({
        key, pid: req.pid, mode: req.mode, language: req.language, code: req.code,
        extra_files: JSON.stringify(req.extraFiles ?? {}), ok: null, message: null, expires_at: deadline + 60_000,
      }).execute();
      await this.queue.enqueue(trx, 'compile', key, PRIORITY.compile);
    });
    this.queue.notify();
    try {
      while (now() < deadline) {
        const row = await this.ctx.db.selectFrom('judge_compile').select(['ok', 'message']).where('key', '=', key).executeTakeFirst();
        if (row && row.ok !== null) return { ok: row.ok === 1, message: row.message ?? '' };
        await new Promise((r) => setTimeout(r, 150));
      }
      throw new AppError(503, 'judgeUnavailable');
    } finally {
      await this.queue.cancel(this.ctx.db, 'compile', key);
      await this.ctx.db.deleteFrom('judge_compile').where('key', '=', key).execute();
    }
  }

  /**
   * Start-up recovery: tasks leased by this server's own local workers (which died with it) go
   * back to the queue now; submissions left in Pending/Compiling/Judging without a live task
   * (e.g. written by a crashed older version) get a task again.
   */
  async recover(localOwnerPrefix: string | null) {
    if (localOwnerPrefix) await this.queue.releaseOwnedBy(localOwnerPrefix);
    await this.queue.requeueExpired();
    const orphans = await this.ctx.db.selectFrom('submission').select(['id', 'cid'])
      .where('status', 'in', [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING])
      .where(({ not, exists, selectFrom }) => not(exists(
        selectFrom('judge_task').select('judge_task.id').where('judge_task.kind', 'in', ['submission', 'remote'])
          .where('judge_task.state', '!=', 'done')
          .whereRef('judge_task.ref_id', '=', this.ctx.dbKind === 'postgres' ? sql<string>`cast(submission.id as varchar)` : sql<string>`cast(submission.id as text)`),
      )))
      .limit(10_000).execute();
    for (const o of orphans) {
      await this.ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('submission').set({ status: JudgeStatus.PENDING, case_done: 0, case_current: 0, gmt_modified: now() }).where('id', '=', o.id).execute();
        await this.enqueueSubmission(trx, o.id, o.cid ? PRIORITY.contest : PRIORITY.normal);
      });
    }
    if (orphans.length) {
      this.ctx.log.warn({ count: orphans.length }, 'judge: re-queued submissions that had no task');
      this.queue.notify();
    }
    await this.ctx.db.updateTable('test_run').set({ status: JudgeStatus.SYSTEM_ERROR })
      .where('status', 'in', [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING])
      .where(({ not, exists, selectFrom }) => not(exists(
        selectFrom('judge_task').select('judge_task.id').where('judge_task.kind', '=', 'test')
          .where('judge_task.state', '!=', 'done').whereRef('judge_task.ref_id', '=', 'test_run.key'),
      ))).execute();
  }

  /**
   * Next task for a worker: claims, then builds what the worker needs. A task that cannot be
   * judged (problem gone, no test data) is finished at once as a System Error and the next one tried.
   */
  async claimTask(owner: string, waitMs: number, isGone: () => boolean): Promise<JudgeTask | null> {
    const deadline = now() + waitMs;
    for (;;) {
      const task = await this.queue.claimWithin(owner, Math.max(0, deadline - now()), isGone);
      if (!task) return null;
      const built = await buildJudgeTask(this.ctx.db, task, async () => (await this.ctx.services.judgeLibrary?.snapshot())?.files ?? {});
      if (!('error' in built)) return built;
      await this.applyResult({
        taskId: task.id, leaseToken: task.lease_token ?? '',
        result: { status: JudgeStatus.SYSTEM_ERROR, score: null, time: 0, memory: 0, errorMessage: built.error, cases: [], judger: owner },
      });
      if (now() >= deadline) return null;
    }
  }

  /** Progress of a leased task: extends the lease and shows Compiling / Judging k of n. */
  async progress(p: ProgressRequest): Promise<boolean> {
    const task = await this.queue.extend(p.taskId, p.leaseToken);
    if (!task) return false;
    const status = p.status === JudgeStatus.COMPILING ? JudgeStatus.COMPILING : JudgeStatus.JUDGING;
    const inProgress = [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING];
    if (task.kind === 'submission' || task.kind === 'remote') {
      const res = await this.ctx.db.updateTable('submission')
        .set({
          status, case_done: Math.max(0, p.caseDone | 0), case_total: Math.max(0, p.caseTotal | 0), case_current: Math.max(0, (p.caseCurrent ?? 0) | 0),
          judger: task.lease_owner, gmt_modified: now(),
        })
        .where('id', '=', Number(task.ref_id)).where('status', 'in', inProgress).executeTakeFirst();
      if (Number(res.numUpdatedRows) > 0) {
        for (const l of this.progressListeners) {
          try {
            await l({ submitId: Number(task.ref_id), status });
          } catch (err) {
            this.ctx.log.error({ err }, 'judge progress listener failed');
          }
        }
      }
    } else if (task.kind === 'test') {
      await this.ctx.db.updateTable('test_run').set({ status }).where('key', '=', task.ref_id).where('status', 'in', inProgress).execute();
    }
    return true;
  }

  /** Applies a worker's result once: only with the current lease token of an unfinished task. */
  async applyResult(req: ResultRequest): Promise<boolean> {
    let event: JudgeResultEvent | null = null;
    const applied = await this.ctx.db.transaction().execute(async (trx) => {
      const task = await this.queue.finish(trx, req.taskId, req.leaseToken);
      if (!task) return false;
      if (task.kind === 'submission' || task.kind === 'remote') event = await this.writeSubmissionResult(trx, Number(task.ref_id), req.result);
      else if (task.kind === 'test') await this.writeTestRunResult(trx, task.ref_id, req.result);
      else if (task.kind === 'solution') await writeSolutionResult(trx, task.ref_id, req.result);
      else if (task.kind === 'compile') {
        const c = req.result.compile ?? { ok: false, message: req.result.errorMessage ?? 'no compile result' };
        await trx.updateTable('judge_compile').set({ ok: c.ok ? 1 : 0, message: truncate(c.message, 64 * 1024) }).where('key', '=', task.ref_id).execute();
      }
      if (event) await this.verdictWritten(trx, event);
      return true;
    });
    if (event) {
      this.committed();
      await this.emitResult(event);
    }
    return applied;
  }

  private async writeSubmissionResult(trx: Db, submitId: number, r: JudgeResult): Promise<JudgeResultEvent | null> {
    // Left join: a problem deleted while its submission was judged must not leave the row stuck.
    const sub = await trx.selectFrom('submission').leftJoin('problem', 'problem.id', 'submission.pid')
      .select(['submission.id', 'submission.uid', 'submission.pid', 'submission.cid', 'submission.gid', 'submission.submit_time', 'problem.type', 'problem.difficulty'])
      .where('submission.id', '=', submitId).executeTakeFirst();
    if (!sub) return null;
    // A worker must end with a final verdict; anything else is a system error, never a stuck row.
    const status = isFinalStatus(r.status) && r.status !== JudgeStatus.NOT_SUBMITTED ? r.status : JudgeStatus.SYSTEM_ERROR;
    const isOi = sub.type === 1;
    const score = isOi ? Math.max(0, Math.round(r.score ?? 0)) : null;
    const cases = Array.isArray(r.cases) ? r.cases : [];
    await trx.updateTable('submission').set({
      status, score, oi_rank_score: isOi ? oiRankScore(score ?? 0, sub.difficulty ?? 0) : null,
      time: Math.max(0, Math.round(r.time ?? 0)), memory: Math.max(0, Math.round(r.memory ?? 0)),
      error_message: truncate(r.errorMessage, 64 * 1024), judger: truncate(r.judger, 100), case_done: cases.length, case_current: 0,
      judge_time: now(), gmt_modified: now(),
    }).where('id', '=', submitId).execute();
    await trx.deleteFrom('judge_case').where('submit_id', '=', submitId).execute();
    const rows = cases.map((c, i) => ({
      submit_id: submitId, pid: sub.pid, case_id: c.caseId ?? null, seq: c.seq ?? i + 1, status: c.status,
      time: Math.round(c.time ?? 0), memory: Math.round(c.memory ?? 0), score: Math.round(c.score ?? 0), group_num: c.groupNum ?? null,
      input_data: truncate(c.inputName, 255), output_data: truncate(c.outputName, 255),
      user_output: truncate(c.userOutput, USER_OUTPUT_MAX), message: truncate(c.message, 4096),
    }));
    // In chunks: both databases cap the bound parameters of one statement.
    for (let i = 0; i < rows.length; i += CASE_INSERT_CHUNK) await trx.insertInto('judge_case').values(rows.slice(i, i + CASE_INSERT_CHUNK)).execute();
    await this.refreshAccept(trx, sub.uid, sub.pid, sub.cid, sub.gid);
    return { submitId, uid: sub.uid, pid: sub.pid, cid: sub.cid, gid: sub.gid, status, score, time: r.time ?? null, memory: r.memory ?? null, source: 'judge', submitTime: sub.submit_time };
  }

  /**
   * Keeps user_accept = the first Accepted submission of a user on a problem (per contest). Called
   * after every verdict change (judge, rejudge, manual judge, cancel), since any of them can add
   * or take away an Accepted.
   */
  async refreshAccept(trx: Db, uid: number, pid: number, cid: number, gid?: number) {
    // The per-user status marks (user_problem_status) change with the same events.
    await refreshProblemStatus(trx, { uid, pid, cid, gid }, this.ctx.dbKind === 'postgres');
    const first = await trx.selectFrom('submission').select(['id', 'judge_time', 'submit_time']).where('uid', '=', uid).where('pid', '=', pid)
      .where('cid', '=', cid).where('status', '=', JudgeStatus.ACCEPTED).orderBy('id').limit(1).executeTakeFirst();
    const cur = await trx.selectFrom('user_accept').select(['id', 'submit_id']).where('uid', '=', uid).where('pid', '=', pid).where('cid', '=', cid).execute();
    if (!(first && cur.length === 1 && cur[0].submit_id === first.id)) {
      await trx.deleteFrom('user_accept').where('uid', '=', uid).where('pid', '=', pid).where('cid', '=', cid).execute();
      if (first) await trx.insertInto('user_accept').values({ uid, pid, cid, submit_id: first.id, gmt_create: first.judge_time ?? first.submit_time }).execute();
    }
    // The profile's kept counts and heatmap (account/sub-stats.ts) are built again.
    await bumpSubVer(trx, uid);
  }

  private async writeTestRunResult(trx: Db, key: string, r: JudgeResult) {
    const status = isFinalStatus(r.status) ? r.status : JudgeStatus.SYSTEM_ERROR;
    const c = r.cases?.[0];
    const result = {
      status,
      time: r.time ?? 0,
      memory: r.memory ?? 0,
      problemJudgeMode: r.testRun?.problemJudgeMode ?? 'default',
      userOutput: truncate(r.testRun?.userOutput ?? c?.userOutput ?? '', 64 * 1024),
      stderr: truncate(r.testRun?.stderr ?? r.errorMessage ?? c?.message ?? '', 64 * 1024),
      expectedOutput: r.testRun?.expectedOutput ?? null,
      errorMessage: truncate(r.errorMessage, 64 * 1024),
      judger: r.judger,
    };
    await trx.updateTable('test_run').set({ status, result: JSON.stringify(result), expires_at: now() + TEST_RUN_TTL_MS })
      .where('key', '=', key).execute();
  }

  /** A task whose lease expired MAX_ATTEMPTS times: System Error with a message for the admin. */
  private async giveUp(task: TaskRow) {
    const message = formatMsg(task.kind === 'remote' ? MSG.remoteLeaseLost : MSG.judgeFailedTooOften, 'en-US', { n: MAX_ATTEMPTS });
    const result: JudgeResult = { status: JudgeStatus.SYSTEM_ERROR, score: null, time: 0, memory: 0, errorMessage: message, cases: [], judger: task.lease_owner ?? 'server' };
    if (task.kind === 'submission' || task.kind === 'remote') {
      const ev = await this.ctx.db.transaction().execute(async (trx) => {
        const e = await this.writeSubmissionResult(trx, Number(task.ref_id), result);
        if (!e) return null;
        const sys: JudgeResultEvent = { ...e, source: 'system' };
        await this.verdictWritten(trx, sys);
        return sys;
      });
      if (ev) {
        this.committed();
        await this.emitResult(ev);
      }
    } else if (task.kind === 'test') {
      await this.ctx.db.transaction().execute((trx) => this.writeTestRunResult(trx, task.ref_id, result));
    } else if (task.kind === 'solution') {
      await writeSolutionResult(this.ctx.db, task.ref_id, result);
    } else if (task.kind === 'compile') {
      await this.ctx.db.updateTable('judge_compile').set({ ok: 0, message }).where('key', '=', task.ref_id).execute();
    }
    this.ctx.log.warn({ taskId: task.id, kind: task.kind, ref: task.ref_id }, 'judge task given up after repeated lease expiry');
  }

  /** Languages the live workers really have, by registry name (cached for two seconds). */
  async liveLanguages(): Promise<Map<string, LanguageAvailability>> {
    const t = now();
    if (this.liveCache && t - this.liveCache.at < 2000) return this.liveCache.langs;
    const rows = await this.ctx.db.selectFrom('judge_server').select('languages').where('last_heartbeat', '>=', t - ONLINE_MS).execute();
    const langs = new Map<string, LanguageAvailability>();
    for (const r of rows) {
      let list: LanguageAvailability[] = [];
      try { list = JSON.parse(r.languages); } catch {}
      for (const l of Array.isArray(list) ? list : []) {
        if (l && typeof l.name === 'string' && l.available && !langs.has(l.name)) langs.set(l.name, l);
      }
    }
    this.liveCache = { at: t, langs };
    return langs;
  }

  /** Forget the cached language list (a worker registered). */
  invalidateLive() {
    this.liveCache = null;
  }

  /** Drops expired test runs and compile requests (called now and then). */
  async purgeTestRuns() {
    await this.ctx.db.deleteFrom('test_run').where('expires_at', '<', now()).execute();
    await this.ctx.db.deleteFrom('judge_compile').where('expires_at', '<', now()).execute();
    // Finished tasks are kept a day (the admin can see why a task failed), then dropped.
    await this.ctx.db.deleteFrom('judge_task').where('state', '=', 'done').where('created_at', '<', now() - DONE_TASK_TTL_MS).execute();
  }

  /** Stops waiting claims and closes the notifier (server shutdown). */
  async close() {
    this.queue.close();
    await this.notifier.close();
  }
}

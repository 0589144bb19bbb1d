/**
 * The remote-judge worker: claims remote submissions from the judge queue (kind 'remote', only of
 * sites with a free pool account), leases an account, submits on the home site, polls the status
 * with back-off until it is final and applies the verdict through the judge service like a local
 * worker's result (contest ranks, trainings and live updates follow from there).
 *
 * Restart safety: the run id is stored as soon as the home site accepted the code, so a task
 * claimed again after a restart (or another server's lease expiry) resumes polling with the same
 * account instead of submitting twice. Transient failures are retried with back-off; after
 * `maxTries` the submission ends as Submitted Failed (never sent) or System Error (sent, no
 * verdict) with a message saying why, never stuck in Judging.
 */
import os from 'node:os';
import { JudgeStatus, MSG, formatMsg, REMOTE_OJS, type JudgeResult } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/time.js';
import type { TaskRow } from '../judge/queue.js';
import { RemoteJudgeError, type RemoteAccount, type RemoteJudgeAdapter, type RemoteOjKey, type RemoteStatus, type SiteHttp } from './adapter.js';
import { accountErrorOf, type RemoteJudgeService } from './service.js';

export interface RemoteWorkerOptions {
  slots: number;
  /** First wait between status polls; doubles (x1.5) up to 10x. */
  pollMs: number;
  /** Failed tries (submit or status) before giving up. */
  maxTries?: number;
  /** A submission the home site has not finished after this long ends as System Error. */
  maxJudgeMs?: number;
  /** Take back at start what this worker's name still holds (false in a cluster: names are per process). */
  releaseOnStart?: boolean;
}

const siteName = (oj: string) => REMOTE_OJS.find((o) => o.key === oj)?.name ?? oj;

/** Kinds worth another try later; the others end the submission at once. */
const TRANSIENT = new Set(['unreachable', 'rateLimited', 'garbage', 'sessionExpired', 'loginRefused', 'antiBot', 'captcha']);

export const remoteWorkerName = (port: number) => `remote-${os.hostname()}-${port}`;

export class RemoteJudgeWorker {
  private stopped = false;
  /** Set by stop(): a server shutting down hands its tasks back at once instead of letting the leases expire. */
  private graceful = false;
  private loops: Promise<void>[] = [];
  private readonly wake = new AbortController();
  readonly maxTries: number;
  readonly maxJudgeMs: number;

  constructor(
    private readonly ctx: AppContext,
    private readonly service: RemoteJudgeService,
    private readonly owner: string,
    private readonly opts: RemoteWorkerOptions,
  ) {
    this.maxTries = opts.maxTries ?? 5;
    this.maxJudgeMs = opts.maxJudgeMs ?? 30 * 60_000;
  }

  private get queue() {
    return this.ctx.services.judge.queue;
  }

  async start() {
    // Whatever this server's previous worker held died with it: take it back at once.
    if (this.opts.releaseOnStart !== false) {
      await this.queue.releaseOwnedBy(`${this.owner}#`);
      await this.service.releaseAccountsOf(this.owner);
    }
    for (let i = 0; i < this.opts.slots; i++) this.loops.push(this.loop(`${this.owner}#${i}`));
  }

  async stop() {
    this.graceful = true;
    this.stopped = true;
    this.wake.abort();
    await Promise.allSettled(this.loops);
  }

  /** A wait that ends early when the worker stops (server shutdown). */
  private sleep(ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => { clearTimeout(timer); this.wake.signal.removeEventListener('abort', done); resolve(); };
      const timer = setTimeout(done, ms);
      this.wake.signal.addEventListener('abort', done);
    });
  }

  private async loop(slot: string) {
    while (!this.stopped) {
      const started = Date.now();
      try {
        const task = await this.queue.claimWithin(slot, 5000, () => this.stopped, this.queue.pollMs, async () => ({
          kinds: ['remote'], sites: await this.service.sitesWithFreeAccount(),
        }));
        if (task) await this.run(task);
        // A closed queue answers at once: never spin.
        else if (Date.now() - started < 50) await this.sleep(200);
      } catch (err) {
        if (this.stopped) return;
        this.ctx.log.error({ err }, 'remote judge: worker loop failed');
        await this.sleep(1000);
      }
    }
  }

  /** Gives a claimed task back without counting the claim (no account was free after all). */
  private async putBack(task: TaskRow) {
    await this.ctx.db.updateTable('judge_task').set({ state: 'queued', lease_token: null, lease_owner: null, lease_expires_at: null, attempts: Math.max(0, task.attempts - 1) })
      .where('id', '=', task.id).where('lease_token', '=', task.lease_token ?? '').execute();
  }

  /** Applies the verdict; `before` frees the account first, so a finished submission never shows it busy. */
  private async finish(task: TaskRow, result: Omit<JudgeResult, 'score' | 'cases' | 'judger'>, oj: string, before?: () => Promise<void>) {
    if (before) await before();
    await this.ctx.services.judge.applyResult({
      taskId: task.id, leaseToken: task.lease_token ?? '',
      result: { score: null, cases: [], judger: `${siteName(oj)} (remote)`, ...result },
    });
  }

  async run(task: TaskRow) {
    const submitId = Number(task.ref_id);
    const sub = await this.ctx.db.selectFrom('submission').innerJoin('problem', 'problem.id', 'submission.pid')
      .select(['submission.id', 'submission.language', 'submission.code', 'problem.is_remote', 'problem.remote_oj', 'problem.remote_pid', 'problem.problem_id'])
      .where('submission.id', '=', submitId).executeTakeFirst();
    if (!sub) {
      await this.ctx.services.judge.applyResult({ taskId: task.id, leaseToken: task.lease_token ?? '', result: { status: JudgeStatus.SYSTEM_ERROR, score: null, time: 0, memory: 0, errorMessage: 'submission gone', cases: [], judger: 'remote' } });
      return;
    }
    const oj = sub.remote_oj as RemoteOjKey | null;
    if (!sub.is_remote || !oj) {
      await this.finish(task, { status: JudgeStatus.SYSTEM_ERROR, time: 0, memory: 0, errorMessage: formatMsg(MSG.remoteProblemGone, 'en-US') }, task.site ?? '');
      return;
    }
    const adapter = this.service.adapter(oj);
    const remotePid = sub.remote_pid ?? sub.problem_id.slice(oj.length + 1);
    let state = await this.ctx.db.selectFrom('remote_submission').selectAll().where('submit_id', '=', submitId).executeTakeFirst();
    if (!state) {
      await this.ctx.db.insertInto('remote_submission').values({ submit_id: submitId, oj, remote_pid: remotePid, account_id: null, run_id: null, submitted_at: null, tries: 0, last_error: null }).execute();
      state = { submit_id: submitId, oj, remote_pid: remotePid, account_id: null, run_id: null, submitted_at: null, tries: 0, last_error: null };
    }

    // Resuming a sent submission needs the account that sent it (its status list holds the run).
    const leaseMs = this.queue.leaseMs;
    const lease = await this.service.leaseAccount(oj, this.owner, leaseMs, state.run_id && state.account_id ? state.account_id : undefined);
    if (!lease) {
      if (state.run_id && state.account_id && !(await this.ctx.db.selectFrom('remote_account').select('id').where('id', '=', state.account_id).executeTakeFirst())) {
        await this.finish(task, { status: JudgeStatus.SYSTEM_ERROR, time: 0, memory: 0, errorMessage: `The ${siteName(oj)} account that sent this submission was removed from the pool` }, oj);
        return;
      }
      await this.putBack(task);
      await this.sleep(200);
      return;
    }
    let account: RemoteAccount;
    try {
      account = this.service.openAccount(lease.row);
    } catch {
      await this.service.releaseAccount(lease.row.id, lease.token, formatMsg(MSG.remoteAccountUnreadable, 'en-US', { username: lease.row.username }));
      await this.ctx.db.updateTable('remote_account').set({ enabled: 0 }).where('id', '=', lease.row.id).execute();
      await this.putBack(task);
      return;
    }

    // Keep the task's and the account's leases alive while we work.
    let lost = false;
    const beat = setInterval(() => {
      void (async () => {
        const ok = await this.queue.extend(task.id, task.lease_token ?? '');
        if (!ok) lost = true;
        await this.service.extendAccount(lease.row.id, lease.token, leaseMs);
      })().catch(() => {});
    }, Math.max(200, Math.floor(leaseMs / 3)));
    let accountError: string | null | undefined;
    let released = false;
    const release = async () => {
      if (released) return;
      released = true;
      clearInterval(beat);
      await this.service.releaseAccount(lease.row.id, lease.token, accountError);
    };
    try {
      const http = await this.service.httpFor(oj, account.id);
      const ensureLogin = async (force = false) => {
        if (!force && this.service.loggedIn.has(account.id)) return;
        this.service.loggedIn.delete(account.id);
        await adapter.login(http, account);
        this.service.loggedIn.add(account.id);
      };
      const failTry = async (e: RemoteJudgeError) => {
        state!.tries += 1;
        state!.last_error = e.message;
        await this.ctx.db.updateTable('remote_submission').set({ tries: state!.tries, last_error: e.message }).where('submit_id', '=', submitId).execute();
        if (e.kind === 'loginRefused' || e.kind === 'captcha') {
          // Shown in the pool list at once, before the submission's verdict lands; a captcha in the admin's language.
          accountError = e.kind === 'captcha' ? accountErrorOf('remoteCaptcha', { site: siteName(oj), detail: e.message }) : e.message;
          this.service.loggedIn.delete(account.id);
          await this.ctx.db.updateTable('remote_account').set({ last_error: accountError }).where('id', '=', account.id).execute();
        }
        return state!.tries >= this.maxTries;
      };
      // A captcha does not go away in seconds: wait 30 polls and more (1 min, 2, 4 … with the default poll), at most 15 min.
      const backoff = (e: RemoteJudgeError) => this.sleep(e.kind === 'captcha'
        ? Math.min(this.opts.pollMs * 30 * 2 ** Math.min(state!.tries - 1, 4), 15 * 60_000)
        : Math.min(e.retryAfterMs ?? this.opts.pollMs * 2 ** Math.min(state!.tries, 4), 60_000));

      // ---- submit ----
      while (!state.run_id) {
        if (this.stopped || lost) return;
        try {
          await ensureLogin();
          let runId: string;
          try {
            runId = await adapter.submit(http, account, { problemId: remotePid, language: sub.language, code: sub.code });
          } catch (e) {
            if (!(e instanceof RemoteJudgeError) || e.kind !== 'sessionExpired') throw e;
            // Logged out meanwhile (cookies expired, password changed): log in again, once.
            await ensureLogin(true);
            runId = await adapter.submit(http, account, { problemId: remotePid, language: sub.language, code: sub.code });
          }
          const t = now();
          await this.ctx.db.updateTable('remote_submission').set({ run_id: runId, account_id: account.id, submitted_at: t, tries: 0, last_error: null }).where('submit_id', '=', submitId).execute();
          state = { ...state, run_id: runId, account_id: account.id, submitted_at: t, tries: 0, last_error: null };
          accountError = null;
          await this.ctx.services.judge.progress({ taskId: task.id, leaseToken: task.lease_token ?? '', status: JudgeStatus.JUDGING, caseDone: 0, caseTotal: 0 });
        } catch (e) {
          if (lost || this.stopped) return;
          const err = asRemoteError(e);
          const giveUp = !TRANSIENT.has(err.kind) || (await failTry(err));
          if (giveUp) {
            const detail = err.message;
            await this.finish(task, { status: JudgeStatus.SUBMITTED_FAILED, time: 0, memory: 0, errorMessage: formatMsg(MSG.remoteSubmitFailed, 'en-US', { site: siteName(oj), n: state.tries || 1, detail }) }, oj, release);
            return;
          }
          await backoff(err);
        }
      }

      // ---- follow the status ----
      let wait = this.opts.pollMs;
      for (;;) {
        if (this.stopped || lost) return;
        if (state.submitted_at && now() - state.submitted_at > this.maxJudgeMs) {
          await this.finish(task, { status: JudgeStatus.SYSTEM_ERROR, time: 0, memory: 0, errorMessage: formatMsg(MSG.remoteTimedOut, 'en-US', { site: siteName(oj), min: Math.round(this.maxJudgeMs / 60_000) }) }, oj, release);
          return;
        }
        let st: RemoteStatus;
        try {
          st = await this.status(adapter, http, account, remotePid, state.run_id, ensureLogin);
        } catch (e) {
          if (lost || this.stopped) return;
          const err = asRemoteError(e);
          const giveUp = !TRANSIENT.has(err.kind) || (await failTry(err));
          if (giveUp) {
            await this.finish(task, { status: JudgeStatus.SYSTEM_ERROR, time: 0, memory: 0, errorMessage: formatMsg(MSG.remoteStatusFailed, 'en-US', { site: siteName(oj), n: state.tries || 1, detail: err.message }) }, oj, release);
            return;
          }
          await backoff(err);
          continue;
        }
        if (st.final) {
          const status = st.status === JudgeStatus.PENDING || st.status === JudgeStatus.JUDGING || st.status === JudgeStatus.COMPILING ? JudgeStatus.SYSTEM_ERROR : st.status;
          await this.finish(task, {
            status, time: st.timeMs ?? 0, memory: st.memoryKb ?? 0,
            errorMessage: status === JudgeStatus.COMPILE_ERROR ? st.compileMessage ?? st.detail ?? null : st.detail ?? null,
          }, oj, release);
          return;
        }
        if (st.status === JudgeStatus.JUDGING || st.status === JudgeStatus.COMPILING) {
          // The site's test counter, as a local judge reports it (AtCoder's "3/12" shows as 3/12);
          // Codeforces tells no total but names the running test ("Running on test 7": caseCurrent 7).
          const done = Math.max(0, st.progress?.done ?? 0);
          const total = Math.max(done, st.progress?.total ?? 0);
          const current = st.progress?.total ? 0 : Math.max(0, st.progress?.current ?? 0);
          await this.ctx.services.judge.progress({
            taskId: task.id, leaseToken: task.lease_token ?? '', status: st.status, caseDone: done, caseTotal: st.progress?.total ? total : 0, caseCurrent: current,
          });
        }
        await this.sleep(wait);
        wait = Math.min(Math.round(wait * 1.5), this.opts.pollMs * 10);
      }
    } finally {
      await release();
      // Shutting down mid-way: the task goes back now (not counted as a failed claim); the run id is
      // stored, so whoever claims it next resumes polling.
      if (this.stopped && this.graceful && !lost) await this.putBack(task).catch(() => {});
    }
  }

  private async status(adapter: RemoteJudgeAdapter, http: SiteHttp, account: RemoteAccount, problemId: string, runId: string, ensureLogin: (force?: boolean) => Promise<void>): Promise<RemoteStatus> {
    await ensureLogin();
    try {
      return await adapter.status(http, account, { problemId, runId });
    } catch (e) {
      if (!(e instanceof RemoteJudgeError) || e.kind !== 'sessionExpired') throw e;
      await ensureLogin(true);
      return adapter.status(http, account, { problemId, runId });
    }
  }
}

function asRemoteError(e: unknown): RemoteJudgeError {
  if (e instanceof RemoteJudgeError) return e;
  return new RemoteJudgeError('garbage', (e as Error)?.message ?? String(e));
}

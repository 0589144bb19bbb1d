import crypto from 'node:crypto';
import { sql, type RawBuilder, type Selectable } from 'kysely';
import { JUDGE_LEASE_MS } from '@verdict/shared';
import type { Db, DbKind } from '../../db/index.js';
import type { JudgeTaskTable } from '../../db/schema.js';
import { now } from '../../lib/time.js';
import type { TaskNotifier } from './notifier.js';

/**
 * Claim order: lower first. Contest submissions first with test runs and checker compiles beside
 * them (a user waits for those), then normal submissions, then rejudges (a mass rejudge must not
 * hold up people who just submitted).
 */
export const PRIORITY = { contest: 0, test: 0, compile: 0, normal: 1, rejudge: 2 } as const;
/** 'remote': a submission to a remote problem, judged on its home site by the remote-judge worker; 'solution': a problem package's solution (problem_solution). */
export type TaskKind = 'submission' | 'test' | 'compile' | 'remote' | 'solution';
/** Which tasks a claimer takes: local workers everything but remote tasks (the default). */
export interface ClaimFilter { kinds: TaskKind[]; sites?: string[] }
/** A task whose lease expired this many times is given up (System Error). */
export const MAX_ATTEMPTS = 3;

export type TaskRow = Selectable<JudgeTaskTable>;

/**
 * The judge queue lives in `judge_task`. A claim leases one queued task to a worker with a fresh
 * token; progress extends the lease; the result is applied only with the current token. An
 * expired lease puts the task back (or gives it up after MAX_ATTEMPTS claims).
 */
export class JudgeQueue {
  /** Lease length; tests shorten it. */
  leaseMs = JUDGE_LEASE_MS;
  /** A waiting claim looks at the database at least this often (tasks no notification announced). */
  pollMs = 1000;
  private lastSweep = 0;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly dbKind: DbKind,
    private readonly notifier: TaskNotifier,
    /** Called once for a task given up after too many expired leases. */
    private readonly onGiveUp: (task: TaskRow) => Promise<void>,
  ) {}

  /**
   * Adds a task; pass the transaction that writes the submission so both land together, and call
   * notify() once it has committed (enqueue notifies too, for callers without a transaction).
   */
  async enqueue(db: Db, kind: TaskKind, refId: string | number, priority: number, site: string | null = null, opts: { fresh?: boolean } = {}): Promise<number> {
    // A rejudge replaces an unfinished task of the same submission; a submission written in this
    // very transaction (`fresh`) has none.
    if (!opts.fresh) await this.supersede(db, [kind], [refId]);
    const row = await db.insertInto('judge_task').values({
      kind, ref_id: String(refId), priority, state: 'queued', lease_owner: null, lease_expires_at: null,
      attempts: 0, created_at: now(), lease_token: null, last_error: null, site,
    }).returning('id').executeTakeFirstOrThrow();
    this.notify();
    return row.id;
  }

  /**
   * enqueue's row, fresh, for each submission row of the CTE `from` (PostgreSQL's one-statement
   * submit, submission/write-at-once.ts); the columns it leaves out are null. Call notify() after.
   */
  taskFrom(from: string, kind: TaskKind, priority: number, site: string | null, t: number): RawBuilder<never> {
    return sql<never>`INSERT INTO judge_task (kind, ref_id, priority, state, attempts, created_at, site)
      SELECT ${kind}::text, id::text, ${priority}::int, 'queued', 0, ${t}::bigint, ${site}::text FROM ${sql.table(from)}`;
  }

  /**
   * Ends the unfinished tasks of these refs (a worker still holding one can no longer report it).
   * A rejudge takes these row locks before any submission row's: a worker's result takes its task
   * row first too, so the two never wait for each other crosswise.
   */
  async supersede(db: Db, kinds: TaskKind[], refIds: (string | number)[]) {
    for (let i = 0; i < refIds.length; i += 1000) {
      await db.updateTable('judge_task').set({ state: 'done', lease_token: null, last_error: 'superseded' })
        .where('kind', 'in', kinds).where('ref_id', 'in', refIds.slice(i, i + 1000).map(String)).where('state', '!=', 'done').execute();
    }
  }

  /** Wakes waiting claims, in this process and (with Redis) on the other servers. */
  notify() {
    this.notifier.notify();
  }

  /**
   * Leases the first queued task to `owner`, or returns null. One UPDATE picks and leases the row,
   * so two claimers never get the same task: SQLite runs it serialized (one writer), PostgreSQL
   * lets concurrent claimers skip each other's locked row. The state guard is a second safety net.
   */
  async claim(owner: string, filter?: ClaimFilter): Promise<TaskRow | null> {
    // No site to take tasks of (the remote worker with no free account): nothing to ask.
    if (filter?.sites?.length === 0) return null;
    const t = now();
    let pick = this.db.selectFrom('judge_task').select('id').where('state', '=', 'queued');
    if (filter) {
      pick = pick.where('kind', 'in', filter.kinds);
      if (filter.sites) pick = pick.where('site', 'in', filter.sites);
    } else {
      pick = pick.where('kind', '!=', 'remote');
    }
    pick = pick.orderBy('priority').orderBy('id').limit(1);
    if (this.dbKind === 'postgres') pick = pick.forUpdate().skipLocked();
    const row = await this.db.updateTable('judge_task')
      .set((eb) => ({
        state: 'leased', lease_owner: owner, lease_token: crypto.randomUUID(), lease_expires_at: t + this.leaseMs,
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', '=', pick)
      .where('state', '=', 'queued')
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  /** Extends a lease; false when the token is no longer the task's (lost lease or finished). */
  async extend(taskId: number, leaseToken: string): Promise<TaskRow | null> {
    const row = await this.db.updateTable('judge_task').set({ lease_expires_at: now() + this.leaseMs })
      .where('id', '=', taskId).where('lease_token', '=', leaseToken).where('state', '=', 'leased')
      .returningAll().executeTakeFirst();
    return row ?? null;
  }

  /** Marks a leased task done inside `trx` if the token matches; null means "not yours, ignore". */
  async finish(trx: Db, taskId: number, leaseToken: string): Promise<TaskRow | null> {
    const row = await trx.updateTable('judge_task').set({ state: 'done', lease_expires_at: null })
      .where('id', '=', taskId).where('lease_token', '=', leaseToken).where('state', '=', 'leased')
      .returningAll().executeTakeFirst();
    return row ?? null;
  }

  /** Ends unfinished tasks of a reference (e.g. a cancelled submission): a late result is refused. */
  async cancel(db: Db, kind: TaskKind, refId: string | number) {
    await db.updateTable('judge_task').set({ state: 'done', lease_token: null, last_error: 'cancelled' })
      .where('kind', '=', kind).where('ref_id', '=', String(refId)).where('state', '!=', 'done').execute();
  }

  /**
   * Returns expired leases to the queue, or gives the task up after MAX_ATTEMPTS claims. Each
   * update is guarded by the token it read, so several server processes may sweep at once.
   */
  async requeueExpired(): Promise<{ requeued: number; givenUp: number }> {
    const t = now();
    const expired = await this.db.selectFrom('judge_task').selectAll()
      .where('state', '=', 'leased').where('lease_expires_at', '<', t).limit(100).execute();
    let requeued = 0, givenUp = 0;
    for (const task of expired) {
      const giveUp = task.attempts >= MAX_ATTEMPTS;
      const res = await this.db.updateTable('judge_task')
        .set(giveUp
          ? { state: 'done', lease_token: null, lease_expires_at: null, last_error: `lease of ${task.lease_owner} expired ${task.attempts} times` }
          : { state: 'queued', lease_token: null, lease_owner: null, lease_expires_at: null, last_error: `lease of ${task.lease_owner} expired` })
        .where('id', '=', task.id).where('state', '=', 'leased').where('lease_token', '=', task.lease_token ?? '')
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) continue;
      if (giveUp) {
        givenUp++;
        await this.onGiveUp(task);
      } else {
        requeued++;
      }
    }
    if (requeued) this.notify();
    return { requeued, givenUp };
  }

  /** Sweeps expired leases at most once per interval (called from the claim loop). */
  async sweepIfDue(intervalMs = 1000) {
    const t = now();
    if (t - this.lastSweep < intervalMs) return;
    this.lastSweep = t;
    await this.requeueExpired();
  }

  /**
   * Long-poll claim: tries now, then on every enqueue notification and at least every pollMs
   * (tasks enqueued by another server process), until waitMs passes or `isGone()` says the
   * worker went away (never lease a task to a closed connection).
   */
  async claimWithin(owner: string, waitMs: number, isGone: () => boolean, pollMs = this.pollMs, filter?: () => Promise<ClaimFilter>): Promise<TaskRow | null> {
    const deadline = now() + waitMs;
    for (;;) {
      if (isGone() || this.closed) return null;
      await this.sweepIfDue();
      const task = await this.claim(owner, filter ? await filter() : undefined);
      if (task) {
        if (isGone()) {
          // The worker hung up while we claimed: give the task straight back.
          await this.db.updateTable('judge_task').set({ state: 'queued', lease_token: null, lease_owner: null, lease_expires_at: null, attempts: Math.max(0, task.attempts - 1) })
            .where('id', '=', task.id).where('lease_token', '=', task.lease_token ?? '').execute();
          this.notify();
          return null;
        }
        return task;
      }
      const left = deadline - now();
      if (left <= 0) return null;
      await this.waitForTask(Math.min(pollMs, left));
    }
  }

  /**
   * Puts back at once the tasks leased by workers known to be gone (e.g. this server's own local
   * workers after a restart), instead of waiting for their leases to expire.
   */
  async releaseOwnedBy(ownerPrefix: string): Promise<number> {
    const res = await this.db.updateTable('judge_task')
      .set({ state: 'queued', lease_token: null, lease_owner: null, lease_expires_at: null, last_error: 'worker restarted' })
      .where('state', '=', 'leased').where('lease_owner', 'like', `${ownerPrefix.replace(/[%_]/g, '')}%`)
      .executeTakeFirst();
    const n = Number(res.numUpdatedRows);
    if (n) this.notify();
    return n;
  }

  /** Puts back at once the tasks leased by one worker name (that worker has just restarted). */
  async releaseOwner(owner: string): Promise<number> {
    const res = await this.db.updateTable('judge_task')
      .set({ state: 'queued', lease_token: null, lease_owner: null, lease_expires_at: null, last_error: 'worker restarted' })
      .where('state', '=', 'leased').where('lease_owner', '=', owner)
      .executeTakeFirst();
    const n = Number(res.numUpdatedRows);
    if (n) this.notify();
    return n;
  }

  /** Releases every waiting claim (server shutdown). */
  close() {
    this.closed = true;
    this.notifier.wakeAll();
  }

  private waitForTask(ms: number): Promise<void> {
    return this.notifier.wait(ms);
  }
}

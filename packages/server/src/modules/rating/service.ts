import { randomUUID } from 'node:crypto';
import { ContestType, type ContestRatingVo } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { AppError, badRequest } from '../../http/errors.js';
import { now } from '../../lib/time.js';
import { contestsChanged, findContestIn } from '../contest/repo.js';
import { acmBuilder } from '../contest/rank/rank-acm.js';
import { oiBuilder } from '../contest/rank/rank-oi.js';
import { viewKey, type ViewOptions } from '../contest/rank/rows.js';
import type { ContestRow } from '../contest/tables.js';
import { calculateRatings, type RatingChange } from './algorithm.js';
import {
  changesOf, claimJob, claimableJobs, contestJudging, endedRatedWithoutJob, ensureJob, failJob, findJob, ratingsBefore, releaseJob,
  requeueLater, resetJob, setContestRated, writeChanges,
} from './repo.js';

/** Later rated contests re-queued by a computation (their old ratings came from the replaced result). */
export type Cascade = { cid: number; title: string }[];

/** How long a claim holds before another server may take the job over (a computation takes well under it). */
const LEASE_MS = 5 * 60_000;
/** How often a server looks for ended rated contests. */
export const TICK_MS = 30_000;

/**
 * Contest ratings: when a rated contest has ended and nothing of it is being judged, one server
 * claims its job (a single UPDATE: only one claimant wins; a dead claimant's lease expires) and
 * computes the changes once. Jobs live in the database, so a restart picks up where it stopped.
 */
export class RatingService {
  readonly owner = `${process.pid}:${randomUUID()}`;
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  /** A tick was asked for while one ran (a recompute's cascade): the running one makes another pass. */
  private again = false;

  constructor(private readonly ctx: AppContext) {}

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => { void this.tick().catch((err) => this.ctx.log?.warn?.({ err }, 'rating tick failed')); }, TICK_MS);
    this.timer.unref();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking?.catch(() => undefined);
  }

  /** One pass: jobs for newly ended rated contests, then every claimable job. */
  tick(): Promise<void> {
    if (this.ticking) {
      this.again = true;
      return this.ticking;
    }
    this.ticking = this.runTick().finally(() => { this.ticking = null; });
    return this.ticking;
  }

  private async runTick() {
    do {
      this.again = false;
      const t = now();
      for (const cid of await endedRatedWithoutJob(this.ctx.db, t)) await ensureJob(this.ctx.db, cid);
      for (const cid of await claimableJobs(this.ctx.db, t)) {
        if (await claimJob(this.ctx.db, cid, this.owner, now(), LEASE_MS)) await this.runClaimed(cid, false).catch((err) => this.ctx.log?.warn?.({ err, cid }, 'rating job failed'));
      }
    } while (this.again);
  }

  /**
   * Computes a claimed job. A contest no longer rated, or not ended: the job is dropped back to
   * pending and the ticker's filter keeps it waiting; still judging: released for a later tick.
   */
  private async runClaimed(cid: number, strict: boolean): Promise<Cascade> {
    try {
      const c = await findContestIn(this.ctx.db, cid);
      const t = now();
      const reason = !c ? 'contestNotFound' : c.rated !== 1 ? 'ratingContestUnrated' : c.end_time > t ? 'ratingContestNotEnded'
        : (await contestJudging(this.ctx.db, cid, c.start_time, c.end_time)) ? 'ratingContestJudging' : null;
      if (reason || !c) {
        await releaseJob(this.ctx.db, cid, this.owner);
        if (strict) throw new AppError(reason === 'contestNotFound' ? 404 : 400, reason ?? 'contestNotFound');
        return [];
      }
      const changes = await this.compute(c);
      await writeChanges(this.ctx.db, cid, c.end_time, changes, now(), this.owner);
      const cascade = await requeueLater(this.ctx.db, cid, c.end_time);
      if (cascade.length) this.again = true;
      return cascade;
    } catch (err) {
      if (err instanceof AppError) throw err;
      await failJob(this.ctx.db, cid, this.owner, String((err as Error)?.stack ?? err));
      throw err;
    }
  }

  /** The final standings (no seal, nothing after the end) as the formula's input, then its output. */
  async compute(c: ContestRow): Promise<RatingChange[]> {
    const m = await this.ctx.services.contestRank.model(c.id);
    const o: ViewOptions = { sealFrom: null, containsEnd: false };
    const rows = m.rankView(viewKey(c, o), () => (c.type === ContestType.OI ? oiBuilder(c, o) : acmBuilder(c, o)));
    // Star users (rank -1), testers (no row) and users excluded for plagiarism are not rated.
    const ranked = rows.filter((r) => r.rank > 0 && !r.isStar && !r.excludedReason);
    const before = await ratingsBefore(this.ctx.db, ranked.map((r) => r.uid), c.id, c.end_time);
    return calculateRatings(ranked.map((r) => ({ uid: r.uid, rank: r.rank, rating: before.get(r.uid) ?? null })));
  }

  /**
   * The admin's (re)compute: now, replacing an earlier result (after a rejudge). Later rated
   * contests read this one's new ratings as their old ones, so those already computed are
   * re-queued and computed again in the order of their ends, before the answer (as DMOJ re-rates
   * every contest after the one it re-rates; refusing until they are unrated by hand would make
   * an admin unrate and recompute each of them in order anyway). Answers the re-queued contests.
   */
  async recompute(c: ContestRow): Promise<Cascade> {
    if (c.rated !== 1) throw badRequest('ratingContestUnrated');
    if (c.end_time > now()) throw badRequest('ratingContestNotEnded');
    if (await contestJudging(this.ctx.db, c.id, c.start_time, c.end_time)) throw badRequest('ratingContestJudging');
    if (!(await resetJob(this.ctx.db, c.id, now()))) throw new AppError(409, 'ratingBusy');
    if (!(await claimJob(this.ctx.db, c.id, this.owner, now(), LEASE_MS))) throw new AppError(409, 'ratingBusy');
    const cascade = await this.runClaimed(c.id, true);
    if (cascade.length) await this.tick();
    return cascade;
  }

  /** Unrate: the switch off, the contest's changes removed and its users' ratings back to what the other contests give. */
  async unrate(c: ContestRow): Promise<Cascade> {
    const job = await findJob(this.ctx.db, c.id);
    if (job?.state === 'running' && Number(job.lease_until) >= now()) throw new AppError(409, 'ratingBusy');
    await setContestRated(this.ctx.db, c.id, false, Math.max(now(), c.gmt_modified + 1));
    await writeChanges(this.ctx.db, c.id, c.end_time, [], now(), null);
    await contestsChanged(this.ctx);
    // Later rated contests read this one's ratings: they are computed again without it.
    const cascade = await requeueLater(this.ctx.db, c.id, c.end_time);
    if (cascade.length) await this.tick();
    return cascade;
  }

  /** A contest's rating state and changes. */
  async contestRating(c: ContestRow): Promise<ContestRatingVo> {
    const [job, rows] = await Promise.all([findJob(this.ctx.db, c.id), changesOf(this.ctx.db, c.id)]);
    const state: ContestRatingVo['state'] = c.rated !== 1 ? 'unrated'
      : job && ['pending', 'running', 'done', 'failed'].includes(job.state) ? (job.state as ContestRatingVo['state']) : 'waiting';
    return {
      cid: c.id, rated: c.rated === 1, state, doneAt: job?.done_at == null ? null : Number(job.done_at),
      changes: rows.map((r) => ({
        uid: r.uid, username: r.username, rank: r.rank, oldRating: r.old_rating, newRating: r.new_rating, delta: r.delta,
        performance: r.performance, isFirst: r.is_first === 1,
      })),
    };
  }
}

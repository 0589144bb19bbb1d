import { JudgeStatus } from '@verdict/shared';
import type { Db } from '../../db/index.js';
import { containsText } from '../../lib/like.js';
import type { RatingChange } from './algorithm.js';
import './tables.js';

const JUDGING = [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING, JudgeStatus.SUBMITTING];

/** Rated contests that have ended and have no job yet (the ticker makes them one). */
export async function endedRatedWithoutJob(db: Db, t: number): Promise<number[]> {
  const rows = await db.selectFrom('contest').select('id').where('rated', '=', 1).where('end_time', '<=', t)
    .where('id', 'not in', db.selectFrom('contest_rating_job').select('cid')).orderBy('end_time').limit(50).execute();
  return rows.map((r) => r.id);
}

/** A pending job for the contest (kept when one exists). */
export async function ensureJob(db: Db, cid: number) {
  await db.insertInto('contest_rating_job').values({ cid, state: 'pending', owner: null, lease_until: null, error: null, done_at: null })
    .onConflict((oc) => oc.column('cid').doNothing()).execute();
}

/** Puts the contest's job back to pending (an admin's recompute); false while another server holds a live lease on it. */
export async function resetJob(db: Db, cid: number, t: number): Promise<boolean> {
  await ensureJob(db, cid);
  const r = await db.updateTable('contest_rating_job').set({ state: 'pending', owner: null, lease_until: null, error: null })
    .where('cid', '=', cid)
    .where((eb) => eb.or([eb('state', '!=', 'running'), eb('lease_until', '<', t)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * Jobs a server may take: pending, or running under an expired lease (a dead server's); in the
 * order of their contests' ends, so that an earlier contest's result is there before a later one
 * reads it (the same order ratingsBefore follows).
 */
export async function claimableJobs(db: Db, t: number): Promise<number[]> {
  const rows = await db.selectFrom('contest_rating_job').innerJoin('contest', 'contest.id', 'contest_rating_job.cid').select('contest_rating_job.cid')
    .where((eb) => eb.or([eb('contest_rating_job.state', '=', 'pending'),
      eb.and([eb('contest_rating_job.state', '=', 'running'), eb('contest_rating_job.lease_until', '<', t)])]))
    .orderBy('contest.end_time').orderBy('contest_rating_job.cid').limit(20).execute();
  return rows.map((r) => r.cid);
}

/**
 * The cascade of a recompute: every rated contest after (end, cid) whose changes were computed
 * (done or failed) goes back to pending, since its old ratings came from the results now replaced.
 * A job running right now is left alone (its claimant writes its result; a contest after it is
 * re-queued by its own write). Answers the re-queued contests, earliest first.
 */
export async function requeueLater(db: Db, cid: number, end: number): Promise<{ cid: number; title: string }[]> {
  const later = await db.selectFrom('contest_rating_job').innerJoin('contest', 'contest.id', 'contest_rating_job.cid')
    .select(['contest_rating_job.cid', 'contest.title'])
    .where('contest_rating_job.state', 'in', ['done', 'failed']).where('contest.rated', '=', 1).where('contest_rating_job.cid', '!=', cid)
    .where((eb) => eb.or([eb('contest.end_time', '>', end), eb.and([eb('contest.end_time', '=', end), eb('contest_rating_job.cid', '>', cid)])]))
    .orderBy('contest.end_time').orderBy('contest_rating_job.cid').execute();
  if (!later.length) return [];
  await db.updateTable('contest_rating_job').set({ state: 'pending', owner: null, lease_until: null, error: null })
    .where('cid', 'in', later.map((r) => r.cid)).where('state', 'in', ['done', 'failed']).execute();
  return later;
}

/** Takes the job in one statement: only one server's update matches. */
export async function claimJob(db: Db, cid: number, owner: string, t: number, leaseMs: number): Promise<boolean> {
  const r = await db.updateTable('contest_rating_job')
    .set((eb) => ({ state: 'running', owner, lease_until: t + leaseMs, attempts: eb('attempts', '+', 1) }))
    .where('cid', '=', cid)
    .where((eb) => eb.or([eb('state', '=', 'pending'), eb.and([eb('state', '=', 'running'), eb('lease_until', '<', t)])]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Gives a claimed job back (the contest is still judging): another tick takes it. */
export async function releaseJob(db: Db, cid: number, owner: string) {
  await db.updateTable('contest_rating_job').set({ state: 'pending', owner: null, lease_until: null }).where('cid', '=', cid).where('owner', '=', owner).execute();
}

export async function failJob(db: Db, cid: number, owner: string, error: string) {
  await db.updateTable('contest_rating_job').set({ state: 'failed', lease_until: null, error: error.slice(0, 2000) }).where('cid', '=', cid).where('owner', '=', owner).execute();
}

export const findJob = (db: Db, cid: number) => db.selectFrom('contest_rating_job').selectAll().where('cid', '=', cid).executeTakeFirst();

/** Whether any of the contest's submissions in its window is still waiting for a verdict (a judge or a rejudge running). */
export async function contestJudging(db: Db, cid: number, start: number, end: number): Promise<boolean> {
  const row = await db.selectFrom('submission').select('id').where('cid', '=', cid).where('status', 'in', JUDGING)
    .where('submit_time', '>=', start).where('submit_time', '<', end).limit(1).executeTakeFirst();
  return !!row;
}

/**
 * Each user's rating before a contest that ended at `end` (cid breaks ties of equal ends): the new
 * rating of their latest earlier rated contest; absent = never rated before.
 */
export async function ratingsBefore(db: Db, uids: number[], cid: number, end: number): Promise<Map<number, number>> {
  const out = new Map<number, { end: number; cid: number; rating: number }>();
  for (let i = 0; i < uids.length; i += 500) {
    const rows = await db.selectFrom('contest_rating').select(['uid', 'cid', 'contest_end', 'new_rating'])
      .where('uid', 'in', uids.slice(i, i + 500)).where('cid', '!=', cid)
      .where((eb) => eb.or([eb('contest_end', '<', end), eb.and([eb('contest_end', '=', end), eb('cid', '<', cid)])]))
      .execute();
    for (const r of rows) {
      const e = Number(r.contest_end);
      const cur = out.get(r.uid);
      if (!cur || e > cur.end || (e === cur.end && r.cid > cur.cid)) out.set(r.uid, { end: e, cid: r.cid, rating: r.new_rating });
    }
  }
  return new Map([...out].map(([uid, v]) => [uid, v.rating]));
}

/** The uids rated in a contest. */
export async function ratedUids(db: Db, cid: number): Promise<number[]> {
  return (await db.selectFrom('contest_rating').select('uid').where('cid', '=', cid).execute()).map((r) => r.uid);
}

/**
 * Replaces a contest's rating changes, then each affected user's current rating (their latest
 * rated contest's), and marks the job done: one transaction, so a crash leaves the old result or
 * the new one, never half. `owner`: the job's claimant (null: unrating).
 */
export async function writeChanges(db: Db, cid: number, end: number, changes: RatingChange[], t: number, owner: string | null) {
  await db.transaction().execute(async (trx) => {
    const before = await ratedUids(trx, cid);
    await trx.deleteFrom('contest_rating').where('cid', '=', cid).execute();
    for (let i = 0; i < changes.length; i += 300) {
      await trx.insertInto('contest_rating').values(changes.slice(i, i + 300).map((c) => ({
        cid, uid: c.uid, old_rating: c.oldRating, new_rating: c.newRating, delta: c.delta, rank: c.rank, performance: c.performance,
        is_first: c.isFirst ? 1 : 0, contest_end: end, gmt_create: t,
      }))).execute();
    }
    await refreshUserRatings(trx, [...new Set([...before, ...changes.map((c) => c.uid)])], t);
    if (owner !== null) {
      await trx.updateTable('contest_rating_job').set({ state: 'done', lease_until: null, done_at: t, rated_count: changes.length, error: null })
        .where('cid', '=', cid).execute();
    } else {
      await trx.deleteFrom('contest_rating_job').where('cid', '=', cid).execute();
    }
  });
}

/** Current ratings of these users from their latest rated contest (no rated contest left: no row). */
async function refreshUserRatings(trx: Db, uids: number[], t: number) {
  for (let i = 0; i < uids.length; i += 500) {
    const part = uids.slice(i, i + 500);
    const rows = await trx.selectFrom('contest_rating').select(['uid', 'cid', 'contest_end', 'new_rating']).where('uid', 'in', part).execute();
    const latest = new Map<number, { end: number; cid: number; rating: number; n: number }>();
    for (const r of rows) {
      const e = Number(r.contest_end);
      const cur = latest.get(r.uid);
      const n = (cur?.n ?? 0) + 1;
      if (!cur || e > cur.end || (e === cur.end && r.cid > cur.cid)) latest.set(r.uid, { end: e, cid: r.cid, rating: r.new_rating, n });
      else cur.n = n;
    }
    await trx.deleteFrom('user_rating').where('uid', 'in', part).execute();
    const values = [...latest].map(([uid, v]) => ({ uid, rating: v.rating, contests: v.n, gmt_modified: t }));
    if (values.length) await trx.insertInto('user_rating').values(values).execute();
  }
}

/** A user's rated contests, oldest first. */
export async function historyOf(db: Db, uid: number) {
  return db.selectFrom('contest_rating').innerJoin('contest', 'contest.id', 'contest_rating.cid')
    .select(['contest_rating.cid', 'contest.title', 'contest_rating.rank', 'contest_rating.old_rating', 'contest_rating.new_rating',
      'contest_rating.delta', 'contest_rating.performance', 'contest_rating.contest_end'])
    .where('contest_rating.uid', '=', uid).orderBy('contest_rating.contest_end').orderBy('contest_rating.cid').execute();
}

/** A contest's changes with the usernames, best place first. */
export async function changesOf(db: Db, cid: number) {
  return db.selectFrom('contest_rating').innerJoin('user', 'user.id', 'contest_rating.uid')
    .select(['contest_rating.uid', 'user.username', 'contest_rating.rank', 'contest_rating.old_rating', 'contest_rating.new_rating',
      'contest_rating.delta', 'contest_rating.performance', 'contest_rating.is_first'])
    .where('contest_rating.cid', '=', cid).orderBy('contest_rating.rank').orderBy('user.username').execute();
}

export async function findUser(db: Db, q: { uid?: number; username?: string }) {
  let s = db.selectFrom('user').select(['id', 'username']);
  if (q.uid !== undefined) s = s.where('id', '=', q.uid);
  else s = s.where('username', '=', q.username ?? '');
  return s.executeTakeFirst();
}

/** A user's current rating (null: never rated), one primary-key read (the user home). */
export async function currentRating(db: Db, uid: number): Promise<number | null> {
  return (await db.selectFrom('user_rating').select('rating').where('uid', '=', uid).executeTakeFirst())?.rating ?? null;
}

/** The current ratings of these users (absent: never rated), for coloured names in a page of rows. */
export async function ratingsOf(db: Db, uids: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  const ids = [...new Set(uids)];
  for (let i = 0; i < ids.length; i += 500) {
    for (const r of await db.selectFrom('user_rating').select(['uid', 'rating']).where('uid', 'in', ids.slice(i, i + 500)).execute()) out.set(r.uid, r.rating);
  }
  return out;
}

export async function userRating(db: Db, uid: number) {
  const row = await db.selectFrom('user_rating').selectAll().where('uid', '=', uid).executeTakeFirst();
  if (!row) return null;
  const { n } = await db.selectFrom('user_rating').select((eb) => eb.fn.countAll<number>().as('n')).where('rating', '>', row.rating).executeTakeFirstOrThrow();
  return { rating: row.rating, contests: row.contests, position: Number(n) + 1 };
}

/** The rating ranking: one page, highest first; equal ratings share a place. */
export async function ratingRankPage(db: Db, q: { keyword?: string; currentPage: number; limit: number }) {
  let base = db.selectFrom('user_rating').innerJoin('user', 'user.id', 'user_rating.uid').where('user.status', '=', 0);
  if (q.keyword) base = base.where(containsText('user.username', q.keyword));
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base.select(['user.id', 'user.username', 'user.nickname', 'user.avatar', 'user.title_name', 'user.title_color',
    'user_rating.rating', 'user_rating.contests'])
    .orderBy('user_rating.rating', 'desc').orderBy('user.username').limit(q.limit).offset((q.currentPage - 1) * q.limit).execute();
  const places = new Map<number, number>();
  for (const r of rows) {
    if (places.has(r.rating)) continue;
    const { m } = await db.selectFrom('user_rating').innerJoin('user', 'user.id', 'user_rating.uid').where('user.status', '=', 0)
      .select((eb) => eb.fn.countAll<number>().as('m')).where('user_rating.rating', '>', r.rating).executeTakeFirstOrThrow();
    places.set(r.rating, Number(m) + 1);
  }
  return { rows: rows.map((r) => ({ ...r, rank: places.get(r.rating)! })), total: Number(n) };
}

/** Turns a contest's rated switch (unrate). */
export async function setContestRated(db: Db, cid: number, rated: boolean, t: number) {
  await db.updateTable('contest').set({ rated: rated ? 1 : 0, gmt_modified: t }).where('id', '=', cid).execute();
}

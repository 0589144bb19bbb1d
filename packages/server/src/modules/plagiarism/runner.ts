import crypto from 'node:crypto';
import { PLAGIARISM_KEEP_MIN, type PlagiarismScope } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { Detector, familyOf, type Family } from './detector.js';
import {
  claimJob, claimableJobIds, clearPairs, codesOf, contestOfJob, findJobById, finishJob, insertPairs, releaseJob, renewJob, requeueAbandoned, submissionsToCheck,
  type CheckedSubmission,
} from './repo.js';

/** A job's lease: renewed per group and every LEASE_MS / 4; a process that stops renewing it loses the job. */
export const LEASE_MS = 60_000;
const POLL_MS = 5_000;
/** A job that has been claimed this many times without finishing (it crashes its process) fails. */
const MAX_ATTEMPTS = 3;
/** Sources longer than this are not compared (generated tables): listed as not checked. */
const MAX_CODE = 200_000;

/** Why a group was not (fully) compared: a message key, and the value of its variable. */
export interface GroupProblem { key: 'plagiarismGroupTooSmall' | 'plagiarismGroupSkipped' | 'plagiarismGroupFailed'; n?: number; reason?: string }

/** One group of the job: a problem and a language family; stored in plagiarism_job.groups. */
export interface GroupRecord { pid: number; language: string; charTokens: boolean; submissions: number; pairs: number; error: GroupProblem | null }

/**
 * Runs the contests' plagiarism checks in the background: claims a queued job (or one whose
 * process died) atomically, compares each problem and language family in the detector's worker
 * thread, and writes progress per group. One job at a time per process.
 */
export class PlagiarismRunner {
  readonly owner = `${process.pid}-${crypto.randomBytes(6).toString('hex')}`;
  private readonly detector = new Detector();
  private timer: NodeJS.Timeout | null = null;
  private busy: Promise<void> | null = null;
  private again = false;
  private stopping = false;
  private current: number | null = null;

  constructor(private readonly ctx: AppContext) {}

  /** At start-up: jobs of dead processes back to the queue, then poll for work. */
  async start() {
    await requeueAbandoned(this.ctx.db);
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
    this.kick();
  }

  /** Look for work now (after a job is queued). */
  kick() {
    if (this.stopping) return;
    if (this.busy) {
      this.again = true;
      return;
    }
    this.busy = this.drain().catch((err) => this.ctx.log.error({ err }, 'plagiarism runner')).finally(() => {
      this.busy = null;
      if (this.again && !this.stopping) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** The current run, for tests: resolves when the runner is idle. */
  async idle() {
    while (this.busy) await this.busy;
  }

  private async drain() {
    for (;;) {
      if (this.stopping) return;
      const ids = await claimableJobIds(this.ctx.db);
      let ran = false;
      for (const id of ids) {
        if (this.stopping) return;
        if (!(await claimJob(this.ctx.db, id, this.owner, LEASE_MS))) continue;
        ran = true;
        await this.run(id);
        break;
      }
      if (!ran) {
        await this.detector.close();
        return;
      }
    }
  }

  private async run(id: number) {
    const db = this.ctx.db;
    const job = await findJobById(db, id);
    if (!job) return;
    this.current = id;
    const heartbeat = setInterval(() => { void renewJob(db, id, this.owner, LEASE_MS).catch(() => {}); }, LEASE_MS / 4);
    heartbeat.unref();
    try {
      if (job.attempts > MAX_ATTEMPTS) {
        await finishJob(db, id, this.owner, { status: 'failed', error: `stopped after ${MAX_ATTEMPTS} attempts` });
        return;
      }
      const c = await contestOfJob(db, job.cid);
      if (!c) {
        await finishJob(db, id, this.owner, { status: 'failed', error: 'contest deleted' });
        return;
      }
      await clearPairs(db, job.cid);
      const subs = await this.participantsOnly(c, await submissionsToCheck(db, c, job.scope as PlagiarismScope));
      const groups = new Map<string, { pid: number; family: Family; ids: number[] }>();
      for (const s of subs) {
        const family = familyOf(s.language);
        const key = `${s.pid}|${family.language}`;
        let g = groups.get(key);
        if (!g) groups.set(key, (g = { pid: s.pid, family, ids: [] }));
        g.ids.push(s.id);
      }
      const uidOf = new Map(subs.map((s) => [s.id, s.uid]));
      const ordered = [...groups.values()].sort((a, b) => a.pid - b.pid || a.family.language.localeCompare(b.family.language));
      const records: GroupRecord[] = [];
      let done = 0;
      for (const g of ordered) {
        if (this.stopping) return;
        const rec: GroupRecord = { pid: g.pid, language: g.family.language, charTokens: g.family.charTokens, submissions: g.ids.length, pairs: 0, error: null };
        const codes = await codesOf(db, g.ids);
        const files = g.ids.map((sid) => ({ id: sid, code: codes.get(sid) ?? '' })).filter((f) => f.code.length <= MAX_CODE && f.code.trim() !== '');
        if (files.length < g.ids.length) rec.error = { key: 'plagiarismGroupSkipped', n: g.ids.length - files.length };
        if (files.length < 2) {
          rec.error ??= { key: 'plagiarismGroupTooSmall' };
        } else {
          try {
            const pairs = (await this.detector.analyze(g.family.dolos, files, PLAGIARISM_KEEP_MIN)).filter((p) => uidOf.get(p.left) !== uidOf.get(p.right));
            await insertPairs(db, job.cid, g.pid, g.family, uidOf, pairs);
            rec.pairs = pairs.length;
          } catch (err) {
            if (this.stopping) return;
            rec.error = { key: 'plagiarismGroupFailed', reason: String((err as Error).message).slice(0, 300) };
          }
        }
        records.push(rec);
        done++;
        if (!(await renewJob(db, id, this.owner, LEASE_MS, done / ordered.length, JSON.stringify(records)))) return; // taken by another process
      }
      await finishJob(db, id, this.owner, { status: 'done', groups: JSON.stringify(records) });
    } catch (err) {
      if (this.stopping) return;
      await finishJob(db, id, this.owner, { status: 'failed', error: String((err as Error).message).slice(0, 300) }).catch(() => {});
    } finally {
      clearInterval(heartbeat);
      this.current = null;
    }
  }

  /**
   * A group contest's admins (its group's owner and roots, who may run this check and have the
   * contest's admin rights) are not participants: their submissions are left out, as the
   * author's and the super admins' are (submissionsToCheck).
   */
  private async participantsOnly(c: { gid: number }, subs: CheckedSubmission[]): Promise<CheckedSubmission[]> {
    const groups = this.ctx.services.groupAccess;
    if (c.gid <= 0 || !groups) return subs;
    const admins = new Set<number>();
    for (const uid of new Set(subs.map((s) => s.uid))) if (await groups.isRoot(uid, c.gid)) admins.add(uid);
    return admins.size ? subs.filter((s) => !admins.has(s.uid)) : subs;
  }

  /** Server stopping: the job in hand goes back to the queue, the worker thread ends. */
  async stop() {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    const id = this.current;
    await this.detector.close();
    if (id !== null) await releaseJob(this.ctx.db, id, this.owner).catch(() => {});
    await this.busy?.catch(() => {});
  }
}

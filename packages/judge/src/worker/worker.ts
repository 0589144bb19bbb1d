import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import {
  JUDGE_LEASE_MS, JUDGE_PROTOCOL_VERSION, JudgeStatus, type ClaimRequest, type JudgeResult, type JudgeTask, type ProgressRequest,
  type RegisterRequest,
} from '@verdict/shared';
import { detectLanguages } from '../languages/detect.js';
import { judgeTask } from '../judge/pipeline.js';
import { precompiled } from '../judge/precompiled.js';
import { LANGUAGE_DEFS } from '../languages/registry.js';
import { sweepStaleBoxes } from '../sandbox/box.js';
import { detectCapabilities } from '../sandbox/capabilities.js';
import { pathInside, UnsafeFileName } from '../sandbox/box-files.js';
import { judgeStateDir } from '../sandbox/paths.js';
import { JudgeClient } from './client.js';
import { claimSlotName, defaultNameBase } from './slot-name.js';
import { TestDataCache } from './testdata-cache.js';

export const JUDGE_VERSION = '0.1.0';

export interface WorkerOptions {
  server: string;
  token: string;
  slots: number;
  /**
   * Without one: `<host>-<slot>`, kept across restarts on this machine and distinct between the
   * workers running on it at once (see slot-name.ts), so a restarted worker gets its leases back.
   */
  name?: string;
  /** Started by the server itself (embedded default). */
  local?: boolean;
  cacheDir?: string;
  /** Long-poll length of one claim. */
  claimWaitMs?: number;
  heartbeatMs?: number;
  log?: (msg: string) => void;
}

export interface WorkerHandle {
  readonly name: string;
  /** Number of tasks being judged now. */
  running(): number;
  /** Stops claiming, lets running tasks finish and report, then resolves. */
  stop(): Promise<void>;
}

class LeaseLost extends Error {}

/**
 * A task's "Judging k of n" goes to the server at most this often: each report is two row writes
 * and a live update, and a surge of fast cases would send one per case. A change of status
 * (Compiling -> Judging) goes at once; the result supersedes a report still waiting.
 */
export const PROGRESS_EVERY_MS = 500;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((r) => {
    const t = setTimeout(r, ms);
    signal.addEventListener('abort', () => { clearTimeout(t); r(); }, { once: true });
  });

/** Registers with the server and judges tasks on `slots` parallel slots until stopped. */
export async function startWorker(opts: WorkerOptions): Promise<WorkerHandle> {
  const log = opts.log ?? ((m: string) => console.log(`[verdict-judge] ${m}`));
  const caps = detectCapabilities();
  if (caps.isolation === 'none') throw new Error(`refusing to judge untrusted code without isolation: ${caps.problems.join('; ')}`);
  const swept = sweepStaleBoxes(caps);
  if (swept > 0) log(`removed ${swept} box(es) left by a previous judge process`);
  // Precompiled headers of another compiler or flags are of no more use (they are built on first use).
  const pch = precompiled();
  pch.prune(LANGUAGE_DEFS.map((l) => pch.key(l)).filter((k): k is string => k !== null));
  const client = new JudgeClient(opts.server, opts.token);
  const slot = opts.name ? null : claimSlotName(join(judgeStateDir(), 'names'), defaultNameBase(judgeStateDir()));
  let name: string;
  let register: RegisterRequest;
  try {
    register = {
      name: opts.name ?? slot!.name, version: JUDGE_VERSION, protocol: JUDGE_PROTOCOL_VERSION,
      cpuCores: cpus().length, slots: opts.slots, isolation: caps.isolation, languages: await detectLanguages(), local: opts.local ?? false,
    };
    // `fresh`: leases still held under this name (this worker's previous run was killed) go back now.
    ({ name } = await client.post<{ name: string }>('/api/judge/register', { ...register, fresh: true }));
  } catch (e) {
    slot?.release();
    throw e;
  }
  log(`registered as ${name}: ${opts.slots} slot(s), isolation ${caps.isolation}`);
  const cache = new TestDataCache(client, opts.cacheDir ?? join(judgeStateDir(), 'cache'));
  const stopper = new AbortController();
  let running = 0;

  const heartbeat = setInterval(() => {
    client.post<{ registered?: boolean }>('/api/judge/heartbeat', { name, load: loadavg()[0], running })
      .then(async (r) => {
        // The server forgot this worker (e.g. a new database): register again.
        if (r?.registered === false) await client.post('/api/judge/register', register);
      })
      .catch((e) => log(`heartbeat failed: ${(e as Error).message}`));
  }, opts.heartbeatMs ?? 10_000);

  async function handle(task: JudgeTask): Promise<void> {
    let last: ProgressRequest = { taskId: task.taskId, leaseToken: task.leaseToken, status: JudgeStatus.COMPILING, caseDone: 0, caseTotal: task.problem?.cases.length ?? 0 };
    let lost = false;
    const report = async (p: ProgressRequest) => {
      last = p;
      const r = await client.post<{ ok: boolean }>('/api/judge/progress', p);
      if (!r.ok) lost = true;
    };
    // Progress also renews the lease during a long compile or case.
    const keepAlive = setInterval(() => { report(last).catch(() => {}); }, JUDGE_LEASE_MS / 3);
    let sentStatus: number | null = null;
    let sentAt = 0;
    let trailing: NodeJS.Timeout | undefined;
    const sendNow = async (p: ProgressRequest) => {
      clearTimeout(trailing);
      trailing = undefined;
      sentStatus = p.status;
      sentAt = Date.now();
      await report(p).catch(() => {});
    };
    let result: JudgeResult;
    try {
      let dataDir: string | null = null;
      if (task.kind === 'submission' && task.problem.cases.length > 0) dataDir = await cache.ensure(task.problem.pid, task.problem.caseVersion);
      result = await judgeTask(task, {
        judger: name,
        testFile: async (f) => {
          if (!dataDir) throw new Error(`test data file ${f} unavailable`);
          return pathInside(dataDir, f, 'test case file');
        },
        onProgress: async (status, done, total) => {
          if (lost) throw new LeaseLost('lease lost');
          const p = { taskId: task.taskId, leaseToken: task.leaseToken, status, caseDone: done, caseTotal: total };
          const wait = sentAt + PROGRESS_EVERY_MS - Date.now();
          if (status !== sentStatus || wait <= 0) await sendNow(p);
          else {
            // Held back: the newest one goes when the interval is over (or the keep-alive sends it).
            last = p;
            trailing ??= setTimeout(() => { void sendNow(last); }, wait);
          }
          if (lost) throw new LeaseLost('lease lost');
        },
      });
    } catch (e) {
      if (e instanceof LeaseLost) {
        log(`task ${task.taskId}: lease lost, result dropped`);
        return;
      }
      const message = e instanceof UnsafeFileName ? `Problem data error: ${e.message}` : `judge error: ${(e as Error).message}`;
      result = { status: JudgeStatus.SYSTEM_ERROR, score: null, time: 0, memory: 0, errorMessage: message, cases: [], judger: name };
    } finally {
      clearInterval(keepAlive);
      clearTimeout(trailing);
    }
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        await client.post('/api/judge/result', { taskId: task.taskId, leaseToken: task.leaseToken, result });
        return;
      } catch (e) {
        log(`task ${task.taskId}: result not delivered (${(e as Error).message}), retrying`);
        await sleep(1000 * (attempt + 1), new AbortController().signal);
      }
    }
  }

  async function slotLoop(): Promise<void> {
    while (!stopper.signal.aborted) {
      let task: JudgeTask | null;
      try {
        const claim: ClaimRequest = { name, waitMs: opts.claimWaitMs ?? 20_000, freeSlots: opts.slots - running };
        ({ task } = await client.post<{ task: JudgeTask | null }>('/api/judge/claim', claim, stopper.signal));
      } catch (e) {
        if (stopper.signal.aborted) break;
        log(`claim failed: ${(e as Error).message}`);
        await sleep(2000, stopper.signal);
        continue;
      }
      if (!task) continue;
      running++;
      try {
        await handle(task);
      } finally {
        running--;
      }
    }
  }

  const loops = Array.from({ length: Math.max(1, opts.slots) }, () => slotLoop());
  return {
    name,
    running: () => running,
    async stop() {
      stopper.abort();
      clearInterval(heartbeat);
      await Promise.all(loops);
      slot?.release();
      log('stopped');
    },
  };
}

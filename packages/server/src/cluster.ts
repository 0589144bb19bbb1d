import cluster, { type Worker } from 'node:cluster';
import type { AppConfig } from './config.js';
import { relayBetweenWorkers } from './lib/cluster-relay.js';
import { localWorkerName, superviseLocalWorker, type WorkerLog } from './modules/judge/local-workers.js';

const RESTART_MIN_MS = 500;
const RESTART_MAX_MS = 30_000;
/** A server process that ran this long before dying restarts without waiting. */
const HEALTHY_RUN_MS = 60_000;
const STOP_WAIT_MS = 15_000;

/** JSON lines like pino's, for the primary (it runs no Fastify app). */
function lineLogger(level: string): WorkerLog {
  const levels: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: 100 };
  const min = levels[level] ?? 30;
  const at = (lv: number) => (obj: object | string, msg?: string) => {
    if (lv < min) return;
    const o: Record<string, unknown> = typeof obj === 'string' ? { msg: obj } : { ...obj, msg };
    if (o.err instanceof Error) o.err = { message: o.err.message, stack: o.err.stack };
    (lv >= 40 ? process.stderr : process.stdout).write(JSON.stringify({ level: lv, time: Date.now(), pid: process.pid, role: 'primary', ...o }) + '\n');
  };
  return { info: at(30), warn: at(40), error: at(50) };
}

/**
 * WEB_CONCURRENCY > 1: this process is the primary of node's cluster. It starts the first server
 * process (migrations and start-up work run there, once), then the others, all on one port
 * (the primary hands out connections); then the local judge worker, once for all of them. A
 * server process that dies is started again; SIGTERM stops everything.
 */
export async function runPrimary(config: AppConfig): Promise<void> {
  const log = lineLogger(config.logLevel);
  const n = config.webConcurrency;
  relayBetweenWorkers();
  let stopping = false;
  let backoff = RESTART_MIN_MS;
  const startedAt = new Map<number, number>();

  const fork = (first: boolean): Worker => {
    const w = cluster.fork({ VERDICT_CLUSTER: first ? 'first' : 'worker' });
    startedAt.set(w.id, Date.now());
    return w;
  };

  // The first process migrates the database: the others start only once it listens.
  const first = fork(true);
  const ok = await new Promise<boolean>((resolve) => {
    first.once('listening', () => resolve(true));
    first.once('exit', () => resolve(false));
  });
  if (!ok) {
    log.error({}, 'the first server process exited during start-up; not starting the others');
    process.exit(1);
  }
  for (let i = 1; i < n; i++) fork(false);

  cluster.on('exit', (w, code, signal) => {
    if (stopping) return;
    if (Date.now() - (startedAt.get(w.id) ?? 0) > HEALTHY_RUN_MS) backoff = RESTART_MIN_MS;
    startedAt.delete(w.id);
    log.warn({ worker: w.process.pid, code, signal, restartInMs: backoff }, 'server process exited; starting another');
    setTimeout(() => { if (!stopping) fork(false); }, backoff).unref();
    backoff = Math.min(backoff * 2, RESTART_MAX_MS);
  });

  const judge = config.localJudgeSlots > 0
    ? superviseLocalWorker({ url: loopbackUrl(config), slots: config.localJudgeSlots, name: localWorkerName(config), token: config.judgeToken, log })
    : null;
  log.info({ processes: n, port: config.port, localJudgeSlots: config.localJudgeSlots }, 'cluster started');

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({}, `${signal}: stopping the cluster`);
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    const exited = Promise.all(workers.map((w) => new Promise<void>((resolve) => {
      if (w.isDead()) return resolve();
      w.once('exit', () => resolve());
      w.process.kill('SIGTERM');
    })));
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref());
    await Promise.all([judge?.stop(), Promise.race([exited, timeout])]);
    for (const w of workers) if (!w.isDead()) w.process.kill('SIGKILL');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** Loopback address of the cluster's port, for the local judge worker. */
function loopbackUrl(config: AppConfig): string {
  const wildcard = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'].includes(config.host);
  const host = wildcard ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${config.port}`;
}

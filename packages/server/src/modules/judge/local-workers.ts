import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { AppContext } from '../../context.js';

// src/modules/judge (or dist/modules/judge) -> packages/judge/dist/cli.js
const here = path.dirname(fileURLToPath(import.meta.url));
export const JUDGE_CLI = path.resolve(here, '../../../../judge/dist/cli.js');

const BACKOFF_MIN_MS = 1000;
const BACKOFF_MAX_MS = 30_000;
/** A worker that ran this long before dying restarts without waiting. */
const HEALTHY_RUN_MS = 60_000;

/**
 * Runs the judge CLI so that it stops when the server process is gone, even after a SIGKILL: the
 * server holds the worker's stdin open, and its end means the server died. The worker then stops
 * as on SIGTERM (its sandboxes die with it); a stuck stop is cut short.
 */
const DIE_WITH_SERVER = `
import { pathToFileURL } from 'node:url';
process.stdin.on('end', () => {
  process.kill(process.pid, 'SIGTERM');
  setTimeout(() => process.exit(1), 10000).unref();
});
process.stdin.on('error', () => {});
process.stdin.resume();
await import(pathToFileURL(process.argv[1]).href);
`;

/**
 * Name of this server's local worker. Unique per host and port, so on start-up the server can take
 * back at once the tasks its previous local worker held (it died with the server).
 */
export const localWorkerName = (config: Pick<AppConfig, 'port'>) => `local-${os.hostname()}-${config.port}`;

/** Loopback address of the listening server, for the local worker's --server. */
function loopbackUrl(app: FastifyInstance): string | null {
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') return null;
  const wildcard = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(addr.address);
  const host = wildcard ? '127.0.0.1' : addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  return `http://${host}:${addr.port}`;
}

/** What the supervisor logs with: the app's pino logger, or the cluster primary's line logger. */
export interface WorkerLog {
  info(obj: object, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface LocalWorkerOptions { url: string; slots: number; name: string; token: string; log: WorkerLog; cli?: string }

/**
 * Runs one local judge worker (the judge CLI over loopback with the judge token), restarted with
 * backoff when it dies. Used by a single server process and, with WEB_CONCURRENCY > 1, once by the
 * cluster primary (so N server processes still share one set of local slots). stop() ends it.
 */
export function superviseLocalWorker(o: LocalWorkerOptions): { stop(): Promise<void> } {
  const cli = o.cli ?? JUDGE_CLI;
  const { log } = o;
  let child: ChildProcess | null = null;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | null = null;
  let backoff = BACKOFF_MIN_MS;

  const start = () => {
    if (stopping) return;
    if (!fs.existsSync(cli)) {
      log.warn(`local judge worker not started: ${cli} does not exist (build packages/judge first); submissions stay Pending until a worker connects`);
      return;
    }
    const args = ['--input-type=module', '-e', DIE_WITH_SERVER, cli, '--server', o.url, '--slots', String(o.slots), '--name', o.name];
    const startedAt = Date.now();
    // The token goes in the environment, not argv: any local user can read a process's argv.
    const proc = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, JUDGE_TOKEN: o.token } });
    child = proc;
    log.info({ pid: proc.pid, slots: o.slots }, 'local judge worker started');
    readline.createInterface({ input: proc.stdout! }).on('line', (line) => log.info({ worker: proc.pid }, line));
    readline.createInterface({ input: proc.stderr! }).on('line', (line) => log.warn({ worker: proc.pid }, line));
    proc.on('error', (err) => log.error({ err }, 'local judge worker could not start'));
    proc.on('exit', (code, signal) => {
      if (child === proc) child = null;
      if (stopping) return;
      if (Date.now() - startedAt > HEALTHY_RUN_MS) backoff = BACKOFF_MIN_MS;
      log.warn({ code, signal, restartInMs: backoff }, 'local judge worker exited; restarting');
      restartTimer = setTimeout(start, backoff);
      restartTimer.unref();
      backoff = Math.min(backoff * 2, BACKOFF_MAX_MS);
    });
  };
  start();

  return {
    async stop() {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      const proc = child;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        const kill = setTimeout(() => proc.kill('SIGKILL'), 5000);
        proc.once('exit', () => { clearTimeout(kill); resolve(); });
        proc.kill('SIGTERM');
      });
    },
  };
}

/**
 * In the embedded default the server runs its own judge worker, started once it listens and
 * stopped when it closes. A clustered server process leaves this to the cluster primary.
 */
export function registerLocalWorkers(app: FastifyInstance, ctx: AppContext, cli = JUDGE_CLI) {
  const slots = ctx.config.localJudgeSlots;
  if (!(slots > 0) || ctx.config.cluster) return;
  let running: { stop(): Promise<void> } | null = null;
  app.addHook('onListen', async () => {
    const url = loopbackUrl(app);
    if (url) running = superviseLocalWorker({ url, slots, name: localWorkerName(ctx.config), token: ctx.config.judgeToken, log: ctx.log, cli });
  });
  app.addHook('onClose', async () => {
    await running?.stop();
  });
}

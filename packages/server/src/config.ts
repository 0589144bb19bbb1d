import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface SmtpEnv { host: string; port: number; secure: boolean; user: string; pass: string; from: string }

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  adminUsername: string;
  adminPassword?: string;
  jwtSecret: Uint8Array;
  /** Token lifetime; past half of it responses carry a refreshed token. */
  tokenTtlMs: number;
  judgeToken: string;
  /** Local judge workers started by the server (0 = none, e.g. when remote workers are used). */
  localJudgeSlots: number;
  smtp?: SmtpEnv;
  /** Public base URL used in mails (reset links). */
  publicUrl?: string;
  webDist?: string;
  logLevel: string;
  /** Check every JSON answer against its route's declared schema (RESPONSE_CHECK=1: the test suites' mode, never production). */
  responseCheck?: boolean;
  /** Trust X-Forwarded-For (only behind a reverse proxy; otherwise anyone could fake their IP and dodge per-IP throttles). */
  trustProxy: boolean | string;
  /**
   * Flood limits of the public reads whose cost grows with the data (PUBLIC_READ_LIMIT=off turns
   * them off: benches that measure those reads at thousands a second from one client; default on).
   */
  publicReadLimit: boolean;
  /** Live update streams one client address may hold open (LIVE_MAX_PER_IP). */
  liveMaxPerIp?: number;
  /** Server processes on one port (WEB_CONCURRENCY; default 1 on SQLite, the number of cores on PostgreSQL). */
  webConcurrency: number;
  /**
   * Set in a server process started by the cluster primary: the primary runs the local judge
   * worker, and only the first process of a start does the one-time start-up work.
   */
  cluster?: { first: boolean };
  /** Key of the remote-judge pool secrets (REMOTE_JUDGE_KEY, else generated once into DATA_DIR). */
  remoteJudgeKey: string;
  /** Remote submissions followed at once by this server (REMOTE_JUDGE_SLOTS; 0 = none). */
  remoteJudgeSlots: number;
  /** First wait between two status polls of a remote submission; it backs off to 10x (REMOTE_JUDGE_POLL_MS). */
  remoteJudgePollMs: number;
  /** Replaces the sites' own minimum request interval (REMOTE_JUDGE_MIN_INTERVAL_MS; for a mirror or a local stand-in). */
  remoteJudgeMinIntervalMs?: number;
}

/** A secret generated once and kept in DATA_DIR, so restarts keep sessions valid. */
function persistentSecret(dataDir: string, name: string, bytes: number): string {
  const file = path.join(dataDir, name);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const v = crypto.randomBytes(bytes).toString('hex');
    fs.writeFileSync(file, v + '\n', { mode: 0o600 });
    return v;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const smtp: SmtpEnv | undefined = env.SMTP_HOST
    ? {
        host: env.SMTP_HOST,
        port: Number(env.SMTP_PORT ?? 587),
        secure: env.SMTP_SECURE === 'true',
        user: env.SMTP_USER ?? '',
        pass: env.SMTP_PASS ?? '',
        from: env.SMTP_FROM ?? env.SMTP_USER ?? 'verdict@localhost',
      }
    : undefined;
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    adminUsername: env.ADMIN_USERNAME ?? 'admin',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    jwtSecret: new TextEncoder().encode(env.JWT_SECRET ?? persistentSecret(dataDir, 'jwt-secret', 32)),
    tokenTtlMs: Number(env.TOKEN_TTL_HOURS ?? 48) * 3600_000,
    judgeToken: env.JUDGE_TOKEN ?? persistentSecret(dataDir, 'judge-token', 24),
    localJudgeSlots: env.JUDGE_LOCAL_SLOTS !== undefined ? Number(env.JUDGE_LOCAL_SLOTS) : 1,
    smtp,
    publicUrl: env.PUBLIC_URL || undefined,
    webDist: env.WEB_DIST || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    responseCheck: env.RESPONSE_CHECK === '1',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    publicReadLimit: env.PUBLIC_READ_LIMIT !== 'off',
    liveMaxPerIp: env.LIVE_MAX_PER_IP ? Number(env.LIVE_MAX_PER_IP) : undefined,
    webConcurrency: parseConcurrency(env.WEB_CONCURRENCY, env.DATABASE_URL),
    cluster: env.VERDICT_CLUSTER ? { first: env.VERDICT_CLUSTER === 'first' } : undefined,
    remoteJudgeKey: env.REMOTE_JUDGE_KEY || persistentSecret(dataDir, 'remote-judge-key', 32),
    remoteJudgeSlots: env.REMOTE_JUDGE_SLOTS !== undefined ? Number(env.REMOTE_JUDGE_SLOTS) : 2,
    remoteJudgePollMs: env.REMOTE_JUDGE_POLL_MS !== undefined ? Number(env.REMOTE_JUDGE_POLL_MS) : 2000,
    remoteJudgeMinIntervalMs: env.REMOTE_JUDGE_MIN_INTERVAL_MS ? Number(env.REMOTE_JUDGE_MIN_INTERVAL_MS) : undefined,
    ...overrides,
  };
}

/** TRUST_PROXY: unset/false = off, true = any proxy, otherwise a comma list of proxy addresses/CIDRs. */
function parseTrustProxy(v: string | undefined): boolean | string {
  if (!v || v === 'false' || v === '0') return false;
  if (v === 'true' || v === '1') return true;
  return v;
}

/**
 * WEB_CONCURRENCY: a number, or `auto` (the cores). Unset: 1 on SQLite (one writer; the judge is
 * the heavy part), the number of cores on PostgreSQL.
 */
function parseConcurrency(v: string | undefined, databaseUrl: string | undefined): number {
  const cores = Math.max(1, os.availableParallelism());
  if (v === 'auto') return cores;
  const n = Number(v);
  if (v && Number.isInteger(n) && n >= 1) return Math.min(n, 64);
  return databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl) ? cores : 1;
}

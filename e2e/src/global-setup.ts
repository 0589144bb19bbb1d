import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startMailPeer, type MailPeer } from '../../packages/server/test/mail-peer.js';
import { freePorts } from './ports.js';

/**
 * Starts, once for the whole e2e run, the BUILT site exactly as `npm run serve` does
 * (node packages/server/dist/main.js serving packages/web/dist) on a free port with a temporary
 * DATA_DIR on SQLite, an admin account, and a real SMTP peer (smtp-server). The received mails
 * are served as JSON on a small local HTTP endpoint so the test files (other processes) can read
 * codes and links. Nothing is built here: scripts/test.sh builds first.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ADMIN = { username: 'admin', password: 'AdminPass123' };

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailUrl: string;
    dataDir: string;
    adminUsername: string;
    adminPassword: string;
  }
}

async function waitUp(url: string, child: ChildProcess, logFile: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}; log:\n${fs.readFileSync(logFile, 'utf8').slice(-4000)}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url} within 60 s; log:\n${fs.readFileSync(logFile, 'utf8').slice(-4000)}`);
}

/**
 * Loopback never goes through a proxy: a CI runner may set HTTP_PROXY / HTTPS_PROXY (honoured by
 * Chromium, and by node's fetch when NODE_USE_ENV_PROXY is on), and then the server's calls to the
 * local stand-ins of remote judges, or the browser's to the site, would go to a proxy that cannot
 * reach this machine's 127.0.0.1. Added to NO_PROXY / no_proxy for the server and the test files.
 */
export function withLoopbackNoProxy(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const loopback = ['127.0.0.1', 'localhost', '::1'];
  const merged = [...new Set([...(env.NO_PROXY ?? env.no_proxy ?? '').split(',').map((s) => s.trim()).filter(Boolean), ...loopback])].join(',');
  return { ...env, NO_PROXY: merged, no_proxy: merged };
}

export default async function setup(project: TestProject) {
  Object.assign(process.env, withLoopbackNoProxy(process.env));
  // E2E_SERVER_MAIN / WEB_DIST may point at another build of the same tree.
  const serverMain = process.env.E2E_SERVER_MAIN ?? path.join(root, 'packages/server/dist/main.js');
  const webIndex = path.join(process.env.WEB_DIST ?? path.join(root, 'packages/web/dist'), 'index.html');
  for (const f of [serverMain, webIndex]) if (!fs.existsSync(f)) throw new Error(`${f} is missing: run "npm run build" first`);

  const [port, smtpPort, mailApiPort] = await freePorts(3);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-e2e-'));
  const logFile = path.join(dataDir, 'server.log');

  const peer: MailPeer = await startMailPeer(smtpPort);
  const mailApi = http.createServer((_req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(peer.mails.map(({ to, subject, text }) => ({ to, subject, text }))));
  });
  await new Promise<void>((r) => mailApi.listen(mailApiPort, '127.0.0.1', () => r()));

  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [serverMain], {
    cwd: root,
    stdio: ['ignore', log, log],
    env: {
      ...withLoopbackNoProxy(process.env),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      // The harness plays many visitors from one machine (random X-Forwarded-For per call), as a proxy would.
      TRUST_PROXY: 'true',
      // Remote judges talk to local stand-ins here: no need to spare them like the real sites.
      REMOTE_JUDGE_POLL_MS: '300',
      REMOTE_JUDGE_MIN_INTERVAL_MS: '1',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
      SMTP_SECURE: 'false',
      SMTP_USER: '',
      SMTP_PASS: '',
      SMTP_FROM: 'verdict@e2e.test',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      JUDGE_LOCAL_SLOTS: process.env.JUDGE_LOCAL_SLOTS ?? '1',
      // Every answer is checked against its declared schema; a mismatch is a 500 naming the fields.
      RESPONSE_CHECK: '1',
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUp(`${baseUrl}/api/health`, child, logFile);
  } catch (e) {
    // Leave nothing running when the site cannot start.
    child.kill('SIGKILL');
    await new Promise<void>((r) => mailApi.close(() => r()));
    await peer.close();
    throw e;
  }

  project.provide('baseUrl', baseUrl);
  project.provide('mailUrl', `http://127.0.0.1:${mailApiPort}`);
  project.provide('dataDir', dataDir);
  project.provide('adminUsername', ADMIN.username);
  project.provide('adminPassword', ADMIN.password);

  return async () => {
    child.kill('SIGTERM');
    await new Promise<void>((r) => {
      if (child.exitCode !== null) return r();
      const t = setTimeout(() => {
        child.kill('SIGKILL');
        r();
      }, 10_000);
      child.once('exit', () => {
        clearTimeout(t);
        r();
      });
    });
    fs.closeSync(log);
    await new Promise<void>((r) => mailApi.close(() => r()));
    await peer.close();
    if (process.env.E2E_KEEP) console.log(`e2e data kept in ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

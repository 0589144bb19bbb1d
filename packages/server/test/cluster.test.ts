import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JUDGE_TOKEN_HEADER, JudgeStatus, isFinalStatus, type JudgeTask } from '@verdict/shared';
import { createTestApp, type TestApp } from './helpers.js';
import { acceptedBy as acceptedAmong } from './proc-sockets.js';
import { makeProblem, makeUser, sleep, type TestUser } from './judge-fixtures.js';

/**
 * WEB_CONCURRENCY (issue 16): the real server entry point started with two server processes on
 * one port. Every request below goes over a new TCP connection, and the test reads from /proc
 * which process accepted it, so it knows both processes served. The throttle and the judge queue
 * must behave as one site: per-process counters would let 12 wrong passwords through, and a
 * per-process queue would hand a task out twice or not at all.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const MAIN = path.resolve(here, '../src/main.ts');

let t: TestApp;
let server: ChildProcess;
let port = 0;
let alice: TestUser;
const users: TestUser[] = [];
let workerPids: number[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

/** Server processes: children of the cluster primary running main (tsx adds an esbuild child). */
function childrenOf(ppid: number): number[] {
  const out: number[] = [];
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === ppid && fs.readFileSync(`/proc/${d}/cmdline`, 'utf8').includes('main.ts')) out.push(Number(d));
    } catch { /* gone */ }
  }
  return out;
}


/** One request on a connection of its own; notes the process that answered. */
function request(method: 'GET' | 'POST' | 'PUT', url: string, body: unknown, headers: Record<string, string> = {}) {
  return new Promise<{ code: number; body: { status: number; msg: string; data: any }; servedBy: number | null }>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request({
      host: '127.0.0.1', port, method, path: url, agent: false,
      // Kept alive so the server still holds its side when the answer arrives; closed after it.
      headers: { ...headers, connection: 'keep-alive', ...(payload ? { 'content-type': 'application/json' } : {}) },
    }, (res) => {
      const servedBy = acceptedAmong(port, req.socket!.localPort!, workerPids);
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { text += c; });
      res.on('end', () => {
        req.socket?.destroy();
        resolve({ code: res.statusCode!, body: JSON.parse(text), servedBy });
      });
    });
    req.on('error', reject);
    // A connection handed to a process at the moment it is killed is lost with it.
    req.setTimeout(10_000, () => req.destroy(new Error('no answer')));
    req.end(payload);
  });
}

/** A live stream (GET /api/stream?mine=1) on a connection of its own. */
function openStream(token: string) {
  return new Promise<{ servedBy: number | null; text: () => string; close: () => void }>((resolve, reject) => {
    let text = '';
    const req = http.get({ host: '127.0.0.1', port, path: '/api/stream?mine=1', agent: false, headers: { authorization: token } }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (c: string) => { text += c; });
      resolve({ servedBy: acceptedAmong(port, req.socket!.localPort!, workerPids), text: () => text, close: () => req.destroy() });
    });
    req.on('error', (err) => { if (!text) reject(err); });
  });
}

/** A live stream as seen from client address `ip` (TRUST_PROXY is on): its status and who holds it. */
function streamFrom(ip: string) {
  return new Promise<{ status: number; servedBy: number | null; close: () => void }>((resolve, reject) => {
    const headers = { 'x-forwarded-for': ip, connection: 'keep-alive', authorization: alice.token };
    const req = http.get({ host: '127.0.0.1', port, path: '/api/stream?mine=1', agent: false, headers }, (res) => {
      const servedBy = acceptedAmong(port, req.socket!.localPort!, workerPids);
      res.resume();
      // Cut when its process is killed.
      res.on('error', () => {});
      resolve({ status: res.statusCode!, servedBy, close: () => req.destroy() });
      if (res.statusCode !== 200) res.on('end', () => req.destroy());
    });
    req.on('error', reject);
  });
}

const judgeCall = (name: string, url: string, payload: unknown) =>
  request('POST', `/api/judge/${url}`, payload, { [JUDGE_TOKEN_HEADER]: t.ctx.config.judgeToken }).then((r) => ({ ...r, name }));

beforeAll(async () => {
  t = await createTestApp();
  alice = await makeUser(t, 'alice');
  for (let i = 0; i < 8; i++) users.push(await makeUser(t, `u${i}`));
  await makeProblem(t, { problemId: '1000' });
  port = await freePort();
  server = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: path.resolve(here, '..'),
    env: {
      ...process.env, WEB_CONCURRENCY: '2', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: t.dataDir,
      DATABASE_URL: t.ctx.config.databaseUrl ?? '', REDIS_URL: '', JUDGE_LOCAL_SLOTS: '0', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent',
      TRUST_PROXY: 'true', LIVE_MAX_PER_IP: '4',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await untilBothServe();
}, 90_000);

/** Until both server processes have answered (the second starts after the first listens). */
async function untilBothServe() {
  const seen = new Set<number>();
  for (let i = 0; ; i++) {
    workerPids = childrenOf(server.pid!);
    if (workerPids.length === 2) {
      const up = await request('GET', '/api/get-website-config', undefined).catch(() => null);
      if (up?.code === 200 && up.servedBy) seen.add(up.servedBy);
      if (workerPids.every((p) => seen.has(p))) return;
    }
    if (i > 600) throw new Error('the cluster did not start');
    await sleep(100);
  }
}

afterAll(async () => {
  if (server && server.exitCode === null) {
    await new Promise<void>((resolve) => {
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });
  }
  await t?.close();
}, 30_000);

describe('two server processes behind one port', () => {
  it('starts two server processes under one primary, and both answer', async () => {
    expect(workerPids).toHaveLength(2);
    const served = new Set<number | null>();
    for (let i = 0; i < 6; i++) served.add((await request('GET', '/api/get-website-config', undefined)).servedBy);
    expect([...served].sort()).toEqual([...workerPids].sort());
  });

  it('share the login throttle: past 10 wrong passwords the account is slowed down whichever process answers', async () => {
    const results = [];
    for (let i = 0; i < 13; i++) results.push(await request('POST', '/api/login', { username: 'alice', password: `wrong-${i}` }));
    expect(new Set(results.map((r) => r.servedBy)).size).toBe(2);
    expect(results.slice(0, 10).every((r) => r.code !== 429)).toBe(true);
    expect(results.slice(10).map((r) => r.code)).toEqual([429, 429, 429]);
  });

  it('share the judge queue: every submission is handed out exactly once, whichever process takes the claim', async () => {
    for (const name of ['w1', 'w2']) {
      const r = await judgeCall(name, 'register', {
        name, version: 'test', protocol: 1, cpuCores: 1, slots: 1, isolation: 'full', languages: [{ name: 'C++17', available: true, version: '1' }],
      });
      expect(r.code).toBe(200);
    }
    // A claim already waiting (on either process) when the submissions arrive.
    const early = judgeCall('w1', 'claim', { name: 'w1', waitMs: 20_000, freeSlots: 1 });
    await sleep(300);
    const ids: number[] = [];
    const submitServers = new Set<number | null>();
    // Eight users (one user's second submission would wait for the site's submit interval).
    for (let i = 0; i < 8; i++) {
      const r = await request('POST', '/api/submit-problem-judge', { pid: '1000', language: 'C++17', code: `int main(){return ${i};}` }, { authorization: users[i].token });
      expect(r.body.msg, r.body.msg).toBe('success');
      ids.push(r.body.data.submitId);
      submitServers.add(r.servedBy);
    }
    expect(submitServers.size).toBe(2);
    // The submit interval is one per site too: alice's second try is refused by the other process.
    const a1 = await request('POST', '/api/submit-problem-judge', { pid: '1000', language: 'C++17', code: 'int main(){}' }, { authorization: alice.token });
    const a2 = await request('POST', '/api/submit-problem-judge', { pid: '1000', language: 'C++17', code: 'int main(){}' }, { authorization: alice.token });
    expect(a1.code).toBe(200);
    expect(a2.servedBy).not.toBe(a1.servedBy);
    expect(a2.code).toBe(400);
    expect(a2.body.msg).toMatch(/提交过于频繁/);
    ids.push(a1.body.data.submitId);

    // Two workers claim concurrently until the queue is empty, then report.
    const claimed: { name: string; task: JudgeTask; servedBy: number | null }[] = [];
    const first = await early;
    if (first.body.data.task) claimed.push({ name: 'w1', task: first.body.data.task, servedBy: first.servedBy });
    const drain = async (name: string) => {
      for (;;) {
        const r = await judgeCall(name, 'claim', { name, waitMs: 0, freeSlots: 1 });
        expect(r.code).toBe(200);
        if (!r.body.data.task) return;
        claimed.push({ name, task: r.body.data.task, servedBy: r.servedBy });
      }
    };
    await Promise.all([drain('w1'), drain('w2')]);
    const claimedIds = claimed.map((c) => Number(c.task.submitId));
    expect(claimedIds.sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(claimed.map((c) => c.servedBy)).size).toBe(2);

    // u0 watches its submissions on two streams, one held by each process: whichever process
    // takes the verdict, both streams hear it (relayed through the primary, or the database).
    const streams = [await openStream(users[0].token)];
    for (let i = 0; i < 10 && streams.length < 2; i++) {
      const s = await openStream(users[0].token);
      if (s.servedBy !== streams[0].servedBy) streams.push(s);
      else s.close();
    }
    expect(streams).toHaveLength(2);
    for (const c of claimed) {
      const r = await judgeCall(c.name, 'result', {
        taskId: c.task.taskId, leaseToken: c.task.leaseToken,
        result: { status: JudgeStatus.ACCEPTED, score: null, time: 1, memory: 100, errorMessage: null, cases: [], judger: c.name },
      });
      expect(r.body.data.applied).toBe(true);
    }
    for (const st of streams) {
      for (let i = 0; i < 100 && !st.text().includes(`"id":${ids[0]},`); i++) await sleep(100);
      expect(st.text()).toMatch(new RegExp(`event: submission\ndata: \\{[^\n]*"id":${ids[0]},[^\n]*"status":${JudgeStatus.ACCEPTED}`));
      st.close();
    }
    const rows = await t.ctx.db.selectFrom('submission').select(['id', 'status']).where('id', 'in', ids).execute();
    expect(rows.every((r) => isFinalStatus(r.status))).toBe(true);
    // A result reported twice (a retry reaching the other process) is not applied twice.
    const again = await judgeCall(claimed[0].name, 'result', {
      taskId: claimed[0].task.taskId, leaseToken: claimed[0].task.leaseToken,
      result: { status: JudgeStatus.WRONG_ANSWER, score: null, time: 1, memory: 100, errorMessage: null, cases: [], judger: claimed[0].name },
    });
    expect(again.body.data.applied).toBe(false);
    const row = await t.ctx.db.selectFrom('submission').select('status').where('id', '=', Number(claimed[0].task.submitId)).executeTakeFirstOrThrow();
    expect(row.status).toBe(JudgeStatus.ACCEPTED);
  }, 60_000);

  it('obey a logout and a switch turned off on the other process from the very next request (per-process caches)', async () => {
    const leaver = await makeUser(t, 'leaver');
    const root = await makeUser(t, 'root-cl', 1000);
    const authInfo = () => request('GET', '/api/get-user-auth-info', undefined, { authorization: leaver.token });
    const registerOpen = async () => {
      const r = await request('GET', '/api/get-website-config', undefined);
      return { open: r.body.data.register as boolean, servedBy: r.servedBy };
    };
    // Both processes have the session and the switches in their caches.
    const warm = await Promise.all([authInfo(), authInfo(), authInfo(), authInfo(), registerOpen(), registerOpen(), registerOpen()]);
    expect(new Set(warm.map((r) => r.servedBy)).size).toBe(2);
    expect((await request('GET', '/api/logout', undefined, { authorization: leaver.token })).code).toBe(200);
    const after = [];
    for (let i = 0; i < 6; i++) after.push(await authInfo());
    expect(new Set(after.map((r) => r.servedBy)).size).toBe(2);
    expect(after.map((r) => r.code)).toEqual([401, 401, 401, 401, 401, 401]);
    const off = await request('PUT', '/api/admin/switch/update', { register: false }, { authorization: root.token });
    expect(off.code).toBe(200);
    const seen = [];
    for (let i = 0; i < 6; i++) seen.push(await registerOpen());
    expect(new Set(seen.map((r) => r.servedBy)).size).toBe(2);
    expect(seen.map((r) => r.open)).toEqual([false, false, false, false, false, false]);
    await request('PUT', '/api/admin/switch/update', { register: true }, { authorization: root.token });
  }, 60_000);

  it('share the per-address bound on live streams: past it a stream is refused whichever process answers', async () => {
    const open = [];
    for (let i = 0; i < 4; i++) open.push(await streamFrom('10.9.0.1'));
    expect(open.map((s) => s.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(open.map((s) => s.servedBy)).size).toBe(2);
    const refused = [];
    for (let i = 0; i < 4; i++) refused.push(await streamFrom('10.9.0.1'));
    expect(refused.map((s) => s.status)).toEqual([429, 429, 429, 429]);
    expect(new Set(refused.map((s) => s.servedBy)).size).toBe(2);
    expect((await streamFrom('10.9.0.2')).status).toBe(200);
    open[0].close();
    let again = { status: 0, close: () => {} };
    for (let i = 0; i < 20 && again.status !== 200; i++) {
      await sleep(100);
      again = await streamFrom('10.9.0.1');
    }
    expect(again.status).toBe(200);
    for (const s of [...open, again]) s.close();
  }, 60_000);

  it('starts a new server process when one is killed, and keeps serving meanwhile', async () => {
    const [victim, survivor] = workerPids;
    // The killed process's live streams give their places back with it.
    const held = [];
    for (let i = 0; i < 4; i++) held.push(await streamFrom('10.9.0.3'));
    expect(held.map((s) => s.status)).toEqual([200, 200, 200, 200]);
    expect(held.some((s) => s.servedBy === victim)).toBe(true);
    expect((await streamFrom('10.9.0.3')).status).toBe(429);
    process.kill(victim, 'SIGKILL');
    // The primary notices the exit at once; connections meanwhile go to the survivor.
    await sleep(500);
    const r = await request('GET', '/api/get-website-config', undefined);
    expect(r.code).toBe(200);
    expect(r.servedBy).not.toBe(victim);
    await untilBothServe();
    expect(workerPids).not.toContain(victim);
    expect(workerPids).toContain(survivor);
    const after = await streamFrom('10.9.0.3');
    expect(after.status).toBe(200);
    for (const s of [...held, after]) s.close();
  }, 60_000);
});

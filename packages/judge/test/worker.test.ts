/**
 * The worker loop against a small, real HTTP peer that speaks the judge protocol
 * (packages/shared/src/judge-protocol.ts) the way the server does.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JudgeStatus, type JudgeResult, type JudgeTask, type ProgressRequest, type RegisterRequest, type TaskProblem } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROGRESS_EVERY_MS, startWorker } from '../src/worker/worker.js';
import { cleanupProblems, makeProblem, sandboxReady } from './helpers.js';

const TOKEN = 'test-token';
const PORT = 18160 + (process.pid % 30);
const AB = '#include <cstdio>\nint main(){ long long a,b; scanf("%lld %lld",&a,&b); printf("%lld\\n",a+b); }';
/** A+B after 25 ms of its own CPU time. */
const BURN_25MS = '#include <cstdio>\n#include <ctime>\nint main(){ while (clock() < CLOCKS_PER_SEC / 1000 * 25); long long a,b; scanf("%lld %lld",&a,&b); printf("%lld\\n",a+b); }';

const files: Record<string, string> = { '1.in': '1 2\n', '1.out': '3\n', '2.in': '40 2\n', '2.out': '42\n' };
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/** The server side, kept in memory: a queue, leases, and what the worker said. */
class FakeServer {
  queue: JudgeTask[] = [];
  registered: RegisterRequest[] = [];
  progress: (ProgressRequest & { at: number })[] = [];
  results: { taskId: number; result: JudgeResult }[] = [];
  heartbeats = 0;
  claims = 0;
  lostLeases = new Set<number>();
  corrupt = false;
  /** Answer heartbeats as a server that lost its worker records. */
  forget = false;
  server!: Server;

  async listen(): Promise<void> {
    this.server = createServer(async (req, res) => {
      const send = (status: number, data: unknown, raw?: Buffer) => {
        if (raw) {
          res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(raw);
          return;
        }
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ status, msg: status === 200 ? 'ok' : 'error', data }));
      };
      if (req.headers['x-judge-token'] !== TOKEN) return send(401, null);
      const url = new URL(req.url!, 'http://x');
      const body = req.method === 'POST' ? JSON.parse(await readBody(req)) : null;
      switch (url.pathname) {
        case '/api/judge/register': this.registered.push(body); return send(200, { name: body.name });
        case '/api/judge/heartbeat': this.heartbeats++; return send(200, { registered: !this.forget });
        case '/api/judge/claim': {
          this.claims++;
          const task = this.queue.shift() ?? null;
          if (!task) await new Promise((r) => setTimeout(r, Math.min(body.waitMs, 200)));
          return send(200, { task });
        }
        case '/api/judge/progress': this.progress.push({ ...body, at: Date.now() }); return send(200, { ok: !this.lostLeases.has(body.taskId) });
        case '/api/judge/result': {
          const applied = !this.results.some((r) => r.taskId === body.taskId) && !this.lostLeases.has(body.taskId);
          if (applied) this.results.push({ taskId: body.taskId, result: body.result });
          return send(200, { applied });
        }
      }
      const m = /^\/api\/judge\/testdata\/(\d+)(?:\/file\/(.+))?$/.exec(url.pathname);
      if (m && !m[2]) {
        return send(200, { pid: Number(m[1]), version: url.searchParams.get('version'), files: Object.entries(files).map(([name, c]) => ({ name, size: c.length, sha256: sha(c) })) });
      }
      if (m && m[2]) {
        const content = files[decodeURIComponent(m[2])];
        return send(200, null, Buffer.from(this.corrupt ? `${content}tampered` : content));
      }
      send(404, null);
    });
    await new Promise<void>((r) => this.server.listen(PORT, '127.0.0.1', () => r()));
  }

  async waitFor(cond: () => boolean, ms = 60_000): Promise<void> {
    const end = Date.now() + ms;
    while (!cond()) {
      if (Date.now() > end) throw new Error('timed out waiting');
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let s = '';
    req.on('data', (d) => (s += d));
    req.on('end', () => resolve(s || '{}'));
  });
}

function problem(version: string): TaskProblem {
  return {
    pid: 7, problemId: 'P7', type: 0, timeLimit: 1000, memoryLimit: 128, stackLimit: 64, judgeMode: 'default', judgeCaseMode: 'default',
    isRemoveEndBlank: false, ioScore: 100, isFileIO: false, ioReadFileName: null, ioWriteFileName: null, userExtraFiles: {}, judgeExtraFiles: {},
    spjCode: null, spjLanguage: null, caseVersion: version,
    cases: [{ caseId: 1, inputName: '1.in', outputName: '1.out', score: 50, groupNum: 1 }, { caseId: 2, inputName: '2.in', outputName: '2.out', score: 50, groupNum: 1 }],
  };
}

const task = (taskId: number, version: string, code = AB): JudgeTask => ({
  taskId, leaseToken: `lease-${taskId}`, leaseExpiresAt: Date.now() + 60_000, kind: 'submission', submitId: taskId, language: 'C++ 17', code, problem: problem(version),
});

describe.skipIf(!sandboxReady)('worker', () => {
  const fake = new FakeServer();
  let cacheDir: string;
  beforeAll(async () => {
    await fake.listen();
    cacheDir = mkdtempSync(join(tmpdir(), 'verdict-judge-cache-'));
  });
  afterAll(() => {
    fake.server?.close();
    rmSync(cacheDir, { recursive: true, force: true });
    cleanupProblems();
  });

  it('registers, claims, fetches verified test data, reports progress and one result, stops cleanly', async () => {
    const worker = await startWorker({ server: `http://127.0.0.1:${PORT}`, token: TOKEN, slots: 2, name: 'w1', cacheDir, claimWaitMs: 200, heartbeatMs: 100, log: () => {} });
    try {
      expect(fake.registered[0]).toMatchObject({ name: 'w1', slots: 2, isolation: expect.stringMatching(/full|no-cgroup/), protocol: 1 });
      expect(fake.registered[0].languages.find((l) => l.name === 'C++ 17')?.available).toBe(true);
      fake.queue.push(task(1, 'v1'), task(2, 'v1', 'int main() { return 1; }'));
      await fake.waitFor(() => fake.results.length === 2);
      const byId = Object.fromEntries(fake.results.map((r) => [r.taskId, r.result]));
      expect(byId[1]).toMatchObject({ status: 0, judger: 'w1' });
      expect(byId[1].cases.map((c) => c.status)).toEqual([0, 0]);
      expect(byId[2].status).toBe(3); // RE: exit code 1
      const p1 = fake.progress.filter((p) => p.taskId === 1);
      expect(p1[0]).toMatchObject({ status: 6 });
      expect(p1.at(-1)).toMatchObject({ status: 7, caseTotal: 2 });
      await fake.waitFor(() => fake.heartbeats > 0);
      // A server that forgot the worker gets a fresh registration.
      fake.forget = true;
      await fake.waitFor(() => fake.registered.filter((r) => r.name === 'w1').length > 1);
      fake.forget = false;
    } finally {
      await worker.stop();
    }
    // A claim already on the wire when stop() aborted it may still land; after that, silence.
    await new Promise((r) => setTimeout(r, 400));
    const claims = fake.claims;
    await new Promise((r) => setTimeout(r, 600));
    expect(fake.claims).toBe(claims);
  });

  it('sends a task\'s progress at most every half second, not once per case, and moving', async () => {
    const worker = await startWorker({ server: `http://127.0.0.1:${PORT}`, token: TOKEN, slots: 1, name: 'w5', cacheDir, claimWaitMs: 200, log: () => {} });
    try {
      const t = task(7, 'v1', BURN_25MS);
      t.problem.cases = Array.from({ length: 40 }, (_, i) => ({ caseId: i + 1, inputName: `${(i % 2) + 1}.in`, outputName: `${(i % 2) + 1}.out`, score: 0, groupNum: 1 }));
      fake.queue.push(t);
      await fake.waitFor(() => fake.results.some((r) => r.taskId === 7));
      expect(fake.results.find((r) => r.taskId === 7)!.result.cases).toHaveLength(40);
      const p = fake.progress.filter((x) => x.taskId === 7);
      const judging = p.filter((x) => x.status === JudgeStatus.JUDGING);
      // Compiling, Judging 0 of 40 at once, then one report per interval at most.
      expect(p[0].status).toBe(JudgeStatus.COMPILING);
      expect(judging[0].caseDone).toBe(0);
      const span = judging.at(-1)!.at - judging[0].at;
      expect(judging.length - 1).toBeLessThanOrEqual(Math.ceil(span / PROGRESS_EVERY_MS));
      expect(judging.length).toBeLessThan(20);
      // 40 cases of 25 ms take over a second: the count moved in between.
      expect(judging.some((x) => x.caseDone > 0 && x.caseDone < 40)).toBe(true);
      expect(judging.map((x) => x.caseDone)).toEqual([...judging.map((x) => x.caseDone)].sort((a, b) => a - b));
    } finally {
      await worker.stop();
    }
  });

  it('test data that does not match its sha256 is refused: System Error, never judged against', async () => {
    fake.corrupt = true;
    const worker = await startWorker({ server: `http://127.0.0.1:${PORT}`, token: TOKEN, slots: 1, name: 'w2', cacheDir, claimWaitMs: 200, log: () => {} });
    try {
      fake.queue.push(task(3, 'v2'));
      await fake.waitFor(() => fake.results.some((r) => r.taskId === 3));
      const r = fake.results.find((x) => x.taskId === 3)!.result;
      expect(r.status).toBe(4);
      expect(r.errorMessage).toMatch(/sha256/);
    } finally {
      fake.corrupt = false;
      await worker.stop();
    }
  });

  it('a test case name with a path is refused right before use: System Error naming it, no host file judged against', async () => {
    const worker = await startWorker({ server: `http://127.0.0.1:${PORT}`, token: TOKEN, slots: 1, name: 'w4', cacheDir, claimWaitMs: 200, log: () => {} });
    try {
      const t = task(6, 'v1');
      t.problem.cases = [{ ...t.problem.cases[0], outputName: '../../../../../../etc/hostname' }];
      fake.queue.push(t);
      await fake.waitFor(() => fake.results.some((r) => r.taskId === 6));
      const r = fake.results.find((x) => x.taskId === 6)!.result;
      expect(r.status).toBe(4);
      expect(r.errorMessage).toMatch(/Problem data error: test case file ".*etc\/hostname" is not a plain file name/);
    } finally {
      await worker.stop();
    }
  });

  it('a worker whose lease was taken away drops its result', async () => {
    fake.lostLeases.add(4);
    const worker = await startWorker({ server: `http://127.0.0.1:${PORT}`, token: TOKEN, slots: 1, name: 'w3', cacheDir, claimWaitMs: 200, log: () => {} });
    try {
      fake.queue.push(task(4, 'v1'), task(5, 'v1'));
      await fake.waitFor(() => fake.results.some((r) => r.taskId === 5));
      expect(fake.results.some((r) => r.taskId === 4)).toBe(false);
      expect(fake.progress.filter((p) => p.taskId === 4)).toHaveLength(1);
    } finally {
      await worker.stop();
    }
  });

  it('CLI: languages and run print JSON; the worker exits on SIGTERM', async () => {
    const cli = ['--import', 'tsx', join(__dirname, '..', 'src', 'cli.ts')];
    const langs = JSON.parse(spawnSync('node', [...cli, 'languages'], { encoding: 'utf8' }).stdout);
    expect(langs.find((l: { name: string }) => l.name === 'C').available).toBe(true);
    const dir = makeProblem({ tests: { 1: ['2 3\n', '5\n'] } });
    const src = join(dir, 'main.cpp');
    (await import('node:fs')).writeFileSync(src, AB);
    const run = spawnSync('node', [...cli, 'run', '--problem', dir, '--language', 'C++ 17', '--source', src], { encoding: 'utf8' });
    expect(JSON.parse(run.stdout)).toMatchObject({ status: 'AC', cases: [{ name: '1', status: 'AC' }] });
    const proc = spawn('node', [...cli, '--server', `http://127.0.0.1:${PORT}`, '--token', TOKEN, '--slots', '1', '--name', 'cli'], { stdio: 'pipe' });
    await fake.waitFor(() => fake.registered.some((r) => r.name === 'cli'));
    const exit = new Promise<number | null>((r) => proc.on('exit', (code) => r(code)));
    proc.kill('SIGTERM');
    expect(await exit).toBe(0);
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus } from '@verdict/shared';
import { JUDGE_CLI, localWorkerName } from '../src/modules/judge/local-workers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { call, makeProblem, makeUser, sleep, type TestUser } from './judge-fixtures.js';

// End to end: the server starts its own local worker (the judge CLI of packages/judge, over
// loopback with the judge token), which compiles and runs real programs in the real sandbox.
const PORT = 18200 + (process.env.TEST_DB === 'postgres' ? 21 : 20);
const haveJudge = fs.existsSync(JUDGE_CLI);

let t: TestApp;
let alice: TestUser;
let pid: number;

const AB_OK = '#include <cstdio>\nint main(){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",a+b);return 0;}\n';
const AB_WA = '#include <cstdio>\nint main(){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",a-b);return 0;}\n';
const AB_CE = 'int main( { return 0; }\n';

async function waitFinal(submitId: number, ms = 90_000) {
  const end = Date.now() + ms;
  const seen = new Set<number>();
  while (Date.now() < end) {
    const r = await call(t, 'POST', '/api/check-submissions-status', { user: alice, body: { submitIds: [submitId] } });
    const s = r.body.data[submitId];
    seen.add(s.status);
    if (![JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING].includes(s.status)) return { ...s, seen };
    await sleep(100);
  }
  throw new Error(`submission ${submitId} not judged within ${ms} ms`);
}

beforeAll(async () => {
  if (!haveJudge) return;
  t = await createTestApp({ localJudgeSlots: 1 });
  alice = await makeUser(t, 'alice');
  pid = await makeProblem(t, {
    problemId: '1000',
    cases: [{ input: '1 2\n', output: '3\n' }, { input: '100 -7\n', output: '93\n' }, { input: '4000000000 4000000000\n', output: '8000000000\n' }],
  });
  const sw = await t.ctx.services.siteConfig.switches();
  await t.ctx.services.siteConfig.set('switch', { ...sw, defaultSubmitInterval: 0, submitCaptchaPerMinute: 0 });
  await t.app.listen({ port: PORT, host: '127.0.0.1' });
  // The local worker registers once it has detected its toolchains.
  const name = localWorkerName(t.ctx.config);
  const end = Date.now() + 90_000;
  while (Date.now() < end) {
    const row = await t.ctx.db.selectFrom('judge_server').select('languages').where('name', '=', name).executeTakeFirst();
    if (row) break;
    await sleep(200);
  }
}, 120_000);
afterAll(async () => { await t?.close(); });

describe.runIf(haveJudge)('judged by the server\'s own local worker', () => {
  it('offers the languages the worker really has', async () => {
    const langs = (await call(t, 'GET', '/api/languages')).body.data as { name: string; available: boolean; template: string }[];
    const cpp = langs.find((l) => l.name === 'C++');
    expect(cpp?.available).toBe(true);
    expect(cpp?.template).toMatch(/main/);
  });

  it('A+B in C++: Accepted with per-case results, through Pending/Compiling/Judging', async () => {
    const r = await call(t, 'POST', '/api/submit-problem-judge', { user: alice, body: { pid: '1000', language: 'C++', code: AB_OK } });
    expect(r.code).toBe(200);
    const final = await waitFinal(r.body.data.submitId);
    expect(final.status).toBe(JudgeStatus.ACCEPTED);
    const cases = (await call(t, 'GET', '/api/get-all-case-result', { user: alice, query: { submitId: r.body.data.submitId } })).body.data.judgeCaseList;
    expect(cases).toHaveLength(3);
    expect(cases.every((c: { status: number; time: number; memory: number }) => c.status === 0 && c.time >= 0 && c.memory > 0)).toBe(true);
    const detail = (await call(t, 'GET', '/api/get-submission-detail', { user: alice, query: { submitId: r.body.data.submitId } })).body.data.submission;
    expect(detail.judger).toBe(localWorkerName(t.ctx.config));
  });

  it('a wrong answer is Wrong Answer; a compile error carries the compiler output', async () => {
    const wa = (await call(t, 'POST', '/api/submit-problem-judge', { user: alice, body: { pid: '1000', language: 'C++', code: AB_WA } })).body.data.submitId;
    const ce = (await call(t, 'POST', '/api/submit-problem-judge', { user: alice, body: { pid: '1000', language: 'C++', code: AB_CE } })).body.data.submitId;
    expect((await waitFinal(wa)).status).toBe(JudgeStatus.WRONG_ANSWER);
    expect((await waitFinal(ce)).status).toBe(JudgeStatus.COMPILE_ERROR);
    const detail = (await call(t, 'GET', '/api/get-submission-detail', { user: alice, query: { submitId: ce } })).body.data.submission;
    expect(detail.errorMessage).toMatch(/error/i);
  });

  it('compiles a checker for the problem form\'s Compile button, with the compiler output on failure', async () => {
    const good = await t.ctx.services.judge.compile({ pid, mode: 'spj', language: 'C++', extraFiles: {}, code: '#include <cstdio>\nint main(int c, char** v){ return 0; }\n' });
    expect(good.ok).toBe(true);
    const bad = await t.ctx.services.judge.compile({ pid: null, mode: 'interactive', language: 'C++', extraFiles: {}, code: 'int main( {' });
    expect(bad.ok).toBe(false);
    expect(bad.message).toMatch(/error/i);
    expect(await t.ctx.db.selectFrom('judge_compile').select('key').execute()).toEqual([]);
  });

  it('Online Test runs custom input and reports the output', async () => {
    const key = (await call(t, 'POST', '/api/submit-problem-test-judge', { user: alice, body: { pid, language: 'C++', code: AB_OK, userInput: '20 22\n', expectedOutput: '42\n' } })).body.data;
    const end = Date.now() + 60_000;
    let res;
    while (Date.now() < end) {
      res = (await call(t, 'GET', '/api/get-test-judge-result', { user: alice, query: { testJudgeKey: key } })).body.data;
      if (![JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING].includes(res.status)) break;
      await sleep(100);
    }
    expect(res).toMatchObject({ status: JudgeStatus.ACCEPTED, userInput: '20 22\n' });
    expect(res.userOutput.trim()).toBe('42');
  });
});

/** Pids of processes whose NUL-separated command line contains `needle`. */
function processesNamed(needle: string): number[] {
  const out: number[] = [];
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d) || Number(d) === process.pid) continue;
    try {
      if (fs.readFileSync(`/proc/${d}/cmdline`, 'latin1').includes(needle)) out.push(Number(d));
    } catch { /* gone meanwhile */ }
  }
  return out;
}

/** A worker process of the judge CLI, as on a remote judge machine. */
function spawnWorker(port: number, token: string, name: string) {
  return spawn(process.execPath, [JUDGE_CLI, '--server', `http://127.0.0.1:${port}`, '--token', token, '--slots', '1', '--name', name], { stdio: 'ignore' });
}

describe.runIf(haveJudge)('a real worker process killed with SIGKILL mid-submission', () => {
  let s: TestApp;
  const port = PORT + 2;
  beforeAll(async () => { s = await createTestApp({ localJudgeSlots: 0 }); await s.app.listen({ port, host: '127.0.0.1' }); });
  afterAll(async () => { await s?.close(); });

  it('is judged once, by another worker', async () => {
    const bob = await makeUser(s, 'bob');
    const slow = await makeProblem(s, { problemId: 'SLOW', cases: [{ input: '1 2\n', output: '3\n' }, { input: '2 2\n', output: '4\n' }, { input: '3 3\n', output: '6\n' }] });
    await s.ctx.db.updateTable('problem').set({ time_limit: 10_000 }).where('id', '=', slow).execute();
    // About a second of CPU per case, then the right answer.
    const code = '#include <cstdio>\nint main(){long long a,b;scanf("%lld %lld",&a,&b);volatile unsigned long long x=0;for(unsigned long long i=0;i<300000000ULL;i++)x+=i;printf("%lld\\n",a+b);}\n';
    const q = s.ctx.services.judge.queue;
    q.leaseMs = 3000;
    const victim = spawnWorker(port, s.ctx.config.judgeToken, 'victim');
    const exited = new Promise((r) => victim.once('exit', r));
    let rescuer: ChildProcess | null = null;
    try {
      const id = (await s.app.inject({ method: 'POST', url: '/api/submit-problem-judge', headers: { authorization: bob.token }, payload: { pid: 'SLOW', language: 'C++', code } })).json().data.submitId;
      // Wait until the victim is running the cases, then kill it.
      const end = Date.now() + 90_000;
      for (;;) {
        const row = await s.ctx.db.selectFrom('submission').select(['status', 'judger']).where('id', '=', id).executeTakeFirstOrThrow();
        if (row.status === JudgeStatus.JUDGING && row.judger === 'victim') break;
        if (Date.now() > end) throw new Error(`never judging: ${JSON.stringify(row)}`);
        await sleep(50);
      }
      victim.kill('SIGKILL');
      await exited;
      q.leaseMs = 60_000;
      rescuer = spawnWorker(port, s.ctx.config.judgeToken, 'rescuer');
      const until = Date.now() + 120_000;
      let row;
      for (;;) {
        row = await s.ctx.db.selectFrom('submission').select(['status', 'judger']).where('id', '=', id).executeTakeFirstOrThrow();
        if (row.status !== JudgeStatus.PENDING && row.status !== JudgeStatus.JUDGING && row.status !== JudgeStatus.COMPILING) break;
        if (Date.now() > until) throw new Error('not rejudged in time');
        await sleep(100);
      }
      expect(row).toEqual({ status: JudgeStatus.ACCEPTED, judger: 'rescuer' });
      expect(await s.ctx.db.selectFrom('judge_case').select('id').where('submit_id', '=', id).execute()).toHaveLength(3);
      const task = await s.ctx.db.selectFrom('judge_task').select(['state', 'attempts']).where('ref_id', '=', String(id)).where('kind', '=', 'submission').execute();
      expect(task).toEqual([{ state: 'done', attempts: 2 }]);
    } finally {
      if (victim.exitCode === null && victim.signalCode === null) victim.kill('SIGKILL');
      if (rescuer) {
        const gone = new Promise((r) => rescuer!.once('exit', r));
        rescuer.kill('SIGTERM');
        await gone;
      }
    }
  }, 240_000);
});

/** A worker process with the default name, its state (and name slots) in `stateDir`. */
function spawnDefaultNamed(port: number, token: string, stateDir: string) {
  return spawn(process.execPath, [JUDGE_CLI, '--server', `http://127.0.0.1:${port}`, '--token', token, '--slots', '1'], {
    stdio: 'ignore', env: { ...process.env, VERDICT_JUDGE_DIR: stateDir },
  });
}

describe.runIf(haveJudge)('a default-named worker killed with SIGKILL mid-submission and restarted', () => {
  let s: TestApp;
  const port = PORT + 4;
  // Its own state directory: default-named workers of other test runs on this machine use other slots.
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-judge-names-'));
  const procs: ChildProcess[] = [];
  beforeAll(async () => { s = await createTestApp({ localJudgeSlots: 0 }); await s.app.listen({ port, host: '127.0.0.1' }); });
  afterAll(async () => {
    for (const p of procs) {
      if (p.exitCode !== null || p.signalCode !== null) continue;
      const gone = new Promise((r) => p.once('exit', r));
      p.kill('SIGTERM');
      await gone;
    }
    await s?.close();
    fs.rmSync(stateDir, { recursive: true, force: true });
  });

  const names = async () => (await s.ctx.db.selectFrom('judge_server').select('name').orderBy('name').execute()).map((r) => r.name);
  async function until<T>(what: string, ms: number, probe: () => Promise<T | null | undefined | false>): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const v = await probe();
      if (v) return v;
      if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
      await sleep(50);
    }
  }

  it('gets its task back at once under the same name (not after the 60 s lease); a second worker running meanwhile has another name', async () => {
    const bob = await makeUser(s, 'bob');
    await makeProblem(s, { problemId: 'SLOW2', cases: [{ input: '1 2\n', output: '3\n' }, { input: '2 2\n', output: '4\n' }, { input: '3 3\n', output: '6\n' }] });
    await s.ctx.db.updateTable('problem').set({ time_limit: 10_000 }).where('problem_id', '=', 'SLOW2').execute();
    // Seconds of CPU per case (10 s limit): the first worker must still be judging when the second
    // has registered, which takes a few seconds on a slow machine.
    const code = '#include <cstdio>\nint main(){long long a,b;scanf("%lld %lld",&a,&b);volatile unsigned long long x=0;for(unsigned long long i=0;i<1500000000ULL;i++)x+=i;printf("%lld\\n",a+b);}\n';
    expect(s.ctx.services.judge.queue.leaseMs).toBe(60_000);
    const first = spawnDefaultNamed(port, s.ctx.config.judgeToken, stateDir);
    procs.push(first);
    const [victimName] = await until('first worker registered', 90_000, async () => { const n = await names(); return n.length === 1 && n; });
    const id = (await s.app.inject({ method: 'POST', url: '/api/submit-problem-judge', headers: { authorization: bob.token }, payload: { pid: 'SLOW2', language: 'C++', code } })).json().data.submitId;
    await until('judging by the first worker', 90_000, async () => {
      const row = await s.ctx.db.selectFrom('submission').select(['status', 'judger']).where('id', '=', id).executeTakeFirstOrThrow();
      return row.status === JudgeStatus.JUDGING && row.judger === victimName;
    });
    // A second worker on the same machine while the first still runs: another name.
    const second = spawnDefaultNamed(port, s.ctx.config.judgeToken, stateDir);
    procs.push(second);
    const both = await until('second worker registered', 90_000, async () => { const n = await names(); return n.length === 2 && n; });
    expect(both).toContain(victimName);
    // The second worker must not take the task: stop it before the kill.
    const secondGone = new Promise((r) => second.once('exit', r));
    second.kill('SIGTERM');
    await secondGone;

    const judging = await s.ctx.db.selectFrom('submission').select(['status', 'judger']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(judging, 'the first worker finished before the kill: the program must run longer').toEqual({ status: JudgeStatus.JUDGING, judger: victimName });
    const exited = new Promise((r) => first.once('exit', r));
    first.kill('SIGKILL');
    await exited;
    const killedAt = Date.now();
    const restarted = spawnDefaultNamed(port, s.ctx.config.judgeToken, stateDir);
    procs.push(restarted);
    // Registered under the same name, the lease comes back at once and the task is judged again.
    const row = await until('judged again after the restart', 45_000, async () => {
      const r = await s.ctx.db.selectFrom('submission').select(['status', 'judger']).where('id', '=', id).executeTakeFirstOrThrow();
      return r.status === JudgeStatus.ACCEPTED && r;
    });
    expect(row.judger).toBe(victimName);
    expect(Date.now() - killedAt).toBeLessThan(45_000);
    expect(await names()).toEqual(both);
    const task = await s.ctx.db.selectFrom('judge_task').select(['state', 'attempts']).where('ref_id', '=', String(id)).where('kind', '=', 'submission').execute();
    expect(task).toEqual([{ state: 'done', attempts: 2 }]);
  }, 240_000);
});

describe.runIf(haveJudge)('a server process killed with SIGKILL while its local worker judges', () => {
  let s: TestApp;
  const port = PORT + 10;
  const MAIN = path.resolve(import.meta.dirname, '../src/main.ts');
  beforeAll(async () => { s = await createTestApp({ localJudgeSlots: 0 }); });
  afterAll(async () => {
    if (process.env.KEEP_SERVER_LOG) fs.copyFileSync(path.join(s.dataDir, 'server.log'), process.env.KEEP_SERVER_LOG);
    await s?.close();
  });

  /** The real server entry point on the test's database, with one local judge slot. */
  function startServer() {
    const env = { ...process.env, DATA_DIR: s.dataDir, PORT: String(port), HOST: '127.0.0.1', JUDGE_LOCAL_SLOTS: '1', LOG_LEVEL: 'error', DATABASE_URL: s.ctx.config.databaseUrl ?? '', REDIS_URL: '' };
    const log = fs.openSync(path.join(s.dataDir, 'server.log'), 'a');
    return spawn(process.execPath, ['--import', 'tsx', MAIN], { env, stdio: ['ignore', log, log] });
  }
  const workerName = `local-${os.hostname()}-${port}`;
  async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 120_000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const v = await probe();
      if (v) return v;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await sleep(100);
    }
  }

  it('after a restart the submission is judged once and no worker is left behind', async () => {
    const bob = await makeUser(s, 'bob');
    const slow = await makeProblem(s, { problemId: 'SLOW2', cases: [{ input: '1 2\n', output: '3\n' }, { input: '2 2\n', output: '4\n' }, { input: '3 3\n', output: '6\n' }] });
    await s.ctx.db.updateTable('problem').set({ time_limit: 10_000 }).where('id', '=', slow).execute();
    const code = '#include <cstdio>\nint main(){long long a,b;scanf("%lld %lld",&a,&b);volatile unsigned long long x=0;for(unsigned long long i=0;i<300000000ULL;i++)x+=i;printf("%lld\\n",a+b);}\n';
    let server = startServer();
    try {
      await until('the local worker', () => s.ctx.db.selectFrom('judge_server').select('name').where('name', '=', workerName).executeTakeFirst());
      const submitted = (await s.app.inject({ method: 'POST', url: '/api/submit-problem-judge', headers: { authorization: bob.token }, payload: { pid: 'SLOW2', language: 'C++', code } })).json();
      expect(submitted.status, submitted.msg).toBe(200);
      const id = submitted.data.submitId;
      await until('judging', async () => (await s.ctx.db.selectFrom('submission').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status === JudgeStatus.JUDGING);
      expect(processesNamed(`--name\0${workerName}`)).toHaveLength(1);
      // The judge token is passed in the environment: no process shows it in its argv.
      expect(processesNamed(s.ctx.config.judgeToken)).toEqual([]);
      const died = new Promise((r) => server.once('exit', r));
      server.kill('SIGKILL');
      await died;
      // The local worker notices and stops: no orphan keeps the old lease or claims later.
      await until('the orphaned worker to stop', async () => processesNamed(`--name\0${workerName}`).length === 0, 20_000);
      expect((await s.ctx.db.selectFrom('submission').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe(JudgeStatus.JUDGING);

      server = startServer();
      const final = await until('the verdict', async () => {
        const row = await s.ctx.db.selectFrom('submission').select(['status', 'judger']).where('id', '=', id).executeTakeFirstOrThrow();
        return [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING].includes(row.status) ? null : row;
      }, 180_000);
      expect(final).toEqual({ status: JudgeStatus.ACCEPTED, judger: workerName });
      expect(await s.ctx.db.selectFrom('judge_case').select('id').where('submit_id', '=', id).execute()).toHaveLength(3);
      const tasks = await s.ctx.db.selectFrom('judge_task').select(['state', 'attempts']).where('ref_id', '=', String(id)).where('kind', '=', 'submission').execute();
      expect(tasks).toEqual([{ state: 'done', attempts: 2 }]);
    } finally {
      if (server.exitCode === null && server.signalCode === null) {
        const gone = new Promise((r) => server.once('exit', r));
        server.kill('SIGTERM');
        await gone;
      }
    }
  }, 400_000);
});

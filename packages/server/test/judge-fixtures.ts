import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { IN_PROGRESS_STATUSES, JUDGE_TOKEN_HEADER, type JudgeResult, type JudgeTask } from '@verdict/shared';
import { issueToken } from '../src/http/auth.js';
import { now } from '../src/lib/time.js';
import type { TestApp } from './helpers.js';

/**
 * Fixtures for the judge and submission tests: users with roles, problems with test data written
 * where the test-data contract says (DATA_DIR/testcase/<pid>/ + problem_case rows + case_version),
 * and a protocol client that plays a judge worker over the real HTTP routes.
 */
export interface TestUser { uid: number; username: string; token: string }

export async function makeUser(t: TestApp, username: string, role = 1002): Promise<TestUser> {
  const ts = now();
  const row = await t.ctx.db.insertInto('user').values({
    username, password_hash: 'x', email: `${username}@example.com`, role, status: 0, gender: 'secrecy', gmt_create: ts, gmt_modified: ts,
  } as never).returning('id').executeTakeFirstOrThrow();
  const token = await issueToken(t.ctx, row.id, { ip: '127.0.0.1', headers: {} } as unknown as FastifyRequest);
  return { uid: row.id, username, token };
}

export interface ProblemOpts {
  problemId: string;
  cases?: { input: string; output: string; score?: number; groupNum?: number }[];
  type?: 0 | 1;
  auth?: number;
  codeShare?: boolean;
  judgeCaseMode?: string;
  openCaseResult?: boolean;
  languages?: string[];
  authorUid?: number;
}

export async function makeProblem(t: TestApp, o: ProblemOpts): Promise<number> {
  const ts = now();
  const cases = o.cases ?? [{ input: '1 2\n', output: '3\n' }, { input: '5 7\n', output: '12\n' }];
  // Judge workers cache test data by (pid, version) in one directory per machine, shared by every
  // test run on it: the version names the content, as the site's own versions do, so two runs'
  // problem 1 with different cases never share a cache entry.
  const version = `v-${o.problemId}-${createHash('sha256').update(JSON.stringify(cases)).digest('hex').slice(0, 12)}`;
  const row = await t.ctx.db.insertInto('problem').values({
    problem_id: o.problemId, title: `Problem ${o.problemId}`, author_uid: o.authorUid ?? 0, type: o.type ?? 0, auth: o.auth ?? 1,
    code_share: o.codeShare === false ? 0 : 1, judge_case_mode: o.judgeCaseMode ?? 'default', open_case_result: o.openCaseResult === false ? 0 : 1,
    case_version: version, gmt_create: ts, gmt_modified: ts,
  } as never).returning('id').executeTakeFirstOrThrow();
  const pid = row.id;
  const dir = path.join(t.dataDir, 'testcase', String(pid));
  fs.mkdirSync(dir, { recursive: true });
  for (const [i, c] of cases.entries()) {
    fs.writeFileSync(path.join(dir, `${i + 1}.in`), c.input);
    fs.writeFileSync(path.join(dir, `${i + 1}.out`), c.output);
    await t.ctx.db.insertInto('problem_case').values({
      pid, input: `${i + 1}.in`, output: `${i + 1}.out`, score: c.score ?? 0, group_num: c.groupNum ?? i + 1, seq: i + 1, status: 0,
    } as never).execute();
  }
  for (const l of o.languages ?? []) await t.ctx.db.insertInto('problem_language').values({ pid, language: l }).execute();
  return pid;
}

/** A problem's display ID: what HOJ's client sends as `pid` when it submits. */
export async function displayIdOf(t: TestApp, pid: number): Promise<string> {
  return (await t.ctx.db.selectFrom('problem').select('problem_id').where('id', '=', pid).executeTakeFirstOrThrow()).problem_id;
}

/** An HTTP call with an optional user token; returns status and parsed envelope. */
export async function call(t: TestApp, method: 'GET' | 'POST' | 'PUT', url: string, opts: { user?: TestUser | null; body?: unknown; query?: Record<string, unknown>; lang?: string } = {}) {
  const headers: Record<string, string> = {};
  if (opts.user) headers.authorization = opts.user.token;
  if (opts.lang) headers['accept-language'] = opts.lang;
  const qs = opts.query ? '?' + new URLSearchParams(Object.entries(opts.query).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])).toString() : '';
  const res = await t.app.inject({ method, url: url + qs, headers, payload: opts.body as never });
  return { code: res.statusCode, body: res.json() as { status: number; msg: string; data: any } };
}

/** A judge worker speaking the protocol over the real routes (what packages/judge does over HTTP). */
export class ProtocolWorker {
  constructor(private readonly t: TestApp, readonly name: string, private readonly token = t.ctx.config.judgeToken) {}

  private async post(url: string, payload: unknown) {
    const res = await this.t.app.inject({ method: 'POST', url: `/api/judge/${url}`, headers: { [JUDGE_TOKEN_HEADER]: this.token }, payload: payload as never });
    return { code: res.statusCode, body: res.json() as { status: number; data: any; msg: string } };
  }

  /** `fresh`: as a worker process does on start (not on a re-registration while running). */
  register(languages = ['C++17', 'Python3'], fresh?: boolean) {
    return this.post('register', {
      name: this.name, version: 'test', protocol: 1, cpuCores: 2, slots: 1, isolation: 'full',
      languages: languages.map((name) => ({ name, available: true, version: '1' })), fresh,
    });
  }

  async claim(waitMs = 0): Promise<JudgeTask | null> {
    const r = await this.post('claim', { name: this.name, waitMs, freeSlots: 1 });
    if (r.code !== 200) throw new Error(`claim failed: ${r.code} ${r.body.msg}`);
    return r.body.data.task;
  }

  async progress(task: JudgeTask, status: 6 | 7, caseDone: number, caseTotal: number): Promise<boolean> {
    return (await this.post('progress', { taskId: task.taskId, leaseToken: task.leaseToken, status, caseDone, caseTotal })).body.data.ok;
  }

  async result(task: JudgeTask, result: Partial<JudgeResult>): Promise<boolean> {
    const full: JudgeResult = { status: 0, score: null, time: 10, memory: 1000, errorMessage: null, cases: [], judger: this.name, ...result };
    return (await this.post('result', { taskId: task.taskId, leaseToken: task.leaseToken, result: full })).body.data.applied;
  }
}

/** Per-case results that all share one verdict. */
export function casesOf(task: JudgeTask, status: number, scoreEach = 0) {
  return task.problem.cases.map((c, i) => ({
    caseId: c.caseId, seq: i + 1, status, time: 5, memory: 900, score: scoreEach, groupNum: c.groupNum,
    inputName: c.inputName, outputName: c.outputName, userOutput: 'out', message: null,
  }));
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Listens on `port` and waits until the server's own local judge worker has registered (it detects its toolchains first). */
export async function listenWithLocalJudge(t: TestApp, port: number, ms = 90_000): Promise<void> {
  const { localWorkerName } = await import('../src/modules/judge/local-workers.js');
  await t.app.listen({ port, host: '127.0.0.1' });
  const name = localWorkerName(t.ctx.config);
  const end = Date.now() + ms;
  while (Date.now() < end && !(await t.ctx.db.selectFrom('judge_server').select('id').where('name', '=', name).executeTakeFirst())) await sleep(200);
}

/** Submits as `user` and waits for the final verdict (read from the database). */
export async function judgedStatus(t: TestApp, user: TestUser, problemId: string, language: string, code: string, ms = 120_000): Promise<number> {
  const r = await call(t, 'POST', '/api/submit-problem-judge', { user, body: { pid: problemId, language, code } });
  if (r.code !== 200) throw new Error(`submit refused: ${JSON.stringify(r.body)}`);
  const id = r.body.data.submitId as number;
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const row = await t.ctx.db.selectFrom('submission').select(['status', 'error_message']).where('id', '=', id).executeTakeFirstOrThrow();
    if (!IN_PROGRESS_STATUSES.includes(row.status)) return row.status;
    await sleep(150);
  }
  throw new Error(`submission ${id} not judged within ${ms} ms`);
}

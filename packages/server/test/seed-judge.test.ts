import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, Role } from '@verdict/shared';
import { JUDGE_CLI, localWorkerName } from '../src/modules/judge/local-workers.js';
import { seedDemoProblems } from '../src/seed/index.js';
import { createTestApp, type TestApp } from './helpers.js';
import { makeUser } from './problem-helpers.js';

// The kept solution of every demo problem, submitted through the API and judged by the server's
// own local worker in the real sandbox: each must come back Accepted (OI problems with 100).
const SOLUTIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/seed/solutions');
const PORT = 18610 + (process.env.TEST_DB === 'postgres' ? 1 : 0);
const haveJudge = fs.existsSync(JUDGE_CLI);
const LANGUAGE: Record<string, string> = { '.cpp': 'C++ 17', '.py': 'Python3' };

let t: TestApp;
let user: Awaited<ReturnType<typeof makeUser>>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  if (!haveJudge) return;
  t = await createTestApp({ localJudgeSlots: 1 });
  const root = await makeUser(t, 'root', Role.ROOT);
  user = await makeUser(t, 'solver');
  await seedDemoProblems(t.ctx, root);
  const sw = await t.ctx.services.siteConfig.switches();
  await t.ctx.services.siteConfig.set('switch', { ...sw, defaultSubmitInterval: 0, submitCaptchaPerMinute: 0 });
  await t.app.listen({ port: PORT, host: '127.0.0.1' });
  const name = localWorkerName(t.ctx.config);
  const end = Date.now() + 90_000;
  while (Date.now() < end && !(await t.ctx.db.selectFrom('judge_server').select('id').where('name', '=', name).executeTakeFirst())) await sleep(200);
}, 180_000);
afterAll(async () => { await t?.close(); });

/** HOJ's submit names the problem by its display ID. */
const displayIdOf = async (id: number) => (await t.ctx.db.selectFrom('problem').select('problem_id').where('id', '=', id).executeTakeFirstOrThrow()).problem_id;

async function judge(pid: number, language: string, code: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/submit-problem-judge', headers: user.headers, payload: { pid: await displayIdOf(pid), language, code } });
  expect(res.statusCode, res.body).toBe(200);
  const submitId = res.json().data.submitId as number;
  const end = Date.now() + 120_000;
  while (Date.now() < end) {
    const s = await t.ctx.db.selectFrom('submission').select(['status', 'score', 'error_message']).where('id', '=', submitId).executeTakeFirstOrThrow();
    if (![JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING].includes(s.status as never)) return s;
    await sleep(200);
  }
  throw new Error(`submission ${submitId} not judged in time`);
}

describe.runIf(haveJudge)('demo problems judged for real', () => {
  it('every kept solution is Accepted (OI ones with 100 points)', async () => {
    const problems = await t.ctx.db.selectFrom('problem').select(['id', 'problem_id', 'type']).orderBy('id').execute();
    expect(problems).toHaveLength(12);
    const results: string[] = [];
    for (const file of fs.readdirSync(SOLUTIONS).sort()) {
      const id = path.parse(file).name;
      const p = problems.find((x) => x.problem_id === id)!;
      const r = await judge(p.id, LANGUAGE[path.extname(file)], fs.readFileSync(path.join(SOLUTIONS, file), 'utf8'));
      results.push(`${file}: ${r.status} ${r.score ?? ''} ${r.error_message ?? ''}`.trim());
      expect(r.status, results.join('\n')).toBe(JudgeStatus.ACCEPTED);
      if (p.type === 1) expect(r.score, file).toBe(100);
    }
  }, 900_000);

  it('a wrong answer to the special-judge and interactive problems is rejected', async () => {
    const pidOf = async (id: string) => (await t.ctx.db.selectFrom('problem').select('id').where('problem_id', '=', id).executeTakeFirstOrThrow()).id;
    const avg = await judge(await pidOf('1007'), 'C++ 17', '#include <cstdio>\nint main(){puts("12345.5");}\n');
    expect(avg.status).toBe(JudgeStatus.WRONG_ANSWER);
    const guess = await judge(await pidOf('1008'), 'C++ 17', '#include <cstdio>\nint main(){long long n;scanf("%lld",&n);printf("! 1\\n");fflush(stdout);}\n');
    expect(guess.status).toBe(JudgeStatus.WRONG_ANSWER);
  }, 300_000);
});

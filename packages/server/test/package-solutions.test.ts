import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, Role } from '@verdict/shared';
import { JUDGE_CLI, localWorkerName } from '../src/modules/judge/local-workers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { sleep } from './judge-fixtures.js';
import { AB_CPP, AB_SLOW_CPP, AB_WRONG_CPP, icpcFiles, NEAR_CHECKER_CPP, polygonFiles, SUM_VALIDATOR_CPP, zipOf } from './package-fixtures.js';
import { makeUser, multipart } from './problem-helpers.js';

// "Check the package's solutions": each solution a package tagged is judged by the server's own
// local worker (real compilers, real sandbox) and its verdict set beside the tag's promise.
const PORT = 18200 + (process.env.TEST_DB === 'postgres' ? 41 : 40);
const haveJudge = fs.existsSync(JUDGE_CLI);

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUser>>;
const en = { 'accept-language': 'en-US' };

beforeAll(async () => {
  if (!haveJudge) return;
  t = await createTestApp({ localJudgeSlots: 1 });
  admin = await makeUser(t, 'solver', Role.ADMIN);
  await t.app.listen({ port: PORT, host: '127.0.0.1' });
  const name = localWorkerName(t.ctx.config);
  const end = Date.now() + 90_000;
  while (Date.now() < end && !(await t.ctx.db.selectFrom('judge_server').select('id').where('name', '=', name).executeTakeFirst())) await sleep(200);
}, 120_000);
afterAll(async () => { await t?.close(); });

const importZip = async (route: string, zip: Buffer) => {
  const mp = multipart('file', 'package.zip', zip);
  return (await t.app.inject({ method: 'POST', url: `/api/file/${route}`, headers: { ...admin.headers, ...mp.headers, ...en }, payload: mp.payload })).json();
};
const pidOf = async (problemId: string) => (await t.ctx.db.selectFrom('problem').select('id').where('problem_id', '=', problemId).executeTakeFirstOrThrow()).id;

interface Row { name: string; tag: string; status: number | null; ok: boolean | null; message: string | null }
/** Starts the check and waits until every solution has its verdict. */
async function checkAll(problemId: string): Promise<Row[]> {
  const pid = await pidOf(problemId);
  const started = (await t.app.inject({ method: 'POST', url: '/api/admin/problem/check-package-solutions', headers: admin.headers, payload: { pid } })).json();
  expect(started.status).toBe(200);
  expect(started.data.every((r: Row) => r.status === JudgeStatus.PENDING && r.ok === null)).toBe(true);
  const end = Date.now() + 150_000;
  while (Date.now() < end) {
    const rows = (await t.app.inject({ method: 'GET', url: `/api/admin/problem/package-solutions?pid=${pid}`, headers: admin.headers })).json().data as Row[];
    if (rows.every((r) => r.status !== JudgeStatus.PENDING)) return rows;
    await sleep(250);
  }
  throw new Error(`solutions of ${problemId} not judged in time`);
}

describe.runIf(haveJudge)('package solutions judged by the real judge', () => {
  it('Polygon: expected vs got for main, wrong-answer, time-limit and a mis-tagged solution (std::wcmp as our token compare)', async () => {
    const files = polygonFiles({
      shortName: 'ab-check', timeMs: 500, tests: [{ input: '1 2\n', answer: '3\n', sample: true }, { input: '10 20\n', answer: '30\n' }],
      checker: { name: 'std::wcmp.cpp', source: '// std\n' },
      solutions: [
        { tag: 'main', path: 'solutions/ab.cpp', source: AB_CPP, type: 'cpp.g++17' },
        { tag: 'wrong-answer', path: 'solutions/wa.cpp', source: AB_WRONG_CPP, type: 'cpp.g++17' },
        { tag: 'time-limit-exceeded', path: 'solutions/slow.cpp', source: AB_SLOW_CPP, type: 'cpp.g++17' },
        { tag: 'accepted', path: 'solutions/claims-ok.cpp', source: AB_WRONG_CPP, type: 'cpp.g++17' },
      ],
    });
    expect((await importZip('import-polygon-problem', await zipOf(files))).data.imported).toHaveLength(1);
    const rows = await checkAll('ab-check');
    expect(rows.map((r) => [r.name, r.status, r.ok])).toEqual([
      ['ab.cpp', JudgeStatus.ACCEPTED, true],
      ['wa.cpp', JudgeStatus.WRONG_ANSWER, true],
      ['slow.cpp', JudgeStatus.TIME_LIMIT_EXCEEDED, true],
      ['claims-ok.cpp', JudgeStatus.WRONG_ANSWER, false],
    ]);
    expect(rows[3].message).toMatch(/^#1/);
  }, 200_000);

  it('ICPC: a Kattis output validator runs through the adapter (42 accepts, 43 rejects with its judge message)', async () => {
    const files = icpcFiles({
      yaml: 'name: Split\nvalidation: custom\n', samples: [['3\n', '3\n']], secret: [['10\n', '10\n']], validator: SUM_VALIDATOR_CPP,
      submissions: [
        { folder: 'accepted', name: 'split.cpp', source: '#include <cstdio>\nint main(){long long n;scanf("%lld",&n);printf("%lld %lld\\n",n-1,1LL);}\n' },
        { folder: 'wrong_answer', name: 'ones.cpp', source: '#include <cstdio>\nint main(){puts("1 1");}\n' },
      ],
    });
    const rep = await importZip('import-icpc-problem', await zipOf(files, 'split/'));
    expect(rep.data.imported).toHaveLength(1);
    const rows = await checkAll('split');
    expect(rows.map((r) => [r.name, r.status, r.ok])).toEqual([['split.cpp', JudgeStatus.ACCEPTED, true], ['ones.cpp', JudgeStatus.WRONG_ANSWER, true]]);
    expect(rows[1].message).toContain('the two numbers do not add up to 3');
  }, 200_000);

  it('Polygon: a custom checker written without testlib judges an off-by-one solution Accepted', async () => {
    const files = polygonFiles({
      shortName: 'near-check', tests: [{ input: '1 2\n', answer: '3\n' }], checker: { source: NEAR_CHECKER_CPP },
      solutions: [{ tag: 'accepted', path: 'solutions/plus-one.cpp', source: AB_WRONG_CPP, type: 'cpp.g++17' }],
    });
    expect((await importZip('import-polygon-problem', await zipOf(files))).data.imported).toHaveLength(1);
    expect((await checkAll('near-check')).map((r) => [r.status, r.ok])).toEqual([[JudgeStatus.ACCEPTED, true]]);
  }, 200_000);

  it('refuses a problem without solutions, and a plain user', async () => {
    const files = polygonFiles({ shortName: 'no-sol', tests: [{ input: '1\n', answer: '1\n' }] });
    await importZip('import-polygon-problem', await zipOf(files));
    const pid = await pidOf('no-sol');
    const res = (await t.app.inject({ method: 'POST', url: '/api/admin/problem/check-package-solutions', headers: { ...admin.headers, ...en }, payload: { pid } })).json();
    expect(res).toMatchObject({ status: 400, msg: 'This problem has no package solutions' });
    const plain = await makeUser(t, 'plain-solver');
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/problem/check-package-solutions', headers: plain.headers, payload: { pid } })).statusCode).toBe(403);
  });
});

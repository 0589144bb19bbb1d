import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, Role } from '@verdict/shared';
import { JUDGE_CLI } from '../src/modules/judge/local-workers.js';
import { wasCompiled } from '../src/modules/problem/judge-bridge.js';
import { writeZip } from '../src/modules/testcase/zip.js';
import { createTestApp, type TestApp } from './helpers.js';
import { judgedStatus, listenWithLocalJudge, makeUser as makeJudgeUser, type TestUser } from './judge-fixtures.js';
import { editorView, makeUser, multipart } from './problem-helpers.js';

// Issue 28 items 1 and 4 through the real judge (the server's own local worker, real compilers,
// real sandbox): FPS special judges run with HUSTOJ's convention; an import compiles the checker
// it brings and names a missing testlib.h; the judge library reaches every checker compile and a
// change of it recompiles the cached checker.
const PORT = 18200 + (process.env.TEST_DB === 'postgres' ? 45 : 44);
const haveJudge = fs.existsSync(JUDGE_CLI);
const en = { 'accept-language': 'en-US' };

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUser>>;
let alice: TestUser;

beforeAll(async () => {
  if (!haveJudge) return;
  t = await createTestApp({ localJudgeSlots: 1 });
  admin = await makeUser(t, 'imp-admin', Role.ADMIN);
  alice = await makeJudgeUser(t, 'imp-alice');
  const sw = await t.ctx.services.siteConfig.switches();
  await t.ctx.services.siteConfig.set('switch', { ...sw, defaultSubmitInterval: 0, submitCaptchaPerMinute: 0 });
  await listenWithLocalJudge(t, PORT);
}, 120_000);
afterAll(async () => { await t?.close(); });

const upload = async (url: string, name: string, data: Buffer) => {
  const mp = multipart('file', name, data);
  return (await t.app.inject({ method: 'POST', url: `/api/${url}`, headers: { ...admin.headers, ...mp.headers, ...en }, payload: mp.payload })).json();
};
const pidOf = async (problemId: string) => (await t.ctx.db.selectFrom('problem').select('id').where('problem_id', '=', problemId).executeTakeFirstOrThrow()).id;

// Submissions in C: the cheapest compile, so the test spends its time on what it checks.
const AB = (delta: number) => `#include <stdio.h>\nint main(void){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",a+b+${delta});return 0;}\n`;
// HUSTOJ's spj: argv[1] input, argv[2] answer, argv[3] the user's output; 0 accepts, 1 refuses. It accepts a+b only.
const HUSTOJ_SPJ = `#include <stdio.h>
int main(int argc, char *argv[]) {
  FILE *in = fopen(argv[1], "r"), *user = fopen(argv[3], "r");
  long long a, b, c;
  if (fscanf(in, "%lld %lld", &a, &b) != 2 || fscanf(user, "%lld", &c) != 1) return 1;
  return c == a + b ? 0 : 1;
}`;
// A testlib-style checker (checker input output answer) whose verdict for a right answer comes from the library.
const LIB_CHECKER = `#include "testlib.h"
#include <cstdio>
int main(int argc, char **argv) {
  FILE *out = fopen(argv[2], "r"), *ans = fopen(argv[3], "r");
  long long x, y;
  if (fscanf(out, "%lld", &x) != 1 || fscanf(ans, "%lld", &y) != 1) return 1;
  return x == y ? LIB_RIGHT_ANSWER : 1;
}`;
const hydroWithChecker = (pid: string) => writeZip([
  { path: 'problem.yaml', data: `title: lib ${pid}\npid: ${pid}\n` }, { path: 'problem.md', data: 'Add two numbers.' },
  { path: 'testdata/config.yaml', data: 'checker_type: testlib\nchecker:\n  file: chk.cc\n  lang: cc.cc17o2\n' },
  { path: 'testdata/chk.cc', data: LIB_CHECKER }, { path: 'testdata/1.in', data: '1 2\n' }, { path: 'testdata/1.out', data: '3\n' },
]);

describe.runIf(haveJudge)('imports judged by the real judge', () => {
  it('FPS <spj> runs with HUSTOJ\'s argument order and exit codes: a+b is Accepted, a+b+1 Wrong Answer', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?><fps version="1.2"><item><title>spj sum</title>
      <time_limit unit="s">1</time_limit><memory_limit unit="mb">128</memory_limit><description>a+b</description>
      <test_input>1 2\n</test_input><test_output>3\n</test_output><test_input>40 2\n</test_input><test_output>42\n</test_output>
      <spj language="C"><![CDATA[${HUSTOJ_SPJ}]]></spj></item></fps>`;
    const rep = await upload('file/import-fps-problem', 'spj.xml', Buffer.from(xml));
    expect(rep.data).toMatchObject({ skipped: [], notes: [] });
    const problemId = rep.data.imported[0].problemId as string;
    expect((await editorView(t, await pidOf(problemId), admin.headers)).problem.spjCompileOk).toBe(true);
    expect(await judgedStatus(t, alice, problemId, 'C', AB(0))).toBe(JudgeStatus.ACCEPTED);
    expect(await judgedStatus(t, alice, problemId, 'C', AB(1))).toBe(JudgeStatus.WRONG_ANSWER);
  }, 240_000);

  it('a checker that does not compile is reported with the compiler\'s message; nothing is imported', async () => {
    const zip = await writeZip([
      { path: 'problem.yaml', data: 'title: broken\npid: HBROKEN\n' },
      { path: 'testdata/config.yaml', data: 'checker_type: testlib\nchecker:\n  file: chk.cc\n  lang: cc\n' },
      { path: 'testdata/chk.cc', data: 'int main( { return 0; }\n' }, { path: 'testdata/1.in', data: '1\n' }, { path: 'testdata/1.out', data: '1\n' },
    ]);
    const rep = await upload('file/import-hydro-problem', 'broken.zip', zip);
    expect(rep.data.imported).toEqual([]);
    expect(rep.data.skipped[0].reason).toMatch(/^The checker does not compile: [\s\S]*error/);
    expect(await t.ctx.db.selectFrom('problem').select('id').where('problem_id', '=', 'HBROKEN').executeTakeFirst()).toBeUndefined();
  }, 120_000);

  it('testlib.h: a missing one is named with where to upload it; uploaded, every compile sees it; replaced, the checker recompiles', async () => {
    const missing = await upload('file/import-hydro-problem', 'lib.zip', await hydroWithChecker('HLIB'));
    expect(missing.data.imported).toEqual([]);
    expect(missing.data.skipped[0].reason).toMatch(/^The checker includes testlib\.h, which the judge library does not have: upload testlib\.h in Admin → Judge library, then import again\. Compiler: /);

    expect((await upload('admin/judge-library', 'testlib.h', Buffer.from('#define LIB_RIGHT_ANSWER 0\n'))).status).toBe(200);
    const ok = await upload('file/import-hydro-problem', 'lib.zip', await hydroWithChecker('HLIB'));
    expect(ok.data).toMatchObject({ imported: [{ problemId: 'HLIB' }], skipped: [], notes: [] });
    expect((await editorView(t, await pidOf('HLIB'), admin.headers)).problem.spjCompileOk).toBe(true);
    expect(await judgedStatus(t, alice, 'HLIB', 'C', AB(0))).toBe(JudgeStatus.ACCEPTED);

    // Same checker source, new library: the worker's cached checker must not be reused, nor the
    // server's memory of a successful Compile click (the problem form's save would skip compiling).
    const req = { pid: null, code: LIB_CHECKER, language: 'C++', extraFiles: {}, mode: 'spj' as const };
    expect(await wasCompiled(t.ctx, req)).toBe(true);
    await upload('admin/judge-library', 'testlib.h', Buffer.from('#define LIB_RIGHT_ANSWER 1\n'));
    expect(await wasCompiled(t.ctx, req)).toBe(false);
    expect(await judgedStatus(t, alice, 'HLIB', 'C', AB(0))).toBe(JudgeStatus.WRONG_ANSWER);
  }, 300_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@verdict/shared';
import { buildJudgeTask } from '../src/modules/judge/task-builder.js';
import { writeZip } from '../src/modules/testcase/zip.js';
import { createTestApp, type TestApp } from './helpers.js';
import { editorView, makeUser, multipart } from './problem-helpers.js';
import { icpcFiles, zipOf } from './package-fixtures.js';

/**
 * Issue 28 items 3 and 5: interactive problems as two real formats write them, imported without a
 * judge online (the report says the interactor was not compiled yet): Hydro's interactor given as
 * `{file, lang}` (CompilableSource), and an ICPC / Kattis package with `validation: custom
 * interactive`. Each becomes an interactive problem whose judge task carries its interactor.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUser>>;
const en = { 'accept-language': 'en-US' };
const NOT_COMPILED = 'The interactor was not compiled (no judge is online): compile it in the problem form before judging';

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, 'interactive-importer', Role.ADMIN);
});
afterAll(async () => { await t?.close(); });

const importFile = async (route: string, name: string, data: Buffer) => {
  const mp = multipart('file', name, data);
  return (await t.app.inject({ method: 'POST', url: `/api/file/${route}`, headers: { ...admin.headers, ...mp.headers, ...en }, payload: mp.payload })).json();
};
const pidOf = async (problemId: string) => (await t.ctx.db.selectFrom('problem').select('id').where('problem_id', '=', problemId).executeTakeFirstOrThrow()).id;

/** What a worker would receive for a submission to the problem. */
async function taskOf(problemId: string) {
  const pid = await pidOf(problemId);
  const ts = Date.now();
  const sub = await t.ctx.db.insertInto('submission').values({
    pid, display_pid: problemId, uid: admin.uid, username: admin.username, cid: 0, cpid: 0, gid: 0, tid: 0, status: 5, score: null, oi_rank_score: null,
    time: null, memory: null, length: 12, language: 'C++', code: 'int main(){}', share: 0, error_message: null, judger: null, is_manual: 0,
    case_done: 0, case_total: 0, ip: '127.0.0.1', submit_time: ts, judge_time: null, gmt_modified: ts,
  }).returning('id').executeTakeFirstOrThrow();
  const task = await buildJudgeTask(t.ctx.db, { id: 1, kind: 'submission', ref_id: String(sub.id), lease_token: 'x', lease_expires_at: 0 } as Parameters<typeof buildJudgeTask>[1]);
  if ('error' in task) throw new Error(task.error);
  return task;
}

const GUESS_INTERACTOR = '#include "testlib.h"\nint main(int argc, char* argv[]) {\n  registerInteraction(argc, argv);\n  int n = inf.readInt();\n  std::cout << n << std::endl;\n  if (ouf.readInt() != n) quitf(_wa, "wrong");\n  quitf(_ok, "found");\n}\n';

describe('interactive problems from real package formats', () => {
  it('Hydro: an interactor written as {file, lang} is kept as the problem\'s interactor, in its language', async () => {
    const config = ['type: interactive', 'time: 2s', 'memory: 256m', 'interactor:', '  file: interactor.cc', '  lang: cc.cc17o2', 'cases:',
      '  - input: 1.in', '    output: 1.out', '  - input: 2.in', '    output: 2.out', ''].join('\n');
    const zip = await writeZip([
      { path: 'P1/problem.yaml', data: 'title: Guess\npid: HGUESS\n' }, { path: 'P1/problem_zh.md', data: '猜一个数。\n' },
      { path: 'P1/testdata/config.yaml', data: config }, { path: 'P1/testdata/interactor.cc', data: GUESS_INTERACTOR },
      { path: 'P1/testdata/1.in', data: '5\n' }, { path: 'P1/testdata/1.out', data: '\n' }, { path: 'P1/testdata/2.in', data: '9\n' }, { path: 'P1/testdata/2.out', data: '\n' },
    ]);
    const rep = await importFile('import-hydro-problem', 'guess.zip', zip);
    expect(rep.data.imported.map((p: { problemId: string }) => p.problemId)).toEqual(['HGUESS']);
    expect(rep.data.notes.map((n: { message: string }) => n.message)).toEqual([NOT_COMPILED]);
    const v = await editorView(t, await pidOf('HGUESS'), admin.headers);
    expect(v.problem).toMatchObject({ judgeMode: 'interactive', spjLanguage: 'C++', spjCode: GUESS_INTERACTOR, timeLimit: 2000, memoryLimit: 256 });
    expect(v.cases.map((c: { inputName: string }) => c.inputName)).toEqual(['1.in', '2.in']);
    const task = await taskOf('HGUESS');
    expect(task.problem).toMatchObject({ judgeMode: 'interactive', spjLanguage: 'C++', spjCode: GUESS_INTERACTOR });
  });

  it('ICPC / Kattis: `validation: custom interactive` runs the package\'s validator as the interactor, through the adapter', async () => {
    // A Kattis interactive validator: the input file is argv[1], the team's program is on stdin / stdout, 42 accepts, 43 rejects.
    const validator = '#include <cstdio>\nint main(int argc, char** argv) {\n  FILE* in = fopen(argv[1], "r"); int n; fscanf(in, "%d", &n);\n  printf("%d\\n", n); fflush(stdout);\n  int got; if (scanf("%d", &got) != 1 || got != n) return 43;\n  return 42;\n}\n';
    const files = icpcFiles({ yaml: 'name: Echo Back\nvalidation: custom interactive\nlimits:\n  memory: 256\n', samples: [['4\n', '\n']], secret: [['7\n', '\n'], ['8\n', '\n']], validator });
    const rep = await importFile('import-icpc-problem', 'echoback.zip', await zipOf(files, 'echoback/'));
    expect(rep.data.imported.map((p: { problemId: string }) => p.problemId)).toEqual(['echoback']);
    expect(rep.data.notes.map((n: { message: string }) => n.message)).toEqual([NOT_COMPILED]);
    const v = await editorView(t, await pidOf('echoback'), admin.headers);
    expect(v.problem).toMatchObject({ judgeMode: 'interactive', title: 'Echo Back', memoryLimit: 256 });
    // The adapter is the interactor; the package's validator is compiled beside it, unchanged.
    expect(v.problem.spjCode).toContain('#include "icpc_output_validator.cpp"');
    expect(v.problem.spjCode).toContain('run as a Verdict interactor');
    expect(v.problem.judgeExtraFile).toEqual({ 'icpc_output_validator.cpp': validator });
    expect(v.cases.map((c: { inputName: string }) => c.inputName)).toEqual(['sample-1.in', '01.in', '02.in']);
    const task = await taskOf('echoback');
    expect(task.problem.judgeMode).toBe('interactive');
    expect(task.problem.judgeExtraFiles).toEqual({ 'icpc_output_validator.cpp': validator });
  });
});

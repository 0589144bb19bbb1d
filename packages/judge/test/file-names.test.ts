/**
 * Issue 9, hole 1 (judge side): every file name from problem data is checked with the shared
 * plain-name rule right before the judge uses it, and the host path stays in the box or data
 * directory. A bad name is a System Error that says which name; nothing outside is created or read.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { JudgeStatus, type JudgeTask, type TaskProblem } from '@verdict/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { judgeTask } from '../src/judge/pipeline.js';
import { loadProblemDir } from '../src/local/problem-dir.js';
import { pathInside, UnsafeFileName } from '../src/sandbox/box-files.js';
import { boxesDir, judgeStateDir } from '../src/sandbox/paths.js';
import { cleanupProblems, makeProblem, sandboxReady } from './helpers.js';

const CPP = 'C++ 17 With O2';
const FILES_CPP = '#include <cstdio>\nint main(){ int a=0,b=0; if (FILE* f = fopen("sum.in","r")) fscanf(f,"%d %d",&a,&b); printf("%d\\n",a+b); }';

describe('pathInside: the one join of a name onto a box or data directory', () => {
  const dir = '/tmp/some-box';
  it('keeps plain names inside', () => {
    expect(pathInside(dir, 'sum.in')).toBe('/tmp/some-box/sum.in');
    expect(pathInside(dir, '.stdin')).toBe('/tmp/some-box/.stdin');
  });
  it('refuses traversal, separators, empty and odd names with a message naming the field', () => {
    for (const bad of ['../x', '../../etc/passwd', 'a/b', '/etc/passwd', '..', '.', '', 'a\\b', 'x\0y', '-o', 'a\nb']) {
      expect(() => pathInside(dir, bad, 'file-IO input name'), JSON.stringify(bad)).toThrow(UnsafeFileName);
    }
    expect(() => pathInside(dir, '../x', 'user extra file')).toThrow(/user extra file "..\/x" is not a plain file name/);
  });
});

describe.skipIf(!sandboxReady)('problem data with a path in a file name', () => {
  const outside: string[] = [];
  afterAll(() => {
    cleanupProblems();
    for (const f of outside) rmSync(f, { force: true });
  });
  const task = (over: Partial<TaskProblem>, code = FILES_CPP): JudgeTask => {
    const problem = loadProblemDir(makeProblem({ tests: { 1: ['1 2\n', '3\n'] } }));
    return { taskId: 1, leaseToken: 't', leaseExpiresAt: 0, kind: 'submission', language: CPP, code, problem: { ...problem, ...over } };
  };
  const deps = (dir: string) => ({ judger: 'test', testFile: async (n: string) => pathInside(join(dir, 'tests'), n, 'test case file') });
  /** Where a name relative to a box directory would land: two levels up is the judge's state dir. */
  const escapeTarget = (name: string) => resolve(boxesDir(), 'box', name);

  it('file-IO input name "../../x": System Error, nothing created outside the box', async () => {
    const nonce = randomBytes(6).toString('hex');
    const name = `../../x-${nonce}`;
    const target = escapeTarget(name);
    outside.push(target);
    expect(target.startsWith(judgeStateDir())).toBe(true);
    const t = task({ isFileIO: true, ioReadFileName: name, ioWriteFileName: 'sum.out' });
    const r = await judgeTask(t, deps(t.problem.problemId));
    expect(r.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(r.errorMessage).toMatch(/Problem data error: file-IO input name ".*x-[0-9a-f]+" is not a plain file name/);
    expect(existsSync(target)).toBe(false);
  });

  it('file-IO output name pointing at a host file: System Error, its content never shown', async () => {
    const nonce = randomBytes(6).toString('hex');
    const name = `../../secret-${nonce}`;
    const target = escapeTarget(name);
    outside.push(target);
    writeFileSync(target, `root-only-${nonce}\n`, { mode: 0o600 });
    const t = task({ isFileIO: true, ioReadFileName: 'sum.in', ioWriteFileName: name });
    const r = await judgeTask(t, deps(t.problem.problemId));
    expect(r.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(r.errorMessage).toMatch(/file-IO output name/);
    expect(JSON.stringify(r)).not.toContain(`root-only-${nonce}`);
    expect(existsSync(target)).toBe(true);
  });

  it('user and judge extra files named "../evil": System Error, no file written outside', async () => {
    const nonce = randomBytes(6).toString('hex');
    for (const [field, over] of [
      ['user extra file', { userExtraFiles: { [`../evil-${nonce}`]: 'x' } }],
      ['judge extra file', { judgeMode: 'spj', spjLanguage: CPP, spjCode: 'int main(){ return 0; }', judgeExtraFiles: { [`../evil-${nonce}`]: 'x' } }],
    ] as const) {
      const t = task(over as Partial<TaskProblem>);
      const r = await judgeTask(t, deps(t.problem.problemId));
      expect(r.status, field).toBe(JudgeStatus.SYSTEM_ERROR);
      expect(r.errorMessage).toContain(`${field} "../evil-${nonce}" is not a plain file name`);
      expect(existsSync(resolve(boxesDir(), `evil-${nonce}`))).toBe(false);
    }
    // The admin's compile check refuses the same names.
    const t = task({ judgeExtraFiles: { [`../evil-${nonce}`]: 'x' } });
    const c = await judgeTask({ ...t, kind: 'compile', code: 'int main(){ return 0; }' }, deps(t.problem.problemId));
    expect(c.compile?.ok).toBe(false);
    expect(c.compile?.message).toMatch(/judge extra file/);
  });

  it('odd names the user’s own program creates in its box are not problem data: the next case runs normally', async () => {
    const code = '#include <cstdio>\nint main(){ fclose(fopen("-x","w")); fclose(fopen("a\\nb","w")); int a,b; scanf("%d %d",&a,&b); printf("%d\\n",a+b); }';
    const t = task({}, code);
    t.problem.cases = [t.problem.cases[0], { ...t.problem.cases[0], caseId: 2 }];
    const r = await judgeTask(t, deps(t.problem.problemId));
    expect(r.status, JSON.stringify(r)).toBe(JudgeStatus.ACCEPTED);
    expect(r.cases).toHaveLength(2);
  });
});

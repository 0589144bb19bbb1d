import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@verdict/shared';
import { seedDemoProblems } from '../src/seed/index.js';
import { AVERAGE_CHECKER, GUESS_INTERACTOR } from '../src/seed/checkers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { makeUser } from './problem-helpers.js';

const SOLUTIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/seed/solutions');
let t: TestApp;
let work: string;
let admin: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, 'root', Role.ROOT);
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-seed-'));
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const gxx = (src: string, out: string) => execFileSync('g++', ['-O2', '-std=c++17', '-o', out, src], { stdio: 'pipe' });
const normalise = (s: string) => s.replace(/\r\n/g, '\n').split('\n').map((l) => l.trimEnd()).join('\n').trimEnd();

/** Runs the interactor and the solution connected by pipes; resolves with the interactor's exit code. */
function interact(interactor: string, solution: string, input: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const judge = spawn(interactor, [input, '/dev/null', '/dev/null']);
    const user = spawn(solution, []);
    judge.stdout.pipe(user.stdin);
    user.stdout.pipe(judge.stdin);
    user.stdin.on('error', () => {});
    judge.stdin.on('error', () => {});
    let stderr = '';
    judge.stderr.on('data', (d) => (stderr += d));
    judge.on('close', (code) => { user.kill(); resolve({ code, stderr }); });
  });
}

describe('demo problems', () => {
  it('are written once on an empty database, A+B Problem first with id 1000', async () => {
    expect(await seedDemoProblems(t.ctx, admin)).toBe(12);
    expect(await seedDemoProblems(t.ctx, admin)).toBe(0);
    const rows = await t.ctx.db.selectFrom('problem').select(['id', 'problem_id', 'title', 'type', 'judge_mode', 'judge_case_mode', 'is_file_io']).orderBy('id').execute();
    expect(rows).toHaveLength(12);
    expect(rows[0]).toMatchObject({ problem_id: '1000', title: 'A+B Problem' });
    expect(rows.some((r) => r.type === 1)).toBe(true);
    expect(rows.some((r) => r.type === 0)).toBe(true);
    expect(rows.map((r) => r.judge_mode)).toEqual(expect.arrayContaining(['spj', 'interactive']));
    expect(rows.some((r) => r.judge_case_mode === 'subtask_lowest')).toBe(true);
    expect(rows.some((r) => r.is_file_io === 1)).toBe(true);
    const list = (await t.app.inject({ method: 'GET', url: '/api/get-problem-list' })).json().data;
    expect(list.total).toBe(12);
  });

  it('OI problems split 100 points; the subtask problem has three groups', async () => {
    const get = async (id: string) => {
      const p = await t.ctx.db.selectFrom('problem').select(['id', 'io_score']).where('problem_id', '=', id).executeTakeFirstOrThrow();
      const cases = await t.ctx.db.selectFrom('problem_case').select(['score', 'group_num']).where('pid', '=', p.id).orderBy('seq').execute();
      return { p, cases };
    };
    const primes = await get('1005');
    expect(primes.cases.map((c) => c.score)).toEqual(Array(10).fill(10));
    expect(primes.p.io_score).toBe(100);
    const knap = await get('1006');
    expect(new Set(knap.cases.map((c) => c.group_num))).toEqual(new Set([1, 2, 3]));
    // Each case carries its group's points: 30 + 30 + 40.
    expect([...new Map(knap.cases.map((c) => [c.group_num, c.score]))]).toEqual([[1, 30], [2, 30], [3, 40]]);
    expect(knap.p.io_score).toBe(100);
  });

  it('every kept solution passes every test case of its problem (run directly, outside the judge)', async () => {
    const problems = await t.ctx.db.selectFrom('problem').select(['id', 'problem_id', 'judge_mode', 'is_file_io']).orderBy('id').execute();
    const checker = path.join(work, 'checker');
    fs.writeFileSync(`${checker}.cpp`, AVERAGE_CHECKER);
    gxx(`${checker}.cpp`, checker);
    const interactor = path.join(work, 'interactor');
    fs.writeFileSync(`${interactor}.cpp`, GUESS_INTERACTOR);
    gxx(`${interactor}.cpp`, interactor);
    for (const p of problems) {
      const exe = path.join(work, `sol-${p.problem_id}`);
      gxx(path.join(SOLUTIONS, `${p.problem_id}.cpp`), exe);
      const cases = await t.ctx.db.selectFrom('problem_case').selectAll().where('pid', '=', p.id).orderBy('seq').execute();
      expect(cases.length, p.problem_id).toBeGreaterThan(0);
      const dir = path.join(t.dataDir, 'testcase', String(p.id));
      for (const c of cases) {
        const input = path.join(dir, c.input);
        const answer = path.join(dir, c.output);
        const label = `${p.problem_id} case ${c.seq}`;
        if (p.judge_mode === 'interactive') {
          const r = await interact(interactor, exe, input);
          expect(r.code, `${label}: ${r.stderr}`).toBe(0);
          continue;
        }
        let out: string;
        if (p.is_file_io) {
          const box = fs.mkdtempSync(path.join(work, 'io-'));
          fs.copyFileSync(input, path.join(box, 'max.in'));
          execFileSync(exe, [], { cwd: box });
          out = fs.readFileSync(path.join(box, 'max.out'), 'utf8');
        } else {
          out = execFileSync(exe, [], { input: fs.readFileSync(input), maxBuffer: 64 << 20 }).toString();
        }
        if (p.judge_mode === 'spj') {
          const userOut = path.join(work, 'user.out');
          fs.writeFileSync(userOut, out);
          execFileSync(checker, [input, userOut, answer], { stdio: 'pipe' });
        } else {
          expect(normalise(out), label).toBe(normalise(fs.readFileSync(answer, 'utf8')));
        }
      }
    }
    // The A+B solution in Python as well.
    const ab = problems[0];
    const c1 = await t.ctx.db.selectFrom('problem_case').selectAll().where('pid', '=', ab.id).orderBy('seq').executeTakeFirstOrThrow();
    const dir = path.join(t.dataDir, 'testcase', String(ab.id));
    const py = execFileSync('python3', [path.join(SOLUTIONS, '1000.py')], { input: fs.readFileSync(path.join(dir, c1.input)) }).toString();
    expect(normalise(py)).toBe(normalise(fs.readFileSync(path.join(dir, c1.output), 'utf8')));
  });

  it('the checker rejects a wrong average and the interactor a wrong guess', async () => {
    const checker = path.join(work, 'checker');
    const inp = path.join(work, 'a.in'); fs.writeFileSync(inp, '2\n1 2\n');
    const ans = path.join(work, 'a.ans'); fs.writeFileSync(ans, '1.5000000000\n');
    const bad = path.join(work, 'a.out'); fs.writeFileSync(bad, '1.6\n');
    expect(() => execFileSync(checker, [inp, bad, ans], { stdio: 'pipe' })).toThrow();
    const wrong = path.join(work, 'wrong.cpp');
    fs.writeFileSync(wrong, '#include <cstdio>\nint main(){long long n;std::scanf("%lld",&n);std::printf("! 1\\n");std::fflush(stdout);}\n');
    gxx(wrong, path.join(work, 'wrong'));
    const gin = path.join(work, 'g.in'); fs.writeFileSync(gin, '10 7\n');
    expect((await interact(path.join(work, 'interactor'), path.join(work, 'wrong'), gin)).code).toBe(1);
  });
});

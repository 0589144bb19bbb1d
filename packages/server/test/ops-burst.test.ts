import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus } from '@verdict/shared';
import { backup } from '../src/ops/backup.js';
import { restore } from '../src/ops/restore.js';
import { createTestApp, type TestApp } from './helpers.js';
import { ProtocolWorker, call, casesOf, makeProblem, makeUser, sleep } from './judge-fixtures.js';
import { emptySite, serve, siteOf, type EmptySite } from './ops-fixtures.js';

/**
 * A backup taken while submissions arrive and are judged (a worker over the real judge routes):
 * the restored site holds each submission as the source held it at one instant, never a verdict
 * without its case results or case results without their verdict.
 */
let t: TestApp;
let target: EmptySite;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-ops-burst-'));

beforeAll(async () => {
  t = await createTestApp();
  target = await emptySite();
});
afterAll(async () => {
  await t?.close();
  await target?.drop();
  fs.rmSync(work, { recursive: true, force: true });
});

const FINAL = (status: number) => ![JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING].includes(status as never);

async function submissionsOf(app: TestApp) {
  const subs = await app.ctx.db.selectFrom('submission').selectAll().orderBy('id').execute();
  const cases = await app.ctx.db.selectFrom('judge_case').selectAll().orderBy('id').execute();
  return subs.map((s) => ({ ...s, cases: cases.filter((c) => c.submit_id === s.id) }));
}

describe('backup during a burst of judged submissions', () => {
  it('restores every submission wholly as it was at the snapshot, or not at all', async () => {
    await makeProblem(t, { problemId: '1000', cases: [{ input: '1', output: '1' }, { input: '2', output: '2' }, { input: '3', output: '3' }] });
    const sw = await t.ctx.services.siteConfig.switches();
    await t.ctx.services.siteConfig.set('switch', { ...sw, defaultSubmitInterval: 0, submitCaptchaPerMinute: 0 });
    const worker = new ProtocolWorker(t, 'burst-worker');
    await worker.register(['C++17']);

    let submitting = true;
    let submitted = 0;
    const submitter = (async () => {
      while (submitting || submitted < 20) {
        // One user per submission: on PostgreSQL a user's submit racing the verdict of their previous
        // submission on the same problem can deadlock on user_problem_status (reported; not this test's subject).
        const user = await makeUser(t, `burst${submitted}`);
        const r = await call(t, 'POST', '/api/submit-problem-judge', { user, body: { pid: '1000', language: 'C++17', code: `// ${submitted}` } });
        expect(r.code, r.body.msg).toBe(200);
        submitted++;
      }
    })();
    let judging = true;
    const judge = (async () => {
      for (let n = 0; judging || (await t.ctx.db.selectFrom('judge_task').select('id').where('state', '!=', 'done').executeTakeFirst()); n++) {
        const task = await worker.claim(50);
        if (!task) continue;
        await worker.progress(task, 7, 1, 3);
        const status = n % 3 === 0 ? JudgeStatus.WRONG_ANSWER : JudgeStatus.ACCEPTED;
        await worker.result(task, { status, score: null, cases: casesOf(task, status) });
      }
    })();

    // A failed submit ends the waits at once (the race rejects) instead of at the test's timeout.
    const waitFor = async (n: number) => { while (submitted < n) await Promise.race([sleep(20), submitter]); };
    let file: string;
    try {
      await waitFor(10);
      file = (await backup(siteOf(t), path.join(work, 'burst.zip'))).file;
      await waitFor(submitted + 5);
    } finally {
      submitting = false;
      await submitter.catch(() => {});
      judging = false;
      await judge;
    }
    await submitter;

    await restore(target.site, file);
    const copy = await serve(target.site);
    try {
      const source = new Map((await submissionsOf(t)).map((s) => [s.id, s]));
      const restored = await submissionsOf(copy);
      expect(restored.length).toBeGreaterThan(0);
      expect(restored.length).toBeLessThan(source.size);
      let finals = 0;
      for (const s of restored) {
        const now = source.get(s.id)!;
        if (FINAL(s.status)) {
          // A verdict came with all its case results: the row and its cases as the source holds them.
          finals++;
          expect(s).toEqual(now);
          expect(s.cases).toHaveLength(3);
        } else {
          // Still waiting or running at the snapshot: no case results yet.
          expect(s.cases).toEqual([]);
          expect([s.uid, s.code, s.submit_time]).toEqual([now.uid, now.code, now.submit_time]);
        }
      }
      expect(finals).toBeGreaterThan(0);
      // Every case result belongs to a restored submission.
      const orphan = await copy.ctx.db.selectFrom('judge_case').select('id').where('submit_id', 'not in', restored.map((s) => s.id)).execute();
      expect(orphan).toEqual([]);
    } finally {
      await copy.close();
    }
  });
});

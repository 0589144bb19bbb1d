import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, Role } from '@verdict/shared';
import { createTestApp, type TestApp } from '../helpers.js';
import { makeUser, type TestUser } from '../judge-fixtures.js';
import { api, finalOf } from './fixtures.js';
import { startAcStandIn, type AcStandIn } from './stand-ins/ac.js';

/** AtCoder end to end against its stand-in: import, login with csrf, submit, status pages to each verdict. */
let t: TestApp;
let ac: AcStandIn;
let root: TestUser;
let user: TestUser;
let accountId: number;
const CODE = '#include <cstdio>\nint main() { int a, b; std::scanf("%d %d", &a, &b); std::printf("%d\\n", a + b); }\n';

async function submit(code: string, language = 'C++ 17') {
  const res = await api(t, 'POST', '/api/submit-problem-judge', { user, body: { pid: 'AC-abc300_a', language, code } });
  expect(res.body.msg, JSON.stringify(res.body)).toBe('success');
  return res.body.data.submitId as number;
}

beforeAll(async () => {
  ac = await startAcStandIn();
  t = await createTestApp({}, { REMOTE_JUDGE_SLOTS: '1', REMOTE_JUDGE_POLL_MS: '30', REMOTE_JUDGE_MIN_INTERVAL_MS: '1' });
  t.ctx.services.remoteJudge.timeoutMs = 2000;
  root = await makeUser(t, 'rootac', Role.ROOT);
  user = await makeUser(t, 'userac', Role.DEFAULT_USER);
  const sw = await t.ctx.services.siteConfig.switches();
  await t.ctx.services.siteConfig.set('switch', { ...sw, defaultSubmitInterval: 0, submitCaptchaPerMinute: 0 });
  await api(t, 'PUT', '/api/admin/remote-judge/site', { user: root, body: { oj: 'AC', enabled: true, baseUrl: ac.url } });
  accountId = (await api(t, 'POST', '/api/admin/remote-judge/account', { user: root, body: { oj: 'AC', username: 'acpool', password: 'acsecret' } })).body.data.id;
});
afterAll(async () => {
  await t?.close();
  await ac?.close();
});

describe('AtCoder', () => {
  it('imports a task with its English statement, limits and samples; a missing task or bad id says so', async () => {
    let r = await api(t, 'GET', '/api/admin/remote-judge/preview', { user: root, query: { name: 'AC', problemId: 'abc300_a' } });
    expect(r.body.data).toMatchObject({
      problemId: 'AC-abc300_a', title: 'N-choice question', timeLimit: 2000, memoryLimit: 1024,
      examples: [{ input: '1 2', output: '3' }, { input: '10 20', output: '30' }], output: 'Print the answer.',
    });
    expect(r.body.data.description).toContain('find A+B');
    expect(r.body.data.description).toContain('### Constraints');
    expect(r.body.data.description).toContain(`![](${ac.url}/img/other/abc300/a.png)`);
    expect(r.body.data.description).not.toContain('日本語');
    r = await api(t, 'GET', '/api/admin/problem/import-remote-oj-problem', { user: root, query: { name: 'AC', problemId: 'abc300_z' }, lang: 'en-US' });
    expect(r.code).toBe(400);
    expect(r.body.msg).toBe('Problem abc300_z does not exist on AtCoder');
    r = await api(t, 'GET', '/api/admin/problem/import-remote-oj-problem', { user: root, query: { name: 'AC', problemId: 'ABC300 A' }, lang: 'zh-CN' });
    expect(r.body.msg).toBe('"ABC300 A" 不是 AtCoder 的题号（例如 abc300_a）');
    r = await api(t, 'GET', '/api/admin/problem/import-remote-oj-problem', { user: root, query: { name: 'AC', problemId: 'abc300_a' } });
    expect(r.body.status).toBe(200);
  });

  it('submits through the csrf form and follows WJ and the case counter to Accepted', async () => {
    // The site's counter ("2/4") is the submission's case progress, as a local judge reports it.
    const seen: string[] = [];
    const off = t.ctx.services.judge.onProgress(async (e) => {
      const r = await t.ctx.db.selectFrom('submission').select(['case_done', 'case_total']).where('id', '=', e.submitId).executeTakeFirstOrThrow();
      seen.push(`${r.case_done}/${r.case_total}`);
    });
    const id = await submit(CODE);
    const row = await finalOf(t, id);
    off();
    expect(seen).toEqual(expect.arrayContaining(['1/4', '2/4', '3/4', '4/4']));
    expect(row).toMatchObject({ status: JudgeStatus.ACCEPTED, time: 12, memory: 3616 });
    expect(ac.runs[0]).toMatchObject({ user: 'acpool', contest: 'abc300', task: 'abc300_a', languageId: '5053' });
  });

  it('maps each final status and shows the compiler output', async () => {
    const cases: [string, number][] = [['WA@2', JudgeStatus.WRONG_ANSWER], ['TLE@1', JudgeStatus.TIME_LIMIT_EXCEEDED], ['MLE@3', JudgeStatus.MEMORY_LIMIT_EXCEEDED], ['RE@1', JudgeStatus.RUNTIME_ERROR], ['IE@1', JudgeStatus.SYSTEM_ERROR]];
    for (const [v, status] of cases) {
      const row = await finalOf(t, await submit(`${CODE}// verdict: ${v}\n`));
      expect(row.status, v).toBe(status);
    }
    const ce = await finalOf(t, await submit(`${CODE}// verdict: CE\n`));
    expect(ce.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(ce.error_message).toBe("Main.cpp:1:1: error: 'x' does not name a type");
  });

  it('logs in again after the session expired and waits when the site says to', async () => {
    const logins = ac.logins;
    ac.expireSessions();
    ac.throttleNextSubmit = 1;
    const row = await finalOf(t, await submit(`${CODE}// again\n`));
    expect(row.status).toBe(JudgeStatus.ACCEPTED);
    expect(ac.logins).toBe(logins + 1);
  });

  it('ends as Submitted Failed naming the refused login when the pool password is wrong', async () => {
    await api(t, 'PUT', '/api/admin/remote-judge/account', { user: root, body: { id: accountId, password: 'nope' } });
    ac.expireSessions();
    const row = await finalOf(t, await submit(`${CODE}// wrong creds\n`), 30_000);
    expect(row.status).toBe(JudgeStatus.SUBMITTED_FAILED);
    expect(row.error_message).toBe('Sending to AtCoder failed 5 times: AC refused the login of acpool');
  });
});

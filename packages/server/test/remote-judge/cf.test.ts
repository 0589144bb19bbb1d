import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, Role } from '@verdict/shared';
import { createTestApp, type TestApp } from '../helpers.js';
import { makeUser, type TestUser } from '../judge-fixtures.js';
import { MIN, contest } from '../contest-fixtures.js';
import { category, training } from '../training-fixtures.js';
import { api, finalOf, waitFor } from './fixtures.js';
import { startCfStandIn, type CfStandIn } from './stand-ins/cf.js';
import { cfTta } from '../../src/modules/remote-judge/sites/codeforces.js';

/**
 * Codeforces end to end against its stand-in: site switch, import with preview, the account
 * pool, and remote submissions through the real queue and worker to every final verdict.
 */
let t: TestApp;
let cf: CfStandIn;
let root: TestUser;
let user: TestUser;
let accountId: number;
let contestId: number;

const CODE = '#include <bits/stdc++.h>\nint main() { std::puts("YES"); }\n';

async function submit(code: string, pid = 'CF-1000A', language = 'C++ 17') {
  const res = await api(t, 'POST', '/api/submit-problem-judge', { user, body: { pid, language, code } });
  expect(res.body.msg, JSON.stringify(res.body)).toBe('success');
  return res.body.data.submitId as number;
}

beforeAll(async () => {
  cf = await startCfStandIn();
  t = await createTestApp({}, { REMOTE_JUDGE_SLOTS: '2', REMOTE_JUDGE_POLL_MS: '30' });
  t.ctx.services.remoteJudge.timeoutMs = 2000;
  t.ctx.services.remoteJudge.minIntervalOverrideMs = 0;
  root = await makeUser(t, 'rootcf', Role.ROOT);
  user = await makeUser(t, 'alicecf', Role.DEFAULT_USER);
  const sw = await t.ctx.services.siteConfig.switches();
  await t.ctx.services.siteConfig.set('switch', { ...sw, defaultSubmitInterval: 0, submitCaptchaPerMinute: 0 });
});
afterAll(async () => {
  await t?.close();
  await cf?.close();
});

describe('sites and import', () => {
  it('refuses an unknown site, a site without adapter, a switched-off site and a malformed id, in both languages', async () => {
    let r = await api(t, 'GET', '/api/admin/problem/import-remote-oj-problem', { user: root, query: { name: 'XYZ', problemId: '1' }, lang: 'en-US' });
    expect(r.code).toBe(400);
    expect(r.body.msg).toBe('Unknown remote judge "XYZ"; use one of HDU, CF, POJ, GYM, AC, SPOJ, LIBRE');
    r = await api(t, 'GET', '/api/admin/problem/import-remote-oj-problem', { user: root, query: { name: 'XYZ', problemId: '1' }, lang: 'zh-CN' });
    expect(r.body.msg).toBe('未知的远程评测 "XYZ"，可选 HDU、CF、POJ、GYM、AC、SPOJ、LIBRE');
    r = await api(t, 'GET', '/api/admin/problem/import-remote-oj-problem', { user: root, query: { name: 'cf', problemId: '1000A' }, lang: 'en-US' });
    expect(r.body.msg).toBe('Remote judge Codeforces is switched off');
    // The home page list and the oj filter: nothing until a site is switched on.
    expect((await api(t, 'GET', '/api/get-website-config')).body.data.remoteJudges).toEqual([]);

    r = await api(t, 'PUT', '/api/admin/remote-judge/site', { user: root, body: { oj: 'CF', enabled: true, baseUrl: 'ftp://x' }, lang: 'en-US' });
    expect(r.body.msg).toBe('The base URL must start with http:// or https://');
    for (const oj of ['CF', 'GYM']) {
      r = await api(t, 'PUT', '/api/admin/remote-judge/site', { user: root, body: { oj, enabled: true, baseUrl: cf.url } });
      expect(r.body.data).toMatchObject({ oj, enabled: true, supported: true, pool: 'CF' });
    }
    expect((await api(t, 'GET', '/api/get-website-config')).body.data.remoteJudges).toEqual(['CF', 'GYM']);
    expect((await api(t, 'GET', '/api/remote-judge/sites')).body.data).toEqual(['CF', 'GYM']);
    // A plain user cannot switch sites.
    expect((await api(t, 'PUT', '/api/admin/remote-judge/site', { user, body: { oj: 'CF', enabled: false, baseUrl: '' } })).code).toBe(403);

    r = await api(t, 'GET', '/api/admin/problem/import-remote-oj-problem', { user: root, query: { name: 'CF', problemId: '1000 A' }, lang: 'en-US' });
    expect(r.code).toBe(400);
    expect(r.body.msg).toBe('"1000 A" is not a problem ID of Codeforces (for example 1000A)');
    r = await api(t, 'GET', '/api/admin/remote-judge/preview', { user: root, query: { name: 'GYM', problemId: '1000A' }, lang: 'zh-CN' });
    expect(r.body.msg).toBe('"1000A" 不是 GYM 的题号（例如 100001A）');
  });

  it('previews a problem without writing it, then imports it once', async () => {
    const pv = await api(t, 'GET', '/api/admin/remote-judge/preview', { user: root, query: { name: 'CF', problemId: '1000A' } });
    expect(pv.body.data).toMatchObject({
      oj: 'CF', problemId: 'CF-1000A', title: 'Codeforces Checking', timeLimit: 1000, memoryLimit: 256, exists: false,
      examples: [{ input: '2\na\nc', output: 'NO\nYES' }], tags: ['implementation', 'strings'], source: `${cf.url}/problemset/problem/1000/A`,
    });
    expect(pv.body.data.description).toContain('Given a letter $c$, print **YES**');
    // Images stay links to the home site.
    expect(pv.body.data.description).toContain(`![](${cf.url}/predownloaded/cf/1000A.png)`);
    expect(pv.body.data.input).toBe('The first line contains an integer $t$ ($1 \\le t \\le 26$).');
    expect(pv.body.data.hint).toBe('The letter *c* occurs in codeforces.');
    expect(pv.body.data.languages).toContain('C++ 17');
    expect(await t.ctx.db.selectFrom('problem').select('id').where('problem_id', '=', 'CF-1000A').executeTakeFirst()).toBeUndefined();

    const r = await api(t, 'GET', '/api/admin/problem/import-remote-oj-problem', { user: root, query: { name: 'CF', problemId: '1000A' } });
    expect(r.body).toMatchObject({ status: 200, data: null });
    const p = await t.ctx.db.selectFrom('problem').selectAll().where('problem_id', '=', 'CF-1000A').executeTakeFirstOrThrow();
    expect(p).toMatchObject({ is_remote: 1, remote_oj: 'CF', remote_pid: '1000A', time_limit: 1000, memory_limit: 256, auth: 1, is_upload_case: 0 });
    const tags = await t.ctx.db.selectFrom('problem_tag').innerJoin('tag', 'tag.id', 'problem_tag.tid').select(['tag.name', 'tag.oj']).where('pid', '=', p.id).execute();
    expect(tags.sort((a, b) => a.name.localeCompare(b.name))).toEqual([{ name: 'implementation', oj: 'CF' }, { name: 'strings', oj: 'CF' }]);
    // The problem list's oj filter finds it; the detail says remote.
    const list = await api(t, 'GET', '/api/get-problem-list', { query: { oj: 'CF', limit: 10, currentPage: 1 } });
    expect(list.body.data.records.map((x: { problemId: string }) => x.problemId)).toEqual(['CF-1000A']);
    const again = await api(t, 'GET', '/api/admin/problem/import-remote-oj-problem', { user: root, query: { name: 'CF', problemId: '1000A' }, lang: 'en-US' });
    expect(again.body.msg).toBe('The problem CF-1000A has already been imported');

    await api(t, 'GET', '/api/admin/problem/import-remote-oj-problem', { user: root, query: { name: 'CF', problemId: '1000B' } });
    const gym = await api(t, 'GET', '/api/admin/problem/import-remote-oj-problem', { user: root, query: { name: 'GYM', problemId: '100001A' } });
    expect(gym.body.status).toBe(200);
    expect(await t.ctx.db.selectFrom('problem').select(['time_limit', 'memory_limit']).where('problem_id', '=', 'GYM-100001A').executeTakeFirst()).toEqual({ time_limit: 3000, memory_limit: 64 });
  });

  it('says what failed: missing problem, garbage page, unreachable site — and writes nothing', async () => {
    const count = async () => Number((await t.ctx.db.selectFrom('problem').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    let r = await api(t, 'GET', '/api/admin/problem/import-remote-oj-problem', { user: root, query: { name: 'CF', problemId: '1000Z' }, lang: 'en-US' });
    expect(r.code).toBe(400);
    expect(r.body.msg).toBe('Problem 1000Z does not exist on Codeforces');
    cf.garbageProblemPages = 1;
    r = await api(t, 'GET', '/api/admin/problem/import-remote-oj-problem', { user: root, query: { name: 'CF', problemId: '1000B' }, lang: 'zh-CN' });
    // CF-1000B exists already: the check comes first and no request is made.
    expect(r.body.msg).toBe('该题目 CF-1000B 已添加，请勿重复添加！');
    r = await api(t, 'GET', '/api/admin/remote-judge/preview', { user: root, query: { name: 'CF', problemId: '1000B' }, lang: 'en-US' });
    expect(r.code).toBe(502);
    expect(r.body.msg).toMatch(/^Codeforces answered a page we cannot read: CF 1000B: the page has no problem statement/);

    // A site that does not answer at all.
    await api(t, 'PUT', '/api/admin/remote-judge/site', { user: root, body: { oj: 'GYM', enabled: true, baseUrl: 'http://127.0.0.1:9' } });
    r = await api(t, 'GET', '/api/admin/problem/import-remote-oj-problem', { user: root, query: { name: 'GYM', problemId: '100002A' }, lang: 'en-US' });
    expect(r.code).toBe(502);
    expect(r.body.msg).toMatch(/^GYM could not be reached: http:\/\/127\.0\.0\.1:9 is unreachable/);
    await api(t, 'PUT', '/api/admin/remote-judge/site', { user: root, body: { oj: 'GYM', enabled: true, baseUrl: cf.url } });
    // A site that keeps answering its anti-bot page although the cookie was solved.
    cf.antiBot = 'always';
    r = await api(t, 'GET', '/api/admin/remote-judge/preview', { user: root, query: { name: 'CF', problemId: '1000A' }, lang: 'en-US' });
    expect(r.code).toBe(502);
    expect(r.body.msg).toBe('Codeforces keeps answering its anti-bot check instead of the page, although the check was solved; try again later: CF: /problemset/problem/1000/A answered the anti-bot page (RCPC) again after its cookie was set');
    r = await api(t, 'GET', '/api/admin/problem/import-remote-oj-problem', { user: root, query: { name: 'CF', problemId: '1000C' }, lang: 'zh-CN' });
    expect(r.body.msg).toMatch(/^Codeforces 仍然返回反爬虫验证页面（验证已通过），请稍后再试：/);
    cf.antiBot = 'off';
    expect(await count()).toBe(before);
  });

  it('imports into a contest and a training with HOJ\'s calls; a refused add leaves no problem behind', async () => {
    const cid = await contest(t, root, { startTime: Date.now() - MIN, endTime: Date.now() + 60 * MIN });
    contestId = cid;
    // Already imported: the contest gets the existing problem.
    let r = await api(t, 'GET', '/api/admin/contest/import-remote-oj-problem', { user: root, query: { name: 'CF', problemId: '1000A', cid, displayId: 'A' } });
    expect(r.body.status).toBe(200);
    cf.problems.set('1001A', { ...cf.problems.get('1000B')!, contest: 1001, index: 'A', title: 'Fresh One' });
    // A display ID the contest already uses: refused, and the freshly imported problem is gone again.
    r = await api(t, 'GET', '/api/admin/contest/import-remote-oj-problem', { user: root, query: { name: 'CF', problemId: '1001A', cid, displayId: 'A' }, lang: 'en-US' });
    expect(r.code).toBe(400);
    expect(await t.ctx.db.selectFrom('problem').select('id').where('problem_id', '=', 'CF-1001A').executeTakeFirst()).toBeUndefined();
    r = await api(t, 'GET', '/api/admin/contest/import-remote-oj-problem', { user: root, query: { name: 'CF', problemId: '1001A', cid, displayId: 'B' } });
    expect(r.body.status).toBe(200);
    const rows = await t.ctx.db.selectFrom('contest_problem').innerJoin('problem', 'problem.id', 'contest_problem.pid').select(['display_id', 'problem.problem_id']).where('cid', '=', cid).orderBy('display_id').execute();
    expect(rows).toEqual([{ display_id: 'A', problem_id: 'CF-1000A' }, { display_id: 'B', problem_id: 'CF-1001A' }]);

    const tid = await training(t, root, await category(t, root, 'Remote'));
    r = await api(t, 'GET', '/api/admin/training/import-remote-oj-problem', { user: root, query: { name: 'CF', problemId: '1000A', tid } });
    expect(r.body.status).toBe(200);
    const tp = await t.ctx.db.selectFrom('training_problem').select('display_id').where('tid', '=', tid).execute();
    expect(tp).toEqual([{ display_id: 'CF-1000A' }]);
  });

  it('re-fetches a problem from its home site', async () => {
    cf.problems.get('1000B')!.title = 'Light It Up (revised)';
    const p = await t.ctx.db.selectFrom('problem').select('id').where('problem_id', '=', 'CF-1000B').executeTakeFirstOrThrow();
    const r = await api(t, 'PUT', '/api/admin/remote-judge/refetch', { user: root, query: { pid: p.id } });
    expect(r.body.data.title).toBe('Light It Up (revised)');
    expect((await t.ctx.db.selectFrom('problem').select('title').where('id', '=', p.id).executeTakeFirstOrThrow()).title).toBe('Light It Up (revised)');
  });
});

describe('account pool', () => {
  it('keeps the password encrypted and never sends it back', async () => {
    const r = await api(t, 'POST', '/api/admin/remote-judge/account', { user: root, body: { oj: 'CF', username: 'vjudge1', password: 'secret1' } });
    expect(r.body.data).toMatchObject({ oj: 'CF', username: 'vjudge1', enabled: true, busy: false });
    expect(JSON.stringify(r.body)).not.toContain('secret1');
    accountId = r.body.data.id;
    const row = await t.ctx.db.selectFrom('remote_account').select('secret').where('id', '=', accountId).executeTakeFirstOrThrow();
    expect(row.secret).not.toContain('secret1');
    expect(row.secret.startsWith('v1:')).toBe(true);
    const dup = await api(t, 'POST', '/api/admin/remote-judge/account', { user: root, body: { oj: 'GYM', username: 'vjudge1', password: 'x' }, lang: 'en-US' });
    expect(dup.body.msg).toBe('The account vjudge1 is already in the Codeforces pool');
    const noPw = await api(t, 'POST', '/api/admin/remote-judge/account', { user: root, body: { oj: 'CF', username: 'other' }, lang: 'en-US' });
    expect(noPw.body.msg).toBe('The password (or API key) of the account is required');
    expect((await api(t, 'GET', '/api/admin/remote-judge/account', { user })).code).toBe(403);
    const list = await api(t, 'GET', '/api/admin/remote-judge/account', { user: root, query: { oj: 'GYM' } });
    expect(list.body.data.map((a: { username: string }) => a.username)).toEqual(['vjudge1']);
  });
});

describe('HOJ\'s pool lists in the switch config', () => {
  it('answers the pools as username lists without passwords and applies edited lists', async () => {
    let info = await api(t, 'GET', '/api/admin/switch/info', { user: root });
    expect(info.body.data).toMatchObject({ cfUsernameList: ['vjudge1'], cfPasswordList: [''], hduUsernameList: [], atcoderPasswordList: [] });
    expect(JSON.stringify(info.body.data)).not.toContain('secret1');
    // A new account needs its password; nothing changes when one is missing.
    let r = await api(t, 'PUT', '/api/admin/switch/update', { user: root, body: { cfUsernameList: ['vjudge1', 'extra'], cfPasswordList: ['', ''] }, lang: 'en-US' });
    expect(r.body.msg).toBe('The password (or API key) of the account is required');
    r = await api(t, 'PUT', '/api/admin/switch/update', { user: root, body: { cfUsernameList: ['vjudge1', 'extra'], cfPasswordList: ['', 'pw2'], defaultSubmitInterval: 0 } });
    expect(r.body.data).toMatchObject({ cfUsernameList: ['vjudge1', 'extra'], defaultSubmitInterval: 0 });
    // The kept account still has its password (the empty one kept it).
    const kept = await t.ctx.db.selectFrom('remote_account').selectAll().where('username', '=', 'vjudge1').executeTakeFirstOrThrow();
    expect(t.ctx.services.remoteJudge.openAccount(kept).password).toBe('secret1');
    await api(t, 'PUT', '/api/admin/switch/update', { user: root, body: { cfUsernameList: ['vjudge1'], cfPasswordList: [''] } });
    info = await api(t, 'GET', '/api/admin/switch/info', { user: root });
    expect(info.body.data.cfUsernameList).toEqual(['vjudge1']);
    expect((await t.ctx.db.selectFrom('remote_account').select('id').where('username', '=', 'vjudge1').executeTakeFirstOrThrow()).id).toBe(accountId);
  });
});

describe('remote submissions', () => {
  it('follows a submission through queue and tests to Accepted', async () => {
    const seen: number[] = [];
    const progress: { case_done: number; case_total: number; case_current: number }[] = [];
    const polled: unknown[] = [];
    const off = t.ctx.services.judge.onProgress(async (e) => {
      seen.push(e.status);
      progress.push(await t.ctx.db.selectFrom('submission').select(['case_done', 'case_total', 'case_current']).where('id', '=', e.submitId).executeTakeFirstOrThrow());
      polled.push((await api(t, 'POST', '/api/check-submissions-status', { user, body: { submitIds: [e.submitId] } })).body.data[e.submitId]);
    });
    const id = await submit(CODE);
    const row = await finalOf(t, id);
    off();
    expect(row).toMatchObject({ status: JudgeStatus.ACCEPTED, time: 46, memory: 3600, error_message: null, case_current: 0 });
    expect(seen).toContain(JudgeStatus.JUDGING);
    // "Running on test 7": six tests passed so far, test 7 running, and the site tells no total.
    expect(progress).toContainEqual({ case_done: 6, case_total: 0, case_current: 7 });
    expect(progress).toContainEqual({ case_done: 0, case_total: 0, case_current: 1 });
    // The polling answer carries it as an extra field beside HOJ's (caseDone keeps its meaning).
    expect(polled).toContainEqual(expect.objectContaining({ status: JudgeStatus.JUDGING, caseDone: 6, caseTotal: 0, caseCurrent: 7 }));
    const run = cf.runs.find((r) => r.source.startsWith(CODE))!;
    expect(run).toMatchObject({ handle: 'vjudge1', contest: 1000, index: 'A', programTypeId: '54' });
    const state = await t.ctx.db.selectFrom('remote_submission').selectAll().where('submit_id', '=', id).executeTakeFirstOrThrow();
    expect(state).toMatchObject({ run_id: String(run.id), account_id: accountId, oj: 'CF' });
    // The account is free again.
    expect((await api(t, 'GET', '/api/admin/remote-judge/account', { user: root })).body.data[0].busy).toBe(false);
    // The user sees it like any submission.
    const detail = await api(t, 'GET', '/api/get-submission-detail', { user, query: { submitId: id } });
    expect(detail.body.data.submission).toMatchObject({ status: 0, time: 46, memory: 3600 });
  });

  it('sends the page script\'s values: _tta from the 39ce7 cookie, ftaa and bfaa kept for the session', async () => {
    // By hand: 'ab' → (2·97 % 1009 + 1)·2 = 390; (390 + 6·98) % 1009 = 978; 978 − ⌊97/2⌋·(978 % 5) = 834.
    expect(cfTta('ab')).toBe(834);
    expect(cfTta('')).toBe(0);
    const before = cf.forms.length;
    cf.expireSessions();
    const ids = [await submit(`${CODE}// tokens 1\n`), await submit(`${CODE}// tokens 2\n`)];
    for (const id of ids) expect((await finalOf(t, id)).status).toBe(JudgeStatus.ACCEPTED);
    const forms = cf.forms.slice(before);
    expect(forms.map((f) => f.path)).toEqual(['/enter', '/contest/1000/submit', '/contest/1000/submit']);
    // The stand-in refuses a _tta that does not match its cookie; here each one matched.
    for (const f of forms) expect(f.tta).toBe(String(cfTta(f.cookie39ce7)));
    expect(new Set(forms.map((f) => f.ftaa)).size).toBe(1);
    expect(new Set(forms.map((f) => f.bfaa)).size).toBe(1);
    expect(forms[0].ftaa).toMatch(/^[0-9a-z]{18}$/);
    expect(forms[0].bfaa).toMatch(/^[0-9a-f]{32}$/);
    // A new login is a new session: new values.
    cf.expireSessions();
    expect((await finalOf(t, await submit(`${CODE}// tokens 3\n`))).status).toBe(JudgeStatus.ACCEPTED);
    const again = cf.forms.slice(before + forms.length);
    expect(again[0].path).toBe('/enter');
    expect(again[0].ftaa).not.toBe(forms[0].ftaa);
  });

  it('ends on each final verdict of the home site, with the failing test named', async () => {
    const cases: [string, number, string | null][] = [
      ['WRONG_ANSWER@3', JudgeStatus.WRONG_ANSWER, 'Wrong answer on test 3'],
      ['TIME_LIMIT_EXCEEDED@5', JudgeStatus.TIME_LIMIT_EXCEEDED, 'Time limit exceeded on test 5'],
      ['MEMORY_LIMIT_EXCEEDED@2', JudgeStatus.MEMORY_LIMIT_EXCEEDED, 'Memory limit exceeded on test 2'],
      ['RUNTIME_ERROR@1', JudgeStatus.RUNTIME_ERROR, 'Runtime error on test 1'],
      ['IDLENESS_LIMIT_EXCEEDED@4', JudgeStatus.TIME_LIMIT_EXCEEDED, 'Idleness limit exceeded on test 4'],
      ['PRESENTATION_ERROR@2', JudgeStatus.PRESENTATION_ERROR, 'Presentation error on test 2'],
      ['CRASHED', JudgeStatus.SYSTEM_ERROR, null],
    ];
    const ids = [];
    for (const [v] of cases) ids.push(await submit(`${CODE}// verdict: ${v}\n`, 'CF-1000B'));
    for (const [i, [, status, detail]] of cases.entries()) {
      const row = await finalOf(t, ids[i], 30_000);
      expect({ status: row.status, error: row.error_message }).toEqual({ status, error: detail });
    }
  });

  it('shows the compiler output of a compile error', async () => {
    const id = await submit(`${CODE}// verdict: COMPILATION_ERROR\n`);
    const row = await finalOf(t, id);
    expect(row.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(row.error_message).toContain("error: 'cout' was not declared in this scope");
  });

  it('logs in again when the session expired on the site', async () => {
    const logins = cf.logins;
    cf.expireSessions();
    const id = await submit(`${CODE}// after expiry\n`);
    expect((await finalOf(t, id)).status).toBe(JudgeStatus.ACCEPTED);
    expect(cf.logins).toBe(logins + 1);
  });

  it('rides out rate limits and a flaky status API, and gives up as System Error when the site stays down', async () => {
    cf.limitStatusCalls = 2;
    cf.failStatusCalls = 2;
    let id = await submit(`${CODE}// flaky\n`);
    expect((await finalOf(t, id)).status).toBe(JudgeStatus.ACCEPTED);

    id = await submit(`${CODE}// site down\n`);
    // Sent, then the site goes down while we follow it.
    await waitFor('the run id', () => t.ctx.db.selectFrom('remote_submission').select('run_id').where('submit_id', '=', id).where('run_id', 'is not', null).executeTakeFirst());
    cf.failStatusCalls = 1_000;
    const row = await finalOf(t, id, 30_000);
    cf.failStatusCalls = 0;
    expect(row.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(row.error_message).toMatch(/^No verdict could be read from Codeforces after 5 tries: .*HTTP 502/);
  });

  it('gets through the anti-bot page of the site (RCPC cookie) on login, submit and status', async () => {
    cf.antiBot = 'on';
    cf.expireSessions();
    const pages = cf.antiBotPages;
    const id = await submit(`${CODE}// behind the anti-bot page\n`);
    const row = await finalOf(t, id);
    cf.antiBot = 'off';
    expect(row.status).toBe(JudgeStatus.ACCEPTED);
    expect(cf.antiBotPages).toBeGreaterThan(pages);
    // Every request that reached the site itself carried the solved cookie.
    expect(cf.log.filter((r) => r.url.startsWith('/contest/1000/submit')).at(-1)!.cookies.RCPC).toBe(cf.rcpc);
  });

  it('waits as Pending while no pool account is free', async () => {
    await api(t, 'PUT', '/api/admin/remote-judge/account', { user: root, body: { id: accountId, enabled: false } });
    const id = await submit(`${CODE}// waits\n`);
    await new Promise((r) => setTimeout(r, 600));
    expect((await t.ctx.db.selectFrom('submission').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe(JudgeStatus.PENDING);
    await api(t, 'PUT', '/api/admin/remote-judge/account', { user: root, body: { id: accountId, enabled: true } });
    expect((await finalOf(t, id)).status).toBe(JudgeStatus.ACCEPTED);
  });

  it('ends as Submitted Failed with the reason when the pool credentials are wrong, and the account shows it', async () => {
    await api(t, 'PUT', '/api/admin/remote-judge/account', { user: root, body: { id: accountId, password: 'wrong' } });
    cf.expireSessions();
    const id = await submit(`${CODE}// wrong password\n`);
    const row = await finalOf(t, id, 30_000);
    expect(row.status).toBe(JudgeStatus.SUBMITTED_FAILED);
    expect(row.error_message).toBe('Sending to Codeforces failed 5 times: CF refused the login of vjudge1: Invalid handle/email or password');
    const acc = (await api(t, 'GET', '/api/admin/remote-judge/account', { user: root })).body.data[0];
    expect(acc.lastError).toBe('CF refused the login of vjudge1: Invalid handle/email or password');
    // Fixed credentials: the user resubmits (spec 01 §4) and it goes through.
    await api(t, 'PUT', '/api/admin/remote-judge/account', { user: root, body: { id: accountId, password: 'secret1' } });
    const again = await api(t, 'GET', '/api/resubmit', { user, query: { submitId: id } });
    expect(again.body.status).toBe(200);
    expect((await finalOf(t, id)).status).toBe(JudgeStatus.ACCEPTED);
  });

  it('refuses a language the home site lacks and a switched-off site at submit time', async () => {
    let r = await api(t, 'POST', '/api/submit-problem-judge', { user, body: { pid: 'CF-1000A', language: 'Fortran', code: CODE }, lang: 'en-US' });
    expect(r.code).toBe(400);
    await api(t, 'PUT', '/api/admin/remote-judge/site', { user: root, body: { oj: 'CF', enabled: false, baseUrl: cf.url } });
    r = await api(t, 'POST', '/api/submit-problem-judge', { user, body: { pid: 'CF-1000A', language: 'C++ 17', code: CODE }, lang: 'en-US' });
    expect(r.body.msg).toBe('Remote judge Codeforces is switched off');
    await api(t, 'PUT', '/api/admin/remote-judge/site', { user: root, body: { oj: 'CF', enabled: true, baseUrl: cf.url } });
  });

  it('a cancel by the super admin stops following the remote run; its late verdict is not applied', async () => {
    const id = await submit(`${CODE}// cancelled\n`);
    await waitFor('the run id', () => t.ctx.db.selectFrom('remote_submission').select('run_id').where('submit_id', '=', id).where('run_id', 'is not', null).executeTakeFirst());
    const res = await api(t, 'GET', '/api/admin/judge/cancel-judge', { user: root, query: { submitId: id } });
    expect(res.body.status, res.body.msg).toBe(200);
    // The account is free again soon and the submission stays Cancelled.
    await waitFor('the account to be free', async () => !(await api(t, 'GET', '/api/admin/remote-judge/account', { user: root })).body.data[0].busy);
    await new Promise((r2) => setTimeout(r2, 500));
    expect((await t.ctx.db.selectFrom('submission').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe(JudgeStatus.CANCELLED);
  });

  it('never lets a local worker claim a remote task', async () => {
    await api(t, 'PUT', '/api/admin/remote-judge/account', { user: root, body: { id: accountId, enabled: false } });
    const id = await submit(`${CODE}// not for local workers\n`);
    expect(await t.ctx.services.judge.queue.claim('local-test')).toBeNull();
    await api(t, 'PUT', '/api/admin/remote-judge/account', { user: root, body: { id: accountId, enabled: true } });
    expect((await finalOf(t, id)).status).toBe(JudgeStatus.ACCEPTED);
  });
});

describe('remote problems in contests', () => {
  it('a contest submission to a remote problem lands on the contest scoreboard like a local one', async () => {
    const res = await api(t, 'POST', '/api/submit-problem-judge', { user, body: { pid: 'B', cid: contestId, language: 'C++ 17', code: `${CODE}// in contest\n` } });
    expect(res.body.status, res.body.msg).toBe(200);
    expect((await finalOf(t, res.body.data.submitId)).status).toBe(JudgeStatus.ACCEPTED);
    // The scoreboard listener runs right after the verdict is written.
    const mine = await waitFor('the scoreboard row', async () => {
      const rank = await api(t, 'POST', '/api/get-contest-rank', { user: root, body: { cid: contestId, limit: 50, currentPage: 1 } });
      return rank.body.data.records.find((r: { username: string; ac: number }) => r.username === user.username && r.ac === 1);
    });
    expect(mine.submissionInfo.B).toMatchObject({ isAC: true });
  });
});

describe('remote problems', () => {
  it('cannot get test cases', async () => {
    const p = await t.ctx.db.selectFrom('problem').select('id').where('problem_id', '=', 'CF-1000A').executeTakeFirstOrThrow();
    const view = await api(t, 'GET', '/api/admin/problem', { user: root, query: { pid: p.id } });
    expect(view.body.status).toBe(200);
    const body = {
      problem: { ...view.body.data, isRemote: false }, samples: [{ input: '1', output: '1' }], isUploadTestCase: false, judgeMode: 'default',
      languages: ['C++ 17'], tags: [], codeTemplates: [], changeModeCode: false,
    };
    const r = await api(t, 'PUT', '/api/admin/problem', { user: root, body, lang: 'en-US' });
    expect(r.body.msg).toBe('A remote problem is judged on its home site and cannot have test cases here');
    expect(await t.ctx.db.selectFrom('problem_case').select('id').where('pid', '=', p.id).executeTakeFirst()).toBeUndefined();
  });
});


import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, Role } from '@verdict/shared';
import { createTestApp, type TestApp } from '../helpers.js';
import { makeUser, type TestUser } from '../judge-fixtures.js';
import { api, finalOf, waitFor } from './fixtures.js';
import { startHdu, type HduStandIn } from './stand-ins/hdu.js';
import { startLibre, type LibreStandIn } from './stand-ins/libre.js';
import { startPoj, type PojStandIn } from './stand-ins/poj.js';
import { startSpoj, type SpojStandIn } from './stand-ins/spoj.js';

/**
 * HDU, POJ, SPOJ and LibreOJ end to end through the remote-judge module: each site switched on
 * at its stand-in, a pool account, the import writing problem, tags and languages, and remote
 * submissions through the real queue and worker to their final verdicts (with the CE message and
 * the failing test), including a session the site dropped.
 */
let t: TestApp;
let root: TestUser;
let user: TestUser;
let hdu: HduStandIn;
let poj: PojStandIn;
let spoj: SpojStandIn;
let libre: LibreStandIn;

const SITES = () => [
  { oj: 'HDU', url: hdu.site.url, account: 'vj_hdu', pid: '1000', title: 'A + B Problem', limits: [1000, 32], tags: [] as string[], language: 'C++' },
  { oj: 'POJ', url: poj.site.url, account: 'vj_poj', pid: '1000', title: 'A+B Problem', limits: [1000, 10], tags: [], language: 'C' },
  { oj: 'SPOJ', url: spoj.site.url, account: 'vj_spoj', pid: 'TEST', title: 'Life, the Universe, and Everything', limits: [10_000, 1536], tags: ['basics', 'simple-math'], language: 'Python3' },
  { oj: 'LIBRE', url: libre.site.url, account: 'vj_loj', pid: '2', title: '文本编辑器', limits: [3000, 512], tags: ['数据结构'], language: 'C++ 17 With O2' },
];

const source = (verdict: string) => `#include <cstdio>\n// VERDICT:${verdict} sent through the pool\nint main(){int a,b;scanf("%d%d",&a,&b);printf("%d\\n",a+b);}\n`;

async function submit(pid: string, language: string, code: string) {
  const res = await api(t, 'POST', '/api/submit-problem-judge', { user, body: { pid, language, code } });
  expect(res.body.msg, JSON.stringify(res.body)).toBe('success');
  return res.body.data.submitId as number;
}

beforeAll(async () => {
  [hdu, poj, spoj, libre] = await Promise.all([
    startHdu({ vj_hdu: 'pw-hdu' }), startPoj({ vj_poj: 'pw-poj' }), startSpoj({ vj_spoj: 'pw-spoj' }), startLibre({ vj_loj: 'pw-loj' }),
  ]);
  t = await createTestApp({}, { REMOTE_JUDGE_SLOTS: '2', REMOTE_JUDGE_POLL_MS: '30' });
  t.ctx.services.remoteJudge.timeoutMs = 2000;
  t.ctx.services.remoteJudge.minIntervalOverrideMs = 0;
  root = await makeUser(t, 'rootsites', Role.ROOT);
  user = await makeUser(t, 'usersites', Role.DEFAULT_USER);
  const sw = await t.ctx.services.siteConfig.switches();
  await t.ctx.services.siteConfig.set('switch', { ...sw, defaultSubmitInterval: 0, submitCaptchaPerMinute: 0 });
});
afterAll(async () => {
  await t?.close();
  await Promise.all([hdu?.close(), poj?.close(), spoj?.close(), libre?.close()]);
});

describe('HDU, POJ, SPOJ and LibreOJ through the module', () => {
  it('each site switches on with its adapter and language count, imports a problem with its tags and languages', async () => {
    for (const s of SITES()) {
      const sw = await api(t, 'PUT', '/api/admin/remote-judge/site', { user: root, body: { oj: s.oj, enabled: true, baseUrl: s.url } });
      expect(sw.body.data).toMatchObject({ oj: s.oj, enabled: true, supported: true });
      const acc = await api(t, 'POST', '/api/admin/remote-judge/account', { user: root, body: { oj: s.oj, username: s.account, password: `pw-${s.account.slice(3)}` } });
      expect(acc.body.status, JSON.stringify(acc.body)).toBe(200);
      const imp = await api(t, 'GET', '/api/admin/problem/import-remote-oj-problem', { user: root, query: { name: s.oj, problemId: s.pid } });
      expect(imp.body.status, JSON.stringify(imp.body)).toBe(200);
      const p = await t.ctx.db.selectFrom('problem').selectAll().where('problem_id', '=', `${s.oj}-${s.pid}`).executeTakeFirstOrThrow();
      expect(p).toMatchObject({ title: s.title, is_remote: 1, remote_oj: s.oj, remote_pid: s.pid, time_limit: s.limits[0], memory_limit: s.limits[1] });
      const tags = await t.ctx.db.selectFrom('problem_tag').innerJoin('tag', 'tag.id', 'problem_tag.tid').select('tag.name').where('pid', '=', p.id).execute();
      expect(tags.map((x) => x.name).sort()).toEqual([...s.tags].sort());
      const langs = await t.ctx.db.selectFrom('problem_language').select('language').where('pid', '=', p.id).execute();
      expect(langs.map((x) => x.language)).toContain(s.language);
    }
    const sites = (await api(t, 'GET', '/api/remote-judge/sites')).body.data as string[];
    expect([...sites].sort()).toEqual(['HDU', 'LIBRE', 'POJ', 'SPOJ']);
  });

  it('a missing problem and a malformed id say what failed, in both languages, and write nothing', async () => {
    let r = await api(t, 'GET', '/api/admin/problem/import-remote-oj-problem', { user: root, query: { name: 'HDU', problemId: '99999' }, lang: 'en-US' });
    expect(r.code).toBe(400);
    expect(r.body.msg).toBe('Problem 99999 does not exist on HDU');
    r = await api(t, 'GET', '/api/admin/problem/import-remote-oj-problem', { user: root, query: { name: 'SPOJ', problemId: 'NO-SUCH!' }, lang: 'zh-CN' });
    expect(r.code).toBe(400);
    expect(r.body.msg).toBe('"NO-SUCH!" 不是 SPOJ 的题号（例如 TEST）');
    r = await api(t, 'GET', '/api/admin/problem/import-remote-oj-problem', { user: root, query: { name: 'LIBRE', problemId: '999' }, lang: 'zh-CN' });
    expect(r.code).toBe(400);
    expect(r.body.msg).toBe('LibreOJ 上不存在题目 999');
    expect(await t.ctx.db.selectFrom('problem').select('id').where('problem_id', 'in', ['HDU-99999', 'LIBRE-999']).execute()).toEqual([]);
  });

  it('remote submissions end Accepted with time and memory, and on the other verdicts with the site words or the CE text', async () => {
    for (const s of SITES()) {
      const pid = `${s.oj}-${s.pid}`;
      const ac = await finalOf(t, await submit(pid, s.language, source('AC')), 30_000);
      expect(ac.status, s.oj).toBe(JudgeStatus.ACCEPTED);
      const ce = await finalOf(t, await submit(pid, s.language, source('CE')), 30_000);
      expect(ce.status, s.oj).toBe(JudgeStatus.COMPILE_ERROR);
      expect(ce.error_message, s.oj).toMatch(/error/);
      const wa = await finalOf(t, await submit(pid, s.language, source('WA')), 30_000);
      expect(wa.status, s.oj).toBe(JudgeStatus.WRONG_ANSWER);
    }
    const hduRun = hdu.runs[hdu.runs.length - 1];
    expect(hduRun).toMatchObject({ user: 'vj_hdu', problem: '1000', language: '0' });
    const lojWa = await t.ctx.db.selectFrom('submission').select(['error_message', 'time', 'memory']).where('pid', '=',
      (await t.ctx.db.selectFrom('problem').select('id').where('problem_id', '=', 'LIBRE-2').executeTakeFirstOrThrow()).id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(lojWa).toEqual({ error_message: 'Wrong Answer on test 3', time: 9, memory: 1020 });
  });

  it('logs in again when a site dropped the session, and the submission still ends with its verdict', async () => {
    for (const [site, s] of [[spoj, SITES()[2]], [libre, SITES()[3]]] as const) {
      site.expireSessions();
      const row = await finalOf(t, await submit(`${s.oj}-${s.pid}`, s.language, source('TLE')), 30_000);
      expect(row.status, s.oj).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
    }
  });

  it('LibreOJ asking for reCAPTCHA at login: the pool account says so in both languages, the submission waits and is retried later', async () => {
    const s = SITES()[3];
    const lastError = async (lang: 'en-US' | 'zh-CN') =>
      ((await api(t, 'GET', '/api/admin/remote-judge/account', { user: root, query: { oj: 'LIBRE' }, lang })).body.data as { username: string; lastError: string | null }[])
        .find((a) => a.username === s.account)!.lastError;
    libre.expireSessions();
    libre.recaptcha = true;
    const refusals = libre.recaptchaRefusals;
    const id = await submit(`${s.oj}-${s.pid}`, s.language, source('AC'));
    await waitFor('a reCAPTCHA refusal', async () => libre.recaptchaRefusals > refusals);
    const first = Date.now();
    const why = 'LibreOJ asks for a reCAPTCHA answer on auth/login (invalid-input-response)';
    expect(await waitFor('the account error', () => lastError('en-US'))).toBe(
      `LibreOJ asks for a captcha (reCAPTCHA) at the login of the pool account, which this server cannot answer; submissions wait and are retried later. If it lasts, ask the site to let the account skip the captcha: ${why}`);
    expect(await lastError('zh-CN')).toBe(`LibreOJ 登录账号池账号时要求验证码（reCAPTCHA），本服务器无法完成；提交会等待并稍后重试。若持续出现，请联系该站点为该账号开启免验证码：${why}`);
    // Not failed: still waiting, with the reason on its remote state; the next try comes 30 polls later, not at once.
    expect((await t.ctx.db.selectFrom('submission').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe(JudgeStatus.PENDING);
    expect((await t.ctx.db.selectFrom('remote_submission').select('last_error').where('submit_id', '=', id).executeTakeFirstOrThrow()).last_error).toBe(why);
    await waitFor('a second try', async () => libre.recaptchaRefusals > refusals + 1);
    expect(Date.now() - first).toBeGreaterThanOrEqual(800);
    // The site stops asking: the next try logs in and the submission gets its verdict; the account error clears.
    libre.recaptcha = false;
    expect((await finalOf(t, id, 30_000)).status).toBe(JudgeStatus.ACCEPTED);
    expect(await lastError('en-US')).toBeNull();
  });
});

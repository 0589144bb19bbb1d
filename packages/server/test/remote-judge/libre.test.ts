import { JudgeStatus } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libre } from '../../src/modules/remote-judge/sites/libre.js';
import { createSiteHttp } from '../../src/modules/remote-judge/site-http.js';
import { startLibre, type LibreStandIn } from './stand-ins/libre.js';
import { deadUrl, followRun, kindOf } from './stand-ins/script.js';

const frank = { id: 4, username: 'frank', password: 'frank-pw' };
const code = (verdict: string) => `#include <iostream>\n// VERDICT:${verdict}\nint main(){long long a,b;std::cin>>a>>b;std::cout<<a+b;}\n`;

let lojSite: LibreStandIn;
const http = () => createSiteHttp({ baseUrl: lojSite.site.url, minIntervalMs: 0 });

beforeAll(async () => {
  lojSite = await startLibre({ frank: frank.password });
});
afterAll(() => lojSite.close());

describe('LibreOJ adapter against the stand-in', () => {
  it('imports a problem from the JSON API: markdown sections by title, site-relative images made absolute, every sample, tags', async () => {
    const p = await libre.fetchProblem(http(), '1');
    expect(p).toMatchObject({ remoteId: '1', title: 'A + B Problem', timeLimitMs: 1000, memoryLimitMb: 256, tags: ['模板', '入门'] });
    expect(p.description).toBe(`**注意：本题原题 PDF 已失效。**\n\n输入 $a$ 和 $b$，输出 $a + b$ 的结果。\n\n![示意图](${lojSite.site.url}/images/aplusb.png)`);
    expect(p.input).toBe('一行两个正整数 $a$ 和 $b$。');
    expect(p.output).toBe('一行一个整数 $a + b$。');
    expect(p.examples).toEqual([{ input: '1 2\n', output: '3\n' }, { input: '10 20\n', output: '30\n' }]);
    expect(p.hint).toBe('### 样例\n\n$1 + 2 = 3$。\n\n$0 \\le a, b \\le 10^9$。');
    expect(p.source).toBe(`${lojSite.site.url}/p/1`);
  });

  it('English section titles map too; a missing problem is notFound, a submit-answer one is refused, a malformed id never leaves', async () => {
    const p = await libre.fetchProblem(http(), '2');
    expect(p).toMatchObject({ title: '文本编辑器', description: 'Maintain a text editor.', input: 'Operations, one per line.', output: 'The answers.', examples: [] });
    expect(await kindOf(libre.fetchProblem(http(), '999'))).toBe('notFound');
    expect(await kindOf(libre.fetchProblem(http(), '7'))).toBe('unsupportedLanguage');
    const before = lojSite.site.log.length;
    expect(await kindOf(libre.fetchProblem(http(), '1e3'))).toBe('notFound');
    expect(lojSite.site.log.length).toBe(before);
  });

  it('wrong credentials are loginRefused', async () => {
    expect(await kindOf(libre.login(http(), { ...frank, password: 'x' }))).toBe('loginRefused');
    expect(await kindOf(libre.login(http(), { ...frank, username: 'nobody' }))).toBe('loginRefused');
  });

  it('a login the site guards with reCAPTCHA (HTTP 401, GoogleRecaptchaException) is captcha, not a refusal of the password', async () => {
    lojSite.recaptcha = true;
    try {
      await expect(libre.login(http(), frank)).rejects.toMatchObject({
        kind: 'captcha', message: 'LibreOJ asks for a reCAPTCHA answer on auth/login (invalid-input-response)',
      });
      expect(lojSite.recaptchaRefusals).toBe(1);
    } finally {
      lojSite.recaptcha = false;
    }
    await libre.login(http(), frank);
  });

  it('submits with the bearer token to the internal problem id and follows Pending → Compiling → Running → Accepted', async () => {
    const h = http();
    await libre.login(h, frank);
    const source = code('AC');
    const runId = await libre.submit(h, frank, { problemId: '2', language: 'C++ 17 With O2', code: source });
    const run = lojSite.runs.find((r) => String(r.id) === runId)!;
    expect(run).toMatchObject({ user: 'frank', problem: '105', code: source });
    expect(JSON.parse(run.language)).toEqual({ language: 'cpp', compiler: 'g++', std: 'c++17', O: '2', m: '64' });
    const { seen, last } = await followRun(libre, h, frank, { problemId: '2', runId });
    expect(seen).toEqual([JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING, JudgeStatus.ACCEPTED]);
    expect(last).toEqual({ status: JudgeStatus.ACCEPTED, final: true, timeMs: 12, memoryKb: 1024 });
  });

  it('maps every final verdict with the failing test as detail and the CE message without colour codes', async () => {
    const h = http();
    await libre.login(h, frank);
    const expected = {
      WA: { status: JudgeStatus.WRONG_ANSWER, detail: 'Wrong Answer on test 3' },
      TLE: { status: JudgeStatus.TIME_LIMIT_EXCEEDED, detail: 'Time Limit Exceeded on test 2', timeMs: 2004 },
      MLE: { status: JudgeStatus.MEMORY_LIMIT_EXCEEDED, detail: 'Memory Limit Exceeded on test 1', memoryKb: 262_200 },
      RE: { status: JudgeStatus.RUNTIME_ERROR, detail: 'Runtime Error on test 2' },
      CE: { status: JudgeStatus.COMPILE_ERROR, compileMessage: "main.cpp:1:1: error: 'x' does not name a type\n    1 | x\n      | ^" },
    };
    for (const [verdict, want] of Object.entries(expected)) {
      const runId = await libre.submit(h, frank, { problemId: '1', language: 'Python3', code: code(verdict) });
      const { seen, last } = await followRun(libre, h, frank, { problemId: '1', runId });
      expect(seen[0]).toBe(JudgeStatus.PENDING);
      expect(last).toMatchObject({ final: true, ...want });
    }
  });

  it('every language of the table is one the site accepts; others are unsupportedLanguage', async () => {
    const h = http();
    await libre.login(h, frank);
    for (const language of Object.keys(libre.languages)) {
      expect(await libre.submit(h, frank, { problemId: '1', language, code: code('AC') })).toMatch(/^\d+$/);
    }
    expect(await kindOf(libre.submit(h, frank, { problemId: '1', language: 'Lua', code: code('AC') }))).toBe('unsupportedLanguage');
  });

  it('an expired token: submit and status say sessionExpired, a new login carries on; the rate limit is rateLimited', async () => {
    const h = http();
    expect(await kindOf(libre.submit(h, frank, { problemId: '1', language: 'C', code: code('AC') }))).toBe('sessionExpired');
    await libre.login(h, frank);
    const runId = await libre.submit(h, frank, { problemId: '1', language: 'C', code: code('RE') });
    lojSite.expireSessions();
    expect(await kindOf(libre.status(h, frank, { problemId: '1', runId }))).toBe('sessionExpired');
    expect(await kindOf(libre.submit(h, frank, { problemId: '1', language: 'C', code: code('AC') }))).toBe('sessionExpired');
    await libre.login(h, frank);
    expect((await followRun(libre, h, frank, { problemId: '1', runId })).last.status).toBe(JudgeStatus.RUNTIME_ERROR);
    expect(await kindOf(libre.status(h, frank, { problemId: '1', runId: '42' }))).toBe('notFound');
    lojSite.throttleNextSubmit();
    await expect(libre.submit(h, frank, { problemId: '1', language: 'C', code: code('AC') })).rejects.toMatchObject({ kind: 'rateLimited', retryAfterMs: 3000 });
  });

  it('an HTML page where JSON belongs is garbage; an unreachable API is unreachable', async () => {
    const h = http();
    await libre.login(h, frank);
    lojSite.garbage = true;
    try {
      expect(await kindOf(libre.fetchProblem(h, '1'))).toBe('garbage');
      expect(await kindOf(libre.status(h, frank, { problemId: '1', runId: '1900001' }))).toBe('garbage');
      expect(await kindOf(libre.login(http(), frank))).toBe('garbage');
    } finally {
      lojSite.garbage = false;
    }
    const dead = createSiteHttp({ baseUrl: await deadUrl(), minIntervalMs: 0, timeoutMs: 2000 });
    expect(await kindOf(libre.fetchProblem(dead, '1'))).toBe('unreachable');
  });
});

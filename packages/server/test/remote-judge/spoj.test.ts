import { JudgeStatus } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spoj } from '../../src/modules/remote-judge/sites/spoj.js';
import { createSiteHttp } from '../../src/modules/remote-judge/site-http.js';
import { startSpoj, type SpojStandIn } from './stand-ins/spoj.js';
import { deadUrl, followRun, kindOf } from './stand-ins/script.js';

const erin = { id: 3, username: 'erin', password: 'erin-pw' };
const code = (verdict: string) => `#include <cstdio>\n// VERDICT:${verdict}\nint main(){int n;while(scanf("%d",&n)==1&&n!=42)printf("%d\\n",n);}\n`;

let spojSite: SpojStandIn;
const http = () => createSiteHttp({ baseUrl: spojSite.site.url, minIntervalMs: 0 });

beforeAll(async () => {
  spojSite = await startSpoj({ erin: erin.password });
});
afterAll(() => spojSite.close());

describe('SPOJ adapter against the stand-in', () => {
  it('imports a problem: title without the code, limits in ms/MB, sections, the Input:/Output: sample, tags', async () => {
    expect(spoj.isProblemId('test')).toBe(false);
    const p = await spoj.fetchProblem(http(), 'TEST');
    expect(p).toMatchObject({ remoteId: 'TEST', title: 'Life, the Universe, and Everything', timeLimitMs: 10_000, memoryLimitMb: 1536 });
    expect(p.tags).toEqual(['basics', 'simple-math']);
    expect(p.description).toContain('in order to *find the Answer to Life, the Universe, and Everything.*');
    expect(p.input).toBe('Integers of one or two digits, one per line.');
    expect(p.output).toBe('The same integers, until 42.');
    expect(p.examples).toEqual([{ input: '1\n2\n88\n42\n99\n', output: '1\n2\n88\n' }]);
    expect(p.hint).toBe('');
    expect(p.source).toBe(`${spojSite.site.url}/problems/TEST/`);
  });

  it('a range of time limits takes the largest; images become absolute; notes and explanations go to the hint', async () => {
    const p = await spoj.fetchProblem(http(), 'PRIME1');
    expect(p.timeLimitMs).toBe(6000);
    expect(p.description).toContain(`![sieve](${spojSite.site.url}/content/prime1.png)`);
    expect(p.input).toBe('The input begins with the number t of test cases (t &lt;= 10).');
    expect(p.examples).toEqual([{ input: '2\n1 10\n3 5\n', output: '2\n3\n5\n7\n\n3\n5\n' }]);
    expect(p.hint).toContain('**Warning:** large Input/Output data');
    expect(p.hint).toContain('### Explanation\n\nBetween 1 and 10 the primes are 2, 3, 5 and 7.');
  });

  it('an unknown code is notFound (the site sends it elsewhere); a malformed one never reaches the site', async () => {
    expect(await kindOf(spoj.fetchProblem(http(), 'NOSUCH'))).toBe('notFound');
    const before = spojSite.site.log.length;
    expect(await kindOf(spoj.fetchProblem(http(), '../admin'))).toBe('notFound');
    expect(spojSite.site.log.length).toBe(before);
  });

  it('a wrong password is loginRefused', async () => {
    expect(await kindOf(spoj.login(http(), { ...erin, password: 'bad' }))).toBe('loginRefused');
  });

  it('submits the source as is and follows waiting, compiling, running to accepted (seconds and MB converted)', async () => {
    const h = http();
    await spoj.login(h, erin);
    const source = code('AC');
    const runId = await spoj.submit(h, erin, { problemId: 'TEST', language: 'C++', code: source });
    expect(spojSite.runs.find((r) => String(r.id) === runId)).toMatchObject({ user: 'erin', problem: 'TEST', language: '44', code: source });
    const { seen, last } = await followRun(spoj, h, erin, { problemId: 'TEST', runId });
    expect(seen).toEqual([JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING, JudgeStatus.ACCEPTED]);
    expect(last).toEqual({ status: JudgeStatus.ACCEPTED, final: true, timeMs: 10, memoryKb: 5325 });
  });

  it('maps every final verdict, with the runtime signal as detail and the CE message fetched', async () => {
    const h = http();
    await spoj.login(h, erin);
    const expected = {
      WA: { status: JudgeStatus.WRONG_ANSWER, timeMs: 20 },
      TLE: { status: JudgeStatus.TIME_LIMIT_EXCEEDED, timeMs: 1000 },
      MLE: { status: JudgeStatus.MEMORY_LIMIT_EXCEEDED, memoryKb: 1536 * 1024 },
      RE: { status: JudgeStatus.RUNTIME_ERROR, detail: 'runtime error (SIGSEGV)' },
      CE: { status: JudgeStatus.COMPILE_ERROR, compileMessage: "prog.cpp: In function 'int main()':\nprog.cpp:3:5: error: 'x' was not declared in this scope && more" },
    };
    for (const [verdict, want] of Object.entries(expected)) {
      const runId = await spoj.submit(h, erin, { problemId: 'TEST', language: 'Python3', code: code(verdict) });
      const { seen, last } = await followRun(spoj, h, erin, { problemId: 'TEST', runId });
      expect(seen[0]).toBe(JudgeStatus.PENDING);
      expect(last).toMatchObject({ final: true, ...want });
    }
  });

  it("the site's refusals: a language the problem does not take, a source over its limit, an unknown code", async () => {
    const h = http();
    await spoj.login(h, erin);
    expect(await kindOf(spoj.submit(h, erin, { problemId: 'PRIME1', language: 'Ruby', code: '# VERDICT:AC' }))).toBe('unsupportedLanguage');
    expect(await kindOf(spoj.submit(h, erin, { problemId: 'PRIME1', language: 'Swift', code: '' }))).toBe('unsupportedLanguage');
    await expect(spoj.submit(h, erin, { problemId: 'PRIME1', language: 'C', code: 'x'.repeat(300) })).rejects.toThrow(/longer than PRIME1 allows/);
    expect(await kindOf(spoj.submit(h, erin, { problemId: 'NOSUCH', language: 'C', code: code('AC') }))).toBe('notFound');
  });

  it('an expired session: submit and status say sessionExpired; a new login works again; 429 is rateLimited', async () => {
    const h = http();
    await spoj.login(h, erin);
    const runId = await spoj.submit(h, erin, { problemId: 'TEST', language: 'C', code: code('WA') });
    spojSite.expireSessions();
    expect(await kindOf(spoj.status(h, erin, { problemId: 'TEST', runId }))).toBe('sessionExpired');
    expect(await kindOf(spoj.submit(h, erin, { problemId: 'TEST', language: 'C', code: code('AC') }))).toBe('sessionExpired');
    await spoj.login(h, erin);
    expect((await followRun(spoj, h, erin, { problemId: 'TEST', runId })).last.status).toBe(JudgeStatus.WRONG_ANSWER);
    spojSite.throttleNextStatus();
    await expect(spoj.status(h, erin, { problemId: 'TEST', runId })).rejects.toMatchObject({ kind: 'rateLimited', retryAfterMs: 10_000 });
    // Someone else's run is not shown to us: notFound while our session is fine.
    expect(await kindOf(spoj.status(h, erin, { problemId: 'TEST', runId: '31200001' }))).toBe('notFound');
  });

  it('garbage answers are garbage; an unreachable site is unreachable', async () => {
    const h = http();
    await spoj.login(h, erin);
    spojSite.garbage = true;
    try {
      expect(await kindOf(spoj.fetchProblem(h, 'TEST'))).toBe('garbage');
      expect(await kindOf(spoj.status(h, erin, { problemId: 'TEST', runId: '31200001' }))).toBe('garbage');
      expect(await kindOf(spoj.login(http(), erin))).toBe('garbage');
    } finally {
      spojSite.garbage = false;
    }
    const dead = createSiteHttp({ baseUrl: await deadUrl(), minIntervalMs: 0, timeoutMs: 2000 });
    expect(await kindOf(spoj.submit(dead, erin, { problemId: 'TEST', language: 'C', code: code('AC') }))).toBe('unreachable');
  });
});

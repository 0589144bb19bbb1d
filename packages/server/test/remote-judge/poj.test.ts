import { JudgeStatus } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poj } from '../../src/modules/remote-judge/sites/poj.js';
import { createSiteHttp } from '../../src/modules/remote-judge/site-http.js';
import { startPoj, type PojStandIn } from './stand-ins/poj.js';
import { deadUrl, followRun, kindOf } from './stand-ins/script.js';

const bob = { id: 2, username: 'bob', password: 'bob-pw' };
const code = (verdict: string) => `#include <stdio.h>\n/* 注释 VERDICT:${verdict} */\nint main(){int a,b;scanf("%d%d",&a,&b);printf("%d\\n",a+b);return 0;}\n`;

let pojSite: PojStandIn;
const http = () => createSiteHttp({ baseUrl: pojSite.site.url, minIntervalMs: 0 });

beforeAll(async () => {
  pojSite = await startPoj({ bob: bob.password });
});
afterAll(() => pojSite.close());

describe('POJ adapter against the stand-in', () => {
  it('imports a problem: limits in ms/MB, markdown sections, an absolute image, the sample pair, the hint', async () => {
    const p = await poj.fetchProblem(http(), '1000');
    expect(p).toMatchObject({ remoteId: '1000', title: 'A+B Problem', timeLimitMs: 1000, memoryLimitMb: 10, tags: [] });
    expect(p.description).toBe(`Calculate a+b  \n![figure](${pojSite.site.url}/images/1000_1.jpg)`);
    expect(p.input).toBe('Two integer a,b (0&lt;=a,b&lt;=10)');
    expect(p.examples).toEqual([{ input: '1 2\n', output: '3\n' }]);
    expect(p.hint).toBe('Q: Where are the input and the output?  \nA: Your program shall always read input from stdin.');
    expect(p.source).toBe(`${pojSite.site.url}/problem?id=1000`);
  });

  it('reads a GBK page (charset in the header): Chinese text, superscripts, CRLF samples', async () => {
    const p = await poj.fetchProblem(http(), '1001');
    expect(p.title).toBe('求幂 Exponentiation');
    expect(p.timeLimitMs).toBe(500);
    expect(p.description).toBe('计算 R<sup>n</sup>，其中 0.0 &lt; R &lt; 99.999。');
    expect(p.examples[0].input).toBe('95.123 12\n0.4321 20\n');
  });

  it('a missing problem is notFound; a malformed id is refused before any request', async () => {
    expect(await kindOf(poj.fetchProblem(http(), '9999'))).toBe('notFound');
    const before = pojSite.site.log.length;
    expect(await kindOf(poj.fetchProblem(http(), '1000; DROP'))).toBe('notFound');
    expect(pojSite.site.log.length).toBe(before);
  });

  it('a wrong password is loginRefused', async () => {
    expect(await kindOf(poj.login(http(), { ...bob, password: 'wrong' }))).toBe('loginRefused');
  });

  it('submits the base64 source and follows Waiting, Compiling, Running & Judging to Accepted', async () => {
    const h = http();
    await poj.login(h, bob);
    const source = code('AC');
    const runId = await poj.submit(h, bob, { problemId: '1000', language: 'C', code: source });
    const run = pojSite.runs.find((r) => String(r.id) === runId)!;
    expect(run).toMatchObject({ user: 'bob', problem: '1000', language: '1', code: source });
    const { seen, last } = await followRun(poj, h, bob, { problemId: '1000', runId });
    expect(seen).toEqual([JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING, JudgeStatus.ACCEPTED]);
    expect(last).toMatchObject({ final: true, timeMs: 16, memoryKb: 164 });
  });

  it('maps every final verdict and fetches the CE message', async () => {
    const h = http();
    await poj.login(h, bob);
    const expected = {
      WA: JudgeStatus.WRONG_ANSWER, TLE: JudgeStatus.TIME_LIMIT_EXCEEDED, MLE: JudgeStatus.MEMORY_LIMIT_EXCEEDED,
      RE: JudgeStatus.RUNTIME_ERROR, PE: JudgeStatus.PRESENTATION_ERROR, CE: JudgeStatus.COMPILE_ERROR,
    };
    for (const [verdict, status] of Object.entries(expected)) {
      const runId = await poj.submit(h, bob, { problemId: '1001', language: 'C++', code: code(verdict) });
      const { seen, last } = await followRun(poj, h, bob, { problemId: '1001', runId });
      expect(seen.slice(0, 2)).toEqual([JudgeStatus.PENDING, JudgeStatus.COMPILING]);
      expect(last).toMatchObject({ status, final: true });
      if (verdict === 'CE') expect(last.compileMessage).toContain("Main.cpp:2: error: expected ';' before 'return' <编译失败>");
      if (verdict === 'PE') expect(last).toMatchObject({ timeMs: 0, memoryKb: 160 });
      // POJ shows time and memory for accepted runs only: the others stay unknown, not 0.
      if (verdict === 'WA') expect([last.timeMs, last.memoryKb]).toEqual([undefined, undefined]);
    }
  });

  it('an unsupported language and a problem the site refuses are reported as such', async () => {
    const h = http();
    await poj.login(h, bob);
    expect(await kindOf(poj.submit(h, bob, { problemId: '1000', language: 'Python3', code: code('AC') }))).toBe('unsupportedLanguage');
    expect(await kindOf(poj.submit(h, bob, { problemId: '4999', language: 'C', code: code('AC') }))).toBe('notFound');
  });

  it('an expired session is sessionExpired; a new login lets the submission through', async () => {
    const h = http();
    await poj.login(h, bob);
    pojSite.expireSessions();
    expect(await kindOf(poj.submit(h, bob, { problemId: '1000', language: 'C', code: code('AC') }))).toBe('sessionExpired');
    await poj.login(h, bob);
    expect(await poj.submit(h, bob, { problemId: '1000', language: 'C', code: code('AC') })).toMatch(/^\d+$/);
  });

  it('garbage pages are garbage; an unknown run is notFound; an unreachable site is unreachable', async () => {
    expect(await kindOf(poj.status(http(), bob, { problemId: '1000', runId: '5' }))).toBe('notFound');
    pojSite.garbage = true;
    try {
      expect(await kindOf(poj.fetchProblem(http(), '1000'))).toBe('garbage');
      expect(await kindOf(poj.login(http(), bob))).toBe('garbage');
      expect(await kindOf(poj.status(http(), bob, { problemId: '1000', runId: '21780001' }))).toBe('garbage');
    } finally {
      pojSite.garbage = false;
    }
    const dead = createSiteHttp({ baseUrl: await deadUrl(), minIntervalMs: 0, timeoutMs: 2000 });
    expect(await kindOf(poj.status(dead, bob, { problemId: '1000', runId: '21780001' }))).toBe('unreachable');
  });
});

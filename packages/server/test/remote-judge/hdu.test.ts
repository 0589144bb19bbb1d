import { JudgeStatus } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hdu } from '../../src/modules/remote-judge/sites/hdu.js';
import { createSiteHttp } from '../../src/modules/remote-judge/site-http.js';
import { startHdu, type HduStandIn } from './stand-ins/hdu.js';
import { deadUrl, followRun, kindOf } from './stand-ins/script.js';

const alice = { id: 1, username: 'alice', password: 'alice-pw' };
const code = (verdict: string) => `#include <cstdio>\n// 你好 VERDICT:${verdict} 100% + & = ?\nint main(){int a,b;while(scanf("%d%d",&a,&b)==2)printf("%d\\n",a+b);}\n`;

let hduSite: HduStandIn;
const http = () => createSiteHttp({ baseUrl: hduSite.site.url, minIntervalMs: 0 });

beforeAll(async () => {
  hduSite = await startHdu({ alice: alice.password });
});
afterAll(() => hduSite.close());

describe('HDU adapter against the stand-in', () => {
  it('imports a problem: limits of C/C++, markdown statement with an absolute image, samples with CRLF normalised, the hint box', async () => {
    const p = await hdu.fetchProblem(http(), '1000');
    expect(p).toMatchObject({ remoteId: '1000', title: 'A + B Problem', timeLimitMs: 1000, memoryLimitMb: 32, tags: [] });
    expect(p.description).toContain('Calculate *A + B*.');
    expect(p.description).toContain(`![](${hduSite.site.url}/data/images/C1-1000-1.jpg)`);
    expect(p.input).toBe('Each line will contain two integers *A* and *B*. Process to end of file.');
    expect(p.examples).toEqual([{ input: '1 1\n2 3\n', output: '2\n5\n' }]);
    expect(p.hint).toBe('Use **64-bit** integers & read until EOF.');
    expect(p.source).toBe(`${hduSite.site.url}/showproblem.php?pid=1000`);
  });

  it('reads a GBK page (Chinese title and statement) without mojibake', async () => {
    const p = await hdu.fetchProblem(http(), '1002');
    expect(p.title).toBe('大数加法 A + B Problem II');
    expect(p.description).toBe('给定两个正整数 A 和 B，计算 A + B（每个数不超过 1000 位）。');
    expect(p.input).toBe('第一行是测试组数 T (1&lt;=T&lt;=20)。');
    expect(p.memoryLimitMb).toBe(64);
  });

  it('a missing problem is notFound, a malformed id never reaches the site', async () => {
    expect(await kindOf(hdu.fetchProblem(http(), '99999'))).toBe('notFound');
    const before = hduSite.site.log.length;
    expect(hdu.isProblemId('10a0')).toBe(false);
    expect(await kindOf(hdu.fetchProblem(http(), '10a0'))).toBe('notFound');
    expect(hduSite.site.log.length).toBe(before);
  });

  it('a wrong password is loginRefused', async () => {
    expect(await kindOf(hdu.login(http(), { ...alice, password: 'nope' }))).toBe('loginRefused');
  });

  it('submits (base64 of the URL-encoded source, as the form does) and follows the run through Queuing, Compiling, Running to Accepted', async () => {
    const h = http();
    await hdu.login(h, alice);
    const source = code('AC');
    const runId = await hdu.submit(h, alice, { problemId: '1000', language: 'C++', code: source });
    const run = hduSite.runs.find((r) => String(r.id) === runId)!;
    expect(run).toMatchObject({ user: 'alice', problem: '1000', language: '0' });
    expect(run.code).toBe(source);
    const { seen, last } = await followRun(hdu, h, alice, { problemId: '1000', runId });
    expect(seen).toEqual([JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING, JudgeStatus.ACCEPTED]);
    expect(last).toMatchObject({ final: true, timeMs: 15, memoryKb: 1748 });
  });

  it('maps every final verdict, with the RE kind as detail and the CE message fetched', async () => {
    const h = http();
    await hdu.login(h, alice);
    const expected = {
      WA: { status: JudgeStatus.WRONG_ANSWER, timeMs: 31 },
      TLE: { status: JudgeStatus.TIME_LIMIT_EXCEEDED, timeMs: 1000 },
      MLE: { status: JudgeStatus.MEMORY_LIMIT_EXCEEDED, memoryKb: 32772 },
      RE: { status: JudgeStatus.RUNTIME_ERROR, detail: 'Runtime Error (STACK_OVERFLOW)' },
      PE: { status: JudgeStatus.PRESENTATION_ERROR },
      CE: { status: JudgeStatus.COMPILE_ERROR, compileMessage: expect.stringContaining("error: 'x' was not declared in this scope & <stdio.h> is missing") },
    };
    for (const [verdict, want] of Object.entries(expected)) {
      const runId = await hdu.submit(h, alice, { problemId: '1000', language: 'C', code: code(verdict) });
      const { seen, last } = await followRun(hdu, h, alice, { problemId: '1000', runId });
      expect(seen[0]).toBe(JudgeStatus.PENDING);
      expect(last).toMatchObject({ final: true, ...want });
    }
  });

  it('a language HDU lacks is unsupportedLanguage; a site asking to slow down is rateLimited', async () => {
    const h = http();
    await hdu.login(h, alice);
    expect(await kindOf(hdu.submit(h, alice, { problemId: '1000', language: 'Rust', code: code('AC') }))).toBe('unsupportedLanguage');
    hduSite.rejectNextSubmitAsTooFast();
    await expect(hdu.submit(h, alice, { problemId: '1000', language: 'C++', code: code('AC') })).rejects.toMatchObject({ kind: 'rateLimited', retryAfterMs: 5000 });
  });

  it('an expired session is sessionExpired; after a new login the submission goes through', async () => {
    const h = http();
    await hdu.login(h, alice);
    hduSite.expireSessions();
    expect(await kindOf(hdu.submit(h, alice, { problemId: '1000', language: 'C++', code: code('AC') }))).toBe('sessionExpired');
    await hdu.login(h, alice);
    expect(await hdu.submit(h, alice, { problemId: '1000', language: 'C++', code: code('AC') })).toMatch(/^\d+$/);
  });

  it('a run the site does not list is notFound', async () => {
    expect(await kindOf(hdu.status(http(), alice, { problemId: '1000', runId: '1' }))).toBe('notFound');
  });

  it('garbage pages are garbage, an unreachable site is unreachable', async () => {
    hduSite.garbage = true;
    try {
      expect(await kindOf(hdu.fetchProblem(http(), '1000'))).toBe('garbage');
      expect(await kindOf(hdu.status(http(), alice, { problemId: '1000', runId: '38000001' }))).toBe('garbage');
      expect(await kindOf(hdu.login(http(), alice))).toBe('garbage');
    } finally {
      hduSite.garbage = false;
    }
    const dead = createSiteHttp({ baseUrl: await deadUrl(), minIntervalMs: 0, timeoutMs: 2000 });
    expect(await kindOf(hdu.fetchProblem(dead, '1000'))).toBe('unreachable');
    expect(await kindOf(hdu.login(dead, alice))).toBe('unreachable');
  });
});

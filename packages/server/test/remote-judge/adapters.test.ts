import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RemoteJudgeError } from '../../src/modules/remote-judge/adapter.js';
import { inputValue } from '../../src/modules/remote-judge/html.js';
import { createSecretBox } from '../../src/modules/remote-judge/secrets.js';
import { createSiteHttp } from '../../src/modules/remote-judge/site-http.js';
import { atcoder } from '../../src/modules/remote-judge/sites/atcoder.js';
import { cfStatementMarkdown, codeforces } from '../../src/modules/remote-judge/sites/codeforces.js';
import { html } from './stand-in.js';
import { startAcStandIn, type AcStandIn } from './stand-ins/ac.js';
import { startCfStandIn, type CfStandIn } from './stand-ins/cf.js';

/** The adapters alone against their stand-ins: the failure kinds the worker and the admin rely on. */
let cf: CfStandIn;
let ac: AcStandIn;
beforeAll(async () => {
  cf = await startCfStandIn();
  ac = await startAcStandIn();
});
afterAll(async () => {
  await cf.close();
  await ac.close();
});

async function kind(p: Promise<unknown>) {
  try {
    await p;
    return 'ok';
  } catch (e) {
    return e instanceof RemoteJudgeError ? `${e.kind}: ${e.message}` : `other: ${String(e)}`;
  }
}

const httpOf = (url: string) => createSiteHttp({ baseUrl: url, minIntervalMs: 0, timeoutMs: 2000 });

describe('Codeforces adapter', () => {
  it('validates problem ids of CF and GYM', () => {
    expect(['1000A', '1520B1', '1'].map(codeforces.isProblemId)).toEqual([true, true, false]);
    expect(codeforces.isProblemId('100001A')).toBe(false);
  });

  it('tells a refused login from a page it does not know', async () => {
    const h = httpOf(cf.url);
    expect(await kind(codeforces.login(h, { id: 1, username: 'vjudge1', password: 'bad' }))).toBe('loginRefused: CF refused the login of vjudge1');
    expect(await kind(codeforces.login(h, { id: 1, username: 'vjudge1', password: 'secret1' }))).toBe('ok');
    cf.route('GET /enter', () => html('<html><body>Codeforces is under maintenance</body></html>'));
    expect(await kind(codeforces.login(httpOf(cf.url), { id: 1, username: 'vjudge1', password: 'secret1' }))).toBe('garbage: CF: the login page has no csrf_token');
  });

  it('reports an expired session on submit, and garbage status answers', async () => {
    const h = httpOf(cf.url);
    expect(await kind(codeforces.submit(h, { id: 1, username: 'vjudge1', password: 'secret1' }, { problemId: '1000A', language: 'C++ 17', code: 'x' }))).toBe('sessionExpired: CF: the session of vjudge1 has expired');
    expect(await kind(codeforces.submit(h, { id: 1, username: 'vjudge1', password: 'secret1' }, { problemId: '1000A', language: 'Brainfuck', code: 'x' }))).toMatch(/^unsupportedLanguage/);
    cf.route('GET /api/contest.status', () => html('<html><body>Redirecting... Please, wait.</body></html>'));
    expect(await kind(codeforces.status(h, { id: 1, username: 'vjudge1', password: '' }, { problemId: '1000A', runId: '1' }))).toBe('garbage: CF: contest.status did not answer JSON (HTTP 200)');
  });
});

describe('AtCoder adapter', () => {
  it('validates task ids and refuses a wrong password', async () => {
    expect(['abc300_a', 'tenka1_2019_a', 'abc300', 'ABC300_A'].map(atcoder.isProblemId)).toEqual([true, true, false, false]);
    expect(await kind(atcoder.login(httpOf(ac.url), { id: 2, username: 'acpool', password: 'x' }))).toBe('loginRefused: AC refused the login of acpool');
  });

  it('says so when a status page has no status', async () => {
    ac.route('GET /contests/:contest/submissions/:id', () => html('<html><body><h1>Sorry, we are busy</h1></body></html>'));
    expect(await kind(atcoder.status(httpOf(ac.url), { id: 2, username: 'acpool', password: '' }, { problemId: 'abc300_a', runId: '5' }))).toBe('garbage: AC: submission 5 has no status cell');
  });
});

describe('helpers', () => {
  it('turns statement HTML into markdown with absolute image links and TeX', () => {
    const md = cfStatementMarkdown('<p>Let $$$n$$$ be <b>big</b>.</p><p><img src="/img/a.png"></p><ul><li>one</li><li>two &lt; three</li></ul>', 'https://site.example');
    // A '<' in text stays an entity, so the markdown renderer shows it as text, never as a tag.
    expect(md).toBe('Let $n$ be **big**.\n\n![](https://site.example/img/a.png)\n\n- one\n- two &lt; three');
    expect(inputValue(`<input type='hidden' name='csrf_token' value='abc'/>`, 'csrf_token')).toBe('abc');
  });

  it('seals secrets so only the same key opens them', () => {
    const a = createSecretBox('key-a');
    const sealed = a.seal('p@ss');
    expect(sealed).not.toContain('p@ss');
    expect(a.seal('p@ss')).not.toBe(sealed);
    expect(a.open(sealed)).toBe('p@ss');
    expect(createSecretBox('key-b').open(sealed)).toBeNull();
    expect(a.open('garbage')).toBeNull();
  });
});

import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RemoteJudgeError } from '../../src/modules/remote-judge/adapter.js';
import { inputValue } from '../../src/modules/remote-judge/html.js';
import { createSecretBox } from '../../src/modules/remote-judge/secrets.js';
import { createSiteHttp } from '../../src/modules/remote-judge/site-http.js';
import { atcoder } from '../../src/modules/remote-judge/sites/atcoder.js';
import { cfStatementMarkdown, codeforces, rcpcChallenge, rcpcCookie } from '../../src/modules/remote-judge/sites/codeforces.js';
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
    expect(await kind(codeforces.login(h, { id: 1, username: 'vjudge1', password: 'bad' }))).toBe('loginRefused: CF refused the login of vjudge1: Invalid handle/email or password');
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

describe('Codeforces anti-bot page and refusals', () => {
  const pool = { id: 7, username: 'vjudge1', password: 'secret1' };
  let site: CfStandIn;
  beforeAll(async () => {
    site = await startCfStandIn();
  });
  afterAll(async () => {
    await site.close();
  });

  it('computes the RCPC cookie as the page\'s script does (AES-128-CBC decrypt of c, key a, iv b, no padding)', () => {
    const key = crypto.randomBytes(16);
    const iv = crypto.randomBytes(16);
    const cookie = crypto.randomBytes(16);
    const enc = crypto.createCipheriv('aes-128-cbc', key, iv).setAutoPadding(false);
    const c = Buffer.concat([enc.update(cookie), enc.final()]).toString('hex');
    const page = `<html><body>Redirecting... Please, wait.<script type="text/javascript" src="/aes.min.js" ></script><script>var a=toNumbers("${key.toString('hex')}"),b=toNumbers("${iv.toString('hex')}"),c=toNumbers("${c}");document.cookie="RCPC="+toHex(slowAES.decrypt(c,2,a,b))+"; path=/";</script></body></html>`;
    const challenge = rcpcChallenge(page);
    expect(challenge).toEqual({ a: key.toString('hex'), b: iv.toString('hex'), c });
    expect(rcpcCookie(challenge!)).toBe(cookie.toString('hex'));
    // A problem page is not the anti-bot page; a broken one says what is missing.
    expect(rcpcChallenge('<div class="problem-statement">toNumbers(x)</div>')).toBeNull();
    expect(() => rcpcChallenge('<script src="/aes.min.js"></script><script>var a=toNumbers("00");document.cookie="RCPC="+1</script>')).toThrow('CF: the anti-bot page (RCPC) does not carry the values a, b and c');
  });

  it('passes the anti-bot page: solves the cookie, repeats the request once, and later clients send it at once', async () => {
    site.antiBot = 'on';
    const p = await codeforces.fetchProblem(httpOf(site.url), '1000A');
    expect(p.title).toBe('Codeforces Checking');
    expect(site.antiBotPages).toBe(1);
    const sent = site.log.filter((r) => r.url === '/problemset/problem/1000/A');
    expect(sent.map((r) => r.cookies.RCPC ?? null)).toEqual([null, site.rcpc]);
    // A new cookie jar (the next preview) sends the solved cookie from its first request.
    expect((await codeforces.fetchProblem(httpOf(site.url), '1000B')).title).toBe('Light It Up');
    expect(site.antiBotPages).toBe(1);
    // Login (which starts a fresh jar), submit and status all get through.
    const h = httpOf(site.url);
    await codeforces.login(h, pool);
    const runId = await codeforces.submit(h, pool, { problemId: '1000A', language: 'C++ 17', code: 'int main() {}' });
    expect(await codeforces.status(h, pool, { problemId: '1000A', runId })).toMatchObject({ final: false });
    expect(site.antiBotPages).toBe(1);
  });

  it('gives a clear error when the anti-bot page comes back after its cookie was set', async () => {
    site.antiBot = 'always';
    const before = site.antiBotPages;
    expect(await kind(codeforces.fetchProblem(httpOf(site.url), '1000A'))).toBe('antiBot: CF: /problemset/problem/1000/A answered the anti-bot page (RCPC) again after its cookie was set');
    // One try and one repeat, no more.
    expect(site.antiBotPages - before).toBe(2);
    site.antiBot = 'off';
  });

  it('sends the same code twice as two submissions, and names a refusal as a copy', async () => {
    const h = httpOf(site.url);
    await codeforces.login(h, pool);
    const code = '#include <cstdio>\nint main() { std::puts("same"); }\n';
    const first = await codeforces.submit(h, pool, { problemId: '1000B', language: 'C++ 17', code });
    const second = await codeforces.submit(h, pool, { problemId: '1000B', language: 'C++ 17', code });
    expect(second).not.toBe(first);
    // A site that ignores the added blanks refuses it, and the message says why.
    site.sameCodeIgnoresBlanks = true;
    expect(await kind(codeforces.submit(h, pool, { problemId: '1000B', language: 'C++ 17', code }))).toBe('garbage: CF refused the code as a copy of an earlier submission of vjudge1 ("You have submitted exactly the same code before")');
    site.sameCodeIgnoresBlanks = false;
  });
});

describe('AtCoder adapter', () => {
  it('validates task ids and refuses a wrong password', async () => {
    expect(['abc300_a', 'tenka1_2019_a', 'abc300', 'ABC300_A'].map(atcoder.isProblemId)).toEqual([true, true, false, false]);
    expect(await kind(atcoder.login(httpOf(ac.url), { id: 2, username: 'acpool', password: 'x' }))).toBe('loginRefused: AC refused the login of acpool');
  });

  it('says so when the login form asks for a captcha', async () => {
    ac.captchaAtLogin = true;
    expect(await kind(atcoder.login(httpOf(ac.url), { id: 2, username: 'acpool', password: 'acsecret' }))).toBe('loginRefused: AC refused the login of acpool: the login form asks for a captcha, which this server cannot answer');
    ac.captchaAtLogin = false;
    expect(await kind(atcoder.login(httpOf(ac.url), { id: 2, username: 'acpool', password: 'acsecret' }))).toBe('ok');
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

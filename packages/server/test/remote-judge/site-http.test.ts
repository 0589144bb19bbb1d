import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RemoteJudgeError } from '../../src/modules/remote-judge/adapter.js';
import { createSiteHttp } from '../../src/modules/remote-judge/site-http.js';
import { html, json, redirect, setCookie, startStandIn, type StandIn } from './stand-in.js';

let site: StandIn;

beforeAll(async () => {
  site = await startStandIn({
    'GET /enter': () => html('<form><input name="csrf_token" value="t1"></form>', { setCookies: [setCookie('JSESSIONID', 'anon')] }),
    'POST /enter': (req) =>
      req.form.password === 'pw' && req.cookies.JSESSIONID === 'anon'
        ? redirect('/profile', [setCookie('JSESSIONID', 'user-' + req.form.handle)])
        : html('Invalid handle or password'),
    'GET /profile': (req) => html(`hello ${req.cookies.JSESSIONID ?? 'nobody'}`),
    'GET /logout': () => redirect('/', [setCookie('JSESSIONID', 'x', { maxAge: 0 })]),
    'GET /': (req) => html(`home ${req.cookies.JSESSIONID ?? 'nobody'}`),
    'GET /api': (req) => json({ status: 'OK', q: req.query.get('q') }),
    'POST /api': (req) => json({ got: req.json }),
    'GET /slow': () => new Promise((r) => setTimeout(() => r(html('late')), 3000)),
    'GET /broken': () => ({ status: 502, body: 'Bad Gateway' }),
    'GET /busy': () => ({ status: 429, headers: { 'retry-after': '7' }, body: 'slow down' }),
    'GET /loop': () => redirect('/loop'),
  });
});
afterAll(() => site.close());

async function kindOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    return e instanceof RemoteJudgeError ? e.kind : `other: ${String(e)}`;
  }
}

describe('site http', () => {
  it('keeps the cookies set on a redirect and sends them on, per instance', async () => {
    const a = createSiteHttp({ baseUrl: site.url, minIntervalMs: 0 });
    const b = createSiteHttp({ baseUrl: site.url, minIntervalMs: 0 });
    await a.get('/enter');
    const login = await a.postForm('/enter', { handle: 'alice', password: 'pw' });
    // The POST's 302 set the session; the followed GET already carried it.
    expect(login.status).toBe(200);
    expect(login.url).toBe(site.url + '/profile');
    expect(login.text).toBe('hello user-alice');
    expect((await b.get('/profile')).text).toBe('hello nobody');
    // A cookie sent back with Max-Age=0 (logout) is forgotten.
    expect((await a.get('/logout')).text).toBe('home nobody');
    await a.get('/enter');
    await a.postForm('/enter', { handle: 'alice', password: 'pw' });
    a.clearCookies();
    expect((await a.get('/profile')).text).toBe('hello nobody');
  });

  it('speaks JSON both ways and passes the query', async () => {
    const h = createSiteHttp({ baseUrl: site.url + '/', minIntervalMs: 0 });
    expect((await h.get('/api', { query: { q: 'a b&c' } })).json()).toEqual({ status: 'OK', q: 'a b&c' });
    expect((await h.postJson('/api', { x: [1] })).json()).toEqual({ got: { x: [1] } });
    const page = await h.get('/profile');
    expect(await kindOf((async () => page.json())())).toBe('garbage');
  });

  it('keeps the minimum interval between requests to one site, across accounts', async () => {
    const a = createSiteHttp({ baseUrl: site.url, minIntervalMs: 150 });
    const b = createSiteHttp({ baseUrl: site.url, minIntervalMs: 150 });
    const t0 = Date.now();
    await Promise.all([a.get('/'), b.get('/'), a.get('/')]);
    // Three requests need two full intervals after the first.
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
  });

  it('turns a timeout, a refused connection and a 5xx into unreachable; 429 into rateLimited', async () => {
    const h = createSiteHttp({ baseUrl: site.url, minIntervalMs: 0, timeoutMs: 300 });
    expect(await kindOf(h.get('/slow'))).toBe('unreachable');
    expect(await kindOf(h.get('/broken'))).toBe('unreachable');
    const busy = await h.get('/busy').catch((e: unknown) => e);
    expect(busy).toBeInstanceOf(RemoteJudgeError);
    expect((busy as RemoteJudgeError).kind).toBe('rateLimited');
    expect((busy as RemoteJudgeError).retryAfterMs).toBe(7000);
    expect(await kindOf(h.get('/loop'))).toBe('garbage');
    // A port nobody listens on.
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const gone = createSiteHttp({ baseUrl: `http://127.0.0.1:${port}`, minIntervalMs: 0 });
    const err = await gone.get('/').catch((e: unknown) => e);
    expect((err as RemoteJudgeError).kind).toBe('unreachable');
    expect((err as Error).message).toContain('ECONNREFUSED');
  });
});

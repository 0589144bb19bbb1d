/**
 * First visit (issue 12): real Chromium with a cold cache loads the main screens of the BUILT site
 * and prints, per screen, the requests made before the page is idle, the JavaScript / CSS / total
 * bytes transferred (as sent on the wire, so compressed when the server compresses), first
 * contentful paint and largest contentful paint; once on the loopback and once under a throttled
 * profile (10 Mbit/s, 40 ms round trip, through CDP Network.emulateNetworkConditions).
 *
 *   npx tsx bench/first-load.ts [--server packages/server/dist/main.js] [--web packages/web/dist] [--runs 3] [--only /home --verbose]
 *
 * The server is `node <server main>` (as `npm run serve`) on a free port with a fresh DATA_DIR on
 * SQLite, its seeded demo problems, an admin and one running contest; `--server` / `--web` point at
 * another build (e.g. the one before a change) to compare. Each figure is the median of `--runs`
 * cold loads (a new browser context each, so nothing is cached). "Idle" is: the screen's marker is
 * shown, no request is in flight and none started for 500 ms; the live channel (/api/stream, which
 * stays open on contest screens) is counted as a request but does not keep the page busy.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const arg = (name: string, dflt: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const SERVER_MAIN = path.resolve(arg('server', path.join(root, 'packages/server/dist/main.js')));
const WEB_DIST = path.resolve(arg('web', path.join(root, 'packages/web/dist')));
const RUNS = Number(arg('runs', '3'));
const ONLY = arg('only', '');
const VERBOSE = argv.includes('--verbose');
const ADMIN = { username: 'admin', password: 'BenchAdmin123' };

const THROTTLED = { offline: false, latency: 40, downloadThroughput: (10e6 / 8), uploadThroughput: (10e6 / 8) };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function startSite(): Promise<{ child: ChildProcess; base: string; dataDir: string }> {
  for (const f of [SERVER_MAIN, path.join(WEB_DIST, 'index.html')]) if (!fs.existsSync(f)) throw new Error(`${f} is missing: run "npm run build" first`);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-bench-first-load-'));
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', WEB_DIST,
      ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn', JUDGE_LOCAL_SLOTS: '0',
    },
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return { child, base, dataDir };
}

async function call(base: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}/api/${url}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en-US', ...(token ? { Authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const env = (await res.json()) as { status: number; msg: string; data: any };
  if (env.status !== 200) throw new Error(`${url}: ${env.status} ${env.msg}`);
  return { data: env.data, token: res.headers.get('authorization') };
}

interface Load { requests: number; js: number; css: number; total: number; fcp: number; lcp: number }

/** One cold load of `url` in a new context; bytes are CDP's encodedDataLength (headers + body on the wire). */
async function coldLoad(browser: Browser, url: string, ready: string, session: { token: string; user: unknown } | null, throttle: boolean): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  if (session) {
    await context.addInitScript(([t, u]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('userInfo', u);
    }, [session.token, JSON.stringify(session.user)] as const);
  }
  await context.addInitScript(() => {
    // Paint timings are reported to observers registered before the first paint; keep them.
    const w = window as unknown as { __fcp?: number; __lcp?: number };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') w.__fcp = e.startTime;
    }).observe({ type: 'paint', buffered: true });
    new PerformanceObserver((list) => {
      const e = list.getEntries();
      w.__lcp = e[e.length - 1].startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  // A logged-in tab holds the live stream open (the navbar's unread count): it never finishes,
  // so 'networkidle' would never come. Refused here, and not counted as a first-load request.
  await context.route('**/api/stream**', (route) => route.abort());
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttle) await cdp.send('Network.emulateNetworkConditions', THROTTLED);
  const kind = new Map<string, string>();
  const urls = new Map<string, string>();
  const acc = { requests: 0, js: 0, css: 0, total: 0 };
  // Idle = nothing in flight and nothing new for 500 ms. The live channel (/api/stream, a response
  // that never ends on contest screens) counts as a request but not as activity.
  const inFlight = new Set<string>();
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', (e) => {
    acc.requests++;
    if (!e.request.url.includes('/api/stream')) {
      inFlight.add(e.requestId);
      lastActivity = Date.now();
    }
  });
  cdp.on('Network.responseReceived', (e) => {
    kind.set(e.requestId, e.type);
    urls.set(e.requestId, e.response.url);
  });
  const done = (id: string) => {
    if (inFlight.delete(id)) lastActivity = Date.now();
  };
  cdp.on('Network.loadingFailed', (e) => done(e.requestId));
  cdp.on('Network.loadingFinished', (e) => {
    done(e.requestId);
    const t = kind.get(e.requestId);
    acc.total += e.encodedDataLength;
    if (t === 'Script') acc.js += e.encodedDataLength;
    if (t === 'Stylesheet') acc.css += e.encodedDataLength;
    if (VERBOSE) console.log(`  ${t} ${(e.encodedDataLength / 1024).toFixed(1)} KB ${urls.get(e.requestId)}`);
  });
  const idle = async () => {
    const deadline = Date.now() + 120_000;
    while (inFlight.size || Date.now() - lastActivity < 500) {
      if (Date.now() > deadline) throw new Error(`${url}: not idle after 120 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  await page.bringToFront();
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  // The screen is there (its lazy chunks ran and asked for their data), then no request for 500 ms.
  for (const sel of ready.split(' && ')) await page.locator(sel).first().waitFor({ timeout: 120_000 });
  await idle();
  const paint = await page.evaluate(() => {
    const w = window as unknown as { __fcp?: number; __lcp?: number };
    return { fcp: w.__fcp ?? NaN, lcp: w.__lcp ?? NaN };
  });
  await context.close();
  return { ...acc, ...paint };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n: number) => (Number.isNaN(n) ? '–' : `${Math.round(n)} ms`);

async function main() {
  const { child, base, dataDir } = await startSite();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--headless=new'] });
  try {
    const login = await call(base, 'login', ADMIN);
    const session = { token: login.token!, user: login.data };
    const now = Date.now();
    const contest = await call(base, 'admin/contest', {
      title: 'Bench Round', description: 'A contest for the first-load bench', startTime: now - 60_000, endTime: now + 2 * 3600_000, type: 0, auth: 0,
    }, session.token);
    // Each screen with what shows it is there.
    const screens: { path: string; login: boolean; ready: string }[] = [
      { path: '/home', login: false, ready: '[data-testid=announcement-panel] .announcement-item' },
      { path: '/problem', login: false, ready: 'text=A+B Problem' },
      { path: '/problem/1000', login: false, ready: '.katex && .cm-content' },
      { path: `/contest/${contest.data.id}/rank`, login: true, ready: '.ant-table' },
      { path: '/admin/dashboard', login: true, ready: '.ant-card' },
    ];
    for (const throttle of ONLY ? [false] : [false, true]) {
      const rows: string[] = [];
      for (const s of screens.filter((x) => x.path.includes(ONLY))) {
        const loads: Load[] = [];
        for (let i = 0; i < RUNS; i++) loads.push(await coldLoad(browser, base + s.path, s.ready, s.login ? session : null, throttle));
        const m = (k: keyof Load) => median(loads.map((l) => l[k]));
        rows.push(`| \`${s.path.replace(/\/contest\/\d+/, '/contest/{id}')}\`${s.login ? ' (admin)' : ''} | ${m('requests')} | ${kb(m('js'))} | ${kb(m('css'))} | ${kb(m('total'))} | ${ms(m('fcp'))} | ${ms(m('lcp'))} |`);
      }
      console.log(`\n${throttle ? 'Throttled (10 Mbit/s, 40 ms RTT)' : 'Loopback'}, cold cache, median of ${RUNS} (${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)}):\n`);
      console.log('| screen | requests | JS | CSS | total | FCP | LCP |');
      console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
      for (const r of rows) console.log(r);
    }
  } finally {
    await browser.close();
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

/**
 * A stand-in of SPOJ: Bootstrap-era UTF-8 pages, POST /login/ with autologin cookies, problem pages
 * with the meta table, `<h3>` sections and tag spans, POST /submit/complete/ answering the page
 * with newSubmissionId, the JSON status feed (only the session owner's runs) and /error/RUN/.
 */
import { randomBytes } from 'node:crypto';
import { html, json, redirect, setCookie, startStandIn, type StandIn, type StandInReply } from '../stand-in.js';
import { look, verdictOf, type Run, type Verdict } from './script.js';

const FINAL: Record<Verdict, { code: number; words: string; time: string; mem: string }> = {
  AC: { code: 15, words: '<strong>accepted</strong>', time: '0.01', mem: '5.2M' },
  WA: { code: 14, words: '<strong>wrong answer</strong>', time: '0.02', mem: '5.3M' },
  PE: { code: 14, words: '<strong>wrong answer</strong>', time: '0.02', mem: '5.3M' }, // SPOJ has no PE
  TLE: { code: 13, words: '<strong>time limit exceeded</strong>', time: '1.00', mem: '5.3M' },
  MLE: { code: 17, words: '<strong>memory limit exceeded</strong>', time: '0.10', mem: '1536M' },
  RE: { code: 12, words: '<strong>runtime error</strong>    (SIGSEGV)', time: '0.00', mem: '5.1M' },
  CE: { code: 11, words: '<strong>compilation error</strong>', time: '-', mem: '-' },
};
const PENDING = [
  { code: 0, words: 'waiting..' },
  { code: 1, words: 'compiling..' },
  { code: 3, words: 'running..' },
];

interface Problem { title: string; time: string; memory: string; languages: string[] | 'All'; sourceLimit: number; body: string; tags: string[] }

const PROBLEMS: Record<string, Problem> = {
  TEST: {
    title: 'Life, the Universe, and Everything', time: '10s', memory: '1536MB', languages: 'All', sourceLimit: 50000, tags: ['basics', 'simple-math'],
    body: `<p>Your program is to use the brute-force approach in order to <em>find the Answer to Life, the Universe, and Everything.</em> More precisely... rewrite small numbers from input to output. Stop processing input after reading in the number 42. All numbers at input are integers of one or two digits.</p>
<h3>Input</h3><p>Integers of one or two digits, one per line.</p>
<h3>Output</h3><p>The same integers, until 42.</p>
<h3>Example</h3>
<pre><strong>Input:</strong>
1
2
88
42
99

<strong>Output:</strong>
1
2
88
</pre>`,
  },
  PRIME1: {
    title: 'Prime Generator', time: '0.100s-6s', memory: '1536MB', languages: ['11', '44', '10'], sourceLimit: 200, tags: ['number-theory', 'sieve'],
    body: `<p>Peter wants to generate some prime numbers for his cryptosystem. Help him! Your task is to generate all prime numbers between two given numbers m and n.</p>
<p><img src="/content/prime1.png" alt="sieve"></p>
<h3>Input</h3><p>The input begins with the number t of test cases (t &lt;= 10).</p>
<h3>Output</h3><p>For every test case print all prime numbers p such that m &lt;= p &lt;= n, one number per line.</p>
<h3>Example</h3>
<pre><b>Input:</b>\r\n2\r\n1 10\r\n3 5\r\n\r\n<b>Output:</b>\r\n2\r\n3\r\n5\r\n7\r\n\r\n3\r\n5</pre>
<p><b>Warning:</b> large Input/Output data, be careful with certain languages.</p>
<h3>Explanation</h3><p>Between 1 and 10 the primes are 2, 3, 5 and 7.</p>`,
  },
};

function problemPage(code: string, p: Problem, bar: string): string {
  const tags = p.tags.map((t, i) => `<a href="/problems/tag/${t}"><span class="problem-tag" data-tagid="${i + 10}">#${t}<span class="problem-tag-edit" style="display: none"></span></span></a>`).join(' ');
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>SPOJ.com - Problem ${code}</title></head><body>${bar}
<div class="container"><div class="row"><div class="col-lg-10 col-md-10" id="problem-show">
<h2 id="problem-name" class="text-center">${code} - ${p.title}</h2>
<div id="problem-tags" class="text-center">${tags}</div>
<div id="problem-body">${p.body}</div>
<div class="text-center"><a href="/submit/${code}/" class="btn btn-primary"><i class="fa fa-send"></i> Submit solution!</a></div>
</div><div class="col-lg-2 col-md-2"><table id="problem-meta" class="probleminfo"><tbody>
<tr><td>Added by:</td><td><a href="/users/mima/">Michał Małafiejski</a></td></tr>
<tr><td>Date:</td><td>2004-05-01</td></tr>
<tr><td>Time limit:</td><td>${p.time}</td></tr>
<tr><td>Source limit:</td><td>${p.sourceLimit}B</td></tr>
<tr><td>Memory limit:</td><td>${p.memory}</td></tr>
<tr><td>Cluster:</td><td><a href="/clusters/">Cube (Intel G860)</a></td></tr>
<tr><td>Languages:</td><td>${p.languages === 'All' ? 'All' : 'C CPP14 JAVA'}</td></tr>
</tbody></table></div></div></div></body></html>`;
}

export interface SpojStandIn {
  site: StandIn;
  runs: Run[];
  expireSessions(): void;
  /** The next status query answers 429 (the CDN in front of the site slowing us down). */
  throttleNextStatus(): void;
  garbage: boolean;
  close(): Promise<void>;
}

export async function startSpoj(users: Record<string, string>): Promise<SpojStandIn> {
  const sessions = new Map<string, string>();
  const runs: Run[] = [];
  let nextRunId = 31_200_001;
  runs.push({ id: nextRunId++, user: 'dave', problem: 'TEST', language: '44', code: '', verdict: 'AC', steps: ['AC'], seen: 0, submittedAt: new Date() });
  const state = { garbage: false, throttle: false };

  const userOf = (cookies: Record<string, string>) => (cookies.SPOJ ? sessions.get(cookies.SPOJ) : undefined);
  const bar = (user: string | undefined) =>
    user
      ? `<ul class="navbar-nav"><li><a href="/users/${user}/">${user}</a></li><li><a href="/logout"><span class="fa fa-sign-out fa-fw"></span> sign out</a></li></ul>`
      : '<ul class="navbar-nav"><li><a href="/login/"><span class="fa fa-sign-in fa-fw"></span> sign in</a></li></ul>';
  const loginForm = '<form method="post" action="/login/"><input type="hidden" name="next_raw" value="/"><input type="text" name="login_user"><input type="password" name="password"><input type="checkbox" name="autologin" value="1"><button type="submit">Log In</button></form>';
  const page = (user: string | undefined, body: string): StandInReply => html(`<!DOCTYPE html><html><head><meta charset="utf-8"><title>Sphere Online Judge (SPOJ)</title></head><body>${bar(user)}${body}</body></html>`);
  const garbagePage = () => html('<html><body><h1>Cloudflare</h1><p>Checking your browser before accessing www.spoj.com.</p></body></html>');

  const site = await startStandIn({
    'GET /': (req) => (state.garbage ? garbagePage() : page(userOf(req.cookies), '<h1>Sphere Online Judge</h1>')),
    'POST /login/': (req) => {
      if (state.garbage) return garbagePage();
      const { login_user: user, password, next_raw: next } = req.form;
      if (users[user] === undefined || users[user] !== password) {
        return page(undefined, `<div class="alert alert-danger">Authentication failed! <a href="/forgot/">Forgot your password?</a></div>${loginForm}`);
      }
      const sid = randomBytes(8).toString('hex');
      sessions.set(sid, user);
      return redirect(next || '/', [setCookie('SPOJ', sid), setCookie('autologin_login', user), setCookie('autologin_hash', randomBytes(6).toString('hex'))]);
    },
    'GET /problems/classical/': (req) => page(userOf(req.cookies), '<h2>Classical problems</h2><table class="problems"></table>'),
    'GET /problems/:code/': (req) => {
      if (state.garbage) return garbagePage();
      const p = PROBLEMS[req.params.code];
      if (!p) return redirect('/problems/classical/');
      return html(problemPage(req.params.code, p, bar(userOf(req.cookies))));
    },
    'POST /submit/complete/': (req) => {
      if (state.garbage) return garbagePage();
      const user = userOf(req.cookies);
      if (!user) return page(undefined, `<p>You have to be logged in to submit a solution.</p>${loginForm}`);
      const { problemcode: problem, lang, file, submit } = req.form;
      const p = PROBLEMS[problem];
      if (!p || submit !== 'Submit!') return page(user, '<p class="lead">Wrong problem code!</p>');
      if (p.languages !== 'All' && !p.languages.includes(lang)) return page(user, '<p class="lead">It is not possible to submit in this language for this problem.</p>');
      if (Buffer.byteLength(file ?? '') > p.sourceLimit) return page(user, '<p class="lead">Sorry, your solution is too long.</p>');
      const verdict = verdictOf(file);
      const steps = ['0', '1', ...(verdict === 'CE' ? [] : ['3']), verdict];
      const run: Run = { id: nextRunId++, user, problem, language: lang, code: file, verdict, steps, seen: 0, submittedAt: new Date() };
      runs.push(run);
      return page(user, `<h3>Solution submitted!</h3><p>The solution to problem ${problem} has been submitted.</p><form><input type="hidden" name="newSubmissionId" value="${run.id}"/></form>`);
    },
    'POST /status/ajax=1,ajaxdiff=1': (req) => {
      if (state.garbage) return garbagePage();
      if (state.throttle) {
        state.throttle = false;
        return { status: 429, headers: { 'retry-after': '10', 'content-type': 'text/plain' }, body: 'Too Many Requests' };
      }
      const user = userOf(req.cookies);
      const ids = (req.form.ids ?? '').split(',');
      const rows = runs
        .filter((r) => ids.includes(String(r.id)) && r.user === user)
        .map((r) => {
          const { state: s, final } = look(r);
          if (!final) {
            const p = PENDING[Math.min(Number(s) === 3 ? 2 : Number(s), 2)];
            return { status_description: p.words, id: r.id, status: p.code, time: '-', mem: '-', final: '0' };
          }
          const f = FINAL[r.verdict];
          return { status_description: f.words, id: r.id, status: f.code, time: f.time, mem: f.mem, final: '1' };
        });
      return json(rows);
    },
    'GET /error/:id/': (req) => {
      if (state.garbage) return garbagePage();
      const user = userOf(req.cookies);
      if (!user) return page(undefined, loginForm);
      const run = runs.find((r) => String(r.id) === req.params.id && r.user === user);
      if (!run || run.verdict !== 'CE') return page(user, '<p>No such submission.</p>');
      return page(user, `<div align="left"><pre><small>prog.cpp: In function 'int main()':\nprog.cpp:3:5: error: 'x' was not declared in this scope &amp;&amp; more</small></pre></div>`);
    },
  });

  return {
    site,
    runs,
    expireSessions: () => sessions.clear(),
    throttleNextStatus: () => {
      state.throttle = true;
    },
    get garbage() {
      return state.garbage;
    },
    set garbage(v: boolean) {
      state.garbage = v;
    },
    close: () => site.close(),
  };
}

/**
 * A stand-in of AtCoder from the public protocol facts: task pages with #task-statement and
 * English sections, /login with csrf_token and a session cookie on the 302, the submit form
 * (data.TaskScreenName, data.LanguageId, sourceCode, csrf_token) answering a 302 to
 * submissions/me with "Detail" links, and submission pages whose #judge-status goes WJ →
 * "1/N" … → final, with Exec Time, Memory and the compiler output for CE.
 *
 * The script of a run comes from its code: `// verdict: WA@3` ends as WA after 3 judged cases,
 * `// verdict: CE` is a compile error, anything else is AC after 4 cases.
 */
import crypto from 'node:crypto';
import { html, redirect, setCookie, startStandIn, type StandIn, type StandInRequest } from '../stand-in.js';

interface Run { id: number; user: string; contest: string; task: string; languageId: string; code: string; labels: string[]; compileMessage?: string }

export interface AcStandIn extends StandIn {
  users: Map<string, string>;
  runs: Run[];
  expireSessions(): void;
  /** The next submit answers "Wait for N second to submit again." */
  throttleNextSubmit: number;
  logins: number;
  /** The login form carries a captcha widget (Cloudflare Turnstile) and refuses a login without its answer. */
  captchaAtLogin: boolean;
}

const TASKS: Record<string, { title: string; time: number; memory: number; statement: string; input: string; output: string; samples: [string, string][] }> = {
  abc300_a: {
    title: 'N-choice question', time: 2, memory: 1024,
    statement: '<p>Given integers <var>A</var> and <var>B</var>, find <var>A+B</var>.</p><p><img src="/img/other/abc300/a.png"></p>',
    input: '<p>Input is given from Standard Input in the following format:</p><pre><var>A</var> <var>B</var>\n</pre>',
    output: '<p>Print the answer.</p>',
    samples: [['1 2\n', '3\n'], ['10 20\n', '30\n']],
  },
};

function taskPage(contest: string, id: string, user: string): string {
  const t = TASKS[id];
  const sec = (title: string, body: string) => `<div class="part"><section><h3>${title}</h3>${body}</section></div>`;
  const samples = t.samples.map(([i, o], k) => `<div class="part"><section><h3>Sample Input ${k + 1}</h3><pre id="pre-sample${2 * k}">${i}</pre></section></div><div class="part"><section><h3>Sample Output ${k + 1}</h3><pre id="pre-sample${2 * k + 1}">${o}</pre></section></div>`).join('');
  return `<!DOCTYPE html><html><head><title>A - ${t.title}</title><script>var userScreenName = "${user}";\nvar csrfToken = "x";</script></head><body>
<div class="col-sm-12"><span class="h2">A - ${t.title}</span><p>Time Limit: ${t.time} sec / Memory Limit: ${t.memory} MB</p>
<div id="task-statement"><span class="lang"><span class="lang-ja"><p>配点 : <var>100</var> 点</p>${sec('問題文', '<p>日本語</p>')}</span><span class="lang-en"><p>Score : <var>100</var> points</p>
${sec('Problem Statement', t.statement)}${sec('Constraints', '<ul><li><var>1 \\leq A, B \\leq 100</var></li></ul>')}<hr/><div class="io-style">${sec('Input', t.input)}${sec('Output', t.output)}</div>${samples}</span></span></div></div>
<p>contest ${contest}</p></body></html>`;
}

function script(code: string): { labels: string[]; compileMessage?: string } {
  const m = /verdict:\s*([A-Z]+)(?:@(\d+))?/.exec(code);
  const v = m?.[1] ?? 'AC';
  if (v === 'CE') return { labels: ['WJ', 'CE'], compileMessage: "Main.cpp:1:1: error: 'x' does not name a type" };
  const total = 4;
  const done = m?.[2] ? Number(m[2]) : total;
  const labels = ['WJ'];
  for (let k = 1; k <= done; k++) labels.push(`${k}/${total}${v !== 'AC' && k === done ? ` ${v}` : ''}`);
  labels.push(v);
  return { labels };
}

export async function startAcStandIn(opts: { users?: Record<string, string> } = {}): Promise<AcStandIn> {
  const users = new Map(Object.entries(opts.users ?? { acpool: 'acsecret' }));
  const sessions = new Map<string, { user: string; csrf: string }>();
  const runs: Run[] = [];
  let nextId = 40_000_000;

  const sessionOf = (req: StandInRequest) => {
    const sid = req.cookies.REVEL_SESSION;
    let s = sid ? sessions.get(sid) : undefined;
    const cookies: string[] = [];
    let id = sid ?? '';
    if (!s) {
      id = crypto.randomBytes(16).toString('hex');
      s = { user: '', csrf: crypto.randomBytes(12).toString('base64') };
      sessions.set(id, s);
      cookies.push(setCookie('REVEL_SESSION', id));
    }
    return { sid: id, s, cookies };
  };
  const page = (user: string, csrf: string, body: string) =>
    `<!DOCTYPE html><html><head><script>var userScreenName = "${user}";\nvar csrfToken = "${csrf}";</script></head><body>${body}</body></html>`;

  const standIn = Object.assign(
    await startStandIn({
      'GET /login': (req) => {
        const { s, cookies } = sessionOf(req);
        return html(page(s.user, s.csrf, `<form method="POST" action="/login"><input type="hidden" name="csrf_token" value="${s.csrf}" /><input name="username"><input type="password" name="password">${standIn.captchaAtLogin ? '<div class="cf-turnstile" data-sitekey="0x4AAAAAAAstandin" data-theme="light"></div>' : ''}</form>${standIn.captchaAtLogin ? '<script src="https://challenges.cloudflare.com/turnstile/v0/api.js" async defer></script>' : ''}`), { setCookies: cookies });
      },
      'POST /login': (req) => {
        const { sid, s } = sessionOf(req);
        if (req.form.csrf_token !== s.csrf) return { status: 400, body: 'Bad Request' };
        standIn.logins++;
        if (users.get(req.form.username ?? '') !== req.form.password || (standIn.captchaAtLogin && !req.form['cf-turnstile-response'])) return redirect('/login', [setCookie('REVEL_FLASH', 'error:Username+or+Password+is+incorrect.')]);
        sessions.delete(sid);
        const nid = crypto.randomBytes(16).toString('hex');
        sessions.set(nid, { user: req.form.username!, csrf: crypto.randomBytes(12).toString('base64') });
        return redirect('/home', [setCookie('REVEL_SESSION', nid)]);
      },
      'GET /home': (req) => {
        const { s, cookies } = sessionOf(req);
        return html(page(s.user, s.csrf, '<h1>AtCoder</h1>'), { setCookies: cookies });
      },
      'GET /contests/:contest/tasks/:task': (req) => {
        const { s, cookies } = sessionOf(req);
        if (!TASKS[req.params.task] || !req.params.task.startsWith(req.params.contest + '_')) return { status: 404, body: '<html><body>404 Page Not Found</body></html>', headers: { 'content-type': 'text/html' } };
        return html(taskPage(req.params.contest, req.params.task, s.user), { setCookies: cookies });
      },
      'GET /contests/:contest/submit': (req) => {
        const { s, cookies } = sessionOf(req);
        if (!s.user) return redirect(`/login?continue=${encodeURIComponent(req.path)}`, cookies);
        return html(page(s.user, s.csrf, `<form class="form-horizontal" action="/contests/${req.params.contest}/submit" method="POST"><input type="hidden" name="csrf_token" value="${s.csrf}" /><select name="data.TaskScreenName"></select><select name="data.LanguageId"></select><textarea name="sourceCode"></textarea></form>`), { setCookies: cookies });
      },
      'POST /contests/:contest/submit': (req) => {
        const { s } = sessionOf(req);
        if (!s.user) return redirect(`/login?continue=${encodeURIComponent(req.path)}`);
        if (req.form.csrf_token !== s.csrf) return { status: 400, body: 'Bad Request' };
        if (standIn.throttleNextSubmit > 0) {
          standIn.throttleNextSubmit--;
          return html(page(s.user, s.csrf, '<div class="alert alert-danger alert-dismissible col-sm-12 fade in" role="alert">Wait for 1 second to submit again.</div>'));
        }
        const task = req.form['data.TaskScreenName'] ?? '';
        if (!TASKS[task]) return html(page(s.user, s.csrf, '<div class="alert alert-danger" role="alert">Invalid task.</div>'));
        const sc = script(req.form.sourceCode ?? '');
        runs.push({ id: nextId++, user: s.user, contest: req.params.contest, task, languageId: req.form['data.LanguageId'] ?? '', code: req.form.sourceCode ?? '', ...sc });
        return redirect(`/contests/${req.params.contest}/submissions/me`);
      },
      'GET /contests/:contest/submissions/me': (req) => {
        const { s, cookies } = sessionOf(req);
        if (!s.user) return redirect('/login', cookies);
        const mine = runs.filter((r) => r.user === s.user && r.contest === req.params.contest).reverse();
        return html(page(s.user, s.csrf, `<table class="table">${mine.map((r) => `<tr><td>${r.task}</td><td class="text-center"><a href="/contests/${r.contest}/submissions/${r.id}">Detail</a></td></tr>`).join('')}</table>`), { setCookies: cookies });
      },
      'GET /contests/:contest/submissions/:id': (req) => {
        const { s, cookies } = sessionOf(req);
        const r = runs.find((x) => String(x.id) === req.params.id && x.contest === req.params.contest);
        if (!r) return { status: 404, body: 'Not Found' };
        const label = r.labels.length > 1 ? r.labels.shift()! : r.labels[0];
        const done = !/^(WJ|\d+\/\d+)/.test(label);
        const rows = done && label !== 'CE' ? '<tr><th>Exec Time</th><td class="text-center">12 ms</td></tr><tr><th>Memory</th><td class="text-center">3616 KB</td></tr>' : '';
        const ce = label === 'CE' ? `<h4>Compile Error</h4><pre>${r.compileMessage}</pre>` : '';
        return html(page(s.user, s.csrf, `<table class="table"><tr><th>Task</th><td>${r.task}</td></tr><tr><th>Status</th><td id="judge-status" class="text-center"><span class='label label-default' data-toggle='tooltip' data-placement='top' title="">${label}</span></td></tr>${rows}</table>${ce}`), { setCookies: cookies });
      },
    }),
    { users, runs, throttleNextSubmit: 0, logins: 0, captchaAtLogin: false, expireSessions: () => sessions.clear() },
  );
  return standIn;
}

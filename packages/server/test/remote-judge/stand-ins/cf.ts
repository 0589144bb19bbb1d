/**
 * A stand-in of Codeforces (and its GYM) written from the public protocol facts: problem pages
 * with the `problem-statement` markup, /enter with csrf_token and a session cookie set on the
 * 302, the contest submit form (csrf, submittedProblemIndex, programTypeId, source) answering a
 * 302 to the "my" page, /api/contest.status JSON (no verdict while in queue, TESTING with
 * passedTestCount, final verdicts) and /data/submitSource with the compiler output.
 *
 * With `antiBot` on, every request without the right `RCPC` cookie gets the site's anti-bot page
 * ("Redirecting... Please, wait.", /aes.min.js and a script that sets RCPC to the hex of
 * slowAES.decrypt(c, 2, a, b), i.e. AES-128-CBC-decrypt of c with key a and iv b), with values
 * made up for this stand-in; `'always'` serves it even with the right cookie.
 *
 * The login and submit forms must carry what the site's page script adds: `_tta` computed from
 * the `39ce7` cookie this stand-in set on the client's first visit (a different value is refused
 * with 403), `ftaa` (18 letters and digits) and `bfaa` (32 hex digits), the same on every submit
 * of a session as on its login.
 *
 * Each submission follows a script chosen by its code: `// verdict: WRONG_ANSWER@3` ends as
 * "Wrong answer on test 3" after running tests 1-3; `// verdict: COMPILATION_ERROR` is a compile
 * error; anything else is Accepted after 7 tests. Every status call moves a run one step on.
 */
import crypto from 'node:crypto';
import { html, json, redirect, setCookie, startStandIn, type StandIn, type StandInHandler, type StandInRequest } from '../stand-in.js';

export interface CfProblem {
  contest: number;
  index: string;
  title: string;
  timeLimitSec: number;
  memoryMb: number;
  legend: string;
  input: string;
  output: string;
  samples: { input: string; output: string }[];
  note?: string;
  tags: string[];
}

interface Run {
  id: number;
  handle: string;
  contest: number;
  index: string;
  programTypeId: string;
  source: string;
  steps: { verdict?: string; passed: number }[];
  at: number;
  compileMessage?: string;
  timeMs: number;
  memoryBytes: number;
}

export interface CfStandIn extends StandIn {
  problems: Map<string, CfProblem>;
  users: Map<string, string>;
  runs: Run[];
  /** Logs everybody out (sessions expire on the site). */
  expireSessions(): void;
  /** Next `n` problem pages answer garbage. */
  garbageProblemPages: number;
  /** Next `n` contest.status calls answer "Call limit exceeded". */
  limitStatusCalls: number;
  /** Next `n` status calls answer HTTP 502. */
  failStatusCalls: number;
  logins: number;
  /** The anti-bot page: 'off', 'on' (until the right RCPC cookie is sent) or 'always'. */
  antiBot: 'off' | 'on' | 'always';
  /** How many anti-bot pages were served. */
  antiBotPages: number;
  /** The RCPC cookie the anti-bot page's script computes (what a browser would send). */
  readonly rcpc: string;
  /** The source refused as "exactly the same code" also when it differs only in trailing blanks. */
  sameCodeIgnoresBlanks: boolean;
  /** The page-script values of every login and submit form received, oldest first. */
  forms: { path: string; cookie39ce7: string; tta: string; ftaa: string; bfaa: string }[];
}

/**
 * The value the site's page script derives from the `39ce7` cookie, written here on its own (not
 * imported from the adapter) so that a wrong computation in the adapter is refused.
 */
function expectedTta(cookie: string): number {
  let v = 0;
  [...cookie].forEach((ch, i) => {
    v = (v + (i + 1) * (i + 2) * ch.charCodeAt(0)) % 1009;
    if (i % 3 === 0) v++;
    if (i % 2 === 0) v *= 2;
    if (i > 0) v -= (cookie.charCodeAt(i >> 1) >> 1) * (v % 5);
    while (v < 0) v += 1009;
    while (v >= 1009) v -= 1009;
  });
  return v;
}

/** Values of one anti-bot page: key a, iv b, and c = the cookie's bytes encrypted (AES-128-CBC, no padding). */
function rcpcValues() {
  const a = crypto.randomBytes(16);
  const b = crypto.randomBytes(16);
  const cookie = crypto.randomBytes(16);
  const cipher = crypto.createCipheriv('aes-128-cbc', a, b);
  cipher.setAutoPadding(false);
  const c = Buffer.concat([cipher.update(cookie), cipher.final()]);
  return { a: a.toString('hex'), b: b.toString('hex'), c: c.toString('hex'), cookie: cookie.toString('hex') };
}

/** The page as the site serves it (shape of the real one: aes.min.js, toNumbers/toHex, cookie, reload). */
function antiBotPage(v: { a: string; b: string; c: string }, target: string): string {
  return `<html><body>Redirecting... Please, wait.<script type="text/javascript" src="/aes.min.js" ></script><script>function toNumbers(d){var e=[];d.replace(/(..)/g,function(d){e.push(parseInt(d,16))});return e}function toHex(){for(var d=[],d=1==arguments.length&&arguments[0].constructor==Array?arguments[0]:arguments,e="",f=0;f<d.length;f++)e+=(16>d[f]?"0":"")+d[f].toString(16);return e.toLowerCase()}var a=toNumbers("${v.a}"),b=toNumbers("${v.b}"),c=toNumbers("${v.c}");document.cookie="RCPC="+toHex(slowAES.decrypt(c,2,a,b))+"; expires=Thu, 31-Dec-37 23:55:55 GMT; path=/";document.location.href="${target}";</script></body></html>`;
}

export const SAMPLE_PROBLEMS: CfProblem[] = [
  {
    contest: 1000, index: 'A', title: 'Codeforces Checking', timeLimitSec: 1, memoryMb: 256,
    legend: '<p>Given a letter $$$c$$$, print <b>YES</b> if it occurs in the string <span class="tex-font-style-tt">codeforces</span>.</p><p><img class="tex-graphics" src="/predownloaded/cf/1000A.png" style="max-width: 100.0%;max-height: 100.0%;" /></p>',
    input: '<p>The first line contains an integer $$$t$$$ ($$$1 \\le t \\le 26$$$).</p>',
    output: '<p>For each test case, output YES or NO.</p>',
    samples: [{ input: '2\na\nc', output: 'NO\nYES' }],
    note: '<p>The letter <i>c</i> occurs in codeforces.</p>',
    tags: ['implementation', 'strings', '*800'],
  },
  {
    contest: 1000, index: 'B', title: 'Light It Up', timeLimitSec: 2, memoryMb: 512,
    legend: '<p>Sum two numbers.</p>', input: '<p>Two integers.</p>', output: '<p>Their sum.</p>',
    samples: [{ input: '1 2', output: '3' }, { input: '5 7', output: '12' }], tags: ['math'],
  },
  {
    contest: 100001, index: 'A', title: 'Gym Warm-up', timeLimitSec: 3, memoryMb: 64,
    legend: '<p>A gym problem.</p>', input: '<p>Nothing.</p>', output: '<p>Print 42.</p>', samples: [{ input: '', output: '42' }], tags: [],
  },
];

function statementHtml(p: CfProblem): string {
  const samples = p.samples.map((s) => `<div class="input"><div class="title">Input</div><pre>\n${s.input.split('\n').map((l) => `<div class="test-example-line">${l}</div>`).join('')}</pre></div><div class="output"><div class="title">Output</div><pre>\n${s.output.replace(/\n/g, '<br />')}</pre></div>`).join('');
  return `<!DOCTYPE html><html><head><title>Problem - ${p.index} - Codeforces</title></head><body>
<div id="header"><a href="/enter">Enter</a></div>
<div class="roundbox sidebox"><div class="caption">Problem tags</div>${p.tags.map((t) => `<span class="tag-box" style="font-size:1.2rem;" title="${t}">\n  ${t}\n</span>`).join('')}</div>
<div class="problemindexholder" problemindex="${p.index}"><div class="ttypography"><div class="problem-statement"><div class="header"><div class="title">${p.index}. ${p.title}</div><div class="time-limit"><div class="property-title">time limit per test</div>${p.timeLimitSec} second${p.timeLimitSec > 1 ? 's' : ''}</div><div class="memory-limit"><div class="property-title">memory limit per test</div>${p.memoryMb} megabytes</div><div class="input-file"><div class="property-title">input</div>standard input</div><div class="output-file"><div class="property-title">output</div>standard output</div></div><div>${p.legend}</div><div class="input-specification"><div class="section-title">Input</div>${p.input}</div><div class="output-specification"><div class="section-title">Output</div>${p.output}</div><div class="sample-tests"><div class="section-title">Examples</div><div class="sample-test">${samples}</div></div>${p.note ? `<div class="note"><div class="section-title">Note</div>${p.note}</div>` : ''}</div></div></div>
</body></html>`;
}

function page(body: string, handle: string | null, csrf: string): string {
  const top = handle
    ? `<div class="lang-chooser"><a href="/profile/${handle}">${handle}</a> | <a href="/${csrf.slice(0, 8)}/logout">Logout</a></div>`
    : `<div class="lang-chooser"><a href="/enter?back=%2F">Enter</a> | <a href="/register">Register</a></div>`;
  return `<!DOCTYPE html><html><head><meta name="X-Csrf-Token" content="${csrf}"/></head><body>${top}<span class="csrf-token" data-csrf='${csrf}'>&nbsp;</span>${body}</body></html>`;
}

function script(source: string): { steps: Run['steps']; compileMessage?: string } {
  const m = /verdict:\s*([A-Z_]+)(?:@(\d+))?/.exec(source);
  const verdict = m?.[1] ?? 'OK';
  if (verdict === 'COMPILATION_ERROR') {
    return { steps: [{ passed: 0 }, { verdict, passed: 0 }], compileMessage: "program.cpp: In function 'int main()':\nprogram.cpp:3:5: error: 'cout' was not declared in this scope" };
  }
  const failAt = m?.[2] ? Number(m[2]) : 7;
  const steps: Run['steps'] = [{ passed: 0 }];
  for (let t = 0; t < failAt; t++) steps.push({ verdict: 'TESTING', passed: t });
  steps.push({ verdict, passed: verdict === 'OK' ? failAt : failAt - 1 });
  return { steps };
}

export async function startCfStandIn(opts: { problems?: CfProblem[]; users?: Record<string, string> } = {}): Promise<CfStandIn> {
  const problems = new Map((opts.problems ?? SAMPLE_PROBLEMS).map((p) => [`${p.contest}${p.index}`, p]));
  const users = new Map(Object.entries(opts.users ?? { vjudge1: 'secret1' }));
  type Session = { handle: string | null; csrf: string; c39ce7: string; ftaa?: string; bfaa?: string };
  const sessions = new Map<string, Session>();
  const runs: Run[] = [];
  let nextRunId = 200_000_000;

  const session = (req: StandInRequest) => {
    const sid = req.cookies.JSESSIONID;
    const s = sid ? sessions.get(sid) : undefined;
    return s ? { sid: sid!, ...s } : null;
  };
  /** Every visitor gets a session (and csrf token) on the first page, like the real site. */
  const ensureSession = (req: StandInRequest) => {
    const s = session(req);
    if (s) return { ...s, cookies: [] as string[] };
    const sid = crypto.randomBytes(16).toString('hex');
    const c39ce7 = 'CF' + crypto.randomBytes(6).toString('base64url');
    const fresh: Session = { handle: null, csrf: crypto.randomBytes(16).toString('hex'), c39ce7 };
    sessions.set(sid, fresh);
    return { sid, ...fresh, cookies: [setCookie('JSESSIONID', sid), setCookie('39ce7', c39ce7, { httpOnly: false })] };
  };
  /** Checks the page-script values of a login or submit form; the reason of a refusal, or null. */
  const pageScriptValues = (req: StandInRequest, s: Session, path: string): string | null => {
    const { _tta: tta = '', ftaa = '', bfaa = '' } = req.form;
    standIn.forms.push({ path, cookie39ce7: req.cookies['39ce7'] ?? '', tta, ftaa, bfaa });
    if (req.cookies['39ce7'] !== s.c39ce7) return 'the 39ce7 cookie is missing or not the one set';
    if (tta !== String(expectedTta(s.c39ce7))) return `_tta ${tta} does not match the 39ce7 cookie`;
    if (!/^[0-9a-z]{18}$/.test(ftaa) || !/^[0-9a-f]{32}$/i.test(bfaa)) return 'ftaa or bfaa malformed';
    if (s.ftaa !== undefined && (s.ftaa !== ftaa || s.bfaa !== bfaa)) return 'ftaa or bfaa changed within the session';
    return null;
  };

  const problemPage = (req: StandInRequest) => {
    const s = ensureSession(req);
    if (standIn.garbageProblemPages > 0) {
      standIn.garbageProblemPages--;
      return html('<html><body><h1>Codeforces is temporarily unavailable</h1><p>Please try later</p></body></html>', { setCookies: s.cookies });
    }
    const p = problems.get(`${req.params.contest}${req.params.index}`);
    // A missing problem sends the visitor back to the problem set.
    if (!p || (req.path.startsWith('/gym') !== p.contest >= 100000)) return redirect('/problemset', s.cookies);
    return html(statementHtml(p), { setCookies: s.cookies });
  };

  const submitForm = (req: StandInRequest) => {
    const s = ensureSession(req);
    if (!s.handle) return redirect(`/enter?back=${encodeURIComponent(req.path)}`, s.cookies);
    return html(page(`<form class="submit-form" method="post" action="?csrf_token=${s.csrf}"><input type="hidden" name="csrf_token" value="${s.csrf}"/><input type="hidden" name="action" value="submitSolutionFormSubmitted"/><select name="submittedProblemIndex"></select><select name="programTypeId"><option value="54">GNU G++17 7.3.0</option></select><textarea name="source"></textarea></form>`, s.handle, s.csrf), { setCookies: s.cookies });
  };

  const submit = (req: StandInRequest) => {
    const s = session(req);
    if (!s?.handle) return redirect(`/enter?back=${encodeURIComponent(req.path)}`);
    if (req.form.csrf_token !== s.csrf || req.query.get('csrf_token') !== s.csrf) return { status: 403, body: 'Forbidden' };
    const scriptRefusal = pageScriptValues(req, sessions.get(s.sid)!, req.path);
    if (scriptRefusal) return { status: 403, body: `Forbidden: ${scriptRefusal}` };
    const contest = Number(req.params.contest);
    const p = problems.get(`${contest}${req.form.submittedProblemIndex}`);
    const err = (field: string, text: string) => html(page(`<form class="submit-form"><span class="error for__${field}">${text}</span></form>`, s.handle, s.csrf));
    if (!p) return err('submittedProblemIndex', 'Choose valid problem');
    if (!/^\d+$/.test(req.form.programTypeId ?? '')) return err('programTypeId', 'Choose valid language');
    if (!req.form.source?.trim()) return err('source', 'Source should not be empty');
    const same = (x: string) => (standIn.sameCodeIgnoresBlanks ? x.trimEnd() : x);
    if (runs.some((r) => r.handle === s.handle && same(r.source) === same(req.form.source))) return err('source', 'You have submitted exactly the same code before');
    const sc = script(req.form.source);
    runs.push({
      id: nextRunId++, handle: s.handle, contest, index: p.index, programTypeId: req.form.programTypeId, source: req.form.source, at: Math.floor(Date.now() / 1000),
      steps: sc.steps, compileMessage: sc.compileMessage, timeMs: 46, memoryBytes: 3_686_400,
    });
    return redirect(req.path.startsWith('/gym') ? `/gym/${contest}/my` : `/contest/${contest}/my`);
  };

  const myPage = (req: StandInRequest) => {
    const s = ensureSession(req);
    if (!s.handle) return redirect(`/enter?back=${encodeURIComponent(req.path)}`, s.cookies);
    const mine = runs.filter((r) => r.handle === s.handle).reverse();
    return html(page(`<table class="status-frame-datatable">${mine.map((r) => `<tr data-submission-id="${r.id}"><td>${r.id}</td></tr>`).join('')}</table>`, s.handle, s.csrf), { setCookies: s.cookies });
  };

  const rcpc = rcpcValues();
  /** Every route behind the anti-bot page while it is on. */
  const guard = (routes: Record<string, StandInHandler>): Record<string, StandInHandler> =>
    Object.fromEntries(Object.entries(routes).map(([key, handler]) => [key, (req: StandInRequest) => {
      if (standIn.antiBot === 'always' || (standIn.antiBot === 'on' && req.cookies.RCPC !== rcpc.cookie)) {
        standIn.antiBotPages++;
        const target = `${standIn.url}${req.path}?${new URLSearchParams([...req.query, ['f0a28', '1']]).toString()}`;
        return html(antiBotPage(rcpc, target));
      }
      return handler(req);
    }]));

  const standIn = Object.assign(
    await startStandIn(guard({
      'GET /': (req) => {
        const s = ensureSession(req);
        return html(page('<div class="welcome">Codeforces</div>', s.handle, s.csrf), { setCookies: s.cookies });
      },
      'GET /enter': (req) => {
        const s = ensureSession(req);
        return html(page(`<form method="post" action="" id="enterForm"><input type='hidden' name='csrf_token' value='${s.csrf}'/><input type="hidden" name="action" value="enter"/><input name="handleOrEmail" id="handleOrEmail"/><input type="password" name="password"/></form>`, null, s.csrf), { setCookies: s.cookies });
      },
      'POST /enter': (req) => {
        const s = session(req);
        if (!s || req.form.csrf_token !== s.csrf) return { status: 403, body: 'Forbidden' };
        const scriptRefusal = pageScriptValues(req, sessions.get(s.sid)!, '/enter');
        if (scriptRefusal) return { status: 403, body: `Forbidden: ${scriptRefusal}` };
        standIn.logins++;
        if (users.get(req.form.handleOrEmail ?? '') !== req.form.password) {
          return html(page(`<form method="post" id="enterForm"><input type='hidden' name='csrf_token' value='${s.csrf}'/><input name="handleOrEmail" value="${req.form.handleOrEmail ?? ''}"/><span class="error for__password">Invalid handle/email or password</span></form>`, null, s.csrf));
        }
        // A new session id on login, set on the redirect (as the real site does).
        sessions.delete(s.sid);
        const sid = crypto.randomBytes(16).toString('hex');
        sessions.set(sid, { handle: req.form.handleOrEmail!, csrf: crypto.randomBytes(16).toString('hex'), c39ce7: s.c39ce7, ftaa: req.form.ftaa, bfaa: req.form.bfaa });
        return redirect('/', [setCookie('JSESSIONID', sid), setCookie('X-User', req.form.handleOrEmail!)]);
      },
      'GET /problemset/problem/:contest/:index': problemPage,
      'GET /gym/:contest/problem/:index': problemPage,
      'GET /problemset': () => html(page('<div class="datatable">Problems</div>', null, 'x')),
      'GET /contest/:contest/submit': submitForm,
      'GET /gym/:contest/submit': submitForm,
      'POST /contest/:contest/submit': submit,
      'POST /gym/:contest/submit': submit,
      'GET /contest/:contest/my': myPage,
      'GET /gym/:contest/my': myPage,
      'GET /api/contest.status': (req) => {
        if (standIn.failStatusCalls > 0) {
          standIn.failStatusCalls--;
          return { status: 502, body: '<html><body>502 Bad Gateway</body></html>' };
        }
        if (standIn.limitStatusCalls > 0) {
          standIn.limitStatusCalls--;
          return json({ status: 'FAILED', comment: 'Call limit exceeded' }, { status: 400 });
        }
        const contest = Number(req.query.get('contestId'));
        const handle = req.query.get('handle');
        if (![...problems.values()].some((p) => p.contest === contest)) return json({ status: 'FAILED', comment: `contestId: Contest with id ${contest} not found` }, { status: 400 });
        const count = Number(req.query.get('count') ?? 10);
        const list = runs.filter((r) => r.contest === contest && (!handle || r.handle === handle)).reverse().slice(0, count);
        return json({
          status: 'OK',
          result: list.map((r) => {
            const step = r.steps.length > 1 ? r.steps.shift()! : r.steps[0];
            return {
              id: r.id, contestId: r.contest, creationTimeSeconds: r.at, relativeTimeSeconds: 2147483647,
              problem: { contestId: r.contest, index: r.index, name: problems.get(`${r.contest}${r.index}`)?.title, type: 'PROGRAMMING', tags: [] },
              author: { contestId: r.contest, members: [{ handle: r.handle }], participantType: 'PRACTICE', ghost: false, startTimeSeconds: 0 },
              programmingLanguage: 'GNU C++17', testset: 'TESTS', passedTestCount: step.passed,
              timeConsumedMillis: step.verdict && step.verdict !== 'TESTING' ? r.timeMs : 0,
              memoryConsumedBytes: step.verdict && step.verdict !== 'TESTING' ? r.memoryBytes : 0,
              ...(step.verdict ? { verdict: step.verdict } : {}),
            };
          }),
        });
      },
      'POST /data/submitSource': (req) => {
        const s = session(req);
        if (!s?.handle || req.form.csrf_token !== s.csrf) return { status: 403, body: 'Forbidden' };
        const r = runs.find((x) => String(x.id) === req.form.submissionId && x.handle === s.handle);
        if (!r) return json({});
        return json({ source: r.source, compilationError: r.compileMessage ? 'true' : 'false', 'checkerStdoutAndStderr#1': r.compileMessage ?? '', testCount: '0', waiting: 'false' });
      },
    })),
    {
      problems, users, runs, garbageProblemPages: 0, limitStatusCalls: 0, failStatusCalls: 0, logins: 0,
      antiBot: 'off' as CfStandIn['antiBot'], antiBotPages: 0, rcpc: rcpc.cookie, sameCodeIgnoresBlanks: false, forms: [] as CfStandIn['forms'],
      expireSessions: () => sessions.clear(),
    },
  );
  return standIn;
}

/**
 * A stand-in of HDU Online Judge: GBK pages declared by a <meta> tag, a PHPSESSID session, the
 * login form posting to userloginex.php, submit.php taking base64(urlencode(source)), the public
 * status table (15 rows a page, newest first, `first=` paging) and viewerror.php.
 */
import { randomBytes } from 'node:crypto';
import { redirect, setCookie, startStandIn, type StandIn, type StandInReply } from '../stand-in.js';
import { encodeGbk } from './gbk.js';
import { look, verdictOf, type Run, type Verdict } from './script.js';

const FINAL: Record<Verdict, { html: string; time: string; memory: string }> = {
  AC: { html: '<font color=red>Accepted</font>', time: '15MS', memory: '1748K' },
  WA: { html: '<font color=green>Wrong Answer</font>', time: '31MS', memory: '1752K' },
  TLE: { html: '<font color=green>Time Limit Exceeded</font>', time: '1000MS', memory: '1760K' },
  MLE: { html: '<font color=green>Memory Limit Exceeded</font>', time: '46MS', memory: '32772K' },
  RE: { html: '<font color=green>Runtime Error<br>(STACK_OVERFLOW)</font>', time: '0MS', memory: '1700K' },
  CE: { html: '<a href=/viewerror.php?rid={rid} target=_blank title="Click to view the error log"><font color=green>Compilation Error</font></a>', time: '0MS', memory: '0K' },
  PE: { html: '<font color=green>Presentation Error</font>', time: '15MS', memory: '1748K' },
};

const PROBLEMS: Record<string, string> = {
  '1000': `<h1 style='color:#1A5CC8'>A + B Problem</h1><font><b><span style='font-family:Arial;font-size:12px;font-weight:bold;color:green'>Time Limit: 2000/1000 MS (Java/Others)&nbsp;&nbsp;&nbsp;&nbsp;Memory Limit: 65536/32768 K (Java/Others)<br>Total Submission(s): 1200345&nbsp;&nbsp;&nbsp;&nbsp;Accepted Submission(s): 412345<br></span></b></font>
<br><br><div class=panel_title align=left>Problem Description</div> <div class=panel_content>Calculate <i>A + B</i>.<br><center><img style="max-width:100%;" src=../../../data/images/C1-1000-1.jpg></center></div><div class=panel_bottom>&nbsp;</div>
<br><div class=panel_title align=left>Input</div> <div class=panel_content>Each line will contain two integers <i>A</i> and <i>B</i>. Process to end of file.</div><div class=panel_bottom>&nbsp;</div>
<br><div class=panel_title align=left>Output</div> <div class=panel_content>For each case, output <i>A + B</i> in one line.</div><div class=panel_bottom>&nbsp;</div>
<br><div class=panel_title align=left>Sample Input</div><div class=panel_content><pre><div style="font-family:Courier New,Courier,monospace;">1 1\r\n2 3</div></pre></div><div class=panel_bottom>&nbsp;</div>
<br><div class=panel_title align=left>Sample Output</div><div class=panel_content><pre><div style="font-family:Courier New,Courier,monospace;">2\r\n5
<div style='font-family:Times New Roman;font-size:14px;background-color:F4FBFF;border:#B7CBFF 1px dashed;padding:6px'><div style='font-family:Arial;font-weight:bold;color:#7CA9ED;border-bottom:#B7CBFF 1px dashed'><i style='font-size:1px'> </i>Hint</div>Use <b>64-bit</b> integers &amp; read until EOF.</div><i style='font-size:1px'> </i></div></pre></div><div class=panel_bottom>&nbsp;</div>
<br><div class=panel_title align=left>Author</div> <div class=panel_content>HDOJ</div><div class=panel_bottom>&nbsp;</div>`,
  '1002': `<h1 style='color:#1A5CC8'>大数加法 A + B Problem II</h1><font><b><span style='font-family:Arial;font-size:12px;font-weight:bold;color:green'>Time Limit: 2000/1000 MS (Java/Others)&nbsp;&nbsp;&nbsp;&nbsp;Memory Limit: 131072/65536 K (Java/Others)<br></span></b></font>
<br><br><div class=panel_title align=left>Problem Description</div> <div class=panel_content>给定两个正整数 A 和 B，计算 A + B（每个数不超过 1000 位）。</div><div class=panel_bottom>&nbsp;</div>
<br><div class=panel_title align=left>Input</div> <div class=panel_content>第一行是测试组数 T (1&lt;=T&lt;=20)。</div><div class=panel_bottom>&nbsp;</div>
<br><div class=panel_title align=left>Output</div> <div class=panel_content>输出 "Case #:"，然后是等式。</div><div class=panel_bottom>&nbsp;</div>
<br><div class=panel_title align=left>Sample Input</div><div class=panel_content><pre><div style="font-family:Courier New,Courier,monospace;">1\r\n1 2</div></pre></div><div class=panel_bottom>&nbsp;</div>
<br><div class=panel_title align=left>Sample Output</div><div class=panel_content><pre><div style="font-family:Courier New,Courier,monospace;">Case 1:\r\n1 + 2 = 3</div></pre></div><div class=panel_bottom>&nbsp;</div>`,
};

export interface HduStandIn {
  site: StandIn;
  runs: Run[];
  /** Forget every session, as the site does when a PHP session times out. */
  expireSessions(): void;
  /** The next submission answers "Please don't re-submit in 5 seconds". */
  rejectNextSubmitAsTooFast(): void;
  /** Every page becomes an unrelated HTML page (a proxy's error page, a redesign). */
  garbage: boolean;
  close(): Promise<void>;
}

export async function startHdu(users: Record<string, string>): Promise<HduStandIn> {
  const sessions = new Map<string, string | null>();
  const runs: Run[] = [];
  let nextRunId = 38_000_001;
  let tooFast = false;
  // Other users' runs, so the adapter has to pick its own out of the list.
  for (const [user, problem] of [['zoe', '1000'], ['yuki', '1002'], ['zoe', '1002']]) {
    runs.push({ id: nextRunId++, user, problem, language: '0', code: '', verdict: 'AC', steps: ['Accepted'], seen: 0, submittedAt: new Date() });
  }

  const page = (body: string, setCookies: string[] = []): StandInReply => ({
    // The real site declares gb2312 in a <meta> tag only.
    headers: { 'content-type': 'text/html' },
    body: encodeGbk(`<html><head><meta http-equiv="Content-Type" content="text/html; charset=gb2312" /><title>HDU Online Judge System</title></head><body>${body}</body></html>`),
    setCookies,
  });
  const sessionOf = (cookies: Record<string, string>) => (cookies.PHPSESSID ? sessions.get(cookies.PHPSESSID) : undefined);
  const userBar = (user: string | null | undefined) =>
    user ? `<a href="/userstatus.php?user=${user}">${user}</a> <a href="/userloginex.php?action=logout">Sign Out</a>` : `<a href="/userloginex.php">Sign In</a>`;
  const loginFormPage = (extra = '') =>
    `${extra}<form action="/userloginex.php?action=login" method=post><input type=text name=username><input type=password name=userpass><input type=submit name=login value="Sign In"></form>`;
  const state = { garbage: false };
  const garbagePage = (): StandInReply => page('<h2>Service Temporarily Unavailable</h2><p>nginx</p>');

  const site = await startStandIn({
    'GET /': (req) => (state.garbage ? garbagePage() : page(`${userBar(sessionOf(req.cookies))}<p>Welcome to HDU Online Judge</p>`)),
    'GET /userloginex.php': (req) => {
      if (req.cookies.PHPSESSID && sessions.has(req.cookies.PHPSESSID)) return page(loginFormPage());
      const sid = randomBytes(8).toString('hex');
      sessions.set(sid, null);
      return page(loginFormPage(), [setCookie('PHPSESSID', sid)]);
    },
    'POST /userloginex.php': (req) => {
      if (state.garbage) return garbagePage();
      if (req.query.get('action') !== 'login') return page(loginFormPage());
      let sid = req.cookies.PHPSESSID;
      const fresh: string[] = [];
      if (!sid || !sessions.has(sid)) {
        sid = randomBytes(8).toString('hex');
        fresh.push(setCookie('PHPSESSID', sid));
      }
      const { username, userpass, login } = req.form;
      if (login !== 'Sign In' || users[username] === undefined || users[username] !== userpass) {
        sessions.set(sid, null);
        return page(loginFormPage('<p style="color:red">No such user or wrong password.</p>'), fresh);
      }
      sessions.set(sid, username);
      return redirect('/', fresh);
    },
    'GET /showproblem.php': (req) => {
      if (state.garbage) return garbagePage();
      const body = PROBLEMS[req.query.get('pid') ?? ''];
      if (!body) return page(`${userBar(sessionOf(req.cookies))}<DIV>No such problem - <strong>Problem ${req.query.get('pid')}</strong>.</DIV>`);
      return page(`${userBar(sessionOf(req.cookies))}<table width=100% border=0><tr><td align=center>${body}</td></tr></table>`);
    },
    'POST /submit.php': (req) => {
      if (state.garbage) return garbagePage();
      const user = sessionOf(req.cookies);
      if (!user) return redirect('/userloginex.php');
      if (tooFast) {
        tooFast = false;
        return page(`${userBar(user)}<p>Please don't re-submit in 5 seconds, thank you.</p>`);
      }
      const { problemid, language, _usercode, check } = req.form;
      const errors: string[] = [];
      if (check !== '0') errors.push('Invalid form');
      if (!PROBLEMS[problemid]) errors.push('No such problem');
      if (!['0', '1', '2', '3', '4', '5', '6'].includes(language)) errors.push('Invalid language');
      let code = '';
      try {
        code = decodeURIComponent(Buffer.from(_usercode ?? '', 'base64').toString('latin1'));
      } catch {
        errors.push('Invalid code');
      }
      if (Buffer.byteLength(code) < 50 || Buffer.byteLength(code) > 65536) errors.push('Code length is improper! Make sure your code length is longer than 50 and not exceed 65536 Bytes.');
      if (errors.length) return page(`${userBar(user)}<p>One or more following ERROR(s) occurred.</p><ul>${errors.map((e) => `<li>${e}</li>`).join('')}</ul>`);
      const verdict = verdictOf(code);
      const steps = ['Queuing', 'Compiling', ...(verdict === 'CE' ? [] : ['Running']), verdict];
      runs.push({ id: nextRunId++, user, problem: problemid, language, code, verdict, steps, seen: 0, submittedAt: new Date() });
      return redirect(`/status.php?user=${encodeURIComponent(user)}&pid=${problemid}`);
    },
    'GET /status.php': (req) => {
      if (state.garbage) return garbagePage();
      const first = Number(req.query.get('first') || Infinity);
      const pid = req.query.get('pid') ?? '';
      const user = req.query.get('user') ?? '';
      const shown = runs
        .filter((r) => r.id <= first && (!pid || r.problem === pid) && (!user || r.user === user))
        .sort((a, b) => b.id - a.id)
        .slice(0, 15);
      const rows = shown.map((r) => {
        const { state: s, final } = look(r, req.query.get('first') !== null && req.query.get('first') !== '');
        const fin = FINAL[r.verdict];
        const cell = final ? fin.html.replace('{rid}', String(r.id)) : `<font color=#000000>${s}</font>`;
        return `<tr align=center ><td height=22px>${r.id}</td><td>${r.submittedAt.toISOString().slice(0, 19).replace('T', ' ')}</td><td>${cell}</td><td><a href="../showproblem.php?pid=${r.problem}">${r.problem}</a></td><td>${final ? fin.time : '0MS'}</td><td>${final ? fin.memory : '0K'}</td><td><a href="/viewcode.php?rid=${r.id}" target=_blank>${r.code.length}B</a></td><td>G++</td><td class=fixedsize><a href="/userstatus.php?user=${r.user}">${r.user}</a></td></tr>`;
      });
      return page(`${userBar(sessionOf(req.cookies))}<div id=fixed_table><table width=100% border=0 align=center cellspacing=2 class='table_text'><tr bgcolor=#D7EBFF class='table_title'><td width=10%>Run ID</td><td width=16%>Submit Time</td><td>Judge Status</td><td width=7%>Pro.ID</td><td width=7%>Exe.Time</td><td width=8%>Exe.Memory</td><td width=8%>Code Len.</td><td width=7%>Language</td><td width=13%>Author</td></tr>${rows.join('\n')}</table></div>`);
    },
    'GET /viewerror.php': (req) => {
      if (state.garbage) return garbagePage();
      const run = runs.find((r) => String(r.id) === req.query.get('rid'));
      if (!run || run.verdict !== 'CE') return page('<p>No such compilation error.</p>');
      return page(`<table width=80%><tr><td><pre>0_0_${run.id}.cpp\nMain.cpp: In function 'int main()':\nMain.cpp:3:5: error: 'x' was not declared in this scope &amp; &lt;stdio.h&gt; is missing</pre></td></tr></table>`);
    },
  });

  return {
    site,
    runs,
    expireSessions: () => sessions.clear(),
    rejectNextSubmitAsTooFast: () => {
      tooFast = true;
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

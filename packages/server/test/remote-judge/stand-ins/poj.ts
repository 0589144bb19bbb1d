/**
 * A stand-in of PKU JudgeOnline: GBK pages (charset in the Content-Type header), a JSESSIONID
 * session, POST /login answering 302 whatever the password (the home page tells), POST /submit with
 * the base64 source, the public status list (`top=` paging, 20 rows, newest first) and
 * showcompileinfo.
 */
import { randomBytes } from 'node:crypto';
import { redirect, setCookie, startStandIn, type StandIn, type StandInReply } from '../stand-in.js';
import { encodeGbk } from './gbk.js';
import { look, verdictOf, type Run, type Verdict } from './script.js';

const FINAL: Record<Verdict, { html: string; time: string; memory: string }> = {
  AC: { html: '<font color=blue>Accepted</font>', time: '16MS', memory: '164K' },
  WA: { html: '<font color=red>Wrong Answer</font>', time: '', memory: '' },
  TLE: { html: '<font color=red>Time Limit Exceeded</font>', time: '', memory: '' },
  MLE: { html: '<font color=red>Memory Limit Exceeded</font>', time: '', memory: '' },
  RE: { html: '<font color=red>Runtime Error</font>', time: '', memory: '' },
  CE: { html: '<a href=showcompileinfo?solution_id={rid} target=_blank><font color=green>Compile Error</font></a>', time: '', memory: '' },
  PE: { html: '<font color=red>Presentation Error</font>', time: '0MS', memory: '160K' },
};

const PROBLEMS: Record<string, string> = {
  '1000': `<div class="ptt" lang="en-US">A+B Problem</div>
<div class="plm"><table align=center><tr><td><b>Time Limit:</b> 1000MS</td><td width="10px"></td><td><b>Memory Limit:</b> 10000K</td></tr><tr><td><b>Total Submissions:</b> 512345</td><td width="10px"></td><td><b>Accepted:</b> 301234</td></tr></table></div>
<p class="pst">Description</p><div class="ptx" lang="en-US">Calculate a+b<br><img src="images/1000_1.jpg" alt="figure"></div>
<p class="pst">Input</p><div class="ptx" lang="en-US">Two integer a,b (0&lt;=a,b&lt;=10)</div>
<p class="pst">Output</p><div class="ptx" lang="en-US">Output a+b</div>
<p class="pst">Sample Input</p><pre class="sio">1 2</pre>
<p class="pst">Sample Output</p><pre class="sio">3</pre>
<p class="pst">Hint</p><div class="ptx" lang="en-US">Q: Where are the input and the output?<br>A: Your program shall always <font color=red>read input from stdin</font>.</div>
<p class="pst">Source</p><div class="ptx" lang="en-US"><a href="searchproblem?field=source&key=POJ">POJ</a></div>`,
  '1001': `<div class="ptt" lang="en-US">求幂 Exponentiation</div>
<div class="plm"><table align=center><tr><td><b>Time Limit:</b> 500MS</td><td width="10px"></td><td><b>Memory Limit:</b> 10000K</td></tr></table></div>
<p class="pst">Description</p><div class="ptx" lang="en-US">计算 R<sup>n</sup>，其中 0.0 &lt; R &lt; 99.999。</div>
<p class="pst">Input</p><div class="ptx" lang="en-US">每行一对 R 和 n。</div>
<p class="pst">Output</p><div class="ptx" lang="en-US">精确输出。</div>
<p class="pst">Sample Input</p><pre class="sio">95.123 12\r\n0.4321 20</pre>
<p class="pst">Sample Output</p><pre class="sio">548815620517731830194541.899025343415715973535967221869852721\r\n.00000005148554641076956121994511276767154838481760200726351203835429763013462401</pre>
<p class="pst">Source</p><div class="ptx" lang="en-US">East Central North America 1988</div>`,
};

export interface PojStandIn {
  site: StandIn;
  runs: Run[];
  expireSessions(): void;
  garbage: boolean;
  close(): Promise<void>;
}

export async function startPoj(users: Record<string, string>): Promise<PojStandIn> {
  const sessions = new Map<string, string>();
  const runs: Run[] = [];
  let nextRunId = 21_780_001;
  for (const [user, problem] of [['bob', '1000'], ['carol', '1001'], ['bob', '1001']]) {
    runs.push({ id: nextRunId++, user, problem, language: '0', code: '', verdict: 'WA', steps: ['WA'], seen: 0, submittedAt: new Date() });
  }
  const state = { garbage: false };

  const page = (title: string, body: string): StandInReply => ({
    headers: { 'content-type': 'text/html; charset=GBK' },
    body: encodeGbk(`<html><head><title>${title}</title></head><body>${body}</body></html>`),
  });
  const userOf = (cookies: Record<string, string>) => (cookies.JSESSIONID ? sessions.get(cookies.JSESSIONID) : undefined);
  const bar = (user: string | undefined) =>
    user
      ? `<a href=userstatus?user_id=${user}><b>${user}</b></a> <a href=logout?url=%2F>Log Out</a>`
      : `<form method=POST action=login>User ID:<input type=text name=user_id1 size=10> Password:<input type=password name=password1 size=10><input type=hidden name=url value="/"><input type=submit name=B1 value=login></form>`;
  const garbagePage = () => page('502 Bad Gateway', '<center><h1>It works!</h1></center>');

  const site = await startStandIn({
    'GET /': (req) => (state.garbage ? garbagePage() : page('Welcome To PKU JudgeOnline', `${bar(userOf(req.cookies))}<p>Welcome To PKU JudgeOnline</p>`)),
    'POST /login': (req) => {
      if (state.garbage) return garbagePage();
      const { user_id1: user, password1: password, B1, url } = req.form;
      if (B1 !== 'login' || users[user] === undefined || users[user] !== password) return redirect(url || '/');
      const sid = randomBytes(8).toString('hex');
      sessions.set(sid, user);
      return redirect(url === '.' ? '/' : url || '/', [setCookie('JSESSIONID', sid)]);
    },
    'GET /problem': (req) => {
      if (state.garbage) return garbagePage();
      const id = req.query.get('id') ?? '';
      const body = PROBLEMS[id];
      if (!body) return page('Error Occurred', `${bar(userOf(req.cookies))}<p>Error Occurred</p><ul><li>Can not find problem (ID:${id})</li></ul>`);
      return page(`${id} -- problem`, `${bar(userOf(req.cookies))}<table border=0 width=100% background="images/table_back.jpg"><tr><td>${body}</td></tr></table>`);
    },
    'POST /submit': (req) => {
      if (state.garbage) return garbagePage();
      const user = userOf(req.cookies);
      if (!user) return page('Please login', `${bar(undefined)}<p>Please login first.</p>`);
      const { problem_id: problem, language, source, submit, encoded } = req.form;
      const errors: string[] = [];
      if (!PROBLEMS[problem]) errors.push(`Can not find problem (ID:${problem})`);
      if (submit !== 'Submit' || encoded !== '1' || !['0', '1', '2', '3', '4', '5', '6'].includes(language)) errors.push('Invalid submission form');
      const code = Buffer.from(source ?? '', 'base64').toString('utf8');
      if (code.length < 10) errors.push('Source code too long or too short,submit FAILED;if you really need submit this source please contact administrator');
      if (errors.length) return page('Error Occurred', `${bar(user)}<p>Error Occurred</p><ul>${errors.map((e) => `<li>${e}</li>`).join('')}</ul>`);
      const verdict = verdictOf(code);
      const steps = ['Waiting', 'Compiling', ...(verdict === 'CE' ? [] : ['Running &amp; Judging']), verdict];
      runs.push({ id: nextRunId++, user, problem, language, code, verdict, steps, seen: 0, submittedAt: new Date() });
      return redirect('status');
    },
    'GET /status': (req) => {
      if (state.garbage) return garbagePage();
      const top = req.query.get('top');
      const problem = req.query.get('problem_id') ?? '';
      const user = req.query.get('user_id') ?? '';
      const shown = runs
        .filter((r) => (!top || r.id < Number(top)) && (!problem || r.problem === problem) && (!user || r.user === user))
        .sort((a, b) => b.id - a.id)
        .slice(0, 20);
      const rows = shown.map((r) => {
        const { state: s, final } = look(r, !!top);
        const fin = FINAL[r.verdict];
        const cell = final ? fin.html.replace('{rid}', String(r.id)) : `<font color=black>${s}</font>`;
        return `<tr align=center><td>${r.id}</td><td><a href=userstatus?user_id=${r.user}>${r.user}</a></td><td><a href=problem?id=${r.problem}>${r.problem}</a></td><td>${cell}</td><td>${final ? fin.memory : ''}</td><td>${final ? fin.time : ''}</td><td>G++</td><td>${r.code.length}B</td><td>${r.submittedAt.toISOString().slice(0, 19).replace('T', ' ')}</td></tr>`;
      });
      return page('Problem Status List', `${bar(userOf(req.cookies))}<table cellspacing=0 cellpadding=0 width=100% border=1 class=a bordercolor=#FFFFFF><tr class='in'><td width=8%>Run ID</td><td width=12%>User</td><td width=7%>Problem</td><td width=20%>Result</td><td width=7%>Memory</td><td width=7%>Time</td><td width=7%>Language</td><td width=7%>Code Length</td><td width=17%>Submit Time</td></tr>${rows.join('\n')}</table>`);
    },
    'GET /showcompileinfo': (req) => {
      if (state.garbage) return garbagePage();
      const run = runs.find((r) => String(r.id) === req.query.get('solution_id'));
      if (!run || run.verdict !== 'CE') return page('Error Occurred', '<ul><li>No such solution</li></ul>');
      return page('Compile Error', `<p>Compile Error</p><pre><font face=Times New Roman size=3>Main.cpp\nMain.cpp: In function 'int main()':\nMain.cpp:2: error: expected ';' before 'return' &lt;编译失败&gt;</font></pre>`);
    },
  });

  return {
    site,
    runs,
    expireSessions: () => sessions.clear(),
    get garbage() {
      return state.garbage;
    },
    set garbage(v: boolean) {
      state.garbage = v;
    },
    close: () => site.close(),
  };
}

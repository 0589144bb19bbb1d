/**
 * AtCoder. Facts from public vjudge code and the site's pages:
 * - task page /contests/{contest}/tasks/{task} (task 'abc300_a' belongs to contest 'abc300'):
 *   title in <title>, "Time Limit: 2 sec / Memory Limit: 1024 MB", statement in #task-statement
 *   with an English part (span.lang-en) of <section>s headed by <h3> (Problem Statement,
 *   Constraints, Input, Output, Sample Input N / Sample Output N with <pre>); 404 when missing;
 * - login /login: a form with csrf_token (also `var csrfToken`), username, password; the session
 *   cookie comes on the 302; every page says who is logged in (`var userScreenName = "…"`); the
 *   form may carry a captcha widget (Cloudflare Turnstile), and then a login without its answer
 *   is refused: the refusal says so;
 * - submit /contests/{c}/submit: data.TaskScreenName, data.LanguageId, sourceCode, csrf_token;
 *   success is a 302 to /contests/{c}/submissions/me, whose newest "Detail" link is the run;
 *   logged out, it sends the visitor to /login;
 * - status: /contests/{c}/submissions/{id}: #judge-status (WJ, "3/12", "3/12 WA", AC, WA, TLE,
 *   MLE, RE, OLE, QLE, IE, CE), Exec Time "N ms", Memory "N KB", and for CE the compiler output
 *   under <h4>Compile Error</h4>.
 */
import { JudgeStatus, type JudgeStatusCode } from '@verdict/shared';
import { RemoteJudgeError, type RemoteJudgeAdapter, type RemoteStatus, type SiteHttp } from '../adapter.js';
import { elementByClass, inputValue, textOf } from '../html.js';
import { htmlToMarkdown } from '../html-markdown.js';

/** Our language names → AtCoder LanguageId (2023 language update). */
const AC_LANGUAGES: Record<string, string> = {
  C: '5017', // C (gcc 12.2.0)
  'C With O2': '5017',
  'C++': '5001', // C++ 20 (gcc 12.2)
  'C++ With O2': '5001',
  'C++ 17': '5053', // C++ 17 (gcc 12.2)
  'C++ 17 With O2': '5053',
  'C++ 20': '5001',
  'C++ 20 With O2': '5001',
  Java: '5005', // OpenJDK 17
  Python3: '5055', // CPython 3.11.4
  PyPy3: '5078', // PyPy 3.10
  Golang: '5002',
  Rust: '5054',
  'JavaScript Node': '5009',
  Ruby: '5018',
  PHP: '5016',
  'C#': '5003',
  Pascal: '5041',
  Kotlin: '5004',
  Haskell: '5025',
  Lua: '5043',
  Fortran: '5026',
};

const VERDICTS: Record<string, JudgeStatusCode> = {
  AC: JudgeStatus.ACCEPTED,
  WA: JudgeStatus.WRONG_ANSWER,
  TLE: JudgeStatus.TIME_LIMIT_EXCEEDED,
  MLE: JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  RE: JudgeStatus.RUNTIME_ERROR,
  OLE: JudgeStatus.RUNTIME_ERROR,
  QLE: JudgeStatus.RUNTIME_ERROR,
  IE: JudgeStatus.SYSTEM_ERROR,
  CE: JudgeStatus.COMPILE_ERROR,
};
const NAMES: Record<string, string> = {
  AC: 'Accepted', WA: 'Wrong Answer', TLE: 'Time Limit Exceeded', MLE: 'Memory Limit Exceeded', RE: 'Runtime Error',
  OLE: 'Output Limit Exceeded', QLE: 'Query Limit Exceeded', IE: 'Internal Error', CE: 'Compilation Error',
};

function split(id: string) {
  const m = /^([a-z0-9][a-z0-9_-]*)_([a-z0-9]+)$/.exec(id);
  if (!m) throw new RemoteJudgeError('notFound', `${id} is not an AtCoder task id`);
  return { contest: m[1], task: id };
}

const loggedInAs = (html: string) => /var userScreenName = "([^"]*)"/.exec(html)?.[1] ?? null;
const csrfOf = (html: string) => inputValue(html, 'csrf_token') ?? /var csrfToken = "([^"]+)"/.exec(html)?.[1] ?? null;
const isLoginPage = (url: string) => new URL(url).pathname === '/login';

/** The <section>s of the English statement (or of the only one), keyed by their <h3>. */
function sections(statement: string): { title: string; body: string }[] {
  const en = elementByClass(statement, 'lang-en')?.inner ?? statement;
  const out: { title: string; body: string }[] = [];
  for (const m of en.matchAll(/<section>\s*<h3>([\s\S]*?)<\/h3>([\s\S]*?)<\/section>/gi)) out.push({ title: textOf(m[1]).trim(), body: m[2] });
  return out;
}

async function detailPage(http: SiteHttp, contest: string, runId: string) {
  const res = await http.get(`/contests/${contest}/submissions/${runId}`);
  if (isLoginPage(res.url)) throw new RemoteJudgeError('sessionExpired', 'AC: the session has expired');
  if (res.status === 404) throw new RemoteJudgeError('notFound', `AC: submission ${runId} does not exist`);
  return res.text;
}

export const atcoder: RemoteJudgeAdapter = {
  key: 'AC',
  defaultBaseUrl: 'https://atcoder.jp',
  languages: AC_LANGUAGES,
  minIntervalMs: 1000,
  isProblemId: (id) => /^[a-z0-9][a-z0-9_-]*_[a-z0-9]+$/.test(id),

  async fetchProblem(http, problemId) {
    const { contest, task } = split(problemId);
    const path = `/contests/${contest}/tasks/${task}`;
    const res = await http.get(path, { query: { lang: 'en' } });
    if (res.status === 404) throw new RemoteJudgeError('notFound', `AC ${problemId} does not exist`);
    const limits = /Time Limit:\s*([\d.]+)\s*sec\s*\/\s*Memory Limit:\s*(\d+)\s*(MB|MiB|KB)/i.exec(res.text);
    const statementStart = res.text.search(/<div id="task-statement">/i);
    if (!limits || statementStart < 0) throw new RemoteJudgeError('garbage', `AC ${problemId}: the page has no task statement`);
    const statement = res.text.slice(statementStart);
    const title = textOf(/<title>([\s\S]*?)<\/title>/i.exec(res.text)?.[1] ?? '').replace(/\s+/g, ' ').trim()
      .replace(/^[A-Z][A-Za-z0-9]*\s*-\s*/, '').replace(/\s*\|?\s*-?\s*AtCoder.*$/i, '').replace(/\s*-\s*$/, '');
    const parts = sections(statement);
    const find = (re: RegExp) => parts.find((p) => re.test(p.title));
    const md = (p?: { body: string }) => (p ? htmlToMarkdown(p.body, http.baseUrl) : '');
    const pre = (p?: { body: string }) => textOf(/<pre[^>]*>([\s\S]*?)<\/pre>/i.exec(p?.body ?? '')?.[1] ?? '').replace(/^\n/, '').replace(/\n+$/, '');
    const examples: { input: string; output: string }[] = [];
    for (let i = 1; find(new RegExp(`^Sample Input ${i}$`)); i++) {
      examples.push({ input: pre(find(new RegExp(`^Sample Input ${i}$`))), output: pre(find(new RegExp(`^Sample Output ${i}$`))) });
    }
    const memory = Number(limits[2]);
    const constraints = find(/^Constraints$/);
    return {
      remoteId: problemId,
      title: title || problemId,
      timeLimitMs: Math.round(Number(limits[1]) * 1000),
      memoryLimitMb: limits[3].toUpperCase() === 'KB' ? Math.round(memory / 1024) : memory,
      description: [md(find(/^Problem Statement$/)), constraints ? `### Constraints\n\n${md(constraints)}` : ''].filter(Boolean).join('\n\n'),
      input: md(find(/^Input$/)),
      output: md(find(/^Output$/)),
      examples,
      hint: '',
      source: http.baseUrl + path,
      tags: [],
    };
  },

  async login(http, account) {
    http.clearCookies();
    const page = await http.get('/login');
    const csrf = csrfOf(page.text);
    if (!csrf) throw new RemoteJudgeError('garbage', 'AC: the login page has no csrf_token');
    // The site may put a captcha widget (Cloudflare Turnstile, reCAPTCHA) on the form; a server cannot answer it.
    const captcha = /cf-turnstile|challenges\.cloudflare\.com\/turnstile|g-recaptcha|h-captcha/i.test(page.text);
    const res = await http.postForm('/login', { username: account.username, password: account.password, csrf_token: csrf });
    const who = loggedInAs(res.text);
    if (who && who.toLowerCase() === account.username.toLowerCase()) return;
    if (isLoginPage(res.url) || who === '') {
      throw new RemoteJudgeError('loginRefused', `AC refused the login of ${account.username}${captcha ? ': the login form asks for a captcha, which this server cannot answer' : ''}`);
    }
    throw new RemoteJudgeError('garbage', `AC: unexpected page after login (${res.url})`);
  },

  async submit(http, account, sub) {
    const lang = AC_LANGUAGES[sub.language];
    if (!lang) throw new RemoteJudgeError('unsupportedLanguage', `AC has no compiler for ${sub.language}`);
    const { contest, task } = split(sub.problemId);
    const form = await http.get(`/contests/${contest}/submit`);
    if (isLoginPage(form.url) || loggedInAs(form.text) === '') throw new RemoteJudgeError('sessionExpired', `AC: the session of ${account.username} has expired`);
    const csrf = csrfOf(form.text);
    if (!csrf) throw new RemoteJudgeError('garbage', 'AC: the submit page has no csrf_token');
    const res = await http.postForm(`/contests/${contest}/submit`, { 'data.TaskScreenName': task, 'data.LanguageId': lang, sourceCode: sub.code, csrf_token: csrf });
    if (isLoginPage(res.url)) throw new RemoteJudgeError('sessionExpired', `AC: the session of ${account.username} has expired`);
    const wait = /Wait for (\d+) second/.exec(res.text);
    if (wait) throw new RemoteJudgeError('rateLimited', `AC asks to wait ${wait[1]} s before submitting again`, (Number(wait[1]) + 1) * 1000);
    if (!new URL(res.url).pathname.endsWith('/submissions/me')) {
      const alert = /<div class="alert alert-(?:danger|warning)[^"]*"[^>]*>([\s\S]*?)<\/div>/i.exec(res.text);
      throw new RemoteJudgeError('garbage', `AC refused the submission${alert ? `: ${textOf(alert[1]).replace(/\s+/g, ' ').trim()}` : ` (${res.url})`}`);
    }
    // Newest first: one submission per account at a time, so the first Detail link of the task is ours.
    const esc = contest.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const id = new RegExp(`<a href=["']/contests/${esc}/submissions/(\\d+)["'][^>]*>Detail</a>`).exec(res.text)?.[1];
    if (!id) throw new RemoteJudgeError('garbage', `AC: the submission is not in the list of ${account.username}`);
    return id;
  },

  async status(http, _account, sub): Promise<RemoteStatus> {
    const { contest } = split(sub.problemId);
    const html = await detailPage(http, contest, sub.runId);
    const cell = /<td id="judge-status"[^>]*>([\s\S]*?)<\/td>/i.exec(html);
    if (!cell) throw new RemoteJudgeError('garbage', `AC: submission ${sub.runId} has no status cell`);
    const label = textOf(cell[1]).replace(/\s+/g, ' ').trim();
    if (label === 'WJ' || label === 'WR') return { status: JudgeStatus.PENDING, final: false, detail: 'Waiting for judge' };
    // "3/12" or "3/12 WA": judging, the count is cases done.
    const running = /^(\d+)\s*\/\s*(\d+)(?:\s+(\w+))?$/.exec(label);
    if (running) return { status: JudgeStatus.JUDGING, final: false, detail: `Judging ${running[1]}/${running[2]}`, progress: { done: Number(running[1]), total: Number(running[2]) } };
    const status = VERDICTS[label];
    if (status === undefined) throw new RemoteJudgeError('garbage', `AC: unknown status ${label}`);
    const time = Number(/<th>Exec Time<\/th>\s*<td[^>]*>\s*(\d+)\s*ms/i.exec(html)?.[1] ?? 0);
    const memory = Number(/<th>Memory<\/th>\s*<td[^>]*>\s*(\d+)\s*KB/i.exec(html)?.[1] ?? 0);
    if (status === JudgeStatus.COMPILE_ERROR) {
      const msg = textOf(/<h4>Compile Error<\/h4>\s*<pre[^>]*>([\s\S]*?)<\/pre>/i.exec(html)?.[1] ?? '').trim();
      return { status, final: true, compileMessage: msg || 'Compilation error (the site shows no compiler output)', timeMs: 0, memoryKb: 0 };
    }
    return { status, final: true, timeMs: time, memoryKb: memory, detail: status === JudgeStatus.ACCEPTED ? undefined : NAMES[label] };
  },
};

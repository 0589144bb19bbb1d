/**
 * SPOJ (www.spoj.com): UTF-8 pages, a cookie session (with autologin cookies).
 * - problem: GET /problems/CODE/; `<h2 id="problem-name">CODE - Title</h2>`, the `#problem-meta`
 *   table ("Time limit:" in seconds, possibly a range; "Memory limit:" in MB), the statement in
 *   `<div id="problem-body">` with `<h3>` sections (Input, Output, Example with "Input:"/"Output:"
 *   inside a <pre>), tags as `<span data-tagid>#tag</span>`. An unknown code lands elsewhere.
 * - login: POST /login/ (next_raw, autologin=1, login_user, password) → 302; a wrong password
 *   answers "Authentication failed!".
 * - submit: POST /submit/complete/ (submit, lang, problemcode, file = the source) → a page with
 *   `<input name="newSubmissionId" value="RUN">`; "Wrong problem code!", "…submit in this language
 *   for this problem" and "solution is too long" are its refusals; logged out → the login form.
 * - status: POST /status/ajax=1,ajaxdiff=1 (ids=RUN) → JSON rows {id, status, final, time (s),
 *   mem, status_description}; status codes are Sphere Engine's (0 waiting, 1 compiling, 3 running,
 *   11 CE, 12 RE, 13 TLE, 14 WA, 15 AC, 17 MLE, 19 illegal call, 20 internal error); CE text at /error/RUN/.
 */
import { JudgeStatus, type JudgeStatusCode } from '@verdict/shared';
import { RemoteJudgeError, type RemoteJudgeAdapter, type RemoteProblem, type RemoteStatus, type SiteHttp } from '../adapter.js';
import { htmlText, htmlToMarkdown } from '../html-markdown.js';
import { must, sampleText, siteLanguage } from './page.js';

const SITE = 'SPOJ';

/** Our language names → SPOJ's compiler ids (C gcc 8.3 = 11, C++14 gcc 8.3 = 44, Java HotSpot = 10, ...). */
const LANGUAGES: Readonly<Record<string, string>> = {
  'C': '11', 'C With O2': '11', 'C++': '44', 'C++ With O2': '44', 'Java': '10', 'Python3': '116', 'Python2': '4',
  'Golang': '114', 'Rust': '93', 'JavaScript Node': '56', 'Ruby': '17', 'PHP': '29', 'C#': '27', 'Pascal': '22',
  'Kotlin': '47', 'Haskell': '21', 'Lua': '26', 'Fortran': '5',
};

const FINAL_CODES: Record<number, JudgeStatusCode> = {
  11: JudgeStatus.COMPILE_ERROR,
  12: JudgeStatus.RUNTIME_ERROR,
  13: JudgeStatus.TIME_LIMIT_EXCEEDED,
  14: JudgeStatus.WRONG_ANSWER,
  15: JudgeStatus.ACCEPTED,
  17: JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  19: JudgeStatus.RUNTIME_ERROR,
  20: JudgeStatus.SYSTEM_ERROR,
};

interface AjaxRow { id: number | string; status: number | string; final: number | string; time?: string; mem?: string; status_description?: string }

const loggedIn = (page: string) => /href=["'][^"']*\/logout/i.test(page);
const loginForm = (page: string) => /name=["']login_user["']/i.test(page);

/** "5.2M", "2048k", "1.1G" → KiB; "-" or empty → undefined. */
function memoryKb(mem: string | undefined): number | undefined {
  const m = /^([\d.]+)\s*([kmg])?/i.exec((mem ?? '').trim());
  if (!m) return undefined;
  const factor = { k: 1, m: 1024, g: 1024 * 1024 }[(m[2] ?? 'k').toLowerCase() as 'k' | 'm' | 'g'];
  return Math.round(Number(m[1]) * factor);
}

/** "0.01" seconds → ms; "-" → undefined. */
function timeMs(time: string | undefined): number | undefined {
  const t = Number((time ?? '').trim());
  return (time ?? '').trim() && Number.isFinite(t) ? Math.round(t * 1000) : undefined;
}

/** The statement body split at its `<h3>` headings: [heading, html][] with '' for the part before the first. */
function bodySections(body: string): [string, string][] {
  const parts = body.split(/<h3[^>]*>/i);
  const out: [string, string][] = [['', parts[0]]];
  for (const part of parts.slice(1)) {
    const end = part.search(/<\/h3>/i);
    out.push(end < 0 ? ['', part] : [htmlText(part.slice(0, end)).trim(), part.slice(end + 5)]);
  }
  return out;
}

/** Samples from an Example section: each <pre> with "Input:" … "Output:" in it. */
function examplesOf(html: string): { input: string; output: string }[] | null {
  const out: { input: string; output: string }[] = [];
  for (const pre of html.matchAll(/<pre[^>]*>([\s\S]*?)<\/pre>/gi)) {
    const text = htmlText(pre[1]).replace(/\r\n?/g, '\n');
    const m = /^\s*Input:?[ \t]*\n?([\s\S]*?)\n\s*Output:?[ \t]*\n?([\s\S]*)$/i.exec(text);
    if (!m) return null;
    out.push({ input: sampleText(m[1]), output: sampleText(m[2]) });
  }
  return out.length ? out : null;
}

async function ensureStillLoggedIn(http: SiteHttp, user: string): Promise<void> {
  const home = await http.get('/');
  if (!loggedIn(home.text)) throw new RemoteJudgeError('sessionExpired', `SPOJ logged ${user} out`);
}

export const spoj: RemoteJudgeAdapter = {
  key: 'SPOJ',
  defaultBaseUrl: 'https://www.spoj.com',
  languages: LANGUAGES,
  minIntervalMs: 1000,

  // Codes are upper case on the site; a lower-case one would become a second display id (SPOJ-test).
  isProblemId: (id) => /^[A-Z0-9_]{1,8}$/.test(id),

  async fetchProblem(http, code): Promise<RemoteProblem> {
    if (!spoj.isProblemId(code)) throw new RemoteJudgeError('notFound', `"${code}" is not a SPOJ problem code (capitals, digits and _ such as TEST or PRIME1)`);
    const res = await http.get(`/problems/${code}/`);
    const landed = new URL(res.url).pathname.replace(/\/+$/, '');
    if (res.status === 404 || landed !== `/problems/${code}` || /Wrong problem code!/i.test(res.text)) {
      throw new RemoteJudgeError('notFound', `SPOJ has no problem ${code}`);
    }
    const page = res.text;
    const heading = htmlText(must(/<h2 id=["']problem-name["'][^>]*>([\s\S]*?)<\/h2>/i, page, SITE, 'a problem title')).trim();
    const title = heading.startsWith(`${code} - `) ? heading.slice(code.length + 3).trim() : heading;
    const meta = must(/<table[^>]*id=["']problem-meta["'][^>]*>([\s\S]*?)<\/table>/i, page, SITE, 'the problem meta table');
    const metaValue = (label: string) => htmlText(must(new RegExp(`<td>\\s*${label}:?\\s*</td>\\s*<td>([\\s\\S]*?)</td>`, 'i'), meta, SITE, `a ${label.toLowerCase()}`));
    // A range such as "0.100s-1.5s" (per-test limits differ): the largest applies to some test.
    const seconds = Math.max(...[...metaValue('Time limit').matchAll(/([\d.]+)\s*s/g)].map((m) => Number(m[1])));
    const memory = /([\d.]+)\s*MB/i.exec(metaValue('Memory limit'));
    if (!Number.isFinite(seconds) || !memory) throw new RemoteJudgeError('garbage', `${SITE} showed limits we cannot read`);
    const bodyHtml = must(/<div id=["']problem-body["'][^>]*>([\s\S]*?)<\/div>\s*(?:<div class=["']text-center|<div id=["']problem-tags|<\/div>\s*$)/i, page, SITE, 'a problem statement');

    const md = (html: string) => htmlToMarkdown(html, res.url);
    const description: string[] = [];
    const input: string[] = [];
    const output: string[] = [];
    const hint: string[] = [];
    let examples: { input: string; output: string }[] = [];
    for (const [name, html] of bodySections(bodyHtml)) {
      const key = name.toLowerCase();
      if (key === '') description.push(md(html));
      else if (key.startsWith('input')) input.push(md(html));
      else if (key.startsWith('output')) output.push(md(html));
      else if (key.startsWith('constraint')) input.push(`### ${name}\n\n${md(html)}`);
      else if (/^(example|sample)/.test(key) && examples.length === 0 && examplesOf(html)) {
        examples = examplesOf(html)!;
        const rest = html.replace(/<pre[^>]*>[\s\S]*?<\/pre>/gi, '').trim();
        if (htmlText(rest).trim()) hint.push(md(rest));
      } else hint.push(`### ${name}\n\n${md(html)}`); // explanations, notes, unparsed examples: nothing is lost
    }
    const tags = [...page.matchAll(/<span[^>]*data-tagid=["']?\d+["']?[^>]*>([^<]*)/gi)]
      .map((m) => htmlText(m[1]).trim().replace(/^#/, ''))
      .filter((t) => t !== '');
    return {
      remoteId: code,
      title,
      timeLimitMs: Math.round(seconds * 1000),
      memoryLimitMb: Math.round(Number(memory[1])),
      description: description.join('\n\n').trim(),
      input: input.join('\n\n').trim(),
      output: output.join('\n\n').trim(),
      examples,
      hint: hint.join('\n\n').trim(),
      source: `${http.baseUrl}/problems/${code}/`,
      tags: [...new Set(tags)],
    };
  },

  async login(http, account) {
    http.clearCookies();
    const res = await http.postForm('/login/', { next_raw: '/', autologin: '1', login_user: account.username, password: account.password });
    if (/Authentication failed/i.test(res.text)) throw new RemoteJudgeError('loginRefused', `SPOJ refused the login of ${account.username}: authentication failed`);
    if (!loggedIn(res.text)) throw new RemoteJudgeError('garbage', `SPOJ answered the login of ${account.username} with a page that shows no signed-in user`);
  },

  async submit(http, account, sub) {
    const lang = siteLanguage(LANGUAGES, sub.language, SITE);
    const code = sub.problemId;
    const res = await http.postForm('/submit/complete/', { submit: 'Submit!', lang, problemcode: code, file: sub.code });
    if (loginForm(res.text) && !loggedIn(res.text)) throw new RemoteJudgeError('sessionExpired', `SPOJ logged ${account.username} out`);
    if (/Wrong problem code!/i.test(res.text)) throw new RemoteJudgeError('notFound', `SPOJ has no problem ${code}`);
    if (/submit in this language for this problem/i.test(res.text)) {
      throw new RemoteJudgeError('unsupportedLanguage', `SPOJ does not accept ${sub.language} for ${code}`);
    }
    if (/solution is too long/i.test(res.text)) throw new RemoteJudgeError('garbage', `SPOJ refused the submission: the solution is longer than ${code} allows`);
    return must(/name=["']newSubmissionId["'][^>]*value=["'](\d+)["']/i, res.text, SITE, 'the new submission id');
  },

  async status(http, account, sub): Promise<RemoteStatus> {
    const res = await http.postForm('/status/ajax=1,ajaxdiff=1', { ids: sub.runId });
    let rows: AjaxRow[];
    try {
      rows = JSON.parse(res.text) as AjaxRow[];
    } catch {
      throw new RemoteJudgeError('garbage', `${SITE} answered the status query with something that is not its JSON`);
    }
    if (!Array.isArray(rows)) throw new RemoteJudgeError('garbage', `${SITE} answered the status query with an unexpected JSON shape`);
    const row = rows.find((r) => String(r.id) === sub.runId);
    if (!row) {
      // Other accounts' runs are hidden: an empty answer may just mean our session is gone.
      await ensureStillLoggedIn(http, account.username);
      throw new RemoteJudgeError('notFound', `SPOJ shows no submission ${sub.runId}`);
    }
    const code = Number(row.status);
    if (String(row.final) !== '1') {
      const status = code === 0 ? JudgeStatus.PENDING : code === 1 || code === 2 ? JudgeStatus.COMPILING : JudgeStatus.JUDGING;
      return { status, final: false };
    }
    const status = FINAL_CODES[code];
    if (status === undefined) throw new RemoteJudgeError('garbage', `SPOJ showed submission ${sub.runId} with status code ${row.status}, which we do not know`);
    const result: RemoteStatus = { status, final: true, timeMs: timeMs(row.time), memoryKb: memoryKb(row.mem) };
    const words = htmlText(row.status_description ?? '').replace(/\s+/g, ' ').trim();
    if (status === JudgeStatus.RUNTIME_ERROR || status === JudgeStatus.SYSTEM_ERROR) result.detail = words || undefined;
    if (status === JudgeStatus.COMPILE_ERROR) {
      const ce = await http.get(`/error/${sub.runId}/`);
      if (loginForm(ce.text) && !loggedIn(ce.text)) throw new RemoteJudgeError('sessionExpired', `SPOJ logged ${account.username} out`);
      result.compileMessage = htmlText(must(/<pre>([\s\S]*?)<\/pre>/i, ce.text, SITE, 'the compiler output')).trim();
    }
    return result;
  },
};

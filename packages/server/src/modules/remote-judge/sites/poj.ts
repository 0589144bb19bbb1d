/**
 * PKU JudgeOnline (poj.org): JSP-style pages in GBK, a JSESSIONID cookie session.
 * - problem: GET /problem?id=N; title in `<div class="ptt">`, limits "<b>Time Limit:</b> 1000MS"
 *   and "<b>Memory Limit:</b> 10000K", sections introduced by `<p class="pst">Name</p>` followed by
 *   a `<div class="ptx">` (text) or `<pre class="sio">` (samples); "Can not find problem" when absent.
 * - login: POST /login (user_id1, password1, B1=login, url) → 302; the home page then shows
 *   "Log Out", or the login form again when the password was wrong.
 * - submit: POST /submit (problem_id, language, source as base64 with encoded=1, submit) → 302 to
 *   the status list; a logged-out session gets the login form; errors come as "Error Occurred" + <li>.
 * - status: the public list GET /status?top=RUN+1 (runs below `top`, newest first; columns Run ID,
 *   User, Problem, Result, Memory, Time, Language, Code Length, Submit Time), filtered by
 *   user_id/problem_id to find a new run id; CE text at /showcompileinfo?solution_id=RUN.
 */
import { JudgeStatus, type JudgeStatusCode } from '@verdict/shared';
import { RemoteJudgeError, type RemoteJudgeAdapter, type RemoteProblem, type RemoteStatus, type SiteHttp } from '../adapter.js';
import { htmlText, htmlToMarkdown } from '../html-markdown.js';
import { intOf, leadingInt, must, sampleText, siteLanguage, sleep } from './page.js';

const SITE = 'POJ';

/** Our language names → POJ's compiler ids (0 G++, 1 GCC, 2 Java, 3 Pascal, 4 C++ (MSVC), 5 C (MSVC), 6 Fortran). */
const LANGUAGES: Readonly<Record<string, string>> = {
  'C': '1', 'C With O2': '1', 'C++': '0', 'C++ With O2': '0', 'Java': '2', 'Pascal': '3', 'Fortran': '6',
};

const STATUS_WORDS: Record<string, [JudgeStatusCode, boolean]> = {
  'Waiting': [JudgeStatus.PENDING, false],
  'Compiling': [JudgeStatus.COMPILING, false],
  'Running & Judging': [JudgeStatus.JUDGING, false],
  'Accepted': [JudgeStatus.ACCEPTED, true],
  'Presentation Error': [JudgeStatus.PRESENTATION_ERROR, true],
  'Wrong Answer': [JudgeStatus.WRONG_ANSWER, true],
  'Time Limit Exceeded': [JudgeStatus.TIME_LIMIT_EXCEEDED, true],
  'Memory Limit Exceeded': [JudgeStatus.MEMORY_LIMIT_EXCEEDED, true],
  'Runtime Error': [JudgeStatus.RUNTIME_ERROR, true],
  // No OLE code of ours; HOJ files it under Runtime Error, the detail keeps the words.
  'Output Limit Exceeded': [JudgeStatus.RUNTIME_ERROR, true],
  'Compile Error': [JudgeStatus.COMPILE_ERROR, true],
  'System Error': [JudgeStatus.SYSTEM_ERROR, true],
  'Validator Error': [JudgeStatus.SYSTEM_ERROR, true],
};

interface StatusRow { runId: number; user: string; problem: string; result: string; memory: string; time: string }

function statusRows(page: string): StatusRow[] | null {
  if (!/<td[^>]*>\s*Run ID\s*<\/td>/i.test(page)) return null;
  const rows: StatusRow[] = [];
  for (const tr of page.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/gi)) {
    const cells = [...tr[1].matchAll(/<td[^>]*>([\s\S]*?)<\/td>/gi)].map((c) => c[1]);
    if (cells.length < 9 || !/^\s*\d+\s*$/.test(cells[0])) continue;
    rows.push({
      runId: Number(cells[0].trim()),
      user: htmlText(cells[1]).trim(),
      problem: htmlText(cells[2]).trim(),
      result: htmlText(cells[3]).replace(/\s+/g, ' ').trim(),
      memory: htmlText(cells[4]).trim(),
      time: htmlText(cells[5]).trim(),
    });
  }
  return rows;
}

async function newestRun(http: SiteHttp, user: string, problemId: string): Promise<number> {
  const res = await http.get('/status', { query: { problem_id: problemId, user_id: user, result: '', language: '' } });
  const rows = statusRows(res.text);
  if (!rows) throw new RemoteJudgeError('garbage', `${SITE} answered a status page without the status table`);
  return rows.find((r) => r.user.toLowerCase() === user.toLowerCase() && r.problem === problemId)?.runId ?? 0;
}

const loggedIn = (page: string) => /Log Out/i.test(page);
const loginForm = (page: string) => /<form[^>]*action=["']?login/i.test(page);

/** The problem page cut at each `<p class="pst">Name</p>`: name → the HTML up to the next one. */
function sections(page: string): Map<string, string> {
  const out = new Map<string, string>();
  const parts = page.split(/<p class=["']?pst["']?>/i);
  for (const part of parts.slice(1)) {
    const end = part.indexOf('</p>');
    if (end < 0) continue;
    const name = htmlText(part.slice(0, end)).trim();
    // Unwrap the one element that holds the section (ptx div or sio pre); the page goes on after it.
    const body = part.slice(end + 4);
    const wrapped = /^\s*<(div|pre)\b[^>]*>([\s\S]*)<\/\1>/i.exec(body);
    out.set(name, wrapped ? wrapped[2] : body);
  }
  return out;
}

export const poj: RemoteJudgeAdapter = {
  key: 'POJ',
  defaultBaseUrl: 'http://poj.org',
  languages: LANGUAGES,
  minIntervalMs: 1000,

  isProblemId: (id) => /^[1-9]\d{3,4}$/.test(id),

  async fetchProblem(http, problemId): Promise<RemoteProblem> {
    if (!poj.isProblemId(problemId)) throw new RemoteJudgeError('notFound', `"${problemId}" is not a POJ problem id (a number such as 1000)`);
    const res = await http.get('/problem', { query: { id: problemId } });
    const page = res.text;
    if (/Can not find problem/i.test(page)) throw new RemoteJudgeError('notFound', `POJ has no problem ${problemId}`);
    const title = htmlText(must(/<div class=["']?ptt["']?[^>]*>([\s\S]*?)<\/div>/i, page, SITE, 'a problem title')).trim();
    const time = must(/<b>Time Limit:<\/b>\s*(\d+)\s*MS/i, page, SITE, 'a time limit');
    const memory = must(/<b>Memory Limit:<\/b>\s*(\d+)\s*K/i, page, SITE, 'a memory limit');
    const s = sections(page);
    const description = s.get('Description');
    if (description === undefined) throw new RemoteJudgeError('garbage', `${SITE} answered a problem page without a Description section`);
    // A single sample pair per problem (POJ lists one Sample Input and one Sample Output).
    const sampleIn = s.get('Sample Input');
    const sampleOut = s.get('Sample Output');
    const md = (name: string) => htmlToMarkdown(s.get(name) ?? '', res.url);
    return {
      remoteId: problemId,
      title,
      timeLimitMs: intOf(time, SITE, 'the time limit'),
      memoryLimitMb: Math.max(1, Math.round(intOf(memory, SITE, 'the memory limit') / 1024)),
      description: htmlToMarkdown(description, res.url),
      input: md('Input'),
      output: md('Output'),
      examples: sampleIn !== undefined && sampleOut !== undefined ? [{ input: sampleText(sampleIn), output: sampleText(sampleOut) }] : [],
      hint: md('Hint'),
      source: `${http.baseUrl}/problem?id=${problemId}`,
      tags: [], // POJ has no tags
    };
  },

  async login(http, account) {
    http.clearCookies();
    await http.postForm('/login', { user_id1: account.username, password1: account.password, B1: 'login', url: '.' });
    const home = await http.get('/');
    if (loggedIn(home.text)) return;
    if (loginForm(home.text)) throw new RemoteJudgeError('loginRefused', `POJ refused the login of ${account.username} (wrong user id or password)`);
    throw new RemoteJudgeError('garbage', `POJ answered the login of ${account.username} with a page that shows neither a user nor the login form`);
  },

  async submit(http, account, sub) {
    const language = siteLanguage(LANGUAGES, sub.language, SITE);
    const before = await newestRun(http, account.username, sub.problemId);
    const res = await http.postForm('/submit', {
      problem_id: sub.problemId,
      language,
      source: Buffer.from(sub.code).toString('base64'),
      submit: 'Submit',
      encoded: '1',
    });
    if (loginForm(res.text) && !loggedIn(res.text)) throw new RemoteJudgeError('sessionExpired', `POJ logged ${account.username} out`);
    if (/Error Occurred/i.test(res.text)) {
      const why = htmlText(/<li>([\s\S]*?)<\/li>/i.exec(res.text)?.[1] ?? 'unknown error').trim();
      if (/Please login/i.test(why)) throw new RemoteJudgeError('sessionExpired', `POJ logged ${account.username} out`);
      throw new RemoteJudgeError(/find problem/i.test(why) ? 'notFound' : 'garbage', `POJ refused the submission: ${why}`);
    }
    for (let attempt = 0; attempt < 3; attempt++) {
      if (attempt) await sleep(1000);
      const runId = await newestRun(http, account.username, sub.problemId);
      if (runId > before) return String(runId);
    }
    throw new RemoteJudgeError('garbage', `POJ accepted the form but no new run of ${account.username} on ${sub.problemId} appeared in its status list`);
  },

  async status(http, _account, sub): Promise<RemoteStatus> {
    const res = await http.get('/status', { query: { top: String(Number(sub.runId) + 1) } });
    const rows = statusRows(res.text);
    if (!rows) throw new RemoteJudgeError('garbage', `${SITE} answered a status page without the status table`);
    const row = rows.find((r) => String(r.runId) === sub.runId);
    if (!row) throw new RemoteJudgeError('notFound', `POJ shows no run ${sub.runId}`);
    const word = STATUS_WORDS[row.result];
    if (!word) throw new RemoteJudgeError('garbage', `POJ showed run ${sub.runId} as "${row.result}", a status we do not know`);
    const [status, final] = word;
    if (!final) return { status, final };
    // POJ fills Memory and Time for accepted runs only; elsewhere they stay unknown.
    const result: RemoteStatus = { status, final, timeMs: leadingInt(row.time), memoryKb: leadingInt(row.memory) };
    if (row.result === 'Output Limit Exceeded' || status === JudgeStatus.SYSTEM_ERROR) result.detail = row.result;
    if (status === JudgeStatus.COMPILE_ERROR) {
      const ce = await http.get('/showcompileinfo', { query: { solution_id: sub.runId } });
      result.compileMessage = htmlText(must(/<pre>([\s\S]*?)<\/pre>/i, ce.text, SITE, 'the compiler output')).trim();
    }
    return result;
  },
};

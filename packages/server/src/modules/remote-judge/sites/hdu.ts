/**
 * HDU Online Judge (acm.hdu.edu.cn): PHP pages in GBK, a PHPSESSID cookie session.
 * - problem: GET /showproblem.php?pid=N; panels "Problem Description", "Input", "Output",
 *   "Sample Input", "Sample Output" (a Hint box may sit inside the sample output panel);
 *   limits read "Time Limit: 2000/1000 MS (Java/Others)", the second number being C/C++'s.
 * - login: POST /userloginex.php?action=login (username, userpass, login=Sign In) → 302;
 *   a wrong password answers "No such user or wrong password".
 * - submit: POST /submit.php?action=submit (check=0, problemid, language, _usercode) where
 *   _usercode is base64 of the URL-encoded source, as the site's own form script sends it; a
 *   logged-out session lands on the login form; a quick resubmit answers "Please don't re-submit".
 * - status: the public status list, GET /status.php?first=RUN (rows from that run down),
 *   filtered by user and pid to find a new run id; CE text at /viewerror.php?rid=RUN in a <pre>.
 */
import { JudgeStatus, type JudgeStatusCode } from '@verdict/shared';
import { RemoteJudgeError, type RemoteJudgeAdapter, type RemoteProblem, type RemoteStatus, type SiteHttp } from '../adapter.js';
import { htmlText, htmlToMarkdown } from '../html-markdown.js';
import { intOf, leadingInt, must, sampleText, siteLanguage, sleep } from './page.js';

const SITE = 'HDU';

/** Our language names → HDU's compiler ids (0 G++, 1 GCC, 2 C++ (MSVC), 3 C (MSVC), 4 Pascal, 5 Java, 6 C#). */
const LANGUAGES: Readonly<Record<string, string>> = {
  'C': '1', 'C With O2': '1', 'C++': '0', 'C++ With O2': '0', 'Java': '5', 'Pascal': '4', 'C#': '6',
};

/** Verdict words of HDU's status column → our codes; `final: false` while the run is not done. */
const STATUS_WORDS: [prefix: string, status: JudgeStatusCode, final: boolean][] = [
  ['Queuing', JudgeStatus.PENDING, false],
  ['Submitted', JudgeStatus.PENDING, false],
  ['Compiling', JudgeStatus.COMPILING, false],
  ['Running', JudgeStatus.JUDGING, false],
  ['Accepted', JudgeStatus.ACCEPTED, true],
  ['Wrong Answer', JudgeStatus.WRONG_ANSWER, true],
  ['Presentation Error', JudgeStatus.PRESENTATION_ERROR, true],
  ['Compilation Error', JudgeStatus.COMPILE_ERROR, true],
  ['Runtime Error', JudgeStatus.RUNTIME_ERROR, true],
  ['Time Limit Exceeded', JudgeStatus.TIME_LIMIT_EXCEEDED, true],
  ['Memory Limit Exceeded', JudgeStatus.MEMORY_LIMIT_EXCEEDED, true],
  // We have no OLE code; HOJ files it under Runtime Error too, and the detail keeps the words.
  ['Output Limit Exceeded', JudgeStatus.RUNTIME_ERROR, true],
  ['System Error', JudgeStatus.SYSTEM_ERROR, true],
];

/** The site rejects sources under 50 bytes; trailing blanks change nothing for any language it offers. */
const MIN_CODE_BYTES = 50;

interface StatusRow { runId: number; verdict: string; time: string; memory: string; problem: string; user: string }

/** Rows of the status table (`<tr align=center><td height=22px>RUN</td>…`). */
function statusRows(page: string): StatusRow[] | null {
  if (!/class=['"]?table_text/i.test(page)) return null;
  const rows: StatusRow[] = [];
  for (const tr of page.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/gi)) {
    const cells = [...tr[1].matchAll(/<td[^>]*>([\s\S]*?)<\/td>/gi)].map((c) => c[1]);
    if (cells.length < 9 || !/^\s*\d+\s*$/.test(cells[0])) continue;
    rows.push({
      runId: Number(cells[0].trim()),
      verdict: htmlText(cells[2]).replace(/\s+/g, ' ').trim(),
      problem: htmlText(cells[3]).trim(),
      time: htmlText(cells[4]).trim(),
      memory: htmlText(cells[5]).trim(),
      user: htmlText(cells[8]).trim(),
    });
  }
  return rows;
}

async function newestRun(http: SiteHttp, user: string, problemId: string): Promise<number> {
  const res = await http.get('/status.php', { query: { first: '', pid: problemId, user, lang: '0', status: '0' } });
  const rows = statusRows(res.text);
  if (!rows) throw new RemoteJudgeError('garbage', `${SITE} answered a status page without the status table`);
  return rows.find((r) => r.user.toLowerCase() === user.toLowerCase() && r.problem === problemId)?.runId ?? 0;
}

const loggedIn = (page: string) => /userloginex\.php\?action=logout/i.test(page);
const loginForm = (page: string) => /name=['"]?userpass/i.test(page);

export const hdu: RemoteJudgeAdapter = {
  key: 'HDU',
  defaultBaseUrl: 'https://acm.hdu.edu.cn',
  languages: LANGUAGES,
  minIntervalMs: 1000,

  isProblemId: (id) => /^[1-9]\d{3,5}$/.test(id),

  async fetchProblem(http, problemId): Promise<RemoteProblem> {
    if (!hdu.isProblemId(problemId)) throw new RemoteJudgeError('notFound', `"${problemId}" is not an HDU problem id (a number such as 1000)`);
    const res = await http.get('/showproblem.php', { query: { pid: problemId } });
    const page = res.text;
    if (/No such problem/i.test(page)) throw new RemoteJudgeError('notFound', `HDU has no problem ${problemId}`);
    const title = htmlText(must(/<h1[^>]*>([\s\S]*?)<\/h1>/i, page, SITE, 'a problem title')).trim();
    const time = must(/Time Limit:\s*\d+\/(\d+)\s*MS/i, page, SITE, 'a time limit');
    const memory = must(/Memory Limit:\s*\d+\/(\d+)\s*K/i, page, SITE, 'a memory limit');
    const panels = new Map<string, string>();
    for (const m of page.matchAll(/<div class=['"]?panel_title[^>]*>([\s\S]*?)<\/div>\s*<div class=['"]?panel_content['"]?>([\s\S]*?)<\/div>\s*<div class=['"]?panel_bottom/gi)) {
      panels.set(htmlText(m[1]).trim(), m[2]);
    }
    const description = panels.get('Problem Description');
    if (description === undefined) throw new RemoteJudgeError('garbage', `${SITE} answered a problem page without a description panel`);
    let hint = '';
    let sampleOut = panels.get('Sample Output') ?? '';
    // The Hint box HDU draws inside the sample output panel: a titled dashed div.
    const hintBox = /<div[^>]*>\s*<div[^>]*>(?:\s*<i[^>]*>[^<]*<\/i>)?\s*Hint\s*<\/div>([\s\S]*?)<\/div>/i.exec(sampleOut);
    if (hintBox) {
      hint = htmlToMarkdown(hintBox[1], res.url);
      sampleOut = sampleOut.slice(0, hintBox.index);
    }
    const sampleIn = panels.get('Sample Input');
    return {
      remoteId: problemId,
      title,
      timeLimitMs: intOf(time, SITE, 'the time limit'),
      memoryLimitMb: Math.max(1, Math.round(intOf(memory, SITE, 'the memory limit') / 1024)),
      description: htmlToMarkdown(description, res.url),
      input: htmlToMarkdown(panels.get('Input') ?? '', res.url),
      output: htmlToMarkdown(panels.get('Output') ?? '', res.url),
      examples: sampleIn !== undefined ? [{ input: sampleText(sampleIn), output: sampleText(sampleOut) }] : [],
      hint,
      source: `${http.baseUrl}/showproblem.php?pid=${problemId}`,
      tags: [], // HDU has no tags
    };
  },

  async login(http, account) {
    http.clearCookies();
    await http.get('/userloginex.php'); // the session cookie comes with the first page
    const res = await http.postForm('/userloginex.php?action=login', { username: account.username, userpass: account.password, login: 'Sign In' });
    if (/No such user or wrong password/i.test(res.text)) {
      throw new RemoteJudgeError('loginRefused', `HDU refused the login of ${account.username}: no such user or wrong password`);
    }
    // The 302 after a good login may lead to a page without the user bar: the home page has it.
    if (loggedIn(res.text) || loggedIn((await http.get('/')).text)) return;
    throw new RemoteJudgeError('garbage', `HDU answered the login of ${account.username} with a page that shows no signed-in user`);
  },

  async submit(http, account, sub) {
    const language = siteLanguage(LANGUAGES, sub.language, SITE);
    const before = await newestRun(http, account.username, sub.problemId);
    const code = sub.code.length >= MIN_CODE_BYTES ? sub.code : sub.code + '\n' + ' '.repeat(MIN_CODE_BYTES);
    const res = await http.postForm('/submit.php?action=submit', {
      check: '0',
      problemid: sub.problemId,
      language,
      _usercode: Buffer.from(encodeURIComponent(code)).toString('base64'),
    });
    if (/userloginex\.php/i.test(new URL(res.url).pathname) || (loginForm(res.text) && !loggedIn(res.text))) {
      throw new RemoteJudgeError('sessionExpired', `HDU logged ${account.username} out`);
    }
    if (/Please don't re-submit/i.test(res.text)) throw new RemoteJudgeError('rateLimited', 'HDU asks to wait 5 seconds between submissions', 5000);
    if (/ERROR\(s\) occurred/i.test(res.text)) {
      const why = htmlText(/<li>([\s\S]*?)<\/li>/i.exec(res.text)?.[1] ?? 'unknown error').trim();
      throw new RemoteJudgeError(/No such problem/i.test(why) ? 'notFound' : 'garbage', `HDU refused the submission: ${why}`);
    }
    // The run id is not in the answer: it is the newest run of this account on this problem.
    for (let attempt = 0; attempt < 3; attempt++) {
      if (attempt) await sleep(1000);
      const runId = await newestRun(http, account.username, sub.problemId);
      if (runId > before) return String(runId);
    }
    throw new RemoteJudgeError('garbage', `HDU accepted the form but no new run of ${account.username} on ${sub.problemId} appeared in its status list`);
  },

  async status(http, _account, sub): Promise<RemoteStatus> {
    const res = await http.get('/status.php', { query: { first: sub.runId } });
    const rows = statusRows(res.text);
    if (!rows) throw new RemoteJudgeError('garbage', `${SITE} answered a status page without the status table`);
    const row = rows.find((r) => String(r.runId) === sub.runId);
    if (!row) throw new RemoteJudgeError('notFound', `HDU shows no run ${sub.runId}`);
    const word = STATUS_WORDS.find(([prefix]) => row.verdict.startsWith(prefix));
    if (!word) throw new RemoteJudgeError('garbage', `HDU showed run ${sub.runId} as "${row.verdict}", a status we do not know`);
    const [, status, final] = word;
    if (!final) return { status, final };
    const result: RemoteStatus = { status, final, timeMs: leadingInt(row.time), memoryKb: leadingInt(row.memory) };
    if (status === JudgeStatus.RUNTIME_ERROR || status === JudgeStatus.SYSTEM_ERROR) result.detail = row.verdict;
    if (status === JudgeStatus.COMPILE_ERROR) {
      const ce = await http.get('/viewerror.php', { query: { rid: sub.runId } });
      result.compileMessage = htmlText(must(/<pre>([\s\S]*?)<\/pre>/i, ce.text, SITE, 'the compiler output')).trim();
    }
    return result;
  },
};

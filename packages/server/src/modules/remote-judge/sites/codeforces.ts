/**
 * Codeforces and its GYM (one site, one protocol; GYM lives under /gym and has contest ids of six
 * digits). Facts from the public API documents (codeforces.com/apiHelp) and public vjudge code:
 * - statement: /problemset/problem/{contest}/{index} (GYM /gym/{contest}/problem/{index}), a
 *   `problem-statement` div with header (title, time-limit, memory-limit), sections input/output
 *   specification, sample-tests (input/output <pre>) and note; tags are `tag-box` spans;
 * - login: /enter with csrf_token, ftaa, bfaa, _tta, handleOrEmail, password, remember; success
 *   is a 302, failure the form again with an error; ftaa, bfaa and _tta are what the page's script
 *   adds (cfFormTokens: _tta from the `39ce7` cookie, the others kept per session);
 * - submit: /contest/{c}/submit (GYM /gym/{c}/submit) form with csrf_token (data-csrf),
 *   submittedProblemIndex, programTypeId, source (and ftaa, bfaa, _tta as on login); success is a
 *   302 to the "my" page, refusals are
 *   `error for__…` spans; a logged-out session is redirected to /enter;
 * - status: /api/contest.status?contestId&handle&from&count JSON (verdict absent while in queue,
 *   TESTING while running, passedTestCount = tests passed before the failing one); compile
 *   output: POST /data/submitSource (submissionId, csrf_token) → JSON with
 *   compilationError "true" and checkerStdoutAndStderr#1;
 * - anti-bot page: a client without the `RCPC` cookie may get, on any URL, a small page
 *   ("Redirecting... Please, wait.") that loads /aes.min.js and runs
 *   `document.cookie = "RCPC=" + toHex(slowAES.decrypt(c, 2, a, b))` with `a`, `b`, `c` written as
 *   `toNumbers("<32 hex digits>")`, then reloads the page. slowAES mode 2 is CBC: the cookie is
 *   the hex of AES-128-CBC-decrypt(ciphertext c, key a, iv b), one block, no padding. The
 *   adapter computes it, keeps it for the site (later clients send it from their first request)
 *   and repeats the request once; the page coming back again is an `antiBot` error.
 */
import crypto from 'node:crypto';
import { JudgeStatus, type JudgeStatusCode } from '@verdict/shared';
import {
  RemoteJudgeError, type RemoteAccount, type RemoteJudgeAdapter, type RemoteOjKey, type RemoteProblem, type RemoteStatus, type SiteHttp, type SiteResponse,
} from '../adapter.js';
import { elementByClass, elementsByClass, inputValue, textOf, withoutClass } from '../html.js';
import { htmlToMarkdown } from '../html-markdown.js';

/** Our language names → Codeforces programTypeId (the submit form's select). */
const CF_LANGUAGES: Record<string, string> = {
  C: '43', // GNU GCC C11
  'C With O2': '43',
  'C++': '50', // GNU G++14
  'C++ With O2': '50',
  'C++ 17': '54', // GNU G++17
  'C++ 17 With O2': '54',
  'C++ 20': '73', // GNU G++20
  'C++ 20 With O2': '73',
  Java: '60', // Java 11
  Python3: '31',
  PyPy3: '41',
  Python2: '7',
  Golang: '32',
  Rust: '49',
  'JavaScript Node': '55',
  Ruby: '67',
  PHP: '6',
  'C#': '9', // Mono
  Pascal: '4', // Free Pascal
  Kotlin: '48',
  Haskell: '12',
};

/** Codeforces verdicts (API `verdict`) → our codes. */
const VERDICTS: Record<string, JudgeStatusCode> = {
  OK: JudgeStatus.ACCEPTED,
  PARTIAL: JudgeStatus.PARTIAL_ACCEPTED,
  COMPILATION_ERROR: JudgeStatus.COMPILE_ERROR,
  RUNTIME_ERROR: JudgeStatus.RUNTIME_ERROR,
  WRONG_ANSWER: JudgeStatus.WRONG_ANSWER,
  PRESENTATION_ERROR: JudgeStatus.PRESENTATION_ERROR,
  TIME_LIMIT_EXCEEDED: JudgeStatus.TIME_LIMIT_EXCEEDED,
  MEMORY_LIMIT_EXCEEDED: JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  IDLENESS_LIMIT_EXCEEDED: JudgeStatus.TIME_LIMIT_EXCEEDED,
  SECURITY_VIOLATED: JudgeStatus.RUNTIME_ERROR,
  CRASHED: JudgeStatus.SYSTEM_ERROR,
  INPUT_PREPARATION_CRASHED: JudgeStatus.SYSTEM_ERROR,
  CHALLENGED: JudgeStatus.WRONG_ANSWER,
  SKIPPED: JudgeStatus.SYSTEM_ERROR,
  REJECTED: JudgeStatus.SYSTEM_ERROR,
  FAILED: JudgeStatus.SYSTEM_ERROR,
};

/** How the site words a verdict that names the failing test ("Wrong answer on test 3"). */
const ON_TEST: Partial<Record<string, string>> = {
  WRONG_ANSWER: 'Wrong answer',
  RUNTIME_ERROR: 'Runtime error',
  TIME_LIMIT_EXCEEDED: 'Time limit exceeded',
  MEMORY_LIMIT_EXCEEDED: 'Memory limit exceeded',
  IDLENESS_LIMIT_EXCEEDED: 'Idleness limit exceeded',
  PRESENTATION_ERROR: 'Presentation error',
  SECURITY_VIOLATED: 'Security violated',
  CHALLENGED: 'Hacked',
};

interface CfSubmission {
  id: number;
  contestId?: number;
  creationTimeSeconds?: number;
  problem?: { contestId?: number; index?: string };
  verdict?: string;
  passedTestCount?: number;
  timeConsumedMillis?: number;
  memoryConsumedBytes?: number;
}

/** The three values of Codeforces' anti-bot page, or null when the page is not that page. */
export function rcpcChallenge(html: string, key = 'CF'): { a: string; b: string; c: string } | null {
  if (!/RCPC\s*=/.test(html) || !/slowAES|aes\.min\.js/i.test(html) || !/toNumbers\s*\(/.test(html)) return null;
  const values: Record<string, string> = {};
  for (const m of html.matchAll(/\b([abc])\s*=\s*toNumbers\(\s*["']([0-9a-fA-F]+)["']\s*\)/g)) values[m[1]] ??= m[2].toLowerCase();
  const ok = (v: string | undefined) => !!v && v.length === 32;
  if (!ok(values.a) || !ok(values.b) || !ok(values.c)) {
    throw new RemoteJudgeError('garbage', `${key}: the anti-bot page (RCPC) does not carry the values a, b and c`);
  }
  return { a: values.a, b: values.b, c: values.c };
}

/** The RCPC cookie the anti-bot page's script computes: hex of AES-128-CBC-decrypt(c) with key a and iv b, no padding. */
export function rcpcCookie(ch: { a: string; b: string; c: string }): string {
  const decipher = crypto.createDecipheriv('aes-128-cbc', Buffer.from(ch.a, 'hex'), Buffer.from(ch.b, 'hex'));
  decipher.setAutoPadding(false);
  return Buffer.concat([decipher.update(Buffer.from(ch.c, 'hex')), decipher.final()]).toString('hex');
}

/** The last RCPC cookie solved per site (base URL): new cookie jars send it from their first request. */
const rcpcOfSite = new Map<string, string>();

/**
 * The site's HTTP with Codeforces' anti-bot page handled: a request answered by that page is
 * repeated once with the RCPC cookie its script would have set; the page coming back again is an
 * `antiBot` error (the site is refusing automated clients for now).
 */
export function withRcpc(http: SiteHttp, key = 'CF'): SiteHttp {
  const pass = async (send: () => Promise<SiteResponse>): Promise<SiteResponse> => {
    const known = rcpcOfSite.get(http.baseUrl);
    if (known && !http.cookie('RCPC')) http.setCookie('RCPC', known);
    const res = await send();
    const challenge = rcpcChallenge(res.text, key);
    if (!challenge) return res;
    const value = rcpcCookie(challenge);
    http.setCookie('RCPC', value);
    rcpcOfSite.set(http.baseUrl, value);
    const again = await send();
    if (rcpcChallenge(again.text, key)) {
      rcpcOfSite.delete(http.baseUrl);
      throw new RemoteJudgeError('antiBot', `${key}: ${new URL(again.url).pathname} answered the anti-bot page (RCPC) again after its cookie was set`);
    }
    return again;
  };
  return {
    baseUrl: http.baseUrl,
    get: (path, init) => pass(() => http.get(path, init)),
    postForm: (path, form) => pass(() => http.postForm(path, form)),
    postJson: (path, body, init) => pass(() => http.postJson(path, body, init)),
    clearCookies: () => http.clearCookies(),
    setCookie: (name, value) => http.setCookie(name, value),
    cookie: (name) => http.cookie(name),
  };
}

const randomHex = (n: number) => crypto.randomBytes(Math.ceil(n / 2)).toString('hex').slice(0, n);
const ALNUM = '0123456789abcdefghijklmnopqrstuvwxyz';
const randomAlnum = (n: number) => Array.from({ length: n }, () => ALNUM[crypto.randomInt(ALNUM.length)]).join('');

/**
 * `_tta` as the site's page script computes it from the `39ce7` cookie the site sets on a first
 * visit: a running value modulo 1009 over the cookie's character codes (no cookie: 0).
 */
export function cfTta(cookie39ce7: string): number {
  const code = (i: number) => cookie39ce7.charCodeAt(i);
  let tta = 0;
  for (let i = 0; i < cookie39ce7.length; i++) {
    tta = (tta + (i + 1) * (i + 2) * code(i)) % 1009;
    if (i % 3 === 0) tta += 1;
    if (i % 2 === 0) tta *= 2;
    if (i > 0) tta -= Math.floor(code(Math.floor(i / 2)) / 2) * (tta % 5);
    tta = ((tta % 1009) + 1009) % 1009;
  }
  return tta;
}

/**
 * The hidden values the site's page script adds to the login and submit forms, kept for the
 * account's session (its cookie jar; a new login starts a new one):
 * - ftaa: 18 random letters and digits the script keeps in the `70a7c28f3de` cookie;
 * - bfaa: the page's `_bfaa = "…"`, else the `raa` or `bfaa` cookie, else a browser fingerprint
 *   (32 hex digits) the script keeps in the `bfaa` cookie — ours is random, fixed per session;
 * - _tta: computed from the `39ce7` cookie (cfTta).
 */
export function cfFormTokens(http: SiteHttp, pageHtml: string): { ftaa: string; bfaa: string; _tta: string } {
  let ftaa = http.cookie('70a7c28f3de');
  if (!ftaa) {
    ftaa = randomAlnum(18);
    http.setCookie('70a7c28f3de', ftaa);
  }
  let bfaa = /_bfaa\s*=\s*["']([0-9a-f]{32})["']/i.exec(pageHtml)?.[1] ?? http.cookie('raa') ?? http.cookie('bfaa');
  if (!bfaa) {
    bfaa = randomHex(32);
    http.setCookie('bfaa', bfaa);
  }
  return { ftaa, bfaa, _tta: String(cfTta(http.cookie('39ce7') ?? '')) };
}

function csrfOf(html: string): string | null {
  return /data-csrf=['"]([0-9a-f]+)['"]/i.exec(html)?.[1] ?? inputValue(html, 'csrf_token');
}

/** The texts of a form's `error for__<field>` spans, joined ("Invalid handle/email or password"). */
function fieldErrors(html: string): string {
  return [...html.matchAll(/<span[^>]*class=["'][^"']*\berror for__\w+["'][^>]*>([\s\S]*?)<\/span>/gi)].map((m) => textOf(m[1]).trim()).filter(Boolean).join('; ');
}

function isLoginPage(url: string, html: string): boolean {
  return /\/enter(\?|$)/.test(new URL(url).pathname + new URL(url).search) || /name=["']handleOrEmail["']/.test(html);
}

/** "time limit per test2 seconds" → 2000; "256 megabytes" → 256. */
function parseLimit(html: string | undefined, unit: 'ms' | 'mb'): number | null {
  if (!html) return null;
  const text = textOf(withoutClass(html, 'property-title')).trim();
  const m = /([\d.]+)\s*(second|megabyte|s\b|mb\b)/i.exec(text);
  if (!m) return null;
  const v = Number(m[1]);
  return unit === 'ms' ? Math.round(v * 1000) : Math.round(v);
}

function makeAdapter(key: RemoteOjKey, gym: boolean): RemoteJudgeAdapter {
  const contestPath = gym ? 'gym' : 'contest';
  const split = (id: string) => {
    const m = /^(\d+)([A-Z][0-9]?)$/.exec(id);
    if (!m) throw new RemoteJudgeError('notFound', `${id} is not a ${key} problem id`);
    return { contest: m[1], index: m[2] };
  };

  async function contestStatus(http: SiteHttp, contest: string, handle: string, count: number): Promise<CfSubmission[]> {
    const res = await http.get('/api/contest.status', { query: { contestId: contest, handle, from: '1', count: String(count) } });
    let body: { status?: string; comment?: string; result?: CfSubmission[] };
    try {
      body = JSON.parse(res.text) as typeof body;
    } catch {
      throw new RemoteJudgeError('garbage', `${key}: contest.status did not answer JSON (HTTP ${res.status})`);
    }
    if (body.status !== 'OK') {
      const comment = body.comment ?? `HTTP ${res.status}`;
      if (/limit exceeded/i.test(comment)) throw new RemoteJudgeError('rateLimited', `${key}: ${comment}`, 2000);
      if (/not found/i.test(comment)) throw new RemoteJudgeError('notFound', `${key}: ${comment}`);
      throw new RemoteJudgeError('garbage', `${key}: contest.status failed: ${comment}`);
    }
    if (!Array.isArray(body.result)) throw new RemoteJudgeError('garbage', `${key}: contest.status has no result list`);
    return body.result;
  }

  async function compileMessage(http: SiteHttp, contest: string, runId: string): Promise<string> {
    const page = await http.get(`/${contestPath}/${contest}/my`);
    const csrf = csrfOf(page.text);
    if (!csrf) return '';
    const res = await http.postForm('/data/submitSource', { submissionId: runId, csrf_token: csrf });
    try {
      const data = JSON.parse(res.text) as Record<string, string>;
      return data.compilationError === 'true' ? data['checkerStdoutAndStderr#1'] ?? '' : '';
    } catch {
      return '';
    }
  }

  return {
    key,
    defaultBaseUrl: 'https://codeforces.com',
    languages: CF_LANGUAGES,
    minIntervalMs: 2000, // the API allows one call per two seconds
    isProblemId: (id) => (gym ? /^\d{6}[A-Z][0-9]?$/ : /^\d{1,5}[A-Z][0-9]?$/).test(id),

    async fetchProblem(site, problemId) {
      const http = withRcpc(site, key);
      const { contest, index } = split(problemId);
      const path = gym ? `/gym/${contest}/problem/${index}` : `/problemset/problem/${contest}/${index}`;
      const res = await http.get(path);
      // A missing problem answers 404 or sends the visitor back to a list page.
      if (res.status === 404 || !new URL(res.url).pathname.includes(`/problem/${contest}/${index}`) && !new URL(res.url).pathname.endsWith(`/problem/${index}`)) {
        throw new RemoteJudgeError('notFound', `${key} ${problemId} does not exist`);
      }
      const st = elementByClass(res.text, 'problem-statement')?.inner;
      if (!st) {
        if (/No such problem|Problem not found/i.test(res.text)) throw new RemoteJudgeError('notFound', `${key} ${problemId} does not exist`);
        throw new RemoteJudgeError('garbage', `${key} ${problemId}: the page has no problem statement`);
      }
      const header = elementByClass(st, 'header')?.inner ?? '';
      const title = textOf(elementByClass(header, 'title')?.inner ?? '').trim().replace(/^[A-Z][0-9]?\.\s*/, '');
      const timeLimitMs = parseLimit(elementByClass(header, 'time-limit')?.inner, 'ms');
      const memoryLimitMb = parseLimit(elementByClass(header, 'memory-limit')?.inner, 'mb');
      if (!title || timeLimitMs === null || memoryLimitMb === null) throw new RemoteJudgeError('garbage', `${key} ${problemId}: title or limits not found on the page`);
      // The legend is the first bare div after the header.
      const afterHeader = st.slice(st.indexOf(header) + header.length);
      const legend = /<div>([\s\S]*?)<\/div>\s*<div class=["']input-specification/i.exec(afterHeader)?.[1] ?? /^\s*<\/div>\s*<div>([\s\S]*?)<\/div>/.exec(afterHeader)?.[1] ?? '';
      const section = (cls: string) => {
        const inner = elementByClass(st, cls)?.inner;
        return inner ? cfStatementMarkdown(withoutClass(inner, 'section-title'), http.baseUrl) : '';
      };
      const samples = elementByClass(st, 'sample-test')?.inner ?? '';
      const pre = (block: string) => textOf(/<pre\b[^>]*>([\s\S]*?)<\/pre>/i.exec(block)?.[1] ?? '').replace(/^\n/, '').replace(/\n+$/, '');
      const inputs = elementsByClass(samples, 'input').map(pre);
      const outputs = elementsByClass(samples, 'output').map(pre);
      const tags = elementsByClass(res.text, 'tag-box').map((t) => textOf(t).trim()).filter((t) => t && !/^\*\d+$/.test(t));
      const problem: RemoteProblem = {
        remoteId: problemId,
        title,
        timeLimitMs,
        memoryLimitMb,
        description: cfStatementMarkdown(legend, http.baseUrl),
        input: section('input-specification'),
        output: section('output-specification'),
        examples: inputs.map((input, i) => ({ input, output: outputs[i] ?? '' })),
        hint: section('note'),
        source: http.baseUrl + path,
        tags,
      };
      return problem;
    },

    async login(site, account) {
      const http = withRcpc(site, key);
      http.clearCookies();
      const page = await http.get('/enter');
      const csrf = csrfOf(page.text);
      if (!csrf) throw new RemoteJudgeError('garbage', `${key}: the login page has no csrf_token`);
      const res = await http.postForm('/enter', {
        csrf_token: csrf, action: 'enter', ...cfFormTokens(http, page.text),
        handleOrEmail: account.username, password: account.password, remember: 'on',
      });
      if (/logout/.test(res.text) && !isLoginPage(res.url, res.text)) return;
      if (isLoginPage(res.url, res.text)) {
        // The form comes back with the reason under a field ("Invalid handle/email or password").
        const why = fieldErrors(res.text);
        throw new RemoteJudgeError('loginRefused', `${key} refused the login of ${account.username}${why ? `: ${why}` : ''}`);
      }
      throw new RemoteJudgeError('garbage', `${key}: unexpected page after login (${res.url})`);
    },

    async submit(site, account, sub) {
      const http = withRcpc(site, key);
      const lang = CF_LANGUAGES[sub.language];
      if (!lang) throw new RemoteJudgeError('unsupportedLanguage', `${key} has no compiler for ${sub.language}`);
      const { contest, index } = split(sub.problemId);
      const formPath = `/${contestPath}/${contest}/submit`;
      const page = await http.get(formPath);
      if (isLoginPage(page.url, page.text)) throw new RemoteJudgeError('sessionExpired', `${key}: the session of ${account.username} has expired`);
      const csrf = csrfOf(page.text);
      if (!csrf) throw new RemoteJudgeError('garbage', `${key}: the submit page has no csrf_token`);
      // The site refuses the very same code twice; trailing blanks keep a resubmission distinct.
      const source = sub.code + '\n' + crypto.randomInt(1, 2 ** 30).toString(2).replace(/0/g, ' ').replace(/1/g, '\t');
      const res = await http.postForm(`${formPath}?csrf_token=${csrf}`, {
        csrf_token: csrf, ...cfFormTokens(http, page.text), action: 'submitSolutionFormSubmitted',
        submittedProblemIndex: index, contestId: contest, programTypeId: lang, source, tabSize: '4', sourceFile: '',
      });
      if (isLoginPage(res.url, res.text)) throw new RemoteJudgeError('sessionExpired', `${key}: the session of ${account.username} has expired`);
      const refusal = /<span[^>]*class=["']error for__(\w+)["'][^>]*>([\s\S]*?)<\/span>/i.exec(res.text);
      if (refusal) {
        const why = textOf(refusal[2]).trim();
        if (refusal[1] === 'programTypeId') throw new RemoteJudgeError('unsupportedLanguage', `${key} refused the language: ${why}`);
        // Blanks added above make each try differ; a site that still sees a copy says so, and the next try adds others.
        if (/exactly the same code/i.test(why)) throw new RemoteJudgeError('garbage', `${key} refused the code as a copy of an earlier submission of ${account.username} ("${why}")`);
        throw new RemoteJudgeError('garbage', `${key} refused the submission: ${why}`);
      }
      if (!/\/my(\?|$)|\/status/.test(new URL(res.url).pathname)) throw new RemoteJudgeError('garbage', `${key}: unexpected page after submitting (${res.url})`);
      // The code is on the site now: from here on, never fail in a way that would send it twice.
      // One submission per account at a time, so the newest one of this problem is ours; the API
      // may be rate limited, then the account's "my submissions" page says the same.
      for (let attempt = 0; attempt < 3; attempt++) {
        try {
          const list = await contestStatus(http, contest, account.username, 10);
          const mine = list.filter((s) => s.problem?.index === index).sort((a, b) => b.id - a.id)[0];
          if (mine) return String(mine.id);
        } catch (e) {
          if (!(e instanceof RemoteJudgeError)) throw e;
        }
        const my = await http.get(`/${contestPath}/${contest}/my`).catch(() => null);
        const id = my && /data-submission-id=["'](\d+)["']/.exec(my.text)?.[1];
        if (id) return id;
      }
      throw new RemoteJudgeError('garbage', `${key}: the submission is not in the status list of ${account.username}`);
    },

    async status(site, account: RemoteAccount, sub): Promise<RemoteStatus> {
      const http = withRcpc(site, key);
      const { contest } = split(sub.problemId);
      const list = await contestStatus(http, contest, account.username, 50);
      const s = list.find((x) => String(x.id) === sub.runId);
      if (!s) throw new RemoteJudgeError('notFound', `${key}: run ${sub.runId} is not in the status list of ${account.username}`);
      const time = { timeMs: s.timeConsumedMillis ?? 0, memoryKb: Math.round((s.memoryConsumedBytes ?? 0) / 1024) };
      if (!s.verdict) return { status: JudgeStatus.PENDING, final: false, detail: 'In queue' };
      if (s.verdict === 'TESTING') {
        const done = s.passedTestCount ?? 0;
        return { status: JudgeStatus.JUDGING, final: false, detail: `Running on test ${done + 1}`, progress: { done, current: done + 1 }, ...time };
      }
      const status = VERDICTS[s.verdict];
      if (status === undefined) throw new RemoteJudgeError('garbage', `${key}: unknown verdict ${s.verdict}`);
      if (status === JudgeStatus.COMPILE_ERROR) {
        const msg = await compileMessage(http, contest, sub.runId);
        return { status, final: true, compileMessage: msg || 'Compilation error (the site shows no compiler output)', timeMs: 0, memoryKb: 0 };
      }
      const onTest = ON_TEST[s.verdict];
      const detail = onTest ? `${onTest} on test ${(s.passedTestCount ?? 0) + 1}` : undefined;
      return { status, final: true, detail, ...time };
    },
  };
}

export const codeforces = makeAdapter('CF', false);
export const gym = makeAdapter('GYM', true);

/** Codeforces writes TeX as $$$x$$$ (inline) and $$$$$$x$$$$$$ (display); our markdown reads $x$ and $$x$$. */
export function cfStatementMarkdown(html: string, base: string): string {
  const tex = html.replace(/\$\$\$\$\$\$([\s\S]+?)\$\$\$\$\$\$/g, (_, x: string) => `$$${x}$$`).replace(/\$\$\$([\s\S]+?)\$\$\$/g, (_, x: string) => `$${x}$`);
  return htmlToMarkdown(tex, base);
}

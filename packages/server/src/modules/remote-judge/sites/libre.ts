/**
 * LibreOJ (loj.ac, the Lyrio judge): a JSON API at api.loj.ac, POST everywhere, a session token
 * sent as `Authorization: Bearer <token>`; errors are `{ error: "NO_SUCH_PROBLEM" }`-style answers.
 * - problem: /api/problem/getProblem { displayId, localizedContentsOfLocale, tagsOfLocale, samples,
 *   judgeInfo } → meta.id (the id submissions use, not always the display id), markdown
 *   contentSections (Text sections, Sample sections pointing at samples[]), judgeInfo.timeLimit (ms)
 *   and memoryLimit (MiB), tagsOfLocale.
 * - login: /api/auth/login { username, password } → { token } or NO_SUCH_USER / WRONG_PASSWORD.
 *   Lyrio guards login (and register, reset password) with @nestlab/google-recaptcha when the site
 *   switches reCAPTCHA on; the answer is read from an `x-recaptcha-token` header, and a missing or
 *   wrong one is answered HTTP 401 with the serialised GoogleRecaptchaException as JSON
 *   (`name: "GoogleRecaptchaException"`, `errorCodes: ["invalid-input-response"]`, `message`).
 *   A server cannot solve it: that is a `captcha` error, retried much later.
 *   A token that expired makes every call answer PERMISSION_DENIED; /api/auth/getSessionInfo?token=
 *   tells whether the token still names a user.
 * - submit: /api/submission/submit { problemId, content: { language, code, compileAndRunOptions } }
 *   → { submissionId }.
 * - status: /api/submission/getSubmissionDetail { submissionId, locale } → meta.status ("Pending"
 *   until done, with progress.progressType Preparing/Compiling/Running), timeUsed (ms, summed over
 *   tests), memoryUsed (KiB, the peak), progress.compile.message, per-test results for the detail.
 */
import { JudgeStatus, type JudgeStatusCode } from '@verdict/shared';
import { RemoteJudgeError, type RemoteErrorKind, type RemoteJudgeAdapter, type RemoteProblem, type RemoteStatus, type SiteHttp, type SiteResponse } from '../adapter.js';
import { siteLanguage } from './page.js';

const SITE = 'LibreOJ';
const LOCALE = 'zh_CN';

/**
 * Our language names → LibreOJ's language and compile options, written `language {options}`
 * (the options object is sent as is; the values are those Lyrio accepts).
 */
const cOpts = (compiler: string, std: string, O: string) => JSON.stringify({ compiler, std, O, m: '64' });
const LANGUAGES: Readonly<Record<string, string>> = {
  'C': `c ${cOpts('gcc', 'c11', '0')}`,
  'C With O2': `c ${cOpts('gcc', 'c11', '2')}`,
  'C++': `cpp ${cOpts('g++', 'c++14', '0')}`,
  'C++ With O2': `cpp ${cOpts('g++', 'c++14', '2')}`,
  'C++ 17': `cpp ${cOpts('g++', 'c++17', '0')}`,
  'C++ 17 With O2': `cpp ${cOpts('g++', 'c++17', '2')}`,
  'C++ 20': `cpp ${cOpts('g++', 'c++20', '0')}`,
  'C++ 20 With O2': `cpp ${cOpts('g++', 'c++20', '2')}`,
  'Java': 'java {}',
  'Kotlin': 'kotlin {"version":"1.8","platform":"jvm"}',
  'Python3': 'python {"version":"3.10"}',
  'Python2': 'python {"version":"2.7"}',
  'Rust': 'rust {"version":"2021","optimize":"2"}',
  'Golang': 'go {"version":"1.x"}',
  'C#': 'csharp {"version":"9"}',
  'Pascal': 'pascal {"optimize":"2"}',
  'Haskell': 'haskell {"version":"2010"}',
};

const FINAL: Record<string, JudgeStatusCode> = {
  Accepted: JudgeStatus.ACCEPTED,
  WrongAnswer: JudgeStatus.WRONG_ANSWER,
  PartiallyCorrect: JudgeStatus.PARTIAL_ACCEPTED,
  TimeLimitExceeded: JudgeStatus.TIME_LIMIT_EXCEEDED,
  MemoryLimitExceeded: JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  RuntimeError: JudgeStatus.RUNTIME_ERROR,
  // No OLE / file-error / interaction codes of ours: the nearest, with the site's words as detail.
  OutputLimitExceeded: JudgeStatus.RUNTIME_ERROR,
  FileError: JudgeStatus.RUNTIME_ERROR,
  InvalidInteraction: JudgeStatus.WRONG_ANSWER,
  CompilationError: JudgeStatus.COMPILE_ERROR,
  ConfigurationError: JudgeStatus.SYSTEM_ERROR,
  SystemError: JudgeStatus.SYSTEM_ERROR,
  JudgementFailed: JudgeStatus.SYSTEM_ERROR,
};

const PROGRESS: Record<string, JudgeStatusCode> = {
  Preparing: JudgeStatus.PENDING,
  Compiling: JudgeStatus.COMPILING,
  Running: JudgeStatus.JUDGING,
  Finished: JudgeStatus.JUDGING, // finished judging, result not yet written
};

const LOGIN_REFUSALS: Record<string, string> = {
  NO_SUCH_USER: 'no such user',
  WRONG_PASSWORD: 'wrong password',
  USER_NOT_MIGRATED: 'the account was never migrated to the new LibreOJ',
};

/** 'WrongAnswer' → 'Wrong Answer'. */
const words = (status: string) => status.replace(/([a-z])([A-Z])/g, '$1 $2');

/** Lyrio truncates long outputs as { data, omittedLength }. */
type OmittableString = string | { data: string; omittedLength: number } | null | undefined;
const textOf = (s: OmittableString) => (typeof s === 'string' ? s : s ? `${s.data}\n… (${s.omittedLength} more characters)` : '');
const stripAnsi = (s: string) => s.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '');

interface ProblemAnswer {
  error?: string;
  meta?: { id: number; displayId?: number; type?: string };
  localizedContentsOfLocale?: { title: string; contentSections: { sectionTitle: string; type: 'Text' | 'Sample'; sampleId?: number; text?: string }[] };
  samples?: { inputData: string; outputData: string }[];
  judgeInfo?: { timeLimit?: number; memoryLimit?: number };
  tagsOfLocale?: { name: string }[];
}

interface DetailAnswer {
  error?: string;
  meta?: { id: number; status: string; timeUsed: number | null; memoryUsed: number | null };
  progress?: {
    progressType?: string;
    compile?: { success: boolean; message?: OmittableString };
    systemMessage?: OmittableString;
    subtasks?: { testcases: { testcaseHash?: string }[] }[];
    testcaseResult?: Record<string, { status: string }>;
  } | null;
}

/** Session tokens per SiteHttp (the pool keeps one SiteHttp per account, as it keeps its cookies). */
const tokens = new WeakMap<SiteHttp, string>();

/** The web site beside the API host (api.loj.ac → loj.ac), for links shown to users. */
function webBase(http: SiteHttp): string {
  const url = new URL(http.baseUrl);
  if (url.hostname.startsWith('api.')) url.hostname = url.hostname.slice(4);
  return url.href.replace(/\/+$/, '');
}

/**
 * A JSON API call. HTTP errors site-http did not already turn into kinds are garbage, except 400:
 * Lyrio's validation (or reCAPTCHA) refusing the payload, reported as `refused` with its message.
 */
async function call<T>(http: SiteHttp, path: string, body: unknown, opts: { auth?: boolean; refused?: RemoteErrorKind } = {}): Promise<T> {
  const token = tokens.get(http);
  const res: SiteResponse = await http.postJson(`/api/${path}`, body, opts.auth && token ? { headers: { authorization: `Bearer ${token}` } } : undefined);
  const recaptcha = recaptchaRefusal(res);
  if (recaptcha !== null) {
    throw new RemoteJudgeError('captcha', `${SITE} asks for a reCAPTCHA answer on ${path}${recaptcha ? ` (${recaptcha})` : ''}`);
  }
  if (res.status === 400) {
    const msg = (() => {
      try {
        const m = res.json<{ message?: unknown }>().message;
        return Array.isArray(m) ? m.join('; ') : String(m ?? '');
      } catch {
        return '';
      }
    })();
    throw new RemoteJudgeError(opts.refused ?? 'garbage', `${SITE} refused the request to ${path}${msg ? `: ${msg}` : ''}`);
  }
  if (res.status !== 200 && res.status !== 201) throw new RemoteJudgeError('garbage', `${SITE} answered ${path} with HTTP ${res.status}`);
  const data = res.json<T>();
  if (!data || typeof data !== 'object') throw new RemoteJudgeError('garbage', `${SITE} answered ${path} with JSON of an unexpected shape`);
  return data;
}

/** Lyrio's reCAPTCHA refusal (HTTP 401 with the GoogleRecaptchaException): its error codes, or null when the answer is not that. */
function recaptchaRefusal(res: SiteResponse): string | null {
  if (res.status !== 401) return null;
  let data: { name?: unknown; errorCodes?: unknown; message?: unknown };
  try {
    data = JSON.parse(res.text) as typeof data;
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object') return null;
  const codes = Array.isArray(data.errorCodes) ? data.errorCodes.map(String) : null;
  if (data.name !== 'GoogleRecaptchaException' && !codes && !/recaptcha/i.test(String(data.message ?? ''))) return null;
  return codes?.join(', ') ?? '';
}

/** After PERMISSION_DENIED: an expired token means log in again; a live one means the site refuses us for real. */
async function sessionGone(http: SiteHttp): Promise<boolean> {
  const token = tokens.get(http);
  if (!token) return true;
  const res = await http.get('/api/auth/getSessionInfo', { query: { token } });
  return !res.json<{ userMeta?: unknown }>().userMeta;
}

async function problemOf(http: SiteHttp, displayId: string, full: boolean): Promise<ProblemAnswer> {
  const answer = await call<ProblemAnswer>(http, 'problem/getProblem', full
    ? { displayId: Number(displayId), localizedContentsOfLocale: LOCALE, tagsOfLocale: LOCALE, samples: true, judgeInfo: true, judgeInfoToBePreprocessed: true }
    : { displayId: Number(displayId) });
  if (answer.error === 'NO_SUCH_PROBLEM') throw new RemoteJudgeError('notFound', `${SITE} has no problem ${displayId}`);
  if (answer.error === 'PERMISSION_DENIED') throw new RemoteJudgeError('notFound', `${SITE} problem ${displayId} is not public`);
  if (answer.error || !answer.meta) throw new RemoteJudgeError('garbage', `${SITE} answered problem ${displayId} with ${answer.error ?? 'no problem meta'}`);
  return answer;
}

/** The first test that did not pass, counted across subtasks: "Wrong Answer on test 3". */
function failedTest(progress: NonNullable<DetailAnswer['progress']>): string | undefined {
  let n = 0;
  for (const subtask of progress.subtasks ?? []) {
    for (const ref of subtask.testcases ?? []) {
      n++;
      const result = ref.testcaseHash ? progress.testcaseResult?.[ref.testcaseHash] : undefined;
      if (result && result.status !== 'Accepted') return `${words(result.status)} on test ${n}`;
    }
  }
  return undefined;
}

export const libre: RemoteJudgeAdapter = {
  key: 'LIBRE',
  defaultBaseUrl: 'https://api.loj.ac',
  languages: LANGUAGES,
  minIntervalMs: 500,

  isProblemId: (id) => /^[1-9]\d{0,6}$/.test(id),

  async fetchProblem(http, problemId): Promise<RemoteProblem> {
    if (!libre.isProblemId(problemId)) throw new RemoteJudgeError('notFound', `"${problemId}" is not a LibreOJ problem id (a number such as 1)`);
    const p = await problemOf(http, problemId, true);
    const content = p.localizedContentsOfLocale;
    const limits = p.judgeInfo;
    if (!content || !Array.isArray(content.contentSections) || !limits) throw new RemoteJudgeError('garbage', `${SITE} answered problem ${problemId} without its statement or limits`);
    if (p.meta?.type === 'SubmitAnswer') throw new RemoteJudgeError('unsupportedLanguage', `${SITE} problem ${problemId} takes answer files, not code`);
    if (typeof limits.timeLimit !== 'number' || typeof limits.memoryLimit !== 'number') throw new RemoteJudgeError('garbage', `${SITE} problem ${problemId} has no time or memory limit`);
    const web = webBase(http);
    // Site-relative links in the markdown ("/images/…") keep pointing at LibreOJ.
    const absolute = (md: string) => md.replace(/(\]\()\/(?!\/)/g, `$1${web}/`);
    const description: string[] = [];
    const input: string[] = [];
    const output: string[] = [];
    const hint: string[] = [];
    for (const section of content.contentSections) {
      const title = section.sectionTitle ?? '';
      const text = absolute(section.text ?? '').trim();
      if (section.type === 'Sample') {
        if (text) hint.push(`### ${title}\n\n${text}`);
      } else if (/输入|input/i.test(title)) input.push(text);
      else if (/输出|output/i.test(title)) output.push(text);
      else if (/提示|说明|范围|hint|note|constraint/i.test(title)) hint.push(text);
      else if (/描述|背景|description|background|statement/i.test(title) || description.length === 0) description.push(description.length ? `### ${title}\n\n${text}` : text);
      else description.push(`### ${title}\n\n${text}`);
    }
    return {
      remoteId: problemId,
      title: content.title,
      timeLimitMs: limits.timeLimit,
      memoryLimitMb: limits.memoryLimit,
      description: description.join('\n\n').trim(),
      input: input.join('\n\n').trim(),
      output: output.join('\n\n').trim(),
      examples: (p.samples ?? []).map((s) => ({ input: s.inputData, output: s.outputData })),
      hint: hint.join('\n\n').trim(),
      source: `${web}/p/${problemId}`,
      tags: (p.tagsOfLocale ?? []).map((t) => t.name).filter(Boolean),
    };
  },

  async login(http, account) {
    http.clearCookies();
    tokens.delete(http);
    const answer = await call<{ error?: string; token?: string }>(http, 'auth/login', { username: account.username, password: account.password }, { refused: 'loginRefused' });
    const refusal = answer.error ? LOGIN_REFUSALS[answer.error] : undefined;
    if (refusal) throw new RemoteJudgeError('loginRefused', `${SITE} refused the login of ${account.username}: ${refusal}`);
    if (answer.error || !answer.token) throw new RemoteJudgeError('garbage', `${SITE} answered the login of ${account.username} without a token (${answer.error ?? 'no error either'})`);
    tokens.set(http, answer.token);
  },

  async submit(http, account, sub) {
    const spec = siteLanguage(LANGUAGES, sub.language, SITE);
    const space = spec.indexOf(' ');
    const language = spec.slice(0, space);
    const compileAndRunOptions = JSON.parse(spec.slice(space + 1)) as unknown;
    if (!tokens.get(http)) throw new RemoteJudgeError('sessionExpired', `${SITE}: ${account.username} is not logged in`);
    // Submissions name the problem by its internal id, which differs from the display id for some problems.
    const problem = await problemOf(http, sub.problemId, false);
    const answer = await call<{ error?: string; submissionId?: number }>(http, 'submission/submit', {
      problemId: problem.meta!.id,
      content: { language, code: sub.code, compileAndRunOptions },
    }, { auth: true, refused: 'unsupportedLanguage' });
    if (answer.error === 'PERMISSION_DENIED') {
      if (await sessionGone(http)) throw new RemoteJudgeError('sessionExpired', `${SITE} logged ${account.username} out`);
      throw new RemoteJudgeError('notFound', `${SITE} does not let ${account.username} submit to problem ${sub.problemId}`);
    }
    if (answer.error === 'NO_SUCH_PROBLEM') throw new RemoteJudgeError('notFound', `${SITE} has no problem ${sub.problemId}`);
    if (answer.error || answer.submissionId === undefined) throw new RemoteJudgeError('garbage', `${SITE} answered the submission with ${answer.error ?? 'no submission id'}`);
    return String(answer.submissionId);
  },

  async status(http, account, sub): Promise<RemoteStatus> {
    const answer = await call<DetailAnswer>(http, 'submission/getSubmissionDetail', { submissionId: sub.runId, locale: LOCALE }, { auth: true });
    if (answer.error === 'NO_SUCH_SUBMISSION') throw new RemoteJudgeError('notFound', `${SITE} has no submission ${sub.runId}`);
    if (answer.error === 'PERMISSION_DENIED') {
      if (await sessionGone(http)) throw new RemoteJudgeError('sessionExpired', `${SITE} logged ${account.username} out`);
      throw new RemoteJudgeError('notFound', `${SITE} does not show submission ${sub.runId} to ${account.username}`);
    }
    const meta = answer.meta;
    if (answer.error || !meta || typeof meta.status !== 'string') throw new RemoteJudgeError('garbage', `${SITE} answered submission ${sub.runId} with ${answer.error ?? 'no meta'}`);
    const progress = answer.progress ?? null;
    if (meta.status === 'Pending') {
      return { status: PROGRESS[progress?.progressType ?? ''] ?? JudgeStatus.PENDING, final: false };
    }
    const status = FINAL[meta.status];
    if (status === undefined) throw new RemoteJudgeError('garbage', `${SITE} showed submission ${sub.runId} as "${meta.status}", a status we do not know`);
    const result: RemoteStatus = { status, final: true, timeMs: meta.timeUsed ?? undefined, memoryKb: meta.memoryUsed ?? undefined };
    if (status === JudgeStatus.COMPILE_ERROR) result.compileMessage = stripAnsi(textOf(progress?.compile?.message)).trim();
    else if (status === JudgeStatus.SYSTEM_ERROR) result.detail = stripAnsi(textOf(progress?.systemMessage)).trim() || words(meta.status);
    else if (status !== JudgeStatus.ACCEPTED) result.detail = (progress && failedTest(progress)) ?? words(meta.status);
    return result;
  },
};

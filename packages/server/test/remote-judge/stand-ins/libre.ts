/**
 * A stand-in of LibreOJ's API (Lyrio on NestJS): POST endpoints under /api answering 201 with JSON,
 * `{ error: "..." }` for refusals, 400 with class-validator messages for a bad payload, a JWT-like
 * session token in `Authorization: Bearer`, PERMISSION_DENIED when it is missing or expired,
 * problems whose internal id differs from the display id, and submissions moving through
 * Pending (waiting, Compiling, Running) to a final status with per-test results.
 *
 * With `recaptcha` on, login wants an `x-recaptcha-token` header Google would accept (none here
 * ever is) and answers as Lyrio's RecaptchaFilter does: HTTP 401 with the serialised
 * GoogleRecaptchaException of @nestlab/google-recaptcha (a missing header reaches Google as the
 * text "undefined", an invalid response).
 */
import { randomBytes } from 'node:crypto';
import { html, json, startStandIn, type StandIn, type StandInRequest } from '../stand-in.js';
import { look, verdictOf, type Run, type Verdict } from './script.js';

interface Problem { id: number; displayId: number; type: string; title: string; timeLimit: number; memoryLimit: number; sections: object[]; samples: object[]; tags: string[] }

const PROBLEMS: Problem[] = [
  {
    id: 1, displayId: 1, type: 'Traditional', title: 'A + B Problem', timeLimit: 1000, memoryLimit: 256, tags: ['模板', '入门'],
    sections: [
      { sectionTitle: '题目描述', type: 'Text', text: '**注意：本题原题 PDF 已失效。**\n\n输入 $a$ 和 $b$，输出 $a + b$ 的结果。\n\n![示意图](/images/aplusb.png)' },
      { sectionTitle: '输入格式', type: 'Text', text: '一行两个正整数 $a$ 和 $b$。' },
      { sectionTitle: '输出格式', type: 'Text', text: '一行一个整数 $a + b$。' },
      { sectionTitle: '样例', type: 'Sample', sampleId: 0, text: '$1 + 2 = 3$。' },
      { sectionTitle: '数据范围与提示', type: 'Text', text: '$0 \\le a, b \\le 10^9$。' },
    ],
    samples: [{ inputData: '1 2\n', outputData: '3\n' }, { inputData: '10 20\n', outputData: '30\n' }],
  },
  {
    id: 105, displayId: 2, type: 'Traditional', title: '文本编辑器', timeLimit: 3000, memoryLimit: 512, tags: ['数据结构'],
    sections: [
      { sectionTitle: 'Description', type: 'Text', text: 'Maintain a text editor.' },
      { sectionTitle: 'Input', type: 'Text', text: 'Operations, one per line.' },
      { sectionTitle: 'Output', type: 'Text', text: 'The answers.' },
    ],
    samples: [],
  },
  {
    id: 7, displayId: 7, type: 'SubmitAnswer', title: '提交答案题', timeLimit: 1000, memoryLimit: 256, tags: [],
    sections: [{ sectionTitle: '题目描述', type: 'Text', text: '上传答案文件。' }], samples: [],
  },
];

const OPTIONS: Record<string, Record<string, string[]>> = {
  cpp: { compiler: ['g++', 'clang++'], std: ['c++03', 'c++11', 'c++14', 'c++17', 'c++20', 'gnu++03', 'gnu++11', 'gnu++14', 'gnu++17', 'gnu++20'], O: ['0', '1', '2', '3', 'fast'], m: ['64', '32', 'x32'] },
  c: { compiler: ['gcc', 'clang'], std: ['c89', 'c99', 'c11', 'c17', 'gnu89', 'gnu99', 'gnu11', 'gnu17'], O: ['0', '1', '2', '3', 'fast'], m: ['64', '32', 'x32'] },
  java: {},
  kotlin: { version: ['1.5', '1.6', '1.7', '1.8', '1.9'], platform: ['jvm'] },
  pascal: { optimize: ['-', '1', '2', '3', '4'] },
  python: { version: ['2.7', '3.9', '3.10'] },
  rust: { version: ['2015', '2018', '2021'], optimize: ['0', '1', '2', '3'] },
  go: { version: ['1.x'] },
  haskell: { version: ['98', '2010'] },
  csharp: { version: ['7.3', '8', '9'] },
};

const FINAL: Record<Verdict, { status: string; time: number; memory: number; failAt?: number; failStatus?: string }> = {
  AC: { status: 'Accepted', time: 12, memory: 1024 },
  WA: { status: 'WrongAnswer', time: 9, memory: 1020, failAt: 2, failStatus: 'WrongAnswer' },
  PE: { status: 'WrongAnswer', time: 9, memory: 1020, failAt: 0, failStatus: 'WrongAnswer' }, // Lyrio has no PE
  TLE: { status: 'TimeLimitExceeded', time: 2004, memory: 1100, failAt: 1, failStatus: 'TimeLimitExceeded' },
  MLE: { status: 'MemoryLimitExceeded', time: 150, memory: 262_200, failAt: 0, failStatus: 'MemoryLimitExceeded' },
  RE: { status: 'RuntimeError', time: 3, memory: 900, failAt: 1, failStatus: 'RuntimeError' },
  CE: { status: 'CompilationError', time: 0, memory: 0 },
};

export interface LibreStandIn {
  site: StandIn;
  runs: Run[];
  /** Every token stops working (session revoked or expired). */
  expireSessions(): void;
  /** The next submit answers 429, as the API's rate limit does. */
  throttleNextSubmit(): void;
  garbage: boolean;
  /** Login asks for reCAPTCHA (the site's `preference.security.recaptchaEnabled`). */
  recaptcha: boolean;
  /** Login answers refused for reCAPTCHA so far. */
  recaptchaRefusals: number;
  close(): Promise<void>;
}

export async function startLibre(users: Record<string, string>): Promise<LibreStandIn> {
  const sessions = new Map<string, string>();
  const runs: Run[] = [];
  let nextId = 1_900_001;
  let throttle = false;
  const state = { garbage: false, recaptcha: false, recaptchaRefusals: 0 };

  const created = (value: unknown) => json(value, { status: 201 });
  const userOf = (req: StandInRequest) => {
    const [scheme, token] = String(req.headers.authorization ?? '').split(' ');
    return scheme === 'Bearer' && token ? sessions.get(token) : undefined;
  };
  const guard = (handler: (req: StandInRequest) => ReturnType<typeof created>) => (req: StandInRequest) =>
    state.garbage ? html('<html><body><h1>502 Bad Gateway</h1><hr><center>nginx</center></body></html>', { status: 200 }) : handler(req);
  const body = (req: StandInRequest) => (req.json ?? {}) as Record<string, unknown>;
  const badRequest = (message: string[]) => json({ statusCode: 400, message, error: 'Bad Request' }, { status: 400 });

  const site = await startStandIn({
    'POST /api/auth/login': guard((req) => {
      if (state.recaptcha) {
        state.recaptchaRefusals++;
        const message = 'The response parameter is invalid or malformed.';
        return json({ response: message, status: 400, options: {}, message, name: 'GoogleRecaptchaException', errorCodes: ['invalid-input-response'] }, { status: 401 });
      }
      if (userOf(req)) return created({ error: 'ALREADY_LOGGEDIN' });
      const { username, password } = body(req) as { username?: string; password?: string };
      if (!username || users[username] === undefined) return created({ error: 'NO_SUCH_USER' });
      if (users[username] !== password) return created({ error: 'WRONG_PASSWORD' });
      const token = ['eyJhbGciOiJIUzI1NiJ9', randomBytes(12).toString('base64url'), randomBytes(16).toString('base64url')].join('.');
      sessions.set(token, username);
      return created({ token, username });
    }),
    'GET /api/auth/getSessionInfo': guard((req) => {
      const user = sessions.get(req.query.get('token') ?? '');
      const info: Record<string, unknown> = { serverPreference: { siteName: 'LibreOJ' }, serverVersion: { hash: 'abc1234', date: '2024-12-13' } };
      if (user) info.userMeta = { id: 42, username: user };
      return json(info);
    }),
    'POST /api/problem/getProblem': guard((req) => {
      const b = body(req);
      const p = PROBLEMS.find((x) => (b.displayId !== undefined ? x.displayId === b.displayId : x.id === b.id));
      if (!p) return created({ error: 'NO_SUCH_PROBLEM' });
      const answer: Record<string, unknown> = { meta: { id: p.id, displayId: p.displayId, type: p.type, isPublic: true, publicTime: '2020-01-01T00:00:00.000Z', ownerId: 1, locales: ['zh_CN'] } };
      if (b.localizedContentsOfLocale) answer.localizedContentsOfLocale = { locale: 'zh_CN', title: p.title, contentSections: p.sections };
      if (b.tagsOfLocale) answer.tagsOfLocale = p.tags.map((name, i) => ({ id: i + 1, name, color: 'blue', nameLocale: 'zh_CN' }));
      if (b.samples) answer.samples = p.samples;
      if (b.judgeInfo) answer.judgeInfo = { timeLimit: p.timeLimit, memoryLimit: p.memoryLimit, runSamples: true, subtasks: null, checker: { type: 'lines', caseSensitive: false } };
      return created(answer);
    }),
    'POST /api/submission/submit': guard((req) => {
      const user = userOf(req);
      if (!user) return created({ error: 'PERMISSION_DENIED' });
      if (throttle) {
        throttle = false;
        return json({ statusCode: 429, message: 'ThrottlerException: Too Many Requests' }, { status: 429, headers: { 'retry-after': '3' } });
      }
      const b = body(req) as { problemId?: number; content?: { language?: string; code?: string; compileAndRunOptions?: Record<string, string> } };
      if (typeof b.problemId !== 'number') return badRequest(['problemId must be an integer number']);
      const p = PROBLEMS.find((x) => x.id === b.problemId);
      if (!p) return created({ error: 'NO_SUCH_PROBLEM' });
      const { language = '', code = '', compileAndRunOptions = {} } = b.content ?? {};
      const allowed = OPTIONS[language];
      if (!allowed) return badRequest([`language must be a valid enum value`]);
      for (const [k, v] of Object.entries(compileAndRunOptions)) {
        if (!allowed[k]?.includes(v)) return badRequest([`compileAndRunOptions.${k} must be one of the following values: ${(allowed[k] ?? []).join(', ')}`]);
      }
      if (Object.keys(allowed).some((k) => !(k in compileAndRunOptions))) return badRequest(['compileAndRunOptions is incomplete']);
      const verdict = verdictOf(code);
      const steps = ['waiting', 'Preparing', 'Compiling', ...(verdict === 'CE' ? [] : ['Running']), verdict];
      runs.push({ id: nextId, user, problem: String(p.id), language: JSON.stringify({ language, ...compileAndRunOptions }), code, verdict, steps, seen: 0, submittedAt: new Date() });
      return created({ submissionId: nextId++ });
    }),
    'POST /api/submission/getSubmissionDetail': guard((req) => {
      const run = runs.find((r) => String(r.id) === String(body(req).submissionId));
      if (!run) return created({ error: 'NO_SUCH_SUBMISSION' });
      // The account's submissions are not public: only its own live session sees them.
      if (userOf(req) !== run.user) return created({ error: 'PERMISSION_DENIED' });
      const { state: s, final } = look(run);
      const meta = { id: run.id, isPublic: false, codeLanguage: JSON.parse(run.language).language, answerSize: run.code.length, score: null as number | null, status: 'Pending', submitTime: run.submittedAt, timeUsed: null as number | null, memoryUsed: null as number | null };
      if (!final) return created({ meta, content: { code: run.code }, progress: s === 'waiting' ? null : { progressType: s }, progressSubscriptionKey: 'sub-key' });
      const f = FINAL[run.verdict];
      const hashes = ['h1', 'h2', 'h3'];
      const testcaseResult: Record<string, object> = {};
      hashes.forEach((h, i) => {
        const status = f.failAt === undefined || i < f.failAt ? 'Accepted' : i === f.failAt ? f.failStatus! : undefined;
        if (status) testcaseResult[h] = { status, score: status === 'Accepted' ? 100 : 0, time: 3, memory: 1000 };
      });
      const progress: Record<string, unknown> = { progressType: 'Finished', status: f.status, score: f.status === 'Accepted' ? 100 : 0 };
      if (run.verdict === 'CE') {
        progress.compile = { compileTaskHash: 'c1', success: false, message: "\u001b[01m\u001b[Kmain.cpp:1:1:\u001b[m\u001b[K \u001b[01;31m\u001b[Kerror: \u001b[m\u001b[K'x' does not name a type\n    1 | x\n      | ^" };
      } else {
        progress.compile = { compileTaskHash: 'c1', success: true, message: '' };
        // Tests after the failing one are skipped (no hash).
        progress.subtasks = [{ score: 0, fullScore: 100, testcases: hashes.map((h) => (testcaseResult[h] ? { testcaseHash: h } : {})) }];
        progress.testcaseResult = testcaseResult;
      }
      return created({ meta: { ...meta, status: f.status, score: progress.score, timeUsed: f.time, memoryUsed: f.memory }, content: { code: run.code }, progress, progressSubscriptionKey: null });
    }),
  });

  return {
    site,
    runs,
    expireSessions: () => sessions.clear(),
    throttleNextSubmit: () => {
      throttle = true;
    },
    get garbage() {
      return state.garbage;
    },
    set garbage(v: boolean) {
      state.garbage = v;
    },
    get recaptcha() {
      return state.recaptcha;
    },
    set recaptcha(v: boolean) {
      state.recaptcha = v;
    },
    get recaptchaRefusals() {
      return state.recaptchaRefusals;
    },
    close: () => site.close(),
  };
}

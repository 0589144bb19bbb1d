import diagnostics from 'node:diagnostics_channel';
import Fastify, { type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JUDGE_TOKEN_HEADER, Role } from '@verdict/shared';
import { ACCESS_LEVELS, declaredRoutes, registerAccess, type AccessLevel, type DeclaredRoute } from '../src/http/access.js';
import type { AppContext } from '../src/context.js';
import { createTestApp, type TestApp } from './helpers.js';
import { addProblem, call, contest, MIN, problem, user, type CUser } from './contest-fixtures.js';

/**
 * The authorization matrix: every registered /api route × every role. The policy below is the
 * test's own (by path, plus the list of routes allowed to be public), so loosening a route's
 * declaration fails here; the calls then prove the declaration is what the server enforces.
 * Group levels are checked per group: test/group-access.test.ts is their matrix.
 */

// Routes anyone may call. Adding one here is a security decision: say why in the review.
const PUBLIC = new Set([
  'GET /api/docs', 'GET /api/health', 'GET /api/get-website-config', 'GET /api/home-carousel', 'GET /api/get-common-announcement',
  'GET /api/get-recent-contest', 'GET /api/get-recent-other-contest', 'GET /api/get-last-week-submission-statistics',
  'GET /api/get-recent-updated-problem', 'GET /api/get-recent-seven-ac-rank',
  // account: the ways in, each throttled or needing a mailed code
  'GET /api/get-register-code', 'POST /api/check-username-or-email', 'POST /api/register', 'POST /api/login', 'GET /api/logout',
  'POST /api/admin/login', 'GET /api/admin/logout', 'GET /api/captcha', 'POST /api/apply-reset-password', 'POST /api/reset-password',
  'GET /api/get-user-home-info', 'GET /api/get-user-calendar-heatmap',
  // problems and submissions: the handler hides what the caller may not see
  'GET /api/get-problem-list', 'GET /api/get-all-problem-tags', 'GET /api/get-problem-tags-and-classification', 'GET /api/get-problem-tags', 'GET /api/get-random-problem',
  'GET /api/get-problem-detail', 'GET /api/get-problem-code-template', 'GET /api/get-problem-annex', 'GET /api/download-problem-annex',
  'GET /api/languages', 'GET /api/get-problem-languages', 'GET /api/get-submission-list', 'GET /api/get-submission-detail',
  'POST /api/check-submissions-status', 'POST /api/check-contest-submissions-status', 'GET /api/get-all-case-result',
  // contests: the list and what the outside scoreboard shows
  'GET /api/get-contest-list', 'GET /api/get-contest-outsize-info', 'POST /api/get-contest-outside-scoreboard', 'GET /api/get-full-screen-problem-list',
  // trainings and ranks: the training list (opening one needs login) and the global rank lists, as in HOJ
  'GET /api/get-training-category', 'GET /api/get-training-list', 'GET /api/get-rank-list', 'GET /api/get-user-rank-position',
  'GET /api/get-user-trainings',
  // forum: visitors read discussions and comments (spec 02 §6); contest comments need a contestant in the handler
  // live updates: the handler needs login for own submissions and a contestant for a contest rank; anonymous only for an open public scoreboard
  'GET /api/stream',
  'GET /api/discussion-category', 'GET /api/get-discussion-list', 'GET /api/get-discussion-detail', 'GET /api/comments', 'GET /api/reply',
  // groups: visitors browse the list (spec 03 §2.3); opening a group needs login
  'GET /api/get-group-list',
  // remote judges: the keys of the switched-on sites (home page, /developer, the oj filter); no accounts, no URLs
  'GET /api/remote-judge/sites',
  // printable problem sets: the print page's data for the server's own Chromium, by a short-lived print token for one contest
  // (the handler refuses without one unless the caller is that contest's admin)
  'GET /api/print-set/contest',
  // contest ratings (issue 30): a user's rating, its history and the rating ranking are public like the global ranks
  'GET /api/get-user-rating-history', 'GET /api/get-user-rating', 'GET /api/get-rating-rank', 'GET /api/get-user-ratings',
  // virtual participation (issue 30): a user's virtual runs of visible contests, on their home page
  'GET /api/get-user-virtual-contests',
]);

const ROOT_ONLY = [/^\/api\/admin\/(user|config|switch|msg|judge|backup)\//, /^\/api\/admin\/remote-judge\/(site|account)$/, /^\/api\/admin\/announcement$/, /^\/api\/file\/(generate-user-excel|upload-carouse-img)$/];
const ADMIN_AREA_FILES = /^\/api\/file\/(export-problem|import-)/;
// Group admins upload test data and statement images for their group (gid): login at the guard, the group level in the
// handler; test/group-access.test.ts holds its matrix (every group rule's route is probed there).
const GROUP_RULED = new Set(['groupMember', 'groupAdmin', 'groupRoot', 'groupAuthor', 'groupOwner']);

/** The least a route may demand, by the test's own policy. */
function minimumFor(r: DeclaredRoute): AccessLevel {
  const key = `${r.method} ${r.url}`;
  if (r.url.startsWith('/api/judge/')) return 'judge';
  if (PUBLIC.has(key)) return 'public';
  if (ROOT_ONLY.some((re) => re.test(r.url))) return 'root';
  if (r.url === '/api/admin/judge-server-list') return 'admin';
  // The contest plagiarism check (issue 31) is for the contest's admins, a group contest's group admins included (who need no
  // admin-area role): login at the guard, the contestAdmin rule in the handler (probed in 'contest rules' below).
  if (r.url.startsWith('/api/admin/contest/plagiarism') && r.rule === 'contestAdmin') return 'login';
  if (r.url.startsWith('/api/admin/') || ADMIN_AREA_FILES.test(r.url)) return 'adminArea';
  if (['/api/file/upload-testcase-zip', '/api/file/upload-md-img', '/api/file/upload-md-file'].includes(r.url) && !GROUP_RULED.has(r.rule ?? '')) return 'adminArea';
  // One's own statement images (the handler checks the uploader), any of them for admin-area roles.
  if (r.url === '/api/file/delete-md-img' && r.rule !== 'owner') return 'adminArea';
  return 'login';
}

const RANK: Record<Exclude<AccessLevel, 'judge'>, number> = { public: 0, login: 1, adminArea: 2, admin: 3, root: 4 };
type RoleName = 'anonymous' | 'banned' | 'user' | 'muted' | 'problem_admin' | 'admin' | 'root';
/** The highest level each role reaches (a banned = disabled account's session no longer resolves). */
const ROLE_RANK: Record<RoleName, number> = { anonymous: 0, banned: 0, user: 1, muted: 1, problem_admin: 2, admin: 3, root: 4 };

let t: TestApp;
const tokens = {} as Record<RoleName, CUser | null>;
const refused = new Set<string>();
const onRefused = (m: unknown) => {
  const probe = (m as { req: FastifyRequest }).req.headers['x-probe'];
  if (typeof probe === 'string') refused.add(probe);
};
let probeSeq = 0;

/** Calls a route as someone; tells whether the access guard refused it. */
async function probe(r: DeclaredRoute, headers: Record<string, string>, o: { query?: Record<string, unknown>; body?: unknown } = {}) {
  const id = String(++probeSeq);
  const url = r.url.replace(/:(\w+)/g, '1');
  const qs = o.query ? '?' + new URLSearchParams(Object.entries(o.query).map(([k, v]) => [k, String(v)])).toString() : '';
  const withBody = r.method === 'POST' || r.method === 'PUT';
  const res = await t.app.inject({
    method: r.method as 'GET', url: url + qs, headers: { 'accept-language': 'en-US', 'x-probe': id, ...headers },
    ...(withBody ? { payload: (o.body ?? {}) as object } : {}),
  });
  return { code: res.statusCode, msg: res.body.slice(0, 200), refusedByGuard: refused.has(id) };
}

const asHeaders = (u: CUser | null): Record<string, string> => (u ? { authorization: u.token } : {});
const routes = () => declaredRoutes(t.ctx);
/** Logging out ends the session the later calls need: those routes go last. */
const endsSession = (r: DeclaredRoute) => /logout$/.test(r.url);

beforeAll(async () => {
  t = await createTestApp();
  diagnostics.subscribe('verdict:access-refused', onRefused);
  tokens.anonymous = null;
  tokens.user = await user(t, 'm_user');
  tokens.muted = await user(t, 'm_muted', Role.MUTED);
  tokens.problem_admin = await user(t, 'm_padmin', Role.PROBLEM_ADMIN);
  tokens.admin = await user(t, 'm_admin', Role.ADMIN);
  tokens.root = await user(t, 'm_root', Role.ROOT);
  tokens.banned = await user(t, 'm_banned');
  await t.ctx.db.updateTable('user').set({ status: 1 }).where('id', '=', tokens.banned.uid).execute();
});
afterAll(async () => {
  diagnostics.unsubscribe('verdict:access-refused', onRefused);
  await t?.close();
});

describe('route access declarations', () => {
  it('every /api route is declared, none looser than the policy', () => {
    const table = routes();
    expect(table.length).toBeGreaterThan(100);
    const loose: string[] = [];
    for (const r of table) {
      const min = minimumFor(r);
      const ok = min === 'judge' || r.access === 'judge' ? r.access === min : RANK[r.access as keyof typeof RANK] >= RANK[min];
      if (!ok) loose.push(`${r.method} ${r.url}: declared ${r.access}, needs ${min}`);
    }
    expect(loose).toEqual([]);
    // The allow-list names only routes that exist, so a renamed route cannot stay public by accident.
    const keys = new Set(table.map((r) => `${r.method} ${r.url}`));
    expect([...PUBLIC].filter((k) => !keys.has(k))).toEqual([]);
  });

  it('a route registered without a declaration stops the server from starting', async () => {
    const start = async (access: AccessLevel | undefined) => {
      const app = Fastify({ logger: false });
      try {
        await app.register(async (api) => {
          registerAccess(api, { config: t.ctx.config } as AppContext); // its own table, not the site's
          api.get('/declared', { config: { access: 'public' } }, async () => 'ok');
          api.get('/other', access ? { config: { access } } : {}, async () => 'oops');
        }, { prefix: '/api' });
        await app.ready();
      } finally {
        await app.close().catch(() => {});
      }
    };
    await expect(start(undefined)).rejects.toThrow(/GET \/api\/other declares no access/);
    await expect(start('everyone' as AccessLevel)).rejects.toThrow(/unknown access 'everyone'/);
    await expect(start('login')).resolves.toBeUndefined();
    expect(ACCESS_LEVELS).toContain('public');
  });
});

describe('authorization matrix', () => {
  it('refuses every role below a route\'s level (401/403, never 2xx or 500) and lets every role at or above past the guard', async () => {
    const failures: string[] = [];
    const ordered = [...routes().filter((r) => !endsSession(r)), ...routes().filter(endsSession)];
    for (const r of ordered) {
      if (r.access === 'judge') continue;
      const need = RANK[r.access];
      for (const role of Object.keys(ROLE_RANK) as RoleName[]) {
        const res = await probe(r, asHeaders(tokens[role]));
        const where = `${r.method} ${r.url} as ${role} (${r.access}) → ${res.code} ${res.msg}`;
        if (ROLE_RANK[role] < need) {
          if (!(res.code === 401 || res.code === 403) || !res.refusedByGuard) failures.push(`not refused: ${where}`);
        } else if (res.refusedByGuard || res.code >= 500) {
          failures.push(`wrongly refused or failed: ${where}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('judge routes answer only the judge token', async () => {
    const failures: string[] = [];
    const judgeRoutes = routes().filter((r) => r.access === 'judge');
    expect(judgeRoutes.length).toBeGreaterThan(3);
    for (const r of judgeRoutes) {
      for (const role of Object.keys(ROLE_RANK) as RoleName[]) {
        const res = await probe(r, asHeaders(tokens[role]));
        if (res.code !== 401 || !res.refusedByGuard) failures.push(`${r.method} ${r.url} as ${role} → ${res.code}`);
      }
      const wrong = await probe(r, { [JUDGE_TOKEN_HEADER]: 'not-the-token' });
      if (wrong.code !== 401) failures.push(`${r.method} ${r.url} with a wrong judge token → ${wrong.code}`);
      const worker = await probe(r, { [JUDGE_TOKEN_HEADER]: t.ctx.config.judgeToken });
      if (worker.refusedByGuard || worker.code >= 500) failures.push(`${r.method} ${r.url} as the judge → ${worker.code} ${worker.msg}`);
    }
    expect(failures).toEqual([]);
  });
});

/**
 * A request each contest route accepts once past its rule; every route declaring the
 * contestant or contestAdmin rule must have one, so a new such route joins this test.
 */
function contestSamples(cid: number): Record<string, { query?: Record<string, unknown>; body?: unknown; unavailable?: number }> {
  return {
    'POST /api/get-contest-rank': { body: { cid } },
    'GET /api/export-contest-rank': { query: { cid } },
    'GET /api/file/download-contest-rank': { query: { cid, forceRefresh: false } },
    'POST /api/submit-print-text': { body: { cid, content: 'hello' } },
    'GET /api/contest-submissions': { query: { cid } },
    'GET /api/get-contest-announcement': { query: { cid } },
    'POST /api/get-contest-not-read-announcement': { body: { cid } },
    'GET /api/get-contest-problem': { query: { cid } },
    'GET /api/get-contest-problem-details': { query: { cid, displayId: 'A' } },
    'GET /api/get-full-screen-problem-list': { query: { cid } },
    'GET /api/get-contest-scroll-board-info': { query: { cid } },
    'GET /api/get-contest-print': { query: { cid } },
    'PUT /api/check-contest-print-status': { query: { cid, id: 1 } },
    'GET /api/get-contest-ac-info': { query: { cid } },
    'PUT /api/check-contest-ac-info': { body: { cid, id: 1, checked: true } },
    'GET /api/file/download-contest-ac-submission': { query: { cid } },
    // Past the rule, a test server without a built web client answers 503 (the PDF is printed from it): see contest-pdf.test.ts.
    'GET /api/file/download-contest-problems-pdf': { query: { cid }, unavailable: 503 },
    'GET /api/comments': { query: { cid } },
    // Past the rule, a running contest answers 400 (virtual runs are of ended contests): see virtual-contest.test.ts.
    'POST /api/get-virtual-contest-rank': { body: { cid } },
    // Past the rule: a check is queued (the runner finds an empty contest), the report and an unknown pair (404) answered.
    'POST /api/admin/contest/plagiarism': { body: { cid } },
    'GET /api/admin/contest/plagiarism': { query: { cid } },
    'GET /api/admin/contest/plagiarism/pair': { query: { cid, left: 1, right: 2 } },
    'PUT /api/admin/contest/plagiarism/decision': { body: { cid, leftSubmitId: 1, rightSubmitId: 2, verdict: 'cleared' } },
  };
}

describe('contest rules', () => {
  let cid = 0;
  let org: CUser;
  let inside: CUser;
  let outside: CUser;
  beforeAll(async () => {
    org = await user(t, 'c_org', Role.PROBLEM_ADMIN);
    inside = await user(t, 'c_inside');
    outside = await user(t, 'c_outside');
    const now = Date.now();
    cid = await contest(t, org, { startTime: now - MIN, endTime: now + 60 * MIN, auth: 1, pwd: 'secret', openPrint: true });
    await addProblem(t, org, cid, await problem(t, 'MX1', { author: org.uid }), 'A');
    const reg = await call(t, 'POST', '/register-contest', { as: inside, body: { cid, password: 'secret' } });
    expect(reg.code).toBe(200);
  });

  it('contestant routes refuse a non-participant and serve a participant; contestAdmin routes only the contest\'s author', async () => {
    const samples = contestSamples(cid);
    const failures: string[] = [];
    for (const r of routes().filter((x) => x.rule === 'contestant' || x.rule === 'contestAdmin')) {
      const key = `${r.method} ${r.url}`;
      const sample = samples[key];
      if (!sample) { failures.push(`no sample request for ${key}`); continue; }
      const allowed = r.rule === 'contestant' ? [inside, org] : [org];
      const denied = r.rule === 'contestant' ? [outside] : [outside, inside];
      for (const u of denied) {
        const res = await probe(r, asHeaders(u), sample);
        if (res.code !== 403) failures.push(`${key} (${r.rule}) as ${u.username} → ${res.code} ${res.msg}`);
      }
      for (const u of allowed) {
        const res = await probe(r, asHeaders(u), sample);
        if (res.code === 401 || res.code === 403 || (res.code >= 500 && res.code !== sample.unavailable)) failures.push(`${key} (${r.rule}) as ${u.username} → ${res.code} ${res.msg}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('training rules', () => {
  it('trainee routes refuse a user who has not entered a private training and serve one who has, and its author', async () => {
    const { category, training, addToTraining } = await import('./training-fixtures.js');
    const coach = await user(t, 't_coach', Role.PROBLEM_ADMIN);
    const inside = await user(t, 't_inside');
    const outside = await user(t, 't_outside');
    const tid = await training(t, coach, await category(t, coach, 'Access'), { auth: 'Private', privatePwd: 'pw' });
    await addToTraining(t, coach, tid, await problem(t, 'TMX1'));
    expect((await call(t, 'POST', '/register-training', { as: inside, body: { tid, password: 'pw' } })).code).toBe(200);
    const samples: Record<string, { query?: Record<string, unknown> }> = {
      'GET /api/get-training-problem-list': { query: { tid } },
      'GET /api/get-training-rank': { query: { tid } },
    };
    const failures: string[] = [];
    for (const r of routes().filter((x) => x.rule === 'trainee')) {
      const key = `${r.method} ${r.url}`;
      const sample = samples[key];
      if (!sample) { failures.push(`no sample request for ${key}`); continue; }
      const out = await probe(r, asHeaders(outside), sample);
      if (out.code !== 403) failures.push(`${key} as outside → ${out.code} ${out.msg}`);
      for (const u of [inside, coach]) {
        const res = await probe(r, asHeaders(u), sample);
        if (res.code !== 200) failures.push(`${key} as ${u.username} → ${res.code} ${res.msg}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupAuth } from '@verdict/shared';
import { writeZip } from '../src/modules/testcase/zip.js';
import { createTestApp, type TestApp } from './helpers.js';
import { MIN, call, problem, user, type CUser } from './contest-fixtures.js';
import { cast, castGroup, groupForm, groupProblem, makeGroup, openSwitches, seat, type Cast } from './group-fixtures.js';
import { multipart, problemPayload } from './problem-helpers.js';

/**
 * The group authorization matrix of spec 03 §6: every group call (and the public calls that
 * open group content by id) × anonymous, non-member, applying, member, group admin, group
 * root, owner, problem_admin, site admin and super admin. Who is allowed gets the call's
 * success; everyone else 401/403 — an allow where the table says deny fails the test.
 * The group's content is written by its owner, so "root or author" routes refuse group admins.
 */
type RoleName = 'anonymous' | 'stranger' | 'applying' | 'member' | 'admin' | 'root' | 'owner' | 'problemAdmin' | 'siteAdmin' | 'superAdmin';
const ROLES: RoleName[] = ['anonymous', 'stranger', 'applying', 'member', 'admin', 'root', 'owner', 'problemAdmin', 'siteAdmin', 'superAdmin'];
const LOGIN = ROLES.filter((r) => r !== 'anonymous');
const MEMBER: RoleName[] = ['member', 'admin', 'root', 'owner', 'superAdmin'];
const ADMIN: RoleName[] = ['admin', 'root', 'owner', 'superAdmin'];
const ROOT: RoleName[] = ['root', 'owner', 'superAdmin'];
const OWNER: RoleName[] = ['owner', 'superAdmin'];
const ADMIN_AREA: RoleName[] = ['problemAdmin', 'siteAdmin', 'superAdmin'];

interface Req { query?: Record<string, unknown>; body?: unknown; multipart?: { payload: Buffer; headers: Record<string, string> } }
interface Probe {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** Roles that succeed; or, per role, the exact status expected. */
  allowed: RoleName[] | Partial<Record<RoleName, number>>;
  /** Status of an allowed call (200 unless the sample is refused later on purpose, e.g. empty checker code). */
  ok?: number;
  sample: () => Promise<Req>;
}

let t: TestApp;
let c: Cast;
let who: Record<RoleName, CUser | null>;
let G: { gid: number; shortName: string };
let form: Record<string, unknown>;
let A = 0, P = 0, PDisplay = '', P2 = 0, PP = 0, T = 0, C = 0, D = 0, cat = 0, dcat = 0, CA = 0;
let n = 0;
const next = () => ++n;

async function api(method: Probe['method'], url: string, as: CUser | null, r: Req) {
  if (r.multipart) {
    const qs = r.query ? '?' + new URLSearchParams(Object.entries(r.query).map(([k, v]) => [k, String(v)])).toString() : '';
    const res = await t.app.inject({ method, url: `/api${url}${qs}`, payload: r.multipart.payload,
      headers: { ...r.multipart.headers, 'accept-language': 'en-US', ...(as ? { authorization: as.token } : {}) } });
    return { code: res.statusCode, msg: (() => { try { return res.json().msg as string; } catch { return res.body.slice(0, 100); } })() };
  }
  const res = await call(t, method, url, { as, query: r.query, body: r.body });
  return { code: res.code, msg: res.msg };
}

async function ownerPost(url: string, body: unknown, query?: Record<string, unknown>) {
  const res = await call(t, 'POST', url, { as: c.owner, body, query });
  if (res.code !== 200) throw new Error(`${url}: ${res.code} ${res.msg}`);
  return res.data;
}
const freshTraining = async () => (await ownerPost('/group/training', trainingBody())).id as number;
const trainingBody = (over: Record<string, unknown> = {}) => ({
  training: { rank: 1000, title: 'Week 1', description: 'Basics', auth: 'Public', status: true, gid: G.gid, ...over }, trainingCategory: { id: cat },
});
const contestBody = (over: Record<string, unknown> = {}) => ({
  title: 'Group contest', description: 'Weekly', startTime: Date.now() - MIN, endTime: Date.now() + 60 * MIN, type: 0, auth: 0, gid: G.gid, ...over,
});
async function freshApplicant() {
  const u = await user(t, `ga_${next()}`);
  await seat(t, G.gid, u, 1, 'let me in');
  return u;
}
async function tinyPng() {
  return Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
}
function avatarForm(gid: number, png: Buffer) {
  const boundary = `----g${next()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="avatar.png"\r\nContent-Type: image/png\r\n\r\n`), png,
    Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="gid"\r\n\r\n${gid}\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The editor's upload as the web client sends it: the gid field first, then the image (or another file). */
function mdImageForm(gid: number, png: Buffer, field = 'image') {
  const boundary = `----m${next()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="gid"\r\n\r\n${gid}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="pic.png"\r\nContent-Type: image/png\r\n\r\n`), png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const probes: Probe[] = [
  // groups
  { method: 'GET', url: '/get-group-list', allowed: ROLES, sample: async () => ({}) },
  { method: 'GET', url: '/get-group-detail', allowed: LOGIN, sample: async () => ({ query: { gid: G.gid } }) },
  { method: 'GET', url: '/get-group-access', allowed: LOGIN, sample: async () => ({ query: { gid: G.gid } }) },
  { method: 'GET', url: '/get-group-auth', allowed: LOGIN, sample: async () => ({ query: { gid: G.gid } }) },
  { method: 'POST', url: '/group', allowed: LOGIN, sample: async () => ({ body: groupForm() }) },
  { method: 'PUT', url: '/group', allowed: ROOT, sample: async () => ({ body: { id: G.gid, ...form } }) },
  { method: 'DELETE', url: '/group', allowed: OWNER, sample: async () => ({ query: { gid: (await castGroup(t, c)).gid } }) },
  // members
  { method: 'GET', url: '/group/get-member-list', allowed: MEMBER, sample: async () => ({ query: { gid: G.gid } }) },
  { method: 'GET', url: '/group/get-apply-list', allowed: ADMIN, sample: async () => ({ query: { gid: G.gid } }) },
  { method: 'POST', url: '/group/member', sample: async () => ({ query: { gid: (await castGroup(t, c)).gid } }),
    allowed: { stranger: 200, problemAdmin: 200, siteAdmin: 200, superAdmin: 200, applying: 400, member: 400, admin: 400, root: 400, owner: 400 } },
  { method: 'PUT', url: '/group/member', allowed: ADMIN, sample: async () => ({ body: { gid: G.gid, uid: (await freshApplicant()).uid, auth: 3 } }) },
  { method: 'DELETE', url: '/group/member', allowed: ADMIN, sample: async () => ({ query: { gid: G.gid, uid: (await freshApplicant()).uid } }) },
  { method: 'DELETE', url: '/group/member/exit', sample: async () => ({ query: { gid: (await castGroup(t, c)).gid } }),
    allowed: { member: 200, admin: 200, root: 200, owner: 400 } },
  // announcements
  { method: 'GET', url: '/group/get-announcement-list', allowed: MEMBER, sample: async () => ({ query: { gid: G.gid } }) },
  { method: 'GET', url: '/group/get-admin-announcement-list', allowed: ADMIN, sample: async () => ({ query: { gid: G.gid } }) },
  { method: 'POST', url: '/group/announcement', allowed: ADMIN, sample: async () => ({ body: { gid: G.gid, title: 'Hi', content: 'Welcome' } }) },
  { method: 'PUT', url: '/group/announcement', allowed: ROOT, sample: async () => ({ body: { id: A, gid: G.gid, title: 'Hi', content: 'Edited', status: 0 } }) },
  { method: 'DELETE', url: '/group/announcement', allowed: ROOT,
    sample: async () => ({ query: { aid: (await ownerPost('/group/announcement', { gid: G.gid, title: 'Tmp', content: 'x' })).id } }) },
  // problems
  { method: 'GET', url: '/group/get-problem-list', allowed: MEMBER, sample: async () => ({ query: { gid: G.gid } }) },
  { method: 'GET', url: '/group/get-admin-problem-list', allowed: ADMIN, sample: async () => ({ query: { gid: G.gid } }) },
  { method: 'GET', url: '/group/problem', allowed: ROOT, sample: async () => ({ query: { pid: P } }) },
  { method: 'POST', url: '/group/problem', allowed: ADMIN, sample: async () => ({ body: problemPayload({ problemId: `N${next()}`, gid: G.gid }) }) },
  { method: 'PUT', url: '/group/problem', allowed: ROOT, sample: async () => ({ body: problemPayload({ id: P2, problemId: 'Two', gid: G.gid }) }) },
  { method: 'DELETE', url: '/group/problem', allowed: ROOT, sample: async () => ({ query: { pid: await groupProblem(t, G.gid, `${G.shortName}D${next()}`, c.owner) } }) },
  { method: 'GET', url: '/group/get-problem-cases', allowed: ROOT, sample: async () => ({ query: { pid: P2 } }) },
  { method: 'GET', url: '/group/get-all-problem-tags', allowed: MEMBER, sample: async () => ({ query: { gid: G.gid } }) },
  { method: 'POST', url: '/group/compile-spj', allowed: ADMIN, ok: 400, sample: async () => ({ query: { gid: G.gid }, body: { code: '', language: 'C' } }) },
  { method: 'POST', url: '/group/compile-interactive', allowed: ADMIN, ok: 400, sample: async () => ({ query: { gid: G.gid }, body: { code: '', language: 'C' } }) },
  { method: 'PUT', url: '/group/change-problem-auth', allowed: ROOT, sample: async () => ({ query: { pid: P, auth: 1 } }) },
  { method: 'PUT', url: '/group/apply-public', allowed: ROOT,
    sample: async () => ({ query: { pid: await groupProblem(t, G.gid, `${G.shortName}A${next()}`, c.owner), isApplied: true } }) },
  { method: 'POST', url: '/file/upload-testcase-zip', allowed: [...ADMIN, ...ADMIN_AREA],
    sample: async () => ({ query: { gid: G.gid, mode: 'default' }, multipart: multipart('file', 'cases.zip', await writeZip([{ path: '1.in', data: '1 2\n' }, { path: '1.out', data: '3\n' }])) }) },
  { method: 'POST', url: '/file/upload-md-img', allowed: [...ADMIN, ...ADMIN_AREA], sample: async () => ({ multipart: mdImageForm(G.gid, await tinyPng()) }) },
  { method: 'POST', url: '/file/upload-md-file', allowed: [...ADMIN, ...ADMIN_AREA], sample: async () => ({ multipart: mdImageForm(G.gid, await tinyPng(), 'file') }) },
  { method: 'GET', url: '/get-problem-detail', allowed: { member: 200, admin: 200, root: 200, owner: 200, superAdmin: 200, anonymous: 403 },
    sample: async () => ({ query: { problemId: PDisplay } }) },
  // trainings
  { method: 'GET', url: '/group/get-training-list', allowed: MEMBER, sample: async () => ({ query: { gid: G.gid } }) },
  { method: 'GET', url: '/group/get-admin-training-list', allowed: ADMIN, sample: async () => ({ query: { gid: G.gid } }) },
  { method: 'GET', url: '/group/training', allowed: ROOT, sample: async () => ({ query: { tid: T } }) },
  { method: 'POST', url: '/group/training', allowed: ADMIN, sample: async () => ({ body: trainingBody() }) },
  { method: 'PUT', url: '/group/training', allowed: ROOT, sample: async () => ({ body: trainingBody({ id: T, title: 'Week 1 (edited)' }) }) },
  { method: 'DELETE', url: '/group/training', allowed: ROOT, sample: async () => ({ query: { tid: await freshTraining() } }) },
  { method: 'PUT', url: '/group/change-training-status', allowed: ROOT, sample: async () => ({ query: { tid: T, status: true } }) },
  { method: 'GET', url: '/group/get-training-problem-list', allowed: ROOT, sample: async () => ({ query: { tid: T } }) },
  { method: 'PUT', url: '/group/training-problem', allowed: ROOT, sample: async () => {
    const tp = await t.ctx.db.selectFrom('training_problem').select('id').where('tid', '=', T).where('pid', '=', P).executeTakeFirstOrThrow();
    return { body: { id: tp.id, rank: 1 } };
  } },
  { method: 'DELETE', url: '/group/training-problem', allowed: ROOT, sample: async () => {
    const tid = await freshTraining();
    await ownerPost('/group/add-training-problem-from-group', undefined, { problemId: PDisplay, tid });
    return { query: { pid: P, tid } };
  } },
  { method: 'POST', url: '/group/add-training-problem-from-public', allowed: ROOT, sample: async () => ({ body: { pid: PP, tid: await freshTraining() } }) },
  { method: 'POST', url: '/group/add-training-problem-from-group', allowed: ROOT, sample: async () => ({ query: { problemId: PDisplay, tid: await freshTraining() } }) },
  { method: 'GET', url: '/get-training-detail', allowed: MEMBER, sample: async () => ({ query: { tid: T } }) },
  // contests
  { method: 'GET', url: '/group/get-contest-list', allowed: MEMBER, sample: async () => ({ query: { gid: G.gid } }) },
  { method: 'GET', url: '/group/get-admin-contest-list', allowed: ADMIN, sample: async () => ({ query: { gid: G.gid } }) },
  { method: 'GET', url: '/group/contest', allowed: ROOT, sample: async () => ({ query: { cid: C } }) },
  { method: 'POST', url: '/group/contest', allowed: ADMIN, sample: async () => ({ body: contestBody() }) },
  { method: 'PUT', url: '/group/contest', allowed: ROOT, sample: async () => ({ body: contestBody({ id: C, title: 'Group contest (edited)', startTime: cStart, endTime: cEnd }) }) },
  { method: 'DELETE', url: '/group/contest', allowed: ROOT, sample: async () => ({ query: { cid: (await ownerPost('/group/contest', contestBody())).id } }) },
  { method: 'PUT', url: '/group/change-contest-visible', allowed: ROOT, sample: async () => ({ query: { cid: C, visible: true } }) },
  { method: 'GET', url: '/group/get-contest-problem-list', allowed: ROOT, sample: async () => ({ query: { cid: C } }) },
  { method: 'POST', url: '/group/contest-problem', allowed: ROOT,
    sample: async () => ({ body: { ...problemPayload({ problemId: `C${next()}`, gid: G.gid }), cid: C, displayId: `X${n}` } }) },
  { method: 'GET', url: '/group/contest-problem', allowed: ROOT, sample: async () => ({ query: { pid: P, cid: C } }) },
  { method: 'PUT', url: '/group/contest-problem', allowed: ROOT, sample: async () => ({ body: { pid: P, cid: C, displayId: 'A', displayTitle: 'First' } }) },
  { method: 'DELETE', url: '/group/contest-problem', allowed: ROOT, sample: async () => {
    const pid = await groupProblem(t, G.gid, `${G.shortName}K${next()}`, c.owner);
    await ownerPost('/group/add-contest-problem-from-group', undefined, { problemId: `${G.shortName}K${n}`, cid: C, displayId: `K${n}` });
    return { query: { pid, cid: C } };
  } },
  { method: 'POST', url: '/group/add-contest-problem-from-public', allowed: ROOT, sample: async () => ({ body: { pid: PP, cid: (await ownerPost('/group/contest', contestBody())).id, displayId: 'A' } }) },
  { method: 'POST', url: '/group/add-contest-problem-from-group', allowed: ROOT, sample: async () => {
    await groupProblem(t, G.gid, `${G.shortName}F${next()}`, c.owner);
    return { query: { problemId: `${G.shortName}F${n}`, cid: C, displayId: `F${n}` } };
  } },
  { method: 'GET', url: '/group/get-contest-announcement-list', allowed: ROOT, sample: async () => ({ query: { cid: C } }) },
  { method: 'POST', url: '/group/contest-announcement', allowed: ROOT, sample: async () => ({ body: { cid: C, announcement: { title: 'Note', content: 'Read me' } } }) },
  { method: 'PUT', url: '/group/contest-announcement', allowed: ROOT, sample: async () => ({ body: { cid: C, announcement: { id: CA, title: 'Note', content: 'Edited' } } }) },
  { method: 'DELETE', url: '/group/contest-announcement', allowed: ROOT,
    sample: async () => ({ query: { cid: C, aid: (await ownerPost('/group/contest-announcement', { cid: C, announcement: { title: 'Tmp', content: 'x' } })).id } }) },
  { method: 'GET', url: '/get-contest-info', allowed: MEMBER, sample: async () => ({ query: { cid: C } }) },
  // discussions
  { method: 'GET', url: '/group/get-discussion-list', allowed: MEMBER, sample: async () => ({ query: { gid: G.gid } }) },
  { method: 'GET', url: '/group/get-admin-discussion-list', allowed: ADMIN, sample: async () => ({ query: { gid: G.gid } }) },
  { method: 'POST', url: '/group/discussion', allowed: MEMBER, sample: async () => ({ body: { gid: G.gid, title: 'Q', description: 'How?', content: 'Help', categoryId: dcat } }) },
  { method: 'PUT', url: '/group/discussion', allowed: ADMIN,
    sample: async () => ({ body: { id: D, gid: G.gid, title: 'Q', description: 'How?', content: 'Help', categoryId: dcat, topPriority: false, status: 0 } }) },
  { method: 'DELETE', url: '/group/discussion', allowed: ADMIN,
    sample: async () => ({ query: { did: (await ownerPost('/group/discussion', { gid: G.gid, title: 'T', description: 'd', content: 'c', categoryId: dcat })).id } }) },
  { method: 'GET', url: '/get-discussion-detail', allowed: { member: 200, admin: 200, root: 200, owner: 200, superAdmin: 200, anonymous: 403 },
    sample: async () => ({ query: { did: D } }) },
  // rank, avatar, submissions
  { method: 'GET', url: '/get-group-rank-list', allowed: MEMBER, sample: async () => ({ query: { gid: G.gid, type: 0 } }) },
  { method: 'POST', url: '/file/upload-group-avatar', allowed: ROOT, sample: async () => ({ multipart: avatarForm(G.gid, await tinyPng()) }) },
  { method: 'GET', url: '/get-submission-list', allowed: [...MEMBER, ...ADMIN_AREA], sample: async () => ({ query: { gid: G.gid, onlyMine: false } }) },
  // the site's admin area opens a group's problem for the super admin only (site admin roles give no group level)
  { method: 'GET', url: '/admin/problem', allowed: ['superAdmin'], sample: async () => ({ query: { pid: P } }) },
  { method: 'GET', url: '/admin/problem/get-problem-cases', allowed: ['superAdmin'], sample: async () => ({ query: { pid: P } }) },
  { method: 'PUT', url: '/admin/problem/change-problem-auth', allowed: ['superAdmin'], sample: async () => ({ body: { pid: P, auth: 1 } }) },
  { method: 'DELETE', url: '/admin/problem', allowed: ['superAdmin'],
    sample: async () => ({ query: { pid: await groupProblem(t, G.gid, `${G.shortName}X${next()}`, c.owner) } }) },
  // admin review of apply-public
  { method: 'GET', url: '/admin/group-problem/list', allowed: ADMIN_AREA, sample: async () => ({}) },
  { method: 'PUT', url: '/admin/group-problem/change-progress', allowed: ADMIN_AREA,
    sample: async () => ({ body: { pid: await groupProblem(t, G.gid, `${G.shortName}R${next()}`, c.owner, { progress: 1 }), progress: 3 } }) },
];
let cStart = 0, cEnd = 0;

beforeAll(async () => {
  t = await createTestApp();
  await openSwitches(t);
  c = await cast(t, 'm');
  who = { anonymous: null, stranger: c.stranger, applying: c.applying, member: c.member, admin: c.admin, root: c.root, owner: c.owner,
    problemAdmin: c.problemAdmin, siteAdmin: c.siteAdmin, superAdmin: c.superAdmin };
  form = groupForm({ auth: GroupAuth.PROTECTED, code: 'ABC123' });
  const res = await call(t, 'POST', '/group', { as: c.owner, body: form });
  G = { gid: res.data.id, shortName: form.shortName as string };
  await seat(t, G.gid, c.root, 5);
  await seat(t, G.gid, c.admin, 4);
  await seat(t, G.gid, c.member, 3);
  await seat(t, G.gid, c.applying, 1, 'Please let me in');
  const ts = Date.now();
  cat = (await t.ctx.db.insertInto('training_category').values({ name: 'Basics', color: null, gid: 0, gmt_create: ts, gmt_modified: ts }).returning('id').executeTakeFirstOrThrow()).id;
  dcat = (await t.ctx.db.insertInto('discussion_category').values({ name: 'General', gmt_create: ts }).returning('id').executeTakeFirstOrThrow()).id;
  A = (await ownerPost('/group/announcement', { gid: G.gid, title: 'Hi', content: 'Welcome' })).id;
  PDisplay = `${G.shortName}P1`;
  P = await groupProblem(t, G.gid, PDisplay, c.owner);
  P2 = (await ownerPost('/group/problem', problemPayload({ problemId: 'Two', gid: G.gid }))).pid;
  PP = await problem(t, 'PUB1');
  T = await freshTraining();
  await ownerPost('/group/add-training-problem-from-group', undefined, { problemId: PDisplay, tid: T });
  const cb = contestBody();
  cStart = cb.startTime; cEnd = cb.endTime;
  C = (await ownerPost('/group/contest', cb)).id;
  await ownerPost('/group/add-contest-problem-from-group', undefined, { problemId: PDisplay, cid: C, displayId: 'A' });
  CA = (await ownerPost('/group/contest-announcement', { cid: C, announcement: { title: 'Note', content: 'Read me' } })).id;
  D = (await ownerPost('/group/discussion', { gid: G.gid, title: 'Q', description: 'How?', content: 'Help', categoryId: dcat })).id;
}, 120_000);
afterAll(async () => { await t?.close(); });

describe('group authorization matrix', () => {
  it('every group call answers each standing as spec 03 §6 says (never a wrong allow)', async () => {
    const failures: string[] = [];
    for (const p of probes) {
      for (const role of ROLES) {
        const expected = Array.isArray(p.allowed)
          ? (p.allowed.includes(role) ? (p.ok ?? 200) : null)
          : (p.allowed[role] ?? null);
        const res = await api(p.method, p.url, who[role], await p.sample());
        const where = `${p.method} ${p.url} as ${role} → ${res.code} ${res.msg}`;
        if (expected === null) {
          if (res.code !== 401 && res.code !== 403) failures.push(`should refuse: ${where}`);
          else if (role === 'anonymous' && p.url !== '/get-group-list' && res.code !== 401 && !['/get-problem-detail', '/get-discussion-detail', '/get-submission-list'].includes(p.url)) {
            failures.push(`anonymous should get 401: ${where}`);
          }
        } else if (res.code !== expected) {
          failures.push(`expected ${expected}: ${where}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('covers every route that declares a group rule', async () => {
    const { declaredRoutes } = await import('../src/http/access.js');
    const covered = new Set(probes.map((p) => `${p.method} /api${p.url}`));
    const missing = declaredRoutes(t.ctx).filter((r) => r.rule?.startsWith('group')).map((r) => `${r.method} ${r.url}`).filter((k) => !covered.has(k));
    expect(missing).toEqual([]);
  });

  it('a group admin who wrote the content may manage it; demoted to member they may not', async () => {
    const author = await user(t, 'm_author');
    await seat(t, G.gid, author, 4);
    const created = await call(t, 'POST', '/group/announcement', { as: author, body: { gid: G.gid, title: 'Mine', content: 'x' } });
    expect(created.code).toBe(200);
    const put = (as: CUser) => call(t, 'PUT', '/group/announcement', { as, body: { id: created.data.id, gid: G.gid, title: 'Mine', content: 'y', status: 1 } });
    expect((await put(author)).code).toBe(200);
    expect((await put(c.admin)).code).toBe(403);
    await seat(t, G.gid, author, 3);
    expect((await put(author)).code).toBe(403);
  });

  it('a hidden group opens only to its members, a banned one only to the super admin', async () => {
    const h = await makeGroup(t, c.owner, { auth: GroupAuth.PUBLIC });
    await seat(t, h.gid, c.member, 3);
    await t.ctx.db.updateTable('group_info').set({ visible: 0 }).where('id', '=', h.gid).execute();
    expect((await call(t, 'GET', '/get-group-detail', { as: c.stranger, query: { gid: h.gid } })).code).toBe(403);
    expect((await call(t, 'GET', '/get-group-detail', { as: c.member, query: { gid: h.gid } })).code).toBe(200);
    expect((await call(t, 'POST', '/group/member', { as: c.stranger, query: { gid: h.gid } })).code).toBe(404);
    const list = await call(t, 'GET', '/get-group-list', { as: c.stranger, query: { limit: 120 } });
    expect(list.data.records.map((r: { id: number }) => r.id)).not.toContain(h.gid);
    await t.ctx.db.updateTable('group_info').set({ visible: 1, status: 1 }).where('id', '=', h.gid).execute();
    expect((await call(t, 'GET', '/group/get-problem-list', { as: c.owner, query: { gid: h.gid } })).code).toBe(404);
    expect((await call(t, 'GET', '/group/get-problem-list', { as: c.superAdmin, query: { gid: h.gid } })).code).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplyPublicProgress, GroupAuth, JudgeStatus } from '@verdict/shared';
import { createTestApp, type TestApp } from './helpers.js';
import { call, user, type CUser } from './contest-fixtures.js';
import { cast, castGroup, groupForm, groupProblem, makeGroup, openSwitches, seat, type Cast } from './group-fixtures.js';
import { problemPayload } from './problem-helpers.js';
import { verdict, written } from './training-fixtures.js';

let t: TestApp;
let c: Cast;
beforeAll(async () => {
  t = await createTestApp();
  await openSwitches(t);
  c = await cast(t, 'g');
}, 60_000);
afterAll(async () => { await t?.close(); });

const auth = async (gid: number, u: CUser) => (await call(t, 'GET', '/get-group-auth', { as: u, query: { gid } })).data as number;
const rows = async (gid: number) => t.ctx.db.selectFrom('group_member').select(['uid', 'auth', 'reason']).where('gid', '=', gid).execute();

describe('creating and editing a group', () => {
  it('checks every field of spec 03 §5 with a message in both languages, and saves nothing on a refusal', async () => {
    const before = (await t.ctx.db.selectFrom('group_info').select('id').execute()).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'abcd' }, 'The length of group name is 5 to 25', '团队名称的长度应为 5 到 25'],
      [{ name: 'x'.repeat(26) }, 'The length of group name is 5 to 25', '团队名称的长度应为 5 到 25'],
      [{ shortName: 'abcd' }, 'The length of group short name is 5 to 10', '团队简称的长度应为 5 到 10'],
      [{ shortName: 'ab cd e' }, 'letters, digits', '字母、数字'],
      [{ brief: 'tiny' }, 'The length of group brief is 5 to 50', '团队简介的长度应为 5 到 50'],
      [{ auth: 2 }, 'The invitation code is required.', '邀请码不能为空。'],
      [{ auth: 3, code: '12345' }, 'The length of invitation code is 6', '邀请码的长度应为 6'],
      [{ auth: 4 }, 'The group auth is required', '团队权限不能为空'],
      [{ description: 'abc' }, 'The length of group description is 5 to 1000', '团队描述的长度应为 5 到 1000'],
    ];
    for (const [over, en, zh] of cases) {
      const body = groupForm(over);
      const e = await call(t, 'POST', '/group', { as: c.owner, body });
      expect([e.code, e.msg]).toEqual([400, expect.stringContaining(en)]);
      const z = await call(t, 'POST', '/group', { as: c.owner, body, lang: 'zh-CN' });
      expect([z.code, z.msg]).toEqual([400, expect.stringContaining(zh)]);
    }
    expect((await t.ctx.db.selectFrom('group_info').select('id').execute()).length).toBe(before);
  });

  it('refuses a duplicate name or short name, also when renaming', async () => {
    const a = groupForm();
    const b = groupForm();
    expect((await call(t, 'POST', '/group', { as: c.owner, body: a })).code).toBe(200);
    const created = await call(t, 'POST', '/group', { as: c.owner, body: b });
    const dupShort = await call(t, 'POST', '/group', { as: c.stranger, body: groupForm({ shortName: a.shortName }) });
    expect([dupShort.code, dupShort.msg]).toEqual([400, 'The group short name already exists, please change it and try again']);
    const dupName = await call(t, 'POST', '/group', { as: c.stranger, body: groupForm({ name: a.name }), lang: 'zh-CN' });
    expect([dupName.code, dupName.msg]).toEqual([400, '团队名称已存在，请修改后重试']);
    const rename = await call(t, 'PUT', '/group', { as: c.owner, body: { ...b, id: created.data.id, shortName: a.shortName } });
    expect(rename.code).toBe(400);
    const g = await t.ctx.db.selectFrom('group_info').select('short_name').where('id', '=', created.data.id).executeTakeFirstOrThrow();
    expect(g.short_name).toBe(b.shortName);
  });

  it('makes the creator the owner at level 5; the code shows only to the group root', async () => {
    const g = await castGroup(t, c, { auth: GroupAuth.PRIVATE, code: 'SECRET' });
    expect(await auth(g.gid, c.owner)).toBe(5);
    const asRoot = await call(t, 'GET', '/get-group-detail', { as: c.root, query: { gid: g.gid } });
    expect(asRoot.data).toMatchObject({ code: 'SECRET', owner: c.owner.username, memberCount: 4 });
    const asMember = await call(t, 'GET', '/get-group-detail', { as: c.member, query: { gid: g.gid } });
    expect(asMember.data.code).toBeNull();
  });

  it('applies the site switch for creating groups: AC minimum for ordinary users, admin roles exempt', async () => {
    const sw = await t.ctx.services.siteConfig.switches();
    await t.ctx.services.siteConfig.set('switch', { ...sw, defaultCreateGroupACInitValue: 3 });
    try {
      const e = await call(t, 'POST', '/group', { as: c.stranger, body: groupForm() });
      expect([e.code, e.msg]).toEqual([403, 'You cannot create a group yet: solve at least 3 problems first']);
      expect((await call(t, 'POST', '/group', { as: c.problemAdmin, body: groupForm() })).code).toBe(200);
    } finally {
      await t.ctx.services.siteConfig.set('switch', sw);
    }
  });
});

describe("HOJ's defaultCreateGroupLimit", () => {
  it('refuses a user who has created that many groups in all, in both languages; admin roles exempt', async () => {
    const sw = await t.ctx.services.siteConfig.switches();
    const u = await user(t, 'g_limit');
    await t.ctx.services.siteConfig.set('switch', { ...sw, defaultCreateGroupLimit: 1 });
    try {
      expect((await call(t, 'POST', '/group', { as: u, body: groupForm() })).code).toBe(200);
      const e = await call(t, 'POST', '/group', { as: u, body: groupForm() });
      expect([e.code, e.msg]).toEqual([403, 'You have already created 1 groups, the most one user may create']);
      expect((await call(t, 'POST', '/group', { as: u, body: groupForm(), lang: 'zh-CN' })).msg).toBe('对不起，您已创建 1 个团队，已达可创建团队数量上限');
      expect((await call(t, 'POST', '/group', { as: c.problemAdmin, body: groupForm() })).code).toBe(200);
    } finally {
      await t.ctx.services.siteConfig.set('switch', sw);
    }
  });
});

describe('joining, applying, approving, refusing, exiting and disbanding', () => {
  it('a public group is joined at once', async () => {
    const g = await makeGroup(t, c.owner, { auth: GroupAuth.PUBLIC });
    const u = await user(t, 'j_public');
    const res = await call(t, 'POST', '/group/member', { as: u, query: { gid: g.gid } });
    expect([res.code, res.msg]).toEqual([200, 'Joined the group']);
    expect(await auth(g.gid, u)).toBe(3);
    expect((await call(t, 'GET', '/get-group-access', { as: u, query: { gid: g.gid } })).data).toEqual({ access: true });
    expect((await call(t, 'POST', '/group/member', { as: u, query: { gid: g.gid } })).msg).toBe('You are already a member of this group');
  });

  it('a protected group needs a reason of 5 to 100 characters; the application waits at level 1', async () => {
    const g = await makeGroup(t, c.owner, { auth: GroupAuth.PROTECTED, code: 'PROT01' });
    const u = await user(t, 'j_prot');
    for (const reason of [undefined, 'abcd', 'x'.repeat(101)]) {
      const e = await call(t, 'POST', '/group/member', { as: u, query: { gid: g.gid, reason } });
      expect(e.code).toBe(400);
      expect(e.msg).toMatch(reason ? /The length of reason is 5 to 100/ : /The reason is required/);
    }
    const zh = await call(t, 'POST', '/group/member', { as: u, query: { gid: g.gid, reason: 'abcd' }, lang: 'zh-CN' });
    expect(zh.msg).toBe('申请理由的长度应为 5 到 100');
    expect(await auth(g.gid, u)).toBe(0);
    const ok = await call(t, 'POST', '/group/member', { as: u, query: { gid: g.gid, reason: 'x'.repeat(100) } });
    expect([ok.code, ok.msg]).toEqual([200, 'Apply Successfully']);
    expect(await auth(g.gid, u)).toBe(1);
    // The owner hears of it in their own language, each time they read it (issue 26 item 14).
    const notice = async (lang: string) => (await call(t, 'GET', '/msg/mine', { as: c.owner, lang })).data.records[0];
    const name = (await t.ctx.db.selectFrom('group_info').select('name').where('id', '=', g.gid).executeTakeFirstOrThrow()).name;
    expect(await notice('en-US')).toMatchObject({ title: `New application to group ${name}`, content: `j_prot: ${'x'.repeat(100)}` });
    expect((await notice('zh-CN')).title).toBe(`团队 ${name} 有新的加入申请`);
    expect((await call(t, 'GET', '/get-group-access', { as: u, query: { gid: g.gid } })).data).toEqual({ access: false });
    expect((await call(t, 'GET', '/group/get-problem-list', { as: u, query: { gid: g.gid } })).code).toBe(403);
    const again = await call(t, 'POST', '/group/member', { as: u, query: { gid: g.gid, reason: 'once more' } });
    expect([again.code, again.msg]).toEqual([400, 'You have already applied, please wait for the group admins']);
  });

  it('a private group needs the code: a wrong code is refused and nothing is saved', async () => {
    const g = await makeGroup(t, c.owner, { auth: GroupAuth.PRIVATE, code: 'PRIV01' });
    const u = await user(t, 'j_priv');
    const wrong = await call(t, 'POST', '/group/member', { as: u, query: { gid: g.gid, code: 'PRIV02', reason: 'I am in the class' } });
    expect([wrong.code, wrong.msg]).toEqual([400, 'The invitation code is wrong, please try again']);
    const zh = await call(t, 'POST', '/group/member', { as: u, query: { gid: g.gid, code: 'PRIV02', reason: 'I am in the class' }, lang: 'zh-CN' });
    expect(zh.msg).toBe('邀请码错误，请重新尝试');
    const short = await call(t, 'POST', '/group/member', { as: u, query: { gid: g.gid, code: 'PRIV', reason: 'I am in the class' } });
    expect(short.msg).toBe('The length of invitation code is 6');
    expect((await rows(g.gid)).map((r) => r.uid)).not.toContain(u.uid);
    expect((await call(t, 'POST', '/group/member', { as: u, query: { gid: g.gid, code: 'PRIV01', reason: 'I am in the class' } })).code).toBe(200);
    expect(await auth(g.gid, u)).toBe(1);
  });

  it('the admin approves (level 3, a welcome message), refuses (level 2, may apply again); members exit; the owner disbands', async () => {
    const g = await castGroup(t, c, { auth: GroupAuth.PROTECTED, code: 'FLOW01' });
    const a = await user(t, 'j_a');
    const b = await user(t, 'j_b');
    for (const u of [a, b]) await call(t, 'POST', '/group/member', { as: u, query: { gid: g.gid, reason: 'I would like to join' } });
    const list = await call(t, 'GET', '/group/get-apply-list', { as: c.admin, query: { gid: g.gid } });
    expect(list.data.records.filter((r: { auth: number }) => r.auth === 1).map((r: { username: string; reason: string }) => [r.username, r.reason]))
      .toEqual(expect.arrayContaining([['j_a', 'I would like to join'], ['j_b', 'I would like to join']]));
    expect((await call(t, 'PUT', '/group/member', { as: c.admin, body: { gid: g.gid, uid: a.uid, auth: 3 } })).code).toBe(200);
    expect((await call(t, 'PUT', '/group/member', { as: c.admin, body: { gid: g.gid, uid: b.uid, auth: 2 } })).code).toBe(200);
    expect(await auth(g.gid, a)).toBe(3);
    expect(await auth(g.gid, b)).toBe(2);
    const notices = await t.ctx.db.selectFrom('user_sys_notice').innerJoin('admin_sys_notice', 'admin_sys_notice.id', 'user_sys_notice.sys_notice_id')
      .select('admin_sys_notice.title').where('recipient_uid', '=', a.uid).execute();
    expect(notices.map((n) => n.title).join()).toContain('Welcome to group');
    // A member cannot be set back to applying / refused.
    const back = await call(t, 'PUT', '/group/member', { as: c.admin, body: { gid: g.gid, uid: a.uid, auth: 1 } });
    expect([back.code, back.msg]).toEqual([400, 'A member cannot be set back to applying or refused']);
    // The refused applicant applies again.
    expect((await call(t, 'POST', '/group/member', { as: b, query: { gid: g.gid, reason: 'Second try please' } })).code).toBe(200);
    expect(await auth(g.gid, b)).toBe(1);
    // Exit.
    expect((await call(t, 'DELETE', '/group/member/exit', { as: a, query: { gid: g.gid } })).msg).toBe('Exit Successfully');
    expect(await auth(g.gid, a)).toBe(0);
    const notMember = await call(t, 'DELETE', '/group/member/exit', { as: a, query: { gid: g.gid } });
    expect([notMember.code, notMember.msg]).toEqual([403, 'You are not a member of this group']);
    const ownerExit = await call(t, 'DELETE', '/group/member/exit', { as: c.owner, query: { gid: g.gid } });
    expect([ownerExit.code, ownerExit.msg]).toEqual([400, 'As the owner of the group you can only disband it, not exit it']);
    // Disband: the group root is not the owner.
    expect((await call(t, 'DELETE', '/group', { as: c.root, query: { gid: g.gid } })).code).toBe(403);
    const pid = await groupProblem(t, g.gid, `${g.shortName}Z1`, c.owner);
    expect((await call(t, 'DELETE', '/group', { as: c.owner, query: { gid: g.gid } })).msg).toBe('Disband Successfully');
    expect(await t.ctx.db.selectFrom('group_info').select('id').where('id', '=', g.gid).executeTakeFirst()).toBeUndefined();
    expect(await rows(g.gid)).toEqual([]);
    expect(await t.ctx.db.selectFrom('problem').select('id').where('id', '=', pid).executeTakeFirst()).toBeUndefined();
    const gone = await t.ctx.db.selectFrom('user_sys_notice').innerJoin('admin_sys_notice', 'admin_sys_notice.id', 'user_sys_notice.sys_notice_id')
      .select('admin_sys_notice.title').where('recipient_uid', '=', c.member.uid).execute();
    expect(gone.map((n) => n.title).join()).toContain('was disbanded');
  });

  it('level rules: nobody demotes the owner or kicks themselves; admins manage only rows and levels below their own', async () => {
    const g = await castGroup(t, c);
    const demoteOwner = await call(t, 'PUT', '/group/member', { as: c.superAdmin, body: { gid: g.gid, uid: c.owner.uid, auth: 3 } });
    expect([demoteOwner.code, demoteOwner.msg]).toEqual([400, 'The auth of the group owner cannot be changed']);
    const kickSelf = await call(t, 'DELETE', '/group/member', { as: c.admin, query: { gid: g.gid, uid: c.admin.uid } });
    expect([kickSelf.code, kickSelf.msg]).toEqual([400, 'You cannot remove yourself: exit the group instead']);
    const zh = await call(t, 'DELETE', '/group/member', { as: c.admin, query: { gid: g.gid, uid: c.admin.uid }, lang: 'zh-CN' });
    expect(zh.msg).toBe('您无法移除自己，请改为退出团队');
    const kickOwner = await call(t, 'DELETE', '/group/member', { as: c.root, query: { gid: g.gid, uid: c.owner.uid } });
    expect([kickOwner.code, kickOwner.msg]).toEqual([400, 'The group owner cannot be removed: disband the group instead']);
    // A group admin (4) may not promote to 4, nor touch another admin or the root.
    expect((await call(t, 'PUT', '/group/member', { as: c.admin, body: { gid: g.gid, uid: c.member.uid, auth: 4 } })).code).toBe(403);
    expect((await call(t, 'DELETE', '/group/member', { as: c.admin, query: { gid: g.gid, uid: c.root.uid } })).code).toBe(403);
    // The root (5, not owner) promotes a member to admin; the owner may make another root.
    expect((await call(t, 'PUT', '/group/member', { as: c.root, body: { gid: g.gid, uid: c.member.uid, auth: 4 } })).code).toBe(200);
    expect((await call(t, 'PUT', '/group/member', { as: c.root, body: { gid: g.gid, uid: c.member.uid, auth: 5 } })).code).toBe(403);
    expect((await call(t, 'PUT', '/group/member', { as: c.owner, body: { gid: g.gid, uid: c.member.uid, auth: 5 } })).code).toBe(200);
    expect(await auth(g.gid, c.member)).toBe(5);
    // Kicking a member below one's level.
    expect((await call(t, 'DELETE', '/group/member', { as: c.root, query: { gid: g.gid, uid: c.admin.uid } })).code).toBe(200);
    expect(await auth(g.gid, c.admin)).toBe(0);
    const bad = await call(t, 'PUT', '/group/member', { as: c.owner, body: { gid: g.gid, uid: c.applying.uid, auth: 6 } });
    expect([bad.code, bad.msg]).toEqual([400, 'The member auth must be 1 (applying) to 5 (root)']);
  });
});

describe('group problems', () => {
  it('take the short-name prefix; duplicates are refused; the edit form gets the prefix to strip', async () => {
    const g = await castGroup(t, c);
    const res = await call(t, 'POST', '/group/problem', { as: c.admin, body: problemPayload({ problemId: '1001', gid: g.gid }) });
    expect(res.code).toBe(200);
    const row = await t.ctx.db.selectFrom('problem').select(['problem_id', 'gid']).where('id', '=', res.data.pid).executeTakeFirstOrThrow();
    expect(row).toEqual({ problem_id: `${g.shortName}1001`, gid: g.gid });
    const dup = await call(t, 'POST', '/group/problem', { as: c.root, body: problemPayload({ problemId: '1001', gid: g.gid }) });
    expect(dup.code).toBe(400);
    const view = await call(t, 'GET', '/group/problem', { as: c.admin, query: { pid: res.data.pid } });
    expect(view.data).toMatchObject({ problemId: `${g.shortName}1001`, shortName: g.shortName, problemIdWithoutPrefix: '1001', gid: g.gid });
    // Saved again from the form (prefix stripped by the client), the ID stays the same.
    const put = await call(t, 'PUT', '/group/problem', { as: c.admin, body: problemPayload({ id: res.data.pid, problemId: '1001', gid: g.gid, title: 'Renamed' }) });
    expect(put.code).toBe(200);
    expect((await t.ctx.db.selectFrom('problem').select('problem_id').where('id', '=', res.data.pid).executeTakeFirstOrThrow()).problem_id).toBe(`${g.shortName}1001`);
    // A problem of another group cannot be edited through this one.
    const other = await castGroup(t, c);
    const cross = await call(t, 'PUT', '/group/problem', { as: c.owner, body: problemPayload({ id: res.data.pid, problemId: '1001', gid: other.gid }) });
    expect(cross.code).toBe(400);
  });

  it('never leak into the public problem list, search, random pick, submission list or by URL before approval', async () => {
    const g = await castGroup(t, c);
    const title = 'Secret group problem zeta';
    const res = await call(t, 'POST', '/group/problem', { as: c.owner, body: problemPayload({ problemId: 'LEAK1', gid: g.gid, title }) });
    const pid = res.data.pid as number;
    const display = `${g.shortName}LEAK1`;
    const ts = Date.now();
    await t.ctx.db.insertInto('submission').values({
      pid, display_pid: display, uid: c.member.uid, username: c.member.username, cid: 0, cpid: 0, gid: g.gid, tid: 0, status: JudgeStatus.ACCEPTED,
      score: null, oi_rank_score: null, time: 1, memory: 1, length: 1, language: 'C', code: 'x', share: 0, error_message: null, judger: null,
      is_manual: 0, case_done: 1, case_total: 1, ip: null, submit_time: ts, judge_time: ts, gmt_modified: ts,
    }).execute();
    // As a verdict leaves it: the member's status marks follow.
    await t.ctx.services.judge.refreshAccept(t.ctx.db, c.member.uid, pid, 0, g.gid);
    const leaks = async (as: CUser | null) => {
      const list = await call(t, 'GET', '/get-problem-list', { as, query: { limit: 200 } });
      const search = await call(t, 'GET', '/get-problem-list', { as, query: { keyword: 'zeta', limit: 200 } });
      const subs = await call(t, 'GET', '/get-submission-list', { as, query: { limit: 100 } });
      const subsByPid = await call(t, 'GET', '/get-submission-list', { as, query: { problemID: display, limit: 100 } });
      return [
        list.data.records.some((r: { pid: number }) => r.pid === pid),
        search.data.records.length > 0,
        subs.data.records.some((r: { pid: number }) => r.pid === pid),
        (subsByPid.data?.records ?? []).some((r: { pid: number }) => r.pid === pid),
      ];
    };
    for (const as of [null, c.stranger, c.member, c.superAdmin]) expect(await leaks(as)).toEqual([false, false, false, false]);
    for (let i = 0; i < 20; i++) expect((await call(t, 'GET', '/get-random-problem')).data?.problemId).not.toBe(display);
    const byUrl = await call(t, 'GET', '/get-problem-detail', { as: c.stranger, query: { problemId: display } });
    expect(byUrl.code).toBe(403);
    expect(byUrl.msg).not.toContain(title);
    expect((await call(t, 'GET', '/get-problem-detail', { as: c.siteAdmin, query: { problemId: display } })).code).toBe(403);
    expect((await call(t, 'GET', '/get-problem-detail', { as: c.member, query: { problemId: display, gid: g.gid } })).code).toBe(200);
    // Members see it in the group list with their status.
    const glist = await call(t, 'GET', '/group/get-problem-list', { as: c.member, query: { gid: g.gid } });
    expect(glist.data.records.find((r: { pid: number }) => r.pid === pid)).toMatchObject({ problemId: display, myStatus: 0, ac: 1, total: 1 });
    // The group's submissions are listed to members only.
    expect((await call(t, 'GET', '/get-submission-list', { as: c.member, query: { gid: g.gid } })).data.records.length).toBe(1);
    expect((await call(t, 'GET', '/get-submission-list', { as: c.stranger, query: { gid: g.gid } })).code).toBe(403);
  });

  it('apply for public: applying, withdraw, refused, applied again and approved with a site display ID', async () => {
    const g = await castGroup(t, c);
    const res = await call(t, 'POST', '/group/problem', { as: c.admin, body: problemPayload({ problemId: 'PUB', gid: g.gid }) });
    const pid = res.data.pid as number;
    const progress = async () => (await t.ctx.db.selectFrom('problem').select(['apply_public_progress', 'gid', 'problem_id', 'origin_gid']).where('id', '=', pid).executeTakeFirstOrThrow());
    const apply = (as: CUser, isApplied: boolean) => call(t, 'PUT', '/group/apply-public', { as, query: { pid, isApplied } });
    expect((await apply(c.admin, true)).code).toBe(200);
    expect((await progress()).apply_public_progress).toBe(ApplyPublicProgress.APPLYING);
    expect((await apply(c.admin, true)).msg).toBe('The problem is already applying to become public');
    expect((await apply(c.admin, false)).code).toBe(200);
    expect((await progress()).apply_public_progress).toBeNull();
    await apply(c.admin, true);
    const listed = await call(t, 'GET', '/admin/group-problem/list', { as: c.problemAdmin });
    expect(listed.data.records.map((r: { id: number }) => r.id)).toContain(pid);
    expect((await call(t, 'PUT', '/admin/group-problem/change-progress', { as: c.problemAdmin, body: { pid, progress: 3 } })).code).toBe(200);
    expect((await progress()).apply_public_progress).toBe(ApplyPublicProgress.REFUSED);
    const bad = await call(t, 'PUT', '/admin/group-problem/change-progress', { as: c.problemAdmin, body: { pid, progress: 3 } });
    expect([bad.code, bad.msg]).toEqual([400, 'The problem is not applying to become public']);
    await apply(c.admin, true);
    const approved = await call(t, 'PUT', '/admin/group-problem/change-progress', { as: c.siteAdmin, body: { pid, progress: 2 } });
    expect(approved.data).toEqual({ problemId: 'PUB' });
    expect(await progress()).toEqual({ apply_public_progress: ApplyPublicProgress.PUBLIC, gid: 0, problem_id: 'PUB', origin_gid: g.gid });
    // Its old address (the group's display ID) says where it went and carries the new ID (issue 26 item 14).
    const before = await call(t, 'GET', '/get-problem-detail', { as: c.member, query: { problemId: `${g.shortName}PUB` } });
    expect([before.code, before.msg, before.data]).toEqual([404, 'This group problem has moved to the public problem bank as PUB', { movedTo: 'PUB' }]);
    expect((await call(t, 'GET', '/get-problem-detail', { query: { problemId: `${g.shortName}PUB` }, lang: 'zh-CN' })).msg).toBe('该团队题目已移至公共题库，题号为 PUB');
    expect((await call(t, 'GET', '/get-problem-detail', { query: { problemId: `${g.shortName}NONE` } })).msg).toBe('The problem does not exist');
    const publicList = await call(t, 'GET', '/get-problem-list', { as: c.stranger, query: { keyword: 'PUB', limit: 200 } });
    expect(publicList.data.records.map((r: { pid: number }) => r.pid)).toContain(pid);
    // The group still sees its progress; it no longer manages the problem.
    const admin = await call(t, 'GET', '/group/get-admin-problem-list', { as: c.admin, query: { gid: g.gid } });
    expect(admin.data.records.find((r: { id: number }) => r.id === pid)).toMatchObject({ applyPublicProgress: 2, gid: 0 });
    expect((await apply(c.owner, false)).code).toBe(400);
  });

  it('tags a group creates stay in the group', async () => {
    const g = await castGroup(t, c);
    const res = await call(t, 'POST', '/group/problem', { as: c.admin, body: problemPayload({ problemId: 'TAG1', gid: g.gid }, { tags: [{ name: 'Homework 3' }] }) });
    expect(res.code).toBe(200);
    const site = await call(t, 'GET', '/get-all-problem-tags');
    expect(site.data.map((x: { name: string }) => x.name)).not.toContain('Homework 3');
    const group = await call(t, 'GET', '/group/get-all-problem-tags', { as: c.member, query: { gid: g.gid } });
    expect(group.data.find((x: { name: string }) => x.name === 'Homework 3')).toMatchObject({ gid: g.gid });
    const other = await castGroup(t, c);
    const tagId = group.data.find((x: { name: string }) => x.name === 'Homework 3').id;
    const foreign = await call(t, 'POST', '/group/problem', { as: c.admin, body: problemPayload({ problemId: 'TAG2', gid: other.gid }, { tags: [tagId] }) });
    expect(foreign.code).toBe(400);
  });

  it('a test-case zip with gid is accepted from a group admin, refused from a member before the body is read', async () => {
    const g = await castGroup(t, c);
    const { writeZip } = await import('../src/modules/testcase/zip.js');
    const { multipart } = await import('./problem-helpers.js');
    const body = multipart('file', 'cases.zip', await writeZip([{ path: '1.in', data: '1\n' }, { path: '1.out', data: '1\n' }]));
    const up = (as: CUser, gid: number) => t.app.inject({ method: 'POST', url: `/api/file/upload-testcase-zip?gid=${gid}&mode=default`, payload: body.payload,
      headers: { ...body.headers, authorization: as.token } });
    const ok = await up(c.admin, g.gid);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.fileList.length).toBe(1);
    expect((await up(c.member, g.gid)).statusCode).toBe(403);
    const other = await makeGroup(t, c.stranger);
    expect((await up(c.admin, other.gid)).statusCode).toBe(403);
  });
});

describe('group avatar', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
  const form = (gid: number, name: string, data: Buffer, gidFirst = false) => {
    const b = '----avatar';
    const file = Buffer.concat([Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="image"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`), data, Buffer.from('\r\n')]);
    const field = Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="gid"\r\n\r\n${gid}\r\n`);
    return { payload: Buffer.concat([...(gidFirst ? [field, file] : [file, field]), Buffer.from(`--${b}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${b}` } };
  };
  const upload = (as: CUser, f: { payload: Buffer; headers: Record<string, string> }, lang = 'en-US') =>
    t.app.inject({ method: 'POST', url: '/api/file/upload-group-avatar', payload: f.payload, headers: { ...f.headers, authorization: as.token, 'accept-language': lang } });

  it('stores an image from the group root (gid after the file, as HOJ sends it) and answers the group', async () => {
    const g = await castGroup(t, c);
    const res = await upload(c.root, form(g.gid, 'avatar.png', png));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: g.gid, avatar: expect.stringMatching(/^\/public\/avatar\/group-.+\.png$/) });
    const again = await upload(c.owner, form(g.gid, 'avatar.png', png, true));
    expect(again.statusCode).toBe(200);
  });

  it('refuses over 2 MB, a wrong type and a non-root, in both languages, keeping the old avatar', async () => {
    const g = await castGroup(t, c);
    const big = await upload(c.owner, form(g.gid, 'avatar.png', Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)])));
    expect([big.statusCode, big.json().msg]).toEqual([400, 'Exceed max size limit']);
    const bigZh = await upload(c.owner, form(g.gid, 'avatar.png', Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)])), 'zh-CN');
    expect(bigZh.json().msg).toBe('文件大小超过限制');
    const svg = await upload(c.owner, form(g.gid, 'avatar.svg', Buffer.from('<svg/>')));
    expect([svg.statusCode, svg.json().msg]).toEqual([400, 'File type not support']);
    const fake = await upload(c.owner, form(g.gid, 'avatar.png', Buffer.from('not an image at all')), 'zh-CN');
    expect([fake.statusCode, fake.json().msg]).toEqual([400, '文件类型不支持']);
    expect((await upload(c.admin, form(g.gid, 'avatar.png', png))).statusCode).toBe(403);
    const row = await t.ctx.db.selectFrom('group_info').select('avatar').where('id', '=', g.gid).executeTakeFirstOrThrow();
    expect(row.avatar).toBeNull();
  });
});

describe('group trainings, contests and rank', () => {
  it('a member solves group problems; the rank orders by ACM and OI rules; non-members cannot enter the group contest', async () => {
    const g = await castGroup(t, c);
    const p1 = await groupProblem(t, g.gid, `${g.shortName}R1`, c.owner);
    const p2 = await groupProblem(t, g.gid, `${g.shortName}R2`, c.owner);
    const sub = async (u: CUser, pid: number, status: number, score: number | null = null) => {
      const ts = Date.now();
      const row = await t.ctx.db.insertInto('submission').values({
        pid, display_pid: 'x', uid: u.uid, username: u.username, cid: 0, cpid: 0, gid: g.gid, tid: 0, status, score, oi_rank_score: score,
        time: 1, memory: 1, length: 1, language: 'C', code: 'x', share: 0, error_message: null, judger: null, is_manual: 0, case_done: 1,
        case_total: 1, ip: null, submit_time: ts, judge_time: ts, gmt_modified: ts,
      }).returning('id').executeTakeFirstOrThrow();
      await written(t, { submitId: row.id, uid: u.uid, pid, cid: 0, gid: g.gid, status, score, time: 1, memory: 1, source: 'judge' });
    };
    await sub(c.member, p1, JudgeStatus.ACCEPTED, 100);
    await sub(c.member, p2, JudgeStatus.WRONG_ANSWER, 10);
    await sub(c.admin, p1, JudgeStatus.ACCEPTED, 100);
    await sub(c.admin, p2, JudgeStatus.ACCEPTED, 100);
    await sub(c.admin, p2, JudgeStatus.WRONG_ANSWER, 0);
    const acm = await call(t, 'GET', '/get-group-rank-list', { as: c.member, query: { gid: g.gid, type: 0 } });
    expect(acm.data.records.slice(0, 2).map((r: { username: string; ac: number; total: number }) => [r.username, r.ac, r.total]))
      .toEqual([[c.admin.username, 2, 3], [c.member.username, 1, 2]]);
    expect(acm.data.total).toBe(4);
    const oi = await call(t, 'GET', '/get-group-rank-list', { as: c.member, query: { gid: g.gid, type: 1, searchUser: 'g_mem' } });
    expect(oi.data.records.map((r: { username: string; score: number }) => [r.username, r.score])).toEqual([[c.member.username, 110]]);
    const wrongType = await call(t, 'GET', '/get-group-rank-list', { as: c.member, query: { gid: g.gid, type: 2 } });
    expect(wrongType.code).toBe(400);
    // A new verdict shows in the rank soon after (recomputed in the background, not after the cache's life).
    await sub(c.member, p2, JudgeStatus.ACCEPTED, 100);
    let mine = 0;
    for (let i = 0; i < 50 && mine !== 2; i++) {
      const r = await call(t, 'GET', '/get-group-rank-list', { as: c.member, query: { gid: g.gid, type: 0 } });
      mine = r.data.records.find((x: { username: string }) => x.username === c.member.username).ac;
      if (mine !== 2) await new Promise((res) => setTimeout(res, 20));
    }
    expect(mine).toBe(2);

    const now = Date.now();
    const contest = await call(t, 'POST', '/group/contest', { as: c.admin, body: { title: 'Mid-term', description: 'Exam', startTime: now - 60_000, endTime: now + 3_600_000, type: 0, auth: 0, gid: g.gid } });
    expect(contest.code).toBe(200);
    const cid = contest.data.id as number;
    expect((await call(t, 'POST', '/group/add-contest-problem-from-group', { as: c.admin, query: { problemId: `${g.shortName}R1`, cid, displayId: 'A' } })).code).toBe(200);
    const list = await call(t, 'GET', '/group/get-contest-list', { as: c.member, query: { gid: g.gid } });
    expect(list.data.records.map((r: { id: number }) => r.id)).toEqual([cid]);
    expect((await call(t, 'GET', '/get-contest-problem', { as: c.member, query: { cid } })).code).toBe(200);
    expect((await call(t, 'GET', '/get-contest-problem', { as: c.stranger, query: { cid } })).code).toBe(403);
    expect((await call(t, 'POST', '/register-contest', { as: c.stranger, body: { cid, password: '' } })).code).toBe(403);
    // The group root (not the contest's creator) is its contest admin on the contest pages too (spec 03 §6).
    expect((await call(t, 'GET', '/get-contest-info', { as: c.root, query: { cid } })).data.isContestAdmin).toBe(true);
    expect((await call(t, 'GET', '/get-contest-info', { as: c.member, query: { cid } })).data.isContestAdmin).toBe(false);
    expect((await call(t, 'GET', '/file/download-contest-ac-submission', { as: c.root, query: { cid } })).code).not.toBe(403);
    expect((await call(t, 'GET', '/file/download-contest-ac-submission', { as: c.member, query: { cid } })).code).toBe(403);
    // The public contest list never shows a group's contest.
    const pub = await call(t, 'GET', '/get-contest-list', { as: c.member, query: { limit: 100 } });
    expect(pub.data.records.map((r: { id: number }) => r.id)).not.toContain(cid);
    // A problem of another group cannot be added.
    const other = await castGroup(t, c);
    await groupProblem(t, other.gid, `${other.shortName}O1`, c.owner);
    const cross = await call(t, 'POST', '/group/add-contest-problem-from-group', { as: c.admin, query: { problemId: `${other.shortName}O1`, cid, displayId: 'B' } });
    expect(cross.code).toBe(400);
  });

  it('group trainings are for members; training problems come from the group or the public set', async () => {
    const g = await castGroup(t, c);
    const ts = Date.now();
    const cat = (await t.ctx.db.insertInto('training_category').values({ name: `Cat${ts}`, color: null, gid: 0, gmt_create: ts, gmt_modified: ts }).returning('id').executeTakeFirstOrThrow()).id;
    const missingCat = await call(t, 'POST', '/group/training', { as: c.admin, body: { training: { rank: 1, title: 'W', description: 'd', auth: 'Public', gid: g.gid }, trainingCategory: null } });
    expect([missingCat.code, missingCat.msg]).toEqual([400, 'Training category is required']);
    const tr = await call(t, 'POST', '/group/training', { as: c.admin, body: { training: { rank: 1, title: 'Week 1', description: 'Loops', auth: 'Public', gid: g.gid }, trainingCategory: { id: cat } } });
    expect(tr.code).toBe(200);
    const tid = tr.data.id as number;
    await groupProblem(t, g.gid, `${g.shortName}T1`, c.owner);
    expect((await call(t, 'POST', '/group/add-training-problem-from-group', { as: c.admin, query: { problemId: `${g.shortName}T1`, tid } })).code).toBe(200);
    const detail = await call(t, 'GET', '/get-training-detail', { as: c.member, query: { tid } });
    expect(detail.data).toMatchObject({ id: tid, problemCount: 1, gid: g.gid });
    expect((await call(t, 'GET', '/get-training-problem-list', { as: c.member, query: { tid } })).data.length).toBe(1);
    expect((await call(t, 'GET', '/get-training-problem-list', { as: c.stranger, query: { tid } })).code).toBe(403);
    const pub = await call(t, 'GET', '/get-training-list', { as: c.member, query: { limit: 100 } });
    expect(pub.data.records.map((r: { id: number }) => r.id)).not.toContain(tid);
  });

  it('the group training problem list and candidates; the rank follows a problem ID edit and a new short name at once', async () => {
    const g = await castGroup(t, c);
    const other = await castGroup(t, c);
    const ts = Date.now();
    const cat = (await t.ctx.db.insertInto('training_category').values({ name: `Cat${ts}`, color: null, gid: 0, gmt_create: ts, gmt_modified: ts }).returning('id').executeTakeFirstOrThrow()).id;
    const tr = await call(t, 'POST', '/group/training', { as: c.admin, body: { training: { rank: 1, title: 'Week 2', description: 'Arrays', auth: 'Public', gid: g.gid }, trainingCategory: { id: cat } } });
    const tid = tr.data.id as number;
    const mine = await groupProblem(t, g.gid, `${g.shortName}K1`, c.owner);
    const theirs = await groupProblem(t, other.gid, `${other.shortName}K1`, c.owner);
    const pub = (await call(t, 'POST', '/admin/problem', { as: c.superAdmin, body: problemPayload({ problemId: `PUB${ts % 100000}`, title: 'Public one' }) })).data.pid as number;
    const listOf = async (queryExisted: boolean, keyword?: string) => (await call(t, 'GET', '/group/get-training-problem-list', {
      as: c.admin, query: { tid, queryExisted, limit: 100, ...(keyword ? { keyword } : {}) } })).data;
    // Candidates: public problems and the group's own, never another group's.
    const candidates = (await listOf(false)).problemList.records.map((r: { id: number }) => r.id);
    expect(candidates).toEqual(expect.arrayContaining([mine, pub]));
    expect(candidates).not.toContain(theirs);
    expect((await listOf(false, `${g.shortName.toLowerCase()}k1`)).problemList.records.map((r: any) => [r.id, r.gid])).toEqual([[mine, g.gid]]);
    expect((await call(t, 'POST', '/group/add-training-problem-from-group', { as: c.admin, query: { problemId: `${g.shortName}K1`, tid } })).code).toBe(200);
    expect((await call(t, 'POST', '/group/add-training-problem-from-public', { as: c.admin, body: { tid, pid: pub, displayId: 'P' } })).code).toBe(200);
    const existing = await listOf(true);
    expect(existing.problemList.records.map((r: { id: number }) => r.id)).toEqual([mine, pub]);
    expect(existing.problemList.total).toBe(2);
    expect(existing.trainingProblemMap[pub]).toMatchObject({ tid, pid: pub, displayId: 'P' });
    expect((await listOf(false)).problemList.records.map((r: { id: number }) => r.id)).not.toContain(mine);

    // A member solves the group problem; the rank keys it by its problem ID, which follows the group's short name.
    await verdict(t, { u: c.member, pid: mine, status: JudgeStatus.ACCEPTED, tid, time: 3 });
    const cells = async () => (await call(t, 'GET', '/get-training-rank', { as: c.member, query: { tid } })).data.records
      .map((r: { username: string; submissionInfo: object }) => [r.username, Object.keys(r.submissionInfo)]);
    expect(await cells()).toEqual([[c.member.username, [`${g.shortName}K1`]]]);
    const next = `N${g.shortName.slice(1)}`.slice(0, 10);
    const rename = await call(t, 'PUT', '/group', { as: c.owner, body: { ...groupForm({ shortName: next }), id: g.gid } });
    expect(rename.code, rename.msg).toBe(200);
    expect(await cells()).toEqual([[c.member.username, [`${next}K1`]]]);
  });

  it('group discussions follow the group-discussion switch and stay inside the group', async () => {
    const g = await castGroup(t, c);
    const ts = Date.now();
    const dcat = (await t.ctx.db.insertInto('discussion_category').values({ name: `D${ts}`, gmt_create: ts }).returning('id').executeTakeFirstOrThrow()).id;
    const post = await call(t, 'POST', '/group/discussion', { as: c.member, body: { gid: g.gid, title: 'Loops', description: 'Help', content: 'How?', categoryId: dcat, topPriority: true } });
    expect(post.code).toBe(200);
    const row = await t.ctx.db.selectFrom('discussion').select(['gid', 'top_priority']).where('id', '=', post.data.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ gid: g.gid, top_priority: 0 });
    const publicList = await call(t, 'GET', '/get-discussion-list', { as: c.member, query: { limit: 100 } });
    expect(publicList.data.records.map((r: { id: number }) => r.id)).not.toContain(post.data.id);
    expect((await call(t, 'GET', '/get-discussion-detail', { as: c.stranger, query: { did: post.data.id } })).code).toBe(403);
    expect((await call(t, 'GET', '/comments', { as: c.stranger, query: { did: post.data.id } })).code).toBe(403);
    expect((await call(t, 'POST', '/discussion-report', { as: c.stranger, body: { did: post.data.id, content: '#spam' } })).code).toBe(403);
    expect((await call(t, 'POST', '/discussion-report', { as: c.admin, body: { did: post.data.id, content: '#spam' } })).code).toBe(200);
    const sw = await t.ctx.services.siteConfig.switches();
    // The public forum's switch does not close a group's discussions (nor their comments).
    await t.ctx.services.siteConfig.set('switch', { ...sw, openPublicDiscussion: false });
    expect((await call(t, 'GET', '/get-discussion-detail', { as: c.member, query: { did: post.data.id } })).code).toBe(200);
    expect((await call(t, 'GET', '/comments', { as: c.member, query: { did: post.data.id } })).code).toBe(200);
    await t.ctx.services.siteConfig.set('switch', { ...sw, openGroupDiscussion: false });
    expect((await call(t, 'GET', '/get-discussion-detail', { as: c.member, query: { did: post.data.id } })).code).toBe(403);
    try {
      const closed = await call(t, 'GET', '/group/get-discussion-list', { as: c.member, query: { gid: g.gid } });
      expect([closed.code, closed.msg]).toEqual([403, 'Group discussions are closed by the administrator']);
    } finally {
      await t.ctx.services.siteConfig.set('switch', sw);
    }
    const list = await call(t, 'GET', '/group/get-discussion-list', { as: c.member, query: { gid: g.gid } });
    expect(list.data.records.map((r: { id: number }) => r.id)).toEqual([post.data.id]);
  });
});

describe('the group list', () => {
  it('filters by keyword, auth and only-mine, with member counts', async () => {
    const solo = await user(t, 'l_solo');
    const mine = await makeGroup(t, solo, { name: 'Algebra Club 77', auth: GroupAuth.PROTECTED, code: 'ALG777' });
    const all = await call(t, 'GET', '/get-group-list', { query: { keyword: 'algebra club 77' } });
    expect(all.data.records.map((r: { id: number; memberCount: number }) => [r.id, r.memberCount])).toEqual([[mine.gid, 1]]);
    expect(all.data.records[0].code).toBeUndefined();
    expect((await call(t, 'GET', '/get-group-list', { query: { keyword: 'algebra club 77', auth: 1 } })).data.total).toBe(0);
    const only = await call(t, 'GET', '/get-group-list', { as: solo, query: { onlyMine: true } });
    expect(only.data.records.map((r: { id: number }) => r.id)).toEqual([mine.gid]);
    expect((await call(t, 'GET', '/get-group-list', { query: { onlyMine: true } })).data.total).toBe(0);
    await seat(t, mine.gid, c.member, 3);
    expect((await call(t, 'GET', '/get-group-list', { query: { keyword: 'algebra club 77' } })).data.records[0].memberCount).toBe(2);
  });
});

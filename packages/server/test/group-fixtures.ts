import { GroupAuth, Role } from '@verdict/shared';
import type { TestApp } from './helpers.js';
import { call, user, type CUser } from './contest-fixtures.js';

/** The cast of the group tests: one of each standing of spec 03 §6 (a group root who is not the owner included). */
export interface Cast {
  owner: CUser; root: CUser; admin: CUser; member: CUser; applying: CUser; stranger: CUser;
  problemAdmin: CUser; siteAdmin: CUser; superAdmin: CUser;
}

export async function cast(t: TestApp, prefix: string): Promise<Cast> {
  return {
    owner: await user(t, `${prefix}_owner`),
    root: await user(t, `${prefix}_root`),
    admin: await user(t, `${prefix}_admin`),
    member: await user(t, `${prefix}_member`),
    applying: await user(t, `${prefix}_applying`),
    stranger: await user(t, `${prefix}_stranger`),
    problemAdmin: await user(t, `${prefix}_padmin`, Role.PROBLEM_ADMIN),
    siteAdmin: await user(t, `${prefix}_sadmin`, Role.ADMIN),
    superAdmin: await user(t, `${prefix}_super`, Role.ROOT),
  };
}

let seq = 0;
/** A valid group form (unique name and short name). */
export function groupForm(over: Record<string, unknown> = {}) {
  seq += 1;
  const n = `${Date.now().toString(36).slice(-4)}${seq}`;
  return { name: `Group ${n}`, shortName: `G${n}`.slice(0, 10), brief: 'A study group', description: 'We solve problems together.', auth: GroupAuth.PUBLIC, ...over };
}

/** Creates a group through the API as `owner`; returns its id and short name. */
export async function makeGroup(t: TestApp, owner: CUser, over: Record<string, unknown> = {}) {
  const form = groupForm(over);
  const res = await call(t, 'POST', '/group', { as: owner, body: form });
  if (res.code !== 200) throw new Error(`create group: ${res.code} ${res.msg}`);
  return { gid: res.data.id as number, shortName: form.shortName as string };
}

/** Puts users into a group at a level directly (the join paths have their own tests). */
export async function seat(t: TestApp, gid: number, u: CUser, auth: number, reason: string | null = null) {
  const ts = Date.now();
  await t.ctx.db.insertInto('group_member').values({ gid, uid: u.uid, auth, reason, gmt_create: ts, gmt_modified: ts })
    .onConflict((oc) => oc.columns(['gid', 'uid']).doUpdateSet({ auth })).execute();
}

/** A group owned by c.owner with c.root (5), c.admin (4), c.member (3) and c.applying (1) seated. */
export async function castGroup(t: TestApp, c: Cast, over: Record<string, unknown> = {}) {
  const g = await makeGroup(t, c.owner, over);
  await seat(t, g.gid, c.root, 5);
  await seat(t, g.gid, c.admin, 4);
  await seat(t, g.gid, c.member, 3);
  await seat(t, g.gid, c.applying, 1, 'Please let me in');
  return g;
}

/** A group problem row (no test data: these tests never judge). */
export async function groupProblem(t: TestApp, gid: number, problemId: string, author: CUser, o: { auth?: number; progress?: number | null } = {}) {
  const ts = Date.now();
  const row = await t.ctx.db.insertInto('problem').values({
    problem_id: problemId, title: `Group problem ${problemId}`, author_uid: author.uid, type: 0, time_limit: 1000, memory_limit: 256,
    stack_limit: 128, description: 'd', input: 'i', output: 'o', examples: '', hint: '', source: '', difficulty: 0, auth: o.auth ?? 1,
    io_score: 100, code_share: 1, judge_mode: 'default', judge_case_mode: 'default', spj_code: null, spj_language: null, spj_compile_ok: 0,
    is_remove_end_blank: 1, open_case_result: 1, is_upload_case: 1, user_extra_file: null, judge_extra_file: null, is_file_io: 0,
    io_read_file_name: null, io_write_file_name: null, is_remote: 0, remote_oj: null, case_version: '', gid, apply_public_progress: o.progress ?? null,
    modified_user: null, gmt_create: ts, gmt_modified: ts,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Lets posting tests post back to back. */
export async function openSwitches(t: TestApp) {
  const sw = await t.ctx.services.siteConfig.switches();
  await t.ctx.services.siteConfig.set('switch', { ...sw, discussionInterval: 0, defaultCreateDiscussionDailyLimit: 0, defaultCreateGroupDailyLimit: 0, defaultCreateGroupACInitValue: 0 });
}

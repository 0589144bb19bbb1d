import type { FastifyRequest } from 'fastify';
import { Role } from '@verdict/shared';
import { issueToken } from '../src/http/auth.js';
import type { TestApp } from './helpers.js';

export const MIN = 60_000;

export interface CUser { uid: number; username: string; token: string }

/** A user row with a role and a session token. */
export async function user(t: TestApp, username: string, role: number = Role.DEFAULT_USER, extra: { nickname?: string; realname?: string } = {}): Promise<CUser> {
  const ts = Date.now();
  const row = await t.ctx.db.insertInto('user').values({
    username, password_hash: 'x', email: `${username}@example.com`, nickname: extra.nickname ?? null, realname: extra.realname ?? null, school: null,
    course: null, number: null, gender: 'secrecy', avatar: null, signature: null, github: null, blog: null, cf_username: null, title_name: null,
    title_color: null, role, status: 0, last_login_time: null, last_login_ip: null, gmt_create: ts, gmt_modified: ts,
  }).returning('id').executeTakeFirstOrThrow();
  const token = await issueToken(t.ctx, row.id, { ip: '127.0.0.1', headers: {} } as unknown as FastifyRequest);
  return { uid: row.id, username, token };
}

/** A bare problem row (statement only; these tests never judge). */
export async function problem(t: TestApp, problemId: string, o: { type?: number; auth?: number; author?: number } = {}): Promise<number> {
  const ts = Date.now();
  const row = await t.ctx.db.insertInto('problem').values({
    problem_id: problemId, title: `Problem ${problemId}`, author_uid: o.author ?? 1, type: o.type ?? 0, time_limit: 1000, memory_limit: 256,
    stack_limit: 128, description: 'd', input: 'i', output: 'o', examples: '', hint: '', source: '', difficulty: 0, auth: o.auth ?? 1,
    io_score: 100, code_share: 1, judge_mode: 'default', judge_case_mode: 'default', spj_code: null, spj_language: null, spj_compile_ok: 0,
    is_remove_end_blank: 1, open_case_result: 1, is_upload_case: 1, user_extra_file: null, judge_extra_file: null, is_file_io: 0,
    io_read_file_name: null, io_write_file_name: null, is_remote: 0, remote_oj: null, case_version: '', gid: 0, apply_public_progress: null,
    modified_user: null, gmt_create: ts, gmt_modified: ts,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** An HTTP call through the real app; returns status and envelope. */
export async function call(t: TestApp, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string,
  o: { as?: CUser | null; body?: unknown; query?: Record<string, unknown>; lang?: string } = {}) {
  const qs = o.query ? '?' + new URLSearchParams(Object.entries(o.query).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])).toString() : '';
  const headers: Record<string, string> = { 'accept-language': o.lang ?? 'en-US' };
  if (o.as) headers.authorization = o.as.token;
  const res = await t.app.inject({ method, url: `/api${url}${qs}`, headers, ...(o.body !== undefined ? { payload: o.body as object } : {}) });
  let json: { status: number; msg: string; data: any } = { status: res.statusCode, msg: '', data: null };
  try { json = res.json(); } catch { /* file downloads */ }
  return { code: res.statusCode, ...json, raw: res };
}

/**
 * A judged contest submission: the row as the judge leaves it, with the judge module's verdict
 * steps in the same transaction (which update the rank cell), then its result event.
 */
export async function judged(t: TestApp, o: { cid: number; pid: number; u: CUser; at: number; status: number; score?: number | null; time?: number }) {
  const judge = t.ctx.services.judge;
  const e = await t.ctx.db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('submission').values({
      pid: o.pid, display_pid: 'X', uid: o.u.uid, username: o.u.username, cid: o.cid, cpid: 0, gid: 0, tid: 0, status: o.status,
      score: o.score ?? null, oi_rank_score: null, time: o.time ?? 10, memory: 1000, length: 10, language: 'C++', code: 'int main(){}',
      share: 0, error_message: null, judger: 'test', is_manual: 0, case_done: 1, case_total: 1, ip: null, submit_time: o.at,
      judge_time: o.at + 1000, gmt_modified: o.at,
    }).returning('id').executeTakeFirstOrThrow();
    const ev = {
      submitId: row.id, uid: o.u.uid, pid: o.pid, cid: o.cid, gid: 0, status: o.status, score: o.score ?? null, time: o.time ?? 10, memory: 1000, source: 'judge' as const,
    };
    await judge.verdictWritten(trx, ev);
    return ev;
  });
  await judge.emitResult(e);
  return e.submitId;
}

/** Creates a contest through the admin API and returns its id. */
export async function contest(t: TestApp, admin: CUser, form: Record<string, unknown>): Promise<number> {
  const res = await call(t, 'POST', '/admin/contest', { as: admin, body: { title: 'Contest', description: 'A contest', ...form } });
  if (res.code !== 200) throw new Error(`create contest: ${res.code} ${res.msg}`);
  return res.data.id;
}

export const addProblem = async (t: TestApp, admin: CUser, cid: number, pid: number, displayId: string, color?: string) => {
  const res = await call(t, 'POST', '/admin/contest/add-problem-from-public', { as: admin, body: { cid, pid, displayId, color } });
  if (res.code !== 200) throw new Error(`add problem: ${res.code} ${res.msg}`);
};

export { Role };

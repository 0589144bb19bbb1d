import { oiRankScore } from '@verdict/shared';
import type { JudgeResultEvent } from '../src/modules/judge/service.js';
import type { TestApp } from './helpers.js';
import { call, type CUser } from './contest-fixtures.js';

/**
 * A judged submission outside contests: the row as the judge leaves it (in training `tid` when
 * given), then the judge module's result event, the path a worker's result takes.
 */
export async function verdict(t: TestApp, o: { u: CUser; pid: number; status: number; tid?: number; score?: number; difficulty?: number; time?: number; cid?: number }) {
  const at = Date.now();
  const oi = o.score !== undefined ? oiRankScore(o.score, o.difficulty ?? 0) : null;
  const row = await t.ctx.db.insertInto('submission').values({
    pid: o.pid, display_pid: 'X', uid: o.u.uid, username: o.u.username, cid: o.cid ?? 0, cpid: 0, gid: 0, tid: o.tid ?? 0, status: o.status,
    score: o.score ?? null, oi_rank_score: oi, time: o.time ?? 10, memory: 1000, length: 10, language: 'C++', code: 'int main(){}',
    share: 0, error_message: null, judger: 'test', is_manual: 0, case_done: 1, case_total: 1, ip: null, submit_time: at,
    judge_time: at, gmt_modified: at,
  }).returning('id').executeTakeFirstOrThrow();
  const e = {
    submitId: row.id, uid: o.u.uid, pid: o.pid, cid: o.cid ?? 0, gid: 0, status: o.status, score: o.score ?? null, time: o.time ?? 10, memory: 1000, source: 'judge' as const,
  };
  await written(t, e);
  return row.id;
}

/** A rejudge: the submission goes back to Pending (its verdict no longer counts). */
export async function rejudge(t: TestApp, submitId: number) {
  const s = await t.ctx.db.selectFrom('submission').selectAll().where('id', '=', submitId).executeTakeFirstOrThrow();
  await t.ctx.db.updateTable('submission').set({ status: 5, score: null, oi_rank_score: null }).where('id', '=', submitId).execute();
  await written(t, { submitId, uid: s.uid, pid: s.pid, cid: s.cid, gid: 0, status: 5, score: null, time: null, memory: null, source: 'rejudge' });
}

/**
 * What the judge does once a verdict's row is written: in one transaction its status rows and the
 * in-transaction steps (ranks), then after the commit the result listeners (live updates).
 */
export async function written(t: TestApp, e: JudgeResultEvent) {
  const judge = t.ctx.services.judge;
  await t.ctx.db.transaction().execute(async (trx) => {
    await judge.refreshAccept(trx, e.uid, e.pid, e.cid, e.gid);
    await judge.verdictWritten(trx, e);
  });
  await judge.emitResult(e);
}

export async function category(t: TestApp, admin: CUser, name: string, color = '#409EFF'): Promise<number> {
  const res = await call(t, 'POST', '/admin/training/category', { as: admin, body: { name, color } });
  if (res.code !== 200) throw new Error(`category: ${res.code} ${res.msg}`);
  return res.data.id;
}

export async function training(t: TestApp, admin: CUser, cat: number, form: Record<string, unknown> = {}): Promise<number> {
  const res = await call(t, 'POST', '/admin/training', {
    as: admin, body: { training: { rank: 1000, title: 'Training', description: 'Work through these', auth: 'Public', ...form }, trainingCategory: { id: cat } },
  });
  if (res.code !== 200) throw new Error(`training: ${res.code} ${res.msg}`);
  return res.data.id;
}

export async function addToTraining(t: TestApp, admin: CUser, tid: number, pid: number) {
  const res = await call(t, 'POST', '/admin/training/add-problem-from-public', { as: admin, body: { tid, pid } });
  if (res.code !== 200) throw new Error(`add problem: ${res.code} ${res.msg}`);
}

import { JudgeStatus } from '@verdict/shared';
import type { CUser } from './contest-fixtures.js';
import type { TestApp } from './helpers.js';

/** A judged submission outside any contest, written as a row (an admin testing a private problem, say). */
export async function plainSubmission(t: TestApp, u: CUser, pid: number, o: { gid?: number; status?: number; at?: number } = {}) {
  const ts = o.at ?? Date.now();
  const row = await t.ctx.db.insertInto('submission').values({
    pid, display_pid: String(pid), uid: u.uid, username: u.username, cid: 0, cpid: 0, gid: o.gid ?? 0, tid: 0, status: o.status ?? JudgeStatus.ACCEPTED,
    score: null, oi_rank_score: null, time: 1, memory: 1, length: 10, language: 'C++', code: 'int main(){}', share: 0, error_message: null,
    judger: 'test', is_manual: 0, case_done: 1, case_total: 1, ip: null, submit_time: ts, judge_time: ts, gmt_modified: ts,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

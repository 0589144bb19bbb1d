import { sql } from 'kysely';
import type { Db } from '../../db/index.js';

/**
 * Where waiting submissions stand in the local judge queue: 1 is the next task a worker claims.
 * Tasks ahead are the queued ones a local worker would claim first (lower priority value, or the
 * same and older; remote tasks wait in their sites' own queues). One statement for all of them,
 * each count a range of the claim index (state, priority, id). Submissions without a queued task
 * (being judged, judged remotely, finished) are left out.
 */
export async function queuePositions(db: Db, submitIds: number[]): Promise<Map<number, number>> {
  if (!submitIds.length) return new Map();
  const rows = await db.selectFrom('judge_task as t')
    .select(['t.ref_id', sql<number>`(SELECT count(*) FROM judge_task o WHERE o.state = 'queued' AND o.kind <> 'remote'
      AND (o.priority < t.priority OR (o.priority = t.priority AND o.id < t.id)))`.as('ahead')])
    .where('t.kind', '=', 'submission').where('t.state', '=', 'queued').where('t.ref_id', 'in', submitIds.map(String))
    .execute();
  return new Map(rows.map((r) => [Number(r.ref_id), Number(r.ahead) + 1]));
}

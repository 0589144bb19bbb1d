import { sql } from 'kysely';
import type { Db } from '../../db/index.js';

// `state || ''` keeps the planner off the state indexes where kind and ref_id find the few rows
// (a whole queue's rows were looked up otherwise, on every poll).
const queuedOffIndex = (alias: string) => sql<boolean>`${sql.ref(`${alias}.state`)} || '' = 'queued'`;

/**
 * Where waiting submissions stand in the local judge queue: 1 is the next task a worker claims.
 * Tasks ahead are the queued ones a local worker would claim first (lower priority value, or the
 * same and older; remote tasks wait in their sites' own queues). One statement for all of them.
 * Every waiting contestant's page polls this, so each count reads the claim index alone
 * (state, priority, id: two ranges, no row lookups), and the few queued remote tasks ahead are
 * taken off through the kind index. Submissions without a queued task (being judged, judged
 * remotely, finished) are left out.
 */
export async function queuePositions(db: Db, submitIds: number[]): Promise<Map<number, number>> {
  if (!submitIds.length) return new Map();
  const rows = await db.selectFrom('judge_task as t')
    .select(['t.ref_id', sql<number>`(SELECT count(*) FROM judge_task o WHERE o.state = 'queued' AND o.priority < t.priority)
      + (SELECT count(*) FROM judge_task o WHERE o.state = 'queued' AND o.priority = t.priority AND o.id < t.id)
      - (SELECT count(*) FROM judge_task o WHERE o.kind = 'remote' AND ${queuedOffIndex('o')}
          AND (o.priority < t.priority OR (o.priority = t.priority AND o.id < t.id)))`.as('ahead')])
    .where('t.kind', '=', 'submission').where('t.ref_id', 'in', submitIds.map(String)).where(queuedOffIndex('t'))
    .execute();
  return new Map(rows.map((r) => [Number(r.ref_id), Number(r.ahead) + 1]));
}

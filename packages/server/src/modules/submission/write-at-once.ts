import { sql, type Insertable, type RawBuilder } from 'kysely';
import type { AppContext } from '../../context.js';
import type { SubmissionTable } from '../../db/schema.js';
import type { ProblemRow, SubmissionRow } from './rows.js';
import { claimKeyForNewId } from './idempotency.js';
import { noteSubmittedFrom } from './problem-status.js';

/**
 * PostgreSQL: a submit's writes as one statement, data-modifying CTEs that commit together (the
 * key, the submission, the user's status row and the judge task), where the transaction took six
 * round trips (begin, four writes, commit). On a contest day each round trip waits for the server
 * process and the database backend to be scheduled again on a busy machine, so the fewer a submit
 * waits on, the shorter its tail. The rules are the transaction's own (submission/service.ts):
 * the key rule is idempotency.ts's, the status row problem-status.ts's, the task the judge's.
 *
 * The submission's id is drawn first, with the key claim when keyed. When another submit holds
 * the key, the claim yields no id, the submission's insert breaks its NOT NULL id and the whole
 * statement is undone: `null` is returned and the caller answers with that other submission.
 */
export async function writeSubmitAtOnce(
  ctx: AppContext, values: Insertable<SubmissionTable>, p: ProblemRow, o: { key: string | null; priority: number; t: number },
): Promise<SubmissionRow | null> {
  const keyed = o.key !== null;
  const q = ctx.db
    .with('claimed', () => cte(keyed ? claimKeyForNewId(values.uid, o.key!, o.t) : newSubmissionId))
    .with('sub', (qc) => qc.insertInto('submission').values({ ...values, id: claimedId }).returningAll())
    .with('st', () => cte(noteSubmittedFrom('sub')))
    .with('task', () => cte(ctx.services.judge.newSubmissionTaskFrom('sub', o.priority, p, o.t)))
    .selectFrom('sub').selectAll();
  try {
    return (await q.executeTakeFirstOrThrow()) as SubmissionRow;
  } catch (e) {
    if (keyed && isNullIdError(e)) return null;
    throw e;
  }
}

/** A statement as a CTE's body (Kysely puts raw SQL there as it is). */
const cte = <T>(body: RawBuilder<T>) => sql<T>`(${body})`;
const newSubmissionId = sql<{ id: number }>`SELECT nextval(pg_get_serial_sequence('submission', 'id')) AS id`;
const claimedId = sql<number>`(SELECT id FROM claimed)`;

const isNullIdError = (e: unknown) => {
  const err = e as { code?: string; column?: string; table?: string };
  return err.code === '23502' && err.column === 'id' && err.table === 'submission';
};

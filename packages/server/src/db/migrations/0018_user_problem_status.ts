import { sql, type Kysely } from 'kysely';

// Per-user problem standing (issue 16): one row per user, problem and scope (contest, group)
// with the user's latest submission, whether any was accepted and the best score, kept in step
// in the transactions that write submissions and verdicts. The problem list's status marks are
// then one keyed read per page, however many submissions the user has.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('user_problem_status')
    .addColumn('uid', 'integer', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('cid', 'integer', (c) => c.notNull())
    .addColumn('gid', 'integer', (c) => c.notNull())
    .addColumn('last_id', 'integer', (c) => c.notNull())
    .addColumn('ac', 'integer', (c) => c.notNull())
    .addColumn('best_score', 'integer')
    .addPrimaryKeyConstraint('pk_user_problem_status', ['uid', 'pid', 'cid', 'gid'])
    .execute();
  await sql`INSERT INTO user_problem_status (uid, pid, cid, gid, last_id, ac, best_score)
    SELECT uid, pid, cid, gid, max(id), max(CASE WHEN status = 0 THEN 1 ELSE 0 END), max(score)
    FROM submission GROUP BY uid, pid, cid, gid`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_problem_status').ifExists().execute();
}

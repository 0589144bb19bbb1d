import { sql, type Kysely } from 'kysely';

// Abuse limits (issue 26):
// - user_sub_ver.ver moves in every transaction that adds a user's submission or writes a verdict
//   (beside user_problem_status), so a profile's counts and heatmap are built once per version.
// - upload_budget: bytes uploaded per key ("user:<uid>:<day>", "group:<gid>"), taken atomically
//   before an upload's bytes are read.
// - discussion_report: one open report per user and discussion; older duplicates become handled.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('user_sub_ver')
    .addColumn('uid', 'integer', (c) => c.primaryKey())
    .addColumn('ver', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createTable('upload_budget')
    .addColumn('key', 'varchar(80)', (c) => c.primaryKey())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('gmt_modified', 'bigint', (c) => c.notNull())
    .execute();
  await sql`UPDATE discussion_report SET status = 1 WHERE status = 0 AND id NOT IN
    (SELECT min_id FROM (SELECT MIN(id) AS min_id FROM discussion_report WHERE status = 0 GROUP BY did, uid) AS firsts)`.execute(db);
  await db.schema.createIndex('uq_discussion_report_open').on('discussion_report').columns(['did', 'uid']).unique()
    .where(sql<boolean>`status = 0`).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('uq_discussion_report_open').ifExists().execute();
  await db.schema.dropTable('upload_budget').ifExists().execute();
  await db.schema.dropTable('user_sub_ver').ifExists().execute();
}

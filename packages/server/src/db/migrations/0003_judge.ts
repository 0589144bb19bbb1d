import type { Kysely } from 'kysely';

// Judge queue and submissions: a per-claim lease token (a late worker's result is refused when it
// no longer matches), the last failure of a task (kept for the admin), checker/interactor compile
// requests of the problem form, and the indexes the submission list and the claim query use.
export async function up(db: Kysely<any>): Promise<void> {
  const ms = 'bigint' as const;
  await db.schema.alterTable('judge_task').addColumn('lease_token', 'varchar(64)').execute();
  await db.schema.alterTable('judge_task').addColumn('last_error', 'text').execute();
  await db.schema.createIndex('idx_judge_task_lease').on('judge_task').columns(['state', 'lease_expires_at']).execute();
  await db.schema.createIndex('idx_test_run_expires').on('test_run').columns(['expires_at']).execute();

  // "Compile" button of the problem form: compiled by a worker like any task, polled by the server.
  await db.schema.createTable('judge_compile')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('pid', 'integer')
    .addColumn('mode', 'varchar(20)', (c) => c.notNull())
    .addColumn('language', 'varchar(50)', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('extra_files', 'text', (c) => c.notNull())
    .addColumn('ok', 'integer')
    .addColumn('message', 'text')
    .addColumn('expires_at', ms, (c) => c.notNull())
    .execute();

  // Submission list filters (spec 01 §7): problem, status and user within the public list.
  await db.schema.createIndex('idx_submission_display_pid').on('submission').columns(['display_pid', 'id']).execute();
  await db.schema.createIndex('idx_submission_scope_status').on('submission').columns(['cid', 'gid', 'status', 'id']).execute();
  await db.schema.createIndex('idx_submission_scope_pid').on('submission').columns(['cid', 'gid', 'pid', 'id']).execute();
  // Per-user pages and counts answered from the index alone (username and only-mine filters).
  await db.schema.createIndex('idx_submission_user_scope').on('submission').columns(['uid', 'cid', 'gid', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('idx_submission_user_scope').ifExists().execute();
  await db.schema.dropIndex('idx_submission_scope_pid').ifExists().execute();
  await db.schema.dropIndex('idx_submission_scope_status').ifExists().execute();
  await db.schema.dropIndex('idx_submission_display_pid').ifExists().execute();
  await db.schema.dropTable('judge_compile').ifExists().execute();
  await db.schema.dropIndex('idx_test_run_expires').ifExists().execute();
  await db.schema.dropIndex('idx_judge_task_lease').ifExists().execute();
  await db.schema.alterTable('judge_task').dropColumn('last_error').execute();
  await db.schema.alterTable('judge_task').dropColumn('lease_token').execute();
}

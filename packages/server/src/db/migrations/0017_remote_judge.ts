import type { Kysely } from 'kysely';
import { addId } from '../dialect.js';

// Remote judges (issue 17): a switch and base URL per home site, a pool of accounts per site
// (secrets encrypted, a lease marks the busy ones), what a remote submission reached on its home
// site (so a restart resumes polling instead of submitting twice), the remote id of imported
// problems and the site of a remote judge task (the remote worker claims only sites it has a
// free account for; local workers never claim remote tasks).
export async function up(db: Kysely<any>): Promise<void> {
  const ms = 'bigint' as const;
  await db.schema.createTable('remote_site')
    .addColumn('oj', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('base_url', 'varchar(300)')
    .addColumn('gmt_modified', ms, (c) => c.notNull())
    .execute();

  await addId(db, db.schema.createTable('remote_account'))
    .addColumn('oj', 'varchar(10)', (c) => c.notNull())
    .addColumn('username', 'varchar(100)', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('lease_owner', 'varchar(100)')
    .addColumn('lease_token', 'varchar(64)')
    .addColumn('lease_expires_at', ms)
    .addColumn('last_used_at', ms)
    .addColumn('last_error', 'text')
    .addColumn('gmt_create', ms, (c) => c.notNull())
    .addColumn('gmt_modified', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_remote_account_user').on('remote_account').columns(['oj', 'username']).unique().execute();

  await db.schema.createTable('remote_submission')
    .addColumn('submit_id', 'integer', (c) => c.primaryKey())
    .addColumn('oj', 'varchar(10)', (c) => c.notNull())
    .addColumn('remote_pid', 'varchar(50)', (c) => c.notNull())
    .addColumn('account_id', 'integer')
    .addColumn('run_id', 'varchar(64)')
    .addColumn('submitted_at', ms)
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .execute();

  await db.schema.alterTable('problem').addColumn('remote_pid', 'varchar(50)').execute();
  await db.schema.alterTable('judge_task').addColumn('site', 'varchar(10)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('judge_task').dropColumn('site').execute();
  await db.schema.alterTable('problem').dropColumn('remote_pid').execute();
  await db.schema.dropTable('remote_submission').ifExists().execute();
  await db.schema.dropIndex('idx_remote_account_user').ifExists().execute();
  await db.schema.dropTable('remote_account').ifExists().execute();
  await db.schema.dropTable('remote_site').ifExists().execute();
}

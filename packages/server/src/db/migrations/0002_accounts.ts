import type { Kysely } from 'kysely';
import { addId } from '../dialect.js';

// Accounts and site administration: system notices sent to every user, and short-lived
// downloads (the password list of generated users).
export async function up(db: Kysely<any>): Promise<void> {
  const ms = 'bigint' as const;

  await addId(db, db.schema.createTable('admin_sys_notice'))
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('uid', 'integer', (c) => c.notNull())
    .addColumn('recipient_type', 'varchar(20)', (c) => c.notNull().defaultTo('All'))
    .addColumn('gmt_create', ms, (c) => c.notNull())
    .addColumn('gmt_modified', ms, (c) => c.notNull())
    .execute();

  await addId(db, db.schema.createTable('user_sys_notice'))
    .addColumn('sys_notice_id', 'integer', (c) => c.notNull())
    .addColumn('recipient_uid', 'integer', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull().defaultTo('Sys'))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gmt_create', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_user_sys_notice_uid').on('user_sys_notice').columns(['recipient_uid', 'type', 'id']).execute();
  await db.schema.createIndex('idx_user_sys_notice_notice').on('user_sys_notice').columns(['sys_notice_id']).execute();

  await db.schema.createTable('download_blob')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('uid', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('expires_at', ms, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['download_blob', 'user_sys_notice', 'admin_sys_notice']) await db.schema.dropTable(t).ifExists().execute();
}

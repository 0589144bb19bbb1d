import type { Kysely } from 'kysely';

// Submit idempotency (issue 16): a client that sends `Idempotency-Key` with a submit and retries
// it (the answer was lost, the server process died after committing) gets the first submission
// back instead of a second one. One row per (user, key), written in the submitting transaction;
// the primary key makes two concurrent submits with one key agree on one submission on both
// databases. Rows older than a day are reused or swept.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('submit_idempotency')
    .addColumn('uid', 'integer', (c) => c.notNull())
    .addColumn('idem_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('submit_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_submit_idempotency', ['uid', 'idem_key'])
    .execute();
  await db.schema.createIndex('idx_submit_idempotency_created').on('submit_idempotency').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('submit_idempotency').ifExists().execute();
}

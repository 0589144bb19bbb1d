import type { Kysely } from 'kysely';

// Message pages kept per process (issue 14): user_msg_count.ver moves with every change to a
// user's messages (added, read, deleted, cleaned; system notices sent or withdrawn), in the
// statement that moves the user's counters, so a process keeps each message page it built until
// the version it reads moves. Only its movement matters: existing rows start at 0.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_msg_count').addColumn('ver', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_msg_count').dropColumn('ver').execute();
}

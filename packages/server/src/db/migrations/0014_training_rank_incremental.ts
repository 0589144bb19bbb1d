import type { Kysely } from 'kysely';

// Training ranks kept incrementally: each participant row carries the training rank version of
// its last change, so a server holding a sorted copy reads only the rows newer than its copy.
// The rank-order indexes go: both ranks are sorted in memory now, and every verdict paid for
// writing them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('training_participant').addColumn('ver', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('idx_training_participant_ver').on('training_participant').columns(['tid', 'ver']).execute();
  await db.schema.dropIndex('idx_training_participant_rank').ifExists().execute();
  await db.schema.dropIndex('idx_rank_user_acm').ifExists().execute();
  await db.schema.dropIndex('idx_rank_user_oi').ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('idx_rank_user_oi').on('rank_user').columns(['score', 'ac', 'uid']).execute();
  await db.schema.createIndex('idx_rank_user_acm').on('rank_user').columns(['ac', 'total', 'uid']).execute();
  await db.schema.createIndex('idx_training_participant_rank').on('training_participant').columns(['tid', 'ac', 'total_run_time']).execute();
  await db.schema.dropIndex('idx_training_participant_ver').ifExists().execute();
  await db.schema.alterTable('training_participant').dropColumn('ver').execute();
}

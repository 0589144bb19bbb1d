import type { Kysely } from 'kysely';

// Rank versions for the in-memory ranks: rank_user.ver and rank_state (the global rank version),
// training.rank_ver (a training's rank version). A database migrated by an interim copy of
// 0013_training may already have them, so each is added only when missing.
export async function up(db: Kysely<any>): Promise<void> {
  const tables = await db.introspection.getTables();
  const cols = (name: string) => new Set(tables.find((t) => t.name === name)?.columns.map((c) => c.name) ?? []);
  if (!cols('rank_user').has('ver')) {
    await db.schema.alterTable('rank_user').addColumn('ver', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.createIndex('idx_rank_user_ver').on('rank_user').column('ver').execute();
  }
  if (!tables.some((t) => t.name === 'rank_state')) {
    await db.schema.createTable('rank_state')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('ver', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.insertInto('rank_state').values({ id: 1, ver: 0 }).execute();
  }
  if (!cols('training').has('rank_ver')) {
    await db.schema.alterTable('training').addColumn('rank_ver', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rank_state').ifExists().execute();
  await db.schema.dropIndex('idx_rank_user_ver').ifExists().execute();
  await db.schema.alterTable('rank_user').dropColumn('ver').execute();
  await db.schema.alterTable('training').dropColumn('rank_ver').execute();
}

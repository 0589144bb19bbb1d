import { sql, type Kysely } from 'kysely';

// Comment pages kept per process (issue 14): discussion.comment_ver moves with every change a
// discussion's comment pages show (a comment or reply added or deleted, a comment liked or
// unliked), in the same transaction, so a process keeps each page it built until the version it
// read with the discussion row moves. Only its movement matters; existing rows start from their
// comment count (a version that already differs between discussions with different histories).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('discussion').addColumn('comment_ver', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update discussion set comment_ver = comment_num`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('discussion').dropColumn('comment_ver').execute();
}

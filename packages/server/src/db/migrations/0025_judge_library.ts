import type { Kysely } from 'kysely';

// The site-wide judge library (issue 28): headers such as testlib.h that every checker,
// interactor and validator compile sees. Bytes live on disk under DATA_DIR/judge-library/<name>;
// the row keeps the hash the library version is made of. problem.checker_convention says how
// the checker is called: 'testlib' (checker input output answer) or 'hustoj' (FPS spj: input answer output).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('judge_library')
    .addColumn('name', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('uid', 'integer', (c) => c.notNull())
    .addColumn('gmt_modified', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('problem').addColumn('checker_convention', 'varchar(16)', (c) => c.notNull().defaultTo('testlib')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('problem').dropColumn('checker_convention').execute();
  await db.schema.dropTable('judge_library').execute();
}

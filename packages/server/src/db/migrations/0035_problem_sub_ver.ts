import type { Kysely } from 'kysely';

// Public problem counts (issue 26 item 1): problem_sub_ver.ver moves in every transaction that
// writes a verdict or a rejudge reset of the problem's submissions (a judge step), so a problem's
// per-verdict counts are read once per version instead of grouped on every page view.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('problem_sub_ver')
    .addColumn('pid', 'integer', (c) => c.primaryKey())
    .addColumn('ver', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('problem_sub_ver').ifExists().execute();
}

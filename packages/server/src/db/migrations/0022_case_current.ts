import type { Kysely } from 'kysely';

// The test a remote judge is running now (Codeforces' "Running on test 7"), beside case_done and
// case_total: a site that names the running test but not how many there are has no k/n to show.
// 0 when unknown; local judges never set it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('submission').addColumn('case_current', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('submission').dropColumn('case_current').execute();
}

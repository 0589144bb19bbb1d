import type { Kysely } from 'kysely';
import { addId } from '../dialect.js';

// Virtual participation (issue 30). contest_virtual: a user's one virtual run of an ended contest
// (their own start and end, the contest's duration apart). submission.is_virtual: 1 on the
// submissions made during such a run (judged as contest submissions, never counted in the real
// contest's rank, statistics, first-blood marks, awards, ratings or plagiarism checks).
export async function up(db: Kysely<any>): Promise<void> {
  const ms = 'bigint' as const;
  await addId(db, db.schema.createTable('contest_virtual'))
    .addColumn('cid', 'integer', (c) => c.notNull())
    .addColumn('uid', 'integer', (c) => c.notNull())
    .addColumn('start_time', ms, (c) => c.notNull())
    .addColumn('end_time', ms, (c) => c.notNull())
    .addColumn('gmt_create', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contest_virtual_cid_uid').on('contest_virtual').columns(['cid', 'uid']).unique().execute();
  await db.schema.createIndex('contest_virtual_uid').on('contest_virtual').columns(['uid', 'start_time']).execute();
  await db.schema.alterTable('submission').addColumn('is_virtual', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('submission').dropColumn('is_virtual').execute();
  await db.schema.dropTable('contest_virtual').execute();
}

import type { Kysely } from 'kysely';
import { addId } from '../dialect.js';

// Contest ratings (issue 30). contest.rated: the admin form's switch. contest_rating_job: one row
// per rated contest, claimed with a lease (owner + lease_until) so that one server computes it once
// and a job left by a dead process is taken again. contest_rating: each rated user's change in a
// contest. user_rating: the user's current rating (that of their latest rated contest).
export async function up(db: Kysely<any>): Promise<void> {
  const ms = 'bigint' as const;
  await db.schema.alterTable('contest').addColumn('rated', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await addId(db, db.schema.createTable('contest_rating_job'))
    .addColumn('cid', 'integer', (c) => c.notNull().unique())
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('owner', 'varchar(64)')
    .addColumn('lease_until', ms)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rated_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('done_at', ms)
    .execute();

  await addId(db, db.schema.createTable('contest_rating'))
    .addColumn('cid', 'integer', (c) => c.notNull())
    .addColumn('uid', 'integer', (c) => c.notNull())
    .addColumn('old_rating', 'integer', (c) => c.notNull())
    .addColumn('new_rating', 'integer', (c) => c.notNull())
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addColumn('performance', 'integer', (c) => c.notNull())
    .addColumn('is_first', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('contest_end', ms, (c) => c.notNull())
    .addColumn('gmt_create', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contest_rating_cid_uid').on('contest_rating').columns(['cid', 'uid']).unique().execute();
  await db.schema.createIndex('contest_rating_uid_end').on('contest_rating').columns(['uid', 'contest_end']).execute();

  await db.schema.createTable('user_rating')
    .addColumn('uid', 'integer', (c) => c.primaryKey())
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('contests', 'integer', (c) => c.notNull())
    .addColumn('gmt_modified', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_rating_rating').on('user_rating').columns(['rating']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_rating').execute();
  await db.schema.dropTable('contest_rating').execute();
  await db.schema.dropTable('contest_rating_job').execute();
  await db.schema.alterTable('contest').dropColumn('rated').execute();
}

import type { Kysely } from 'kysely';
import { addId } from '../dialect.js';

// Groups (spec 03 §3): the group itself and one row per user who joined or applied.
// Group content lives in the existing tables through their gid column (problem, training,
// contest, discussion, announcement, submission); this adds the indexes a group's tabs read by.
export async function up(db: Kysely<any>): Promise<void> {
  const ms = 'bigint' as const;

  await addId(db, db.schema.createTable('group_info'))
    .addColumn('avatar', 'varchar(255)')
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('short_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('brief', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('owner', 'varchar(50)', (c) => c.notNull())
    .addColumn('uid', 'integer', (c) => c.notNull())
    .addColumn('auth', 'integer', (c) => c.notNull())
    .addColumn('code', 'varchar(20)')
    .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gmt_create', ms, (c) => c.notNull())
    .addColumn('gmt_modified', ms, (c) => c.notNull())
    .execute();
  // Unique names: two creators racing for one name get the duplicate message, not two groups.
  await db.schema.createIndex('idx_group_name').on('group_info').columns(['name']).unique().execute();
  await db.schema.createIndex('idx_group_short_name').on('group_info').columns(['short_name']).unique().execute();
  await db.schema.createIndex('idx_group_list').on('group_info').columns(['status', 'visible', 'id']).execute();
  await db.schema.createIndex('idx_group_uid').on('group_info').columns(['uid']).execute();

  await addId(db, db.schema.createTable('group_member'))
    .addColumn('gid', 'integer', (c) => c.notNull())
    .addColumn('uid', 'integer', (c) => c.notNull())
    .addColumn('auth', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(255)')
    .addColumn('gmt_create', ms, (c) => c.notNull())
    .addColumn('gmt_modified', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_group_member').on('group_member').columns(['gid', 'uid']).unique().execute();
  await db.schema.createIndex('idx_group_member_auth').on('group_member').columns(['gid', 'auth', 'id']).execute();
  await db.schema.createIndex('idx_group_member_uid').on('group_member').columns(['uid', 'auth']).execute();

  // A group's tabs list its rows by gid.
  await db.schema.createIndex('idx_problem_gid').on('problem').columns(['gid', 'id']).execute();
  await db.schema.alterTable('problem').addColumn('origin_gid', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('idx_problem_apply').on('problem').columns(['apply_public_progress']).execute();
  await db.schema.createIndex('idx_training_gid').on('training').columns(['gid', 'rank']).execute();
  await db.schema.createIndex('idx_contest_gid').on('contest').columns(['gid', 'start_time']).execute();
  await db.schema.createIndex('idx_discussion_gid').on('discussion').columns(['gid', 'status']).execute();
  await db.schema.createIndex('idx_submission_gid_user').on('submission').columns(['gid', 'cid', 'uid', 'pid']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const i of ['idx_problem_gid', 'idx_problem_apply', 'idx_training_gid', 'idx_contest_gid', 'idx_discussion_gid', 'idx_submission_gid_user']) {
    await db.schema.dropIndex(i).ifExists().execute();
  }
  await db.schema.alterTable('problem').dropColumn('origin_gid').execute();
  await db.schema.dropTable('group_member').ifExists().execute();
  await db.schema.dropTable('group_info').ifExists().execute();
}

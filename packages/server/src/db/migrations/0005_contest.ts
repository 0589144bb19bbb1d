import type { Kysely } from 'kysely';
import { addId } from '../dialect.js';

// Contests: the contest row, its problems, registrations, rank cells kept per
// (contest, user, problem), first-solve (balloon) records and print requests.
// Contest announcements reuse the `announcement` table of 0001 (its cid column).
export async function up(db: Kysely<any>): Promise<void> {
  const ms = 'bigint' as const;

  await addId(db, db.schema.createTable('contest'))
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('auth', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pwd', 'varchar(100)')
    .addColumn('start_time', ms, (c) => c.notNull())
    .addColumn('end_time', ms, (c) => c.notNull())
    .addColumn('duration', ms, (c) => c.notNull())
    .addColumn('seal_rank', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seal_rank_time', ms)
    .addColumn('auto_real_rank', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('open_rank', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('open_print', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('allow_end_submit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rank_show_name', 'varchar(20)', (c) => c.notNull().defaultTo('username'))
    .addColumn('open_account_limit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('account_limit_rule', 'text')
    .addColumn('star_account', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('oi_rank_score_type', 'varchar(20)', (c) => c.notNull().defaultTo('Recent'))
    .addColumn('award_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('award_config', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('uid', 'integer', (c) => c.notNull())
    .addColumn('author', 'varchar(50)', (c) => c.notNull())
    .addColumn('gid', 'integer', (c) => c.notNull().defaultTo(0))
    // Bumped on every rank-cell change; servers sync their in-memory rank from it.
    .addColumn('rank_ver', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gmt_create', ms, (c) => c.notNull())
    .addColumn('gmt_modified', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_contest_list').on('contest').columns(['visible', 'gid', 'start_time']).execute();

  await addId(db, db.schema.createTable('contest_problem'))
    .addColumn('cid', 'integer', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('display_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('display_title', 'varchar(255)', (c) => c.notNull())
    .addColumn('color', 'varchar(30)')
    .addColumn('gmt_create', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_contest_problem_display').on('contest_problem').columns(['cid', 'display_id']).unique().execute();
  await db.schema.createIndex('idx_contest_problem_pid').on('contest_problem').columns(['cid', 'pid']).unique().execute();

  await addId(db, db.schema.createTable('contest_register'))
    .addColumn('cid', 'integer', (c) => c.notNull())
    .addColumn('uid', 'integer', (c) => c.notNull())
    .addColumn('gmt_create', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_contest_register').on('contest_register').columns(['cid', 'uid']).unique().execute();

  await db.schema.createTable('contest_rank_cell')
    .addColumn('cid', 'integer', (c) => c.notNull())
    .addColumn('uid', 'integer', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    // JSON list of the user's submissions on the problem: [msFromStart, status, score, runTime, submitId]
    .addColumn('subs', 'text', (c) => c.notNull())
    .addColumn('ver', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_contest_rank_cell', ['cid', 'uid', 'pid'])
    .execute();
  await db.schema.createIndex('idx_contest_rank_cell_ver').on('contest_rank_cell').columns(['cid', 'ver']).execute();
  await db.schema.createIndex('idx_submission_contest_cell').on('submission').columns(['cid', 'uid', 'pid']).execute();

  await addId(db, db.schema.createTable('contest_ac_info'))
    .addColumn('cid', 'integer', (c) => c.notNull())
    .addColumn('uid', 'integer', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('submit_id', 'integer', (c) => c.notNull())
    .addColumn('submit_time', ms, (c) => c.notNull())
    .addColumn('first_blood', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('checked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gmt_create', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_contest_ac_info').on('contest_ac_info').columns(['cid', 'uid', 'pid']).unique().execute();

  await addId(db, db.schema.createTable('contest_print'))
    .addColumn('cid', 'integer', (c) => c.notNull())
    .addColumn('uid', 'integer', (c) => c.notNull())
    .addColumn('username', 'varchar(50)', (c) => c.notNull())
    .addColumn('realname', 'varchar(100)')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gmt_create', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_contest_print').on('contest_print').columns(['cid', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('idx_submission_contest_cell').ifExists().execute();
  for (const t of ['contest_print', 'contest_ac_info', 'contest_rank_cell', 'contest_register', 'contest_problem', 'contest']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}

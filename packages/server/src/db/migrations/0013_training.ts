import { sql, type Kysely } from 'kysely';
import { addId } from '../dialect.js';

// Trainings (spec 02, spec 03 §5) and the global ACM/OI ranks.
// Ranks are kept incrementally: one row per (user, problem) and one per user, updated when a
// verdict lands, so a rank page is an indexed read, never a scan of the submissions.
export async function up(db: Kysely<any>): Promise<void> {
  const ms = 'bigint' as const;

  await addId(db, db.schema.createTable('training_category'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('color', 'varchar(30)')
    .addColumn('gid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gmt_create', ms, (c) => c.notNull())
    .addColumn('gmt_modified', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_training_category_name').on('training_category').columns(['gid', 'name']).unique().execute();

  await addId(db, db.schema.createTable('training'))
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('author', 'varchar(50)', (c) => c.notNull())
    .addColumn('uid', 'integer', (c) => c.notNull())
    .addColumn('auth', 'varchar(20)', (c) => c.notNull().defaultTo('Public'))
    .addColumn('private_pwd', 'varchar(100)')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('rank', 'integer', (c) => c.notNull().defaultTo(1000))
    .addColumn('gid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .addColumn('rank_show_name', 'varchar(20)', (c) => c.notNull().defaultTo('username'))
    .addColumn('gmt_create', ms, (c) => c.notNull())
    .addColumn('gmt_modified', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_training_list').on('training').columns(['status', 'gid', 'rank']).execute();
  await db.schema.createIndex('idx_training_category').on('training').columns(['category_id']).execute();

  await addId(db, db.schema.createTable('training_problem'))
    .addColumn('tid', 'integer', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('display_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('rank', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gmt_create', ms, (c) => c.notNull())
    .addColumn('gmt_modified', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_training_problem').on('training_problem').columns(['tid', 'pid']).unique().execute();
  await db.schema.createIndex('idx_training_problem_display').on('training_problem').columns(['tid', 'display_id']).unique().execute();
  await db.schema.createIndex('idx_training_problem_pid').on('training_problem').columns(['pid']).execute();

  await addId(db, db.schema.createTable('training_register'))
    .addColumn('tid', 'integer', (c) => c.notNull())
    .addColumn('uid', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('gmt_create', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_training_register').on('training_register').columns(['tid', 'uid']).unique().execute();

  // A participant: a user who submitted inside the training or registered to a private one.
  await db.schema.createTable('training_participant')
    .addColumn('tid', 'integer', (c) => c.notNull())
    .addColumn('uid', 'integer', (c) => c.notNull())
    .addColumn('ac', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_run_time', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gmt_modified', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_training_participant', ['tid', 'uid'])
    .execute();
  await db.schema.createIndex('idx_training_participant_rank').on('training_participant').columns(['tid', 'ac', 'total_run_time']).execute();
  await db.schema.createIndex('idx_training_participant_uid').on('training_participant').columns(['uid']).execute();

  // A participant's result on one training problem: the best of their submissions outside contests.
  await db.schema.createTable('training_rank_cell')
    .addColumn('tid', 'integer', (c) => c.notNull())
    .addColumn('uid', 'integer', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('ac', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_time', 'integer')
    .addPrimaryKeyConstraint('pk_training_rank_cell', ['tid', 'uid', 'pid'])
    .execute();
  await db.schema.createIndex('idx_training_rank_cell_pid').on('training_rank_cell').columns(['tid', 'pid']).execute();

  // Global ranks: only public problems (auth 1, no group) and submissions outside contests count.
  await db.schema.createTable('rank_user_problem')
    .addColumn('uid', 'integer', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('ac', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('subs', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('best_oi', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('pk_rank_user_problem', ['uid', 'pid'])
    .execute();
  await db.schema.createIndex('idx_rank_user_problem_pid').on('rank_user_problem').columns(['pid']).execute();

  await db.schema.createTable('rank_user')
    .addColumn('uid', 'integer', (c) => c.primaryKey())
    .addColumn('ac', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gmt_modified', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_rank_user_acm').on('rank_user').columns(['ac', 'total', 'uid']).execute();
  await db.schema.createIndex('idx_rank_user_oi').on('rank_user').columns(['score', 'ac', 'uid']).execute();
  await db.schema.createIndex('idx_submission_user_problem').on('submission').columns(['uid', 'pid', 'cid']).execute();

  // Existing sites: fill the global rank once from the submissions already judged.
  await sql`INSERT INTO rank_user_problem (uid, pid, ac, subs, best_oi)
    SELECT s.uid, s.pid, MAX(CASE WHEN s.status = 0 THEN 1 ELSE 0 END), COUNT(*), COALESCE(MAX(s.oi_rank_score), 0)
    FROM submission s JOIN problem p ON p.id = s.pid
    WHERE s.cid = 0 AND p.auth = 1 AND p.gid = 0 AND s.status NOT IN (5, 6, 7, 9)
    GROUP BY s.uid, s.pid`.execute(db);
  await sql`INSERT INTO rank_user (uid, ac, total, score, gmt_modified)
    SELECT uid, SUM(ac), SUM(subs), SUM(best_oi), ${Date.now()} FROM rank_user_problem GROUP BY uid`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('idx_submission_user_problem').ifExists().execute();
  for (const t of ['rank_user', 'rank_user_problem', 'training_rank_cell', 'training_participant', 'training_register', 'training_problem', 'training', 'training_category']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}

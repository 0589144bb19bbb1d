import { sql, type Kysely } from 'kysely';
import { addId } from '../dialect.js';

// Core tables for accounts, site, problems, submissions and the judge queue.
// Timestamps are epoch ms in bigint columns; booleans are 0/1 integers.
export async function up(db: Kysely<any>): Promise<void> {
  const ms = 'bigint' as const;

  await addId(db, db.schema.createTable('user'))
    .addColumn('username', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('email', 'varchar(255)', (c) => c.unique())
    .addColumn('nickname', 'varchar(50)')
    .addColumn('realname', 'varchar(100)')
    .addColumn('school', 'varchar(100)')
    .addColumn('course', 'varchar(100)')
    .addColumn('number', 'varchar(50)')
    .addColumn('gender', 'varchar(10)', (c) => c.notNull().defaultTo('secrecy'))
    .addColumn('avatar', 'varchar(255)')
    .addColumn('signature', 'text')
    .addColumn('github', 'varchar(255)')
    .addColumn('blog', 'varchar(255)')
    .addColumn('cf_username', 'varchar(50)')
    .addColumn('title_name', 'varchar(50)')
    .addColumn('title_color', 'varchar(20)')
    .addColumn('role', 'integer', (c) => c.notNull().defaultTo(1002))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_login_time', ms)
    .addColumn('last_login_ip', 'varchar(64)')
    .addColumn('gmt_create', ms, (c) => c.notNull())
    .addColumn('gmt_modified', ms, (c) => c.notNull())
    .execute();

  await db.schema.createTable('user_session')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('uid', 'integer', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('expires_at', ms, (c) => c.notNull())
    .addColumn('revoked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(255)')
    .addColumn('is_admin_login', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('idx_session_uid').on('user_session').columns(['uid', 'created_at']).execute();

  await db.schema.createTable('throttle')
    .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_start', ms, (c) => c.notNull())
    .addColumn('locked_until', ms, (c) => c.notNull())
    .execute();

  await addId(db, db.schema.createTable('email_code'))
    .addColumn('email', 'varchar(255)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('uid', 'integer')
    .addColumn('sent_at', ms, (c) => c.notNull())
    .addColumn('expires_at', ms, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('idx_email_code').on('email_code').columns(['email', 'purpose', 'sent_at']).execute();

  await db.schema.createTable('captcha')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('text', 'varchar(16)', (c) => c.notNull())
    .addColumn('expires_at', ms, (c) => c.notNull())
    .execute();

  await db.schema.createTable('site_config')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await addId(db, db.schema.createTable('announcement'))
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('uid', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gmt_create', ms, (c) => c.notNull())
    .addColumn('gmt_modified', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_announcement_scope').on('announcement').columns(['cid', 'gid', 'gmt_create']).execute();

  await addId(db, db.schema.createTable('file'))
    .addColumn('uid', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('mime', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('gid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gmt_create', ms, (c) => c.notNull())
    .execute();

  await addId(db, db.schema.createTable('problem'))
    .addColumn('problem_id', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('author_uid', 'integer', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('time_limit', 'integer', (c) => c.notNull().defaultTo(1000))
    .addColumn('memory_limit', 'integer', (c) => c.notNull().defaultTo(256))
    .addColumn('stack_limit', 'integer', (c) => c.notNull().defaultTo(128))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('input', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('output', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('examples', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('hint', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('difficulty', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('auth', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('io_score', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('code_share', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('judge_mode', 'varchar(20)', (c) => c.notNull().defaultTo('default'))
    .addColumn('judge_case_mode', 'varchar(30)', (c) => c.notNull().defaultTo('default'))
    .addColumn('spj_code', 'text')
    .addColumn('spj_language', 'varchar(50)')
    .addColumn('spj_compile_ok', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_remove_end_blank', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('open_case_result', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_upload_case', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('user_extra_file', 'text')
    .addColumn('judge_extra_file', 'text')
    .addColumn('is_file_io', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('io_read_file_name', 'varchar(100)')
    .addColumn('io_write_file_name', 'varchar(100)')
    .addColumn('is_remote', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remote_oj', 'varchar(20)')
    .addColumn('case_version', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('gid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('apply_public_progress', 'integer')
    .addColumn('modified_user', 'varchar(50)')
    .addColumn('gmt_create', ms, (c) => c.notNull())
    .addColumn('gmt_modified', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_problem_list').on('problem').columns(['auth', 'gid', 'id']).execute();
  await db.schema.createIndex('idx_problem_modified').on('problem').columns(['gmt_modified']).execute();

  await addId(db, db.schema.createTable('tag_classification'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('oj', 'varchar(20)', (c) => c.notNull().defaultTo('ME'))
    .addColumn('rank', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gmt_create', ms, (c) => c.notNull())
    .execute();

  await addId(db, db.schema.createTable('tag'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('color', 'varchar(20)')
    .addColumn('oj', 'varchar(20)', (c) => c.notNull().defaultTo('ME'))
    .addColumn('gid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('classification_id', 'integer')
    .addColumn('gmt_create', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_tag_unique').on('tag').columns(['name', 'oj', 'gid']).unique().execute();

  await db.schema.createTable('problem_tag')
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('tid', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_problem_tag', ['pid', 'tid'])
    .execute();
  await db.schema.createIndex('idx_problem_tag_tid').on('problem_tag').columns(['tid', 'pid']).execute();

  await db.schema.createTable('problem_language')
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('language', 'varchar(50)', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_problem_language', ['pid', 'language'])
    .execute();

  await addId(db, db.schema.createTable('code_template'))
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('language', 'varchar(50)', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('idx_code_template_pid').on('code_template').columns(['pid']).execute();

  await addId(db, db.schema.createTable('problem_case'))
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('input', 'varchar(255)', (c) => c.notNull())
    .addColumn('output', 'varchar(255)', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('group_num', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('idx_problem_case_pid').on('problem_case').columns(['pid', 'seq']).execute();

  await addId(db, db.schema.createTable('submission'))
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('display_pid', 'varchar(100)', (c) => c.notNull())
    .addColumn('uid', 'integer', (c) => c.notNull())
    .addColumn('username', 'varchar(50)', (c) => c.notNull())
    .addColumn('cid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cpid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('score', 'integer')
    .addColumn('oi_rank_score', 'integer')
    .addColumn('time', 'integer')
    .addColumn('memory', 'integer')
    .addColumn('length', 'integer', (c) => c.notNull())
    .addColumn('language', 'varchar(50)', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('share', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error_message', 'text')
    .addColumn('judger', 'varchar(100)')
    .addColumn('is_manual', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('case_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('case_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ip', 'varchar(64)')
    .addColumn('submit_time', ms, (c) => c.notNull())
    .addColumn('judge_time', ms)
    .addColumn('gmt_modified', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_submission_list').on('submission').columns(['cid', 'gid', 'id']).execute();
  await db.schema.createIndex('idx_submission_uid').on('submission').columns(['uid', 'id']).execute();
  await db.schema.createIndex('idx_submission_pid').on('submission').columns(['pid', 'status']).execute();
  await db.schema.createIndex('idx_submission_uid_pid').on('submission').columns(['uid', 'pid', 'status']).execute();
  await db.schema.createIndex('idx_submission_time').on('submission').columns(['submit_time']).execute();
  await db.schema.createIndex('idx_submission_status').on('submission').columns(['status', 'id']).execute();

  await addId(db, db.schema.createTable('judge_case'))
    .addColumn('submit_id', 'integer', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('case_id', 'integer')
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('time', 'integer')
    .addColumn('memory', 'integer')
    .addColumn('score', 'integer')
    .addColumn('group_num', 'integer')
    .addColumn('input_data', 'varchar(255)')
    .addColumn('output_data', 'varchar(255)')
    .addColumn('user_output', 'text')
    .addColumn('message', 'text')
    .execute();
  await db.schema.createIndex('idx_judge_case_submit').on('judge_case').columns(['submit_id', 'seq']).execute();

  await addId(db, db.schema.createTable('judge_task'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('ref_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull())
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('lease_owner', 'varchar(100)')
    .addColumn('lease_expires_at', ms)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_judge_task_claim').on('judge_task').columns(['state', 'priority', 'id']).execute();
  await db.schema.createIndex('idx_judge_task_ref').on('judge_task').columns(['kind', 'ref_id']).execute();

  await db.schema.createTable('test_run')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('uid', 'integer', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('language', 'varchar(50)', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('user_input', 'text', (c) => c.notNull())
    .addColumn('expected_output', 'text')
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('result', 'text')
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('expires_at', ms, (c) => c.notNull())
    .execute();

  await addId(db, db.schema.createTable('judge_server'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('version', 'varchar(50)', (c) => c.notNull())
    .addColumn('cpu_cores', 'integer', (c) => c.notNull())
    .addColumn('slots', 'integer', (c) => c.notNull())
    .addColumn('languages', 'text', (c) => c.notNull())
    .addColumn('isolation', 'varchar(50)', (c) => c.notNull())
    .addColumn('load', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('running', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_local', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_heartbeat', ms, (c) => c.notNull())
    .addColumn('gmt_create', ms, (c) => c.notNull())
    .execute();

  await addId(db, db.schema.createTable('user_accept'))
    .addColumn('uid', 'integer', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('submit_id', 'integer', (c) => c.notNull())
    .addColumn('cid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gmt_create', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_user_accept_uid').on('user_accept').columns(['uid', 'pid']).execute();
  await db.schema.createIndex('idx_user_accept_time').on('user_accept').columns(['gmt_create']).execute();
  void sql;
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['user_accept', 'judge_server', 'test_run', 'judge_task', 'judge_case', 'submission', 'problem_case',
    'code_template', 'problem_language', 'problem_tag', 'tag', 'tag_classification', 'problem', 'file', 'announcement',
    'site_config', 'captcha', 'email_code', 'throttle', 'user_session', 'user']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}

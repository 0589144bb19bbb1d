import type { Kysely } from 'kysely';
import { addId } from '../dialect.js';

// Forum: categories, discussions (with likes, per-day views and reports), the comment area shared
// by discussions and contests (comments, replies, comment likes), event messages (msg_remind) and
// the per-user unread counters the navbar polls (no count over messages per poll).
export async function up(db: Kysely<any>): Promise<void> {
  const ms = 'bigint' as const;

  await addId(db, db.schema.createTable('discussion_category'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('gmt_create', ms, (c) => c.notNull())
    .execute();
  // Starting categories (a discussion needs one); the super admin edits the list.
  const t0 = Date.now();
  await db.insertInto('discussion_category').values(['题解 Solutions', '求助 Help', '讨论 General', '反馈 Feedback']
    .map((name) => ({ name, gmt_create: t0 }))).execute();

  await addId(db, db.schema.createTable('discussion'))
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'varchar(255)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('pid', 'varchar(255)') // problem display ID, null when not about a problem
    .addColumn('uid', 'integer', (c) => c.notNull())
    .addColumn('role', 'varchar(20)', (c) => c.notNull().defaultTo('user')) // root | admin | user, at posting time
    .addColumn('view_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('like_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comment_num', 'integer', (c) => c.notNull().defaultTo(0)) // comments + replies
    .addColumn('top_priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0)) // 0 normal, 1 disabled
    .addColumn('gid', 'integer')
    .addColumn('gmt_create', ms, (c) => c.notNull())
    .addColumn('gmt_modified', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_discussion_list').on('discussion').columns(['status', 'top_priority', 'gmt_create']).execute();
  await db.schema.createIndex('idx_discussion_pid').on('discussion').columns(['pid', 'status']).execute();
  await db.schema.createIndex('idx_discussion_uid').on('discussion').columns(['uid']).execute();

  await db.schema.createTable('discussion_like')
    .addColumn('did', 'integer', (c) => c.notNull())
    .addColumn('uid', 'integer', (c) => c.notNull())
    .addColumn('gmt_create', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_discussion_like', ['did', 'uid'])
    .execute();

  // One row per viewer per day: the view counter counts a viewer once a day.
  await db.schema.createTable('discussion_view')
    .addColumn('did', 'integer', (c) => c.notNull())
    .addColumn('viewer', 'varchar(64)', (c) => c.notNull()) // uid, or ip: for visitors
    .addColumn('day', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_discussion_view', ['did', 'viewer', 'day'])
    .execute();
  await db.schema.createIndex('idx_discussion_view_day').on('discussion_view').columns(['day']).execute();

  await addId(db, db.schema.createTable('discussion_report'))
    .addColumn('did', 'integer', (c) => c.notNull())
    .addColumn('uid', 'integer', (c) => c.notNull())
    .addColumn('reporter', 'varchar(50)', (c) => c.notNull())
    .addColumn('content', 'varchar(400)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0)) // 0 open, 1 handled
    .addColumn('gmt_create', ms, (c) => c.notNull())
    .addColumn('gmt_modified', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_discussion_report_did').on('discussion_report').columns(['did']).execute();

  await addId(db, db.schema.createTable('comment'))
    .addColumn('did', 'integer') // discussion, or
    .addColumn('cid', 'integer') // contest
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('from_uid', 'integer', (c) => c.notNull())
    .addColumn('from_role', 'varchar(20)', (c) => c.notNull().defaultTo('user'))
    .addColumn('like_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reply_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gmt_create', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_comment_did').on('comment').columns(['did', 'id']).execute();
  await db.schema.createIndex('idx_comment_cid').on('comment').columns(['cid', 'id']).execute();

  await db.schema.createTable('comment_like')
    .addColumn('comment_id', 'integer', (c) => c.notNull())
    .addColumn('uid', 'integer', (c) => c.notNull())
    .addColumn('gmt_create', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_comment_like', ['comment_id', 'uid'])
    .execute();

  await addId(db, db.schema.createTable('reply'))
    .addColumn('comment_id', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('from_uid', 'integer', (c) => c.notNull())
    .addColumn('from_role', 'varchar(20)', (c) => c.notNull().defaultTo('user'))
    .addColumn('to_uid', 'integer')
    .addColumn('gmt_create', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_reply_comment').on('reply').columns(['comment_id', 'id']).execute();

  // Event messages of the discuss, reply and like tabs. origin_type/origin_id name the content
  // that caused the message (a comment, a reply, a discussion) so deleting it removes its messages.
  await addId(db, db.schema.createTable('msg_remind'))
    .addColumn('action', 'varchar(20)', (c) => c.notNull()) // Discuss | Reply | Like_Post | Like_Discuss
    .addColumn('tab', 'varchar(10)', (c) => c.notNull()) // comment | reply | like
    .addColumn('source_id', 'integer', (c) => c.notNull())
    .addColumn('source_type', 'varchar(20)', (c) => c.notNull()) // Discussion | Contest
    .addColumn('source_content', 'text')
    .addColumn('quote_id', 'integer')
    .addColumn('quote_type', 'varchar(10)')
    .addColumn('url', 'varchar(255)', (c) => c.notNull())
    .addColumn('recipient_id', 'integer', (c) => c.notNull())
    .addColumn('sender_id', 'integer', (c) => c.notNull())
    .addColumn('origin_type', 'varchar(12)', (c) => c.notNull())
    .addColumn('origin_id', 'integer', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0)) // 0 unread, 1 read
    .addColumn('gmt_create', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_msg_remind_tab').on('msg_remind').columns(['recipient_id', 'tab', 'state', 'id']).execute();
  await db.schema.createIndex('idx_msg_remind_origin').on('msg_remind').columns(['origin_type', 'origin_id']).execute();
  await db.schema.createIndex('idx_msg_remind_source').on('msg_remind').columns(['source_type', 'source_id']).execute();

  // Unread counters per user and tab, kept with every message change.
  await db.schema.createTable('user_msg_count')
    .addColumn('uid', 'integer', (c) => c.primaryKey())
    .addColumn('comment', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reply', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('like', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sys', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mine', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['user_msg_count', 'msg_remind', 'reply', 'comment_like', 'comment', 'discussion_report', 'discussion_view',
    'discussion_like', 'discussion', 'discussion_category']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}

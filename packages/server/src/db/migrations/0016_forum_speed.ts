import { sql, type Kysely } from 'kysely';

// Forum speed (issue 14's bench):
// - discussion.root_comment_num: the comment list's total (top-level comments), kept with the
//   rows, so a page of a busy discussion does not count its 10,000 comments every time;
// - message pages read "unread first, then newest" (state asc, id desc) straight from an index in
//   that order and stop after the page, instead of sorting all of a user's messages of the tab.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('discussion').addColumn('root_comment_num', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update discussion set root_comment_num = (select count(*) from comment where comment.did = discussion.id)`.execute(db);

  await db.schema.dropIndex('idx_msg_remind_tab').execute();
  await db.schema.createIndex('idx_msg_remind_page').on('msg_remind').columns(['recipient_id', 'tab', 'state', 'id desc']).execute();
  await db.schema.dropIndex('idx_user_sys_notice_uid').execute();
  await db.schema.createIndex('idx_user_sys_notice_page').on('user_sys_notice').columns(['recipient_uid', 'type', 'state', 'id desc']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('idx_user_sys_notice_page').execute();
  await db.schema.createIndex('idx_user_sys_notice_uid').on('user_sys_notice').columns(['recipient_uid', 'type', 'id']).execute();
  await db.schema.dropIndex('idx_msg_remind_page').execute();
  await db.schema.createIndex('idx_msg_remind_tab').on('msg_remind').columns(['recipient_id', 'tab', 'state', 'id']).execute();
  await db.schema.alterTable('discussion').dropColumn('root_comment_num').execute();
}

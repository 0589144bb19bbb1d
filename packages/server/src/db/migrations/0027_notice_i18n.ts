import type { Kysely } from 'kysely';

// Notices the server writes (group applications, welcomes, removals; a discussion disabled or
// deleted) keep their message keys and variables beside the text (issue 26), so each reader gets
// them in their own language. Admins' own notices and older rows have none: their text is shown.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('admin_sys_notice').addColumn('msg_i18n', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('admin_sys_notice').dropColumn('msg_i18n').execute();
}

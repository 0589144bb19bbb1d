import type { Kysely } from 'kysely';

// Dark theme (issue 32): the colour theme a user chose (light | dark | system), kept with the
// account so it follows them to every device; null until they choose (the browser's own choice,
// or "follow the system", then stays in effect).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user').addColumn('ui_theme', 'varchar(10)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user').dropColumn('ui_theme').execute();
}

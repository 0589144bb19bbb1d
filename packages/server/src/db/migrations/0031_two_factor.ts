import type { Kysely } from 'kysely';
import { addId } from '../dialect.js';

// Two-factor login and a user's own sessions (issue 33).
// user_two_factor: one row per account that started a set-up. secret is the TOTP key sealed with
// AES-256-GCM under a key derived from the site's JWT secret (never answered after set-up);
// enabled turns the check on; last_step is the last accepted RFC 6238 time step (a code of that
// step or an earlier one is refused: no replay). user_recovery_code: the 10 single-use codes,
// SHA-256 hashes only; used_at set once by one UPDATE (so two concurrent uses cannot both pass).
// admin_audit: who did what to whom and when in the admin area (a 2FA reset, the requirement
// switched on or off); the first Verdict audit table, kept generic (action + target + detail).
// user_session.family: the first session id of a login whose token was refreshed (a refresh makes a
// new row; the list shows one login once); last_seen: written at most once a minute per session.
export async function up(db: Kysely<any>): Promise<void> {
  const ms = 'bigint' as const;
  await db.schema.createTable('user_two_factor')
    .addColumn('uid', 'integer', (c) => c.primaryKey())
    .addColumn('secret', 'varchar(255)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_step', ms)
    .addColumn('gmt_create', ms, (c) => c.notNull())
    .addColumn('enabled_at', ms)
    .execute();
  await addId(db, db.schema.createTable('user_recovery_code'))
    .addColumn('uid', 'integer', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', ms)
    .execute();
  await db.schema.createIndex('user_recovery_code_uid').on('user_recovery_code').columns(['uid', 'code_hash']).execute();
  await addId(db, db.schema.createTable('admin_audit'))
    .addColumn('actor_uid', 'integer', (c) => c.notNull())
    .addColumn('actor_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('action', 'varchar(50)', (c) => c.notNull())
    .addColumn('target_uid', 'integer')
    .addColumn('target_name', 'varchar(50)')
    .addColumn('detail', 'text')
    .addColumn('gmt_create', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('admin_audit_time').on('admin_audit').columns(['gmt_create']).execute();
  await db.schema.alterTable('user_session').addColumn('family', 'varchar(64)').execute();
  await db.schema.alterTable('user_session').addColumn('last_seen', ms).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_session').dropColumn('last_seen').execute();
  await db.schema.alterTable('user_session').dropColumn('family').execute();
  await db.schema.dropTable('admin_audit').execute();
  await db.schema.dropTable('user_recovery_code').execute();
  await db.schema.dropTable('user_two_factor').execute();
}

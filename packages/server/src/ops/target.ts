import fs from 'node:fs';
import { Migrator, sql, type Kysely, type Transaction } from 'kysely';
import pg from 'pg';
import { openDatabase, type DbHandle } from '../db/index.js';
import { migrationProvider } from '../db/migrations/index.js';
import { withoutPreparedStatements } from '../db/pg-prepared.js';
import { OpsError } from './errors.js';
import { isPostgresUrl, sqliteFile, type SiteLocation } from './site.js';
import { PG_SERIAL_COLUMNS, isSiteTable, quote } from './tables.js';

/**
 * The database a restore or a move writes: checked empty (or cleared with --force), given the
 * schema of the incoming data's migration level, loaded in one transaction (a failed load leaves
 * no rows), its sequences set past every id, and only then migrated forward to this Verdict.
 */

/** This Verdict's migrations, in order. */
export async function knownMigrations(): Promise<string[]> {
  return Object.keys(await migrationProvider.getMigrations()).sort();
}

/** Refuses data from a newer Verdict (a migration this one lacks) or a diverging history. */
export async function checkMigrationLevel(incoming: string[]): Promise<void> {
  const known = await knownMigrations();
  const unknown = incoming.filter((m) => !known.includes(m));
  if (unknown.length) throw new OpsError(`The data comes from a newer Verdict (migrations ${unknown.join(', ')} are unknown here): upgrade Verdict first`);
  if (incoming.some((m, i) => known[i] !== m)) throw new OpsError('The data\'s migrations are not in this Verdict\'s order: refused');
}

/** Whether the site's database holds any table; with `force`, drops them all instead of refusing. */
export async function ensureEmptyDatabase(site: SiteLocation, force: boolean): Promise<void> {
  if (isPostgresUrl(site.databaseUrl)) {
    const client = new pg.Client({ connectionString: site.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`);
      if (!rows.length) return;
      if (!force) throw new OpsError(`The PostgreSQL database ${client.database} is not empty (${rows.length} tables): use an empty database, or --force to replace its contents`);
      await client.query(`DROP TABLE ${rows.map((r) => quote(r.table_name)).join(', ')} CASCADE`);
    } finally {
      await client.end();
    }
    return;
  }
  const file = sqliteFile(site);
  if (!fs.existsSync(file) || fs.statSync(file).size === 0) return;
  if (!force) throw new OpsError(`The SQLite database ${file} already exists: use an empty DATA_DIR (or another file), or --force to replace it`);
  for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
}

export interface LoadTarget {
  handle: DbHandle;
  /** Runs the whole load in one transaction; `load` inserts one batch of rows into a table. */
  loadAll: (fill: (load: (table: string, columns: string[], rows: unknown[][]) => Promise<void>) => Promise<void>) => Promise<void>;
  /** Sets every sequence past the loaded ids and the source's high-water marks. */
  resetSequences: (sequences: Record<string, number>) => Promise<void>;
  /** Migrates forward to this Verdict's level. */
  migrateForward: () => Promise<void>;
}

/** Opens the (empty) target and gives it the schema at `migrations`' level, without the rows migrations seed. */
export async function openTarget(site: SiteLocation, migrations: string[]): Promise<LoadTarget> {
  const handle = openDatabase({ databaseUrl: site.databaseUrl, dataDir: site.dataDir });
  const db = handle.db as Kysely<any>;
  try {
    if (migrations.length) {
      const migrator = new Migrator({ db, provider: migrationProvider });
      const { error } = await withoutPreparedStatements(() => migrator.migrateTo(migrations[migrations.length - 1]));
      if (error) throw error;
    }
  } catch (err) {
    await handle.close();
    throw err;
  }
  const postgres = handle.kind === 'postgres';
  return {
    handle,
    async loadAll(fill) {
      await withoutPreparedStatements(() => db.transaction().execute(async (trx) => {
        for (const name of await userTables(trx)) await sql`DELETE FROM ${sql.table(name)}`.execute(trx);
        await fill((table, columns, rows) => insertRows(trx, postgres, table, columns, rows));
      }));
    },
    resetSequences: (sequences) => (postgres ? resetPostgresSequences(db, sequences) : resetSqliteSequences(db, sequences)),
    async migrateForward() {
      const { error } = await withoutPreparedStatements(() => new Migrator({ db, provider: migrationProvider }).migrateToLatest());
      if (error) throw error;
    },
  };
}

async function userTables(db: Kysely<any>): Promise<string[]> {
  return (await db.introspection.getTables()).map((t) => t.name).filter(isSiteTable);
}

/** Bound parameters per statement stay below SQLite's 32,766. */
const MAX_PARAMS = 30_000;

const asObjects = (columns: string[], rows: unknown[][]) => rows.map((r) => Object.fromEntries(columns.map((c, j) => [c, r[j]])));

async function insertRows(trx: Transaction<any>, postgres: boolean, table: string, columns: string[], rows: unknown[][]): Promise<void> {
  if (postgres) {
    // One JSON parameter per batch: PostgreSQL reads it into the table's own row type, which is
    // much cheaper than binding thousands of parameters.
    const json = JSON.stringify(asObjects(columns, rows));
    const cols = sql.join(columns.map((c) => sql.ref(c)));
    await sql`INSERT INTO ${sql.table(table)} (${cols}) SELECT ${cols} FROM json_populate_recordset(NULL::${sql.table(table)}, ${json}::json)`.execute(trx);
    return;
  }
  const per = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  for (let i = 0; i < rows.length; i += per) {
    await trx.insertInto(table).values(asObjects(columns, rows.slice(i, i + per))).execute();
  }
}

async function resetPostgresSequences(db: Kysely<any>, sequences: Record<string, number>): Promise<void> {
  const { rows } = await sql<{ table_name: string; column_name: string; seq: string | null }>`${sql.raw(PG_SERIAL_COLUMNS)}`.execute(db);
  for (const r of rows) {
    if (!r.seq) continue;
    const high = sequences[r.table_name] ?? 0;
    // setval(seq, v, true): the next id is v + 1; on an empty table with no history, 1.
    await sql`SELECT setval(${r.seq}::regclass, GREATEST(COALESCE((SELECT max(${sql.ref(r.column_name)}) FROM ${sql.table(r.table_name)}), 0), ${high}, 1),
      GREATEST(COALESCE((SELECT max(${sql.ref(r.column_name)}) FROM ${sql.table(r.table_name)}), 0), ${high}) > 0)`.execute(db);
  }
}

/** SQLite moves sqlite_sequence itself as ids are inserted; only a higher high-water mark (deleted rows) is carried over. */
async function resetSqliteSequences(db: Kysely<any>, sequences: Record<string, number>): Promise<void> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%autoincrement%'`.execute(db);
  for (const { name } of rows) {
    const high = sequences[name];
    if (!high) continue;
    const { numAffectedRows } = await sql`UPDATE sqlite_sequence SET seq = max(seq, ${high}) WHERE name = ${name}`.execute(db);
    if (!numAffectedRows) await sql`INSERT INTO sqlite_sequence (name, seq) VALUES (${name}, ${high})`.execute(db);
  }
}

import type Database from 'better-sqlite3';
import type pg from 'pg';

/**
 * One table as operations see it: its columns in order and the key its rows are read in. Tables
 * are copied by name and column name, never by position, so a table whose columns were added in
 * another order on the other database still lines up. Every value is an integer, a real, text or
 * null on both databases (schema.ts: timestamps are epoch-ms bigints, booleans 0/1, JSON text),
 * so a row reads back the same from SQLite and PostgreSQL and its JSON line is its checksum input.
 */
export interface TableDef {
  name: string;
  columns: string[];
  /** Columns rows are ordered by: the primary key, else every column. */
  key: string[];
  /** Key columns holding text: PostgreSQL orders them by bytes (COLLATE "C"), as SQLite does. */
  textKey: string[];
}

/** Kysely's and SQLite's own bookkeeping are no site data: the migration level and sequences travel in the manifest, not as rows. */
const SKIPPED = /^(kysely_|sqlite_)/;
export const isSiteTable = (name: string) => !SKIPPED.test(name);

/** PostgreSQL: each auto-increment (serial) column with its sequence. */
export const PG_SERIAL_COLUMNS = `SELECT table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) AS seq
  FROM information_schema.columns
 WHERE table_schema = current_schema() AND column_default LIKE 'nextval(%' AND table_name NOT LIKE 'kysely\\_%'`;

const isText = (type: string) => /char|text|clob/i.test(type);

export function sqliteTables(db: Database.Database): TableDef[] {
  const names = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];
  return names.filter(isSiteTable).map((name) => {
    const cols = db.prepare('SELECT name, type, pk FROM pragma_table_info(?) ORDER BY cid').all(name) as { name: string; type: string; pk: number }[];
    const pk = cols.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
    const key = pk.length ? pk : cols;
    return { name, columns: cols.map((c) => c.name), key: key.map((c) => c.name), textKey: key.filter((c) => isText(c.type)).map((c) => c.name) };
  });
}

export async function postgresTables(client: pg.ClientBase): Promise<TableDef[]> {
  const { rows: cols } = await client.query<{ table_name: string; column_name: string; data_type: string }>(
    `SELECT table_name, column_name, data_type FROM information_schema.columns
      WHERE table_schema = current_schema()
        AND table_name IN (SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE')
      ORDER BY table_name, ordinal_position`);
  const { rows: pks } = await client.query<{ table_name: string; column_name: string }>(
    `SELECT c.relname AS table_name, a.attname AS column_name
       FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord) ON true
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
      WHERE i.indisprimary AND n.nspname = current_schema()
      ORDER BY c.relname, k.ord`);
  const byTable = new Map<string, { name: string; type: string }[]>();
  for (const c of cols) {
    if (!isSiteTable(c.table_name)) continue;
    const list = byTable.get(c.table_name) ?? [];
    list.push({ name: c.column_name, type: c.data_type });
    byTable.set(c.table_name, list);
  }
  return [...byTable.keys()].sort().map((name) => {
    const all = byTable.get(name)!;
    const pk = pks.filter((p) => p.table_name === name).map((p) => all.find((c) => c.name === p.column_name)!);
    const key = pk.length ? pk : all;
    return { name, columns: all.map((c) => c.name), key: key.map((c) => c.name), textKey: key.filter((c) => isText(c.type)).map((c) => c.name) };
  });
}

/** Double-quoted identifier (both databases). */
export const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** `ORDER BY` of a table's rows, the same order on both databases. */
export function orderBy(t: TableDef, postgres: boolean): string {
  return t.key.map((c) => (postgres && t.textKey.includes(c) ? `${quote(c)} COLLATE "C"` : quote(c))).join(', ');
}

/** The JSON line a row is stored as, and checksummed by. */
export const rowLine = (row: readonly unknown[]) => `${JSON.stringify(row)}\n`;

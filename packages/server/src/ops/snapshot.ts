import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import pg from 'pg';
import '../db/index.js'; // registers the int8/numeric parsers: bigint columns read as numbers
import { isPostgresUrl, sqliteFile, type SiteLocation } from './site.js';
import { PG_SERIAL_COLUMNS, orderBy, postgresTables, quote, sqliteTables, type TableDef } from './tables.js';

/**
 * A consistent, read-only view of a site's database at one instant, read table by table in
 * batches (memory stays one batch, whatever the size of the site). Every row committed before the
 * instant is in it, nothing committed later: a submission and its case results are wholly in or
 * wholly out.
 *  - SQLite: `VACUUM INTO` a copy (one read transaction, run on a worker thread so a serving
 *    process keeps answering), then the copy is read.
 *  - PostgreSQL: one REPEATABLE READ READ ONLY transaction on its own connection; each table is
 *    read through a cursor in key order.
 */
export interface Snapshot {
  kind: 'sqlite' | 'postgres';
  /** Applied migrations, in order: the migration level. */
  migrations: string[];
  tables: TableDef[];
  /** Highest id handed out per auto-increment table (may exceed the largest row id: deleted rows). */
  sequences: Record<string, number>;
  rows: (t: TableDef, batch?: number) => AsyncGenerator<unknown[][]>;
  close: () => Promise<void>;
}

export const BATCH_ROWS = 1000;

export async function openSnapshot(site: SiteLocation, tmpDir = os.tmpdir()): Promise<Snapshot> {
  return isPostgresUrl(site.databaseUrl) ? postgresSnapshot(site.databaseUrl) : sqliteSnapshot(sqliteFile(site), tmpDir);
}

const VACUUM_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
try {
  db.pragma('busy_timeout = 10000');
  db.prepare('VACUUM INTO ?').run(workerData.copy);
  parentPort.postMessage({ ok: true });
} catch (err) {
  parentPort.postMessage({ ok: false, message: String(err && err.message) });
} finally {
  db.close();
}
`;

function vacuumInto(file: string, copy: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(VACUUM_SOURCE, { eval: true, workerData: { file, copy, module: createRequire(import.meta.url).resolve('better-sqlite3') } });
    worker.once('message', (m: { ok: boolean; message?: string }) => (m.ok ? resolve() : reject(new Error(`SQLite snapshot failed: ${m.message}`))));
    worker.once('error', reject);
  });
}

async function sqliteSnapshot(file: string, tmpDir: string): Promise<Snapshot> {
  if (!fs.existsSync(file)) throw new Error(`No SQLite database at ${file} (set DATA_DIR or DATABASE_URL)`);
  const dir = fs.mkdtempSync(path.join(tmpDir, 'verdict-snapshot-'));
  const copy = path.join(dir, 'snapshot.db');
  try {
    await vacuumInto(file, copy);
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const db = new Database(copy, { readonly: true });
  const hasTable = (name: string) => !!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name);
  const migrations = hasTable('kysely_migration') ? (db.prepare('SELECT name FROM kysely_migration ORDER BY name').pluck().all() as string[]) : [];
  const sequences: Record<string, number> = {};
  if (hasTable('sqlite_sequence')) {
    for (const r of db.prepare('SELECT name, seq FROM sqlite_sequence').all() as { name: string; seq: number }[]) sequences[r.name] = r.seq;
  }
  return {
    kind: 'sqlite',
    migrations,
    tables: sqliteTables(db),
    sequences,
    async *rows(t, batch = BATCH_ROWS) {
      const it = db.prepare(`SELECT ${t.columns.map(quote).join(', ')} FROM ${quote(t.name)} ORDER BY ${orderBy(t, false)}`).raw().iterate() as IterableIterator<unknown[]>;
      let chunk: unknown[][] = [];
      for (const row of it) {
        chunk.push(row);
        if (chunk.length >= batch) {
          yield chunk;
          chunk = [];
        }
      }
      if (chunk.length) yield chunk;
    },
    close: async () => {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function postgresSnapshot(url: string): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows: [{ migrated }] } = await client.query<{ migrated: boolean }>(`SELECT to_regclass('kysely_migration') IS NOT NULL AS migrated`);
    const { rows: mig } = migrated ? await client.query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name') : { rows: [] };
    const tables = await postgresTables(client);
    const sequences = await postgresSequences(client);
    let cursors = 0;
    return {
      kind: 'postgres',
      migrations: mig.map((r) => r.name),
      tables,
      sequences,
      async *rows(t, batch = BATCH_ROWS) {
        const cursor = `ops_cursor_${++cursors}`;
        await client.query(`DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT ${t.columns.map(quote).join(', ')} FROM ${quote(t.name)} ORDER BY ${orderBy(t, true)}`);
        try {
          for (;;) {
            const { rows } = await client.query<unknown[]>({ text: `FETCH ${batch} FROM ${cursor}`, rowMode: 'array' });
            if (!rows.length) break;
            yield rows;
          }
        } finally {
          await client.query(`CLOSE ${cursor}`);
        }
      },
      close: async () => {
        await client.query('ROLLBACK').catch(() => {});
        await client.end();
      },
    };
  } catch (err) {
    await client.end();
    throw err;
  }
}

/** Highest value each serial column's sequence handed out (sequences are outside transactions: may run ahead of the rows, which only leaves a gap). */
async function postgresSequences(client: pg.ClientBase): Promise<Record<string, number>> {
  const { rows } = await client.query<{ table_name: string; seq: string | null }>(PG_SERIAL_COLUMNS);
  const out: Record<string, number> = {};
  for (const r of rows) {
    if (!r.seq) continue;
    const { rows: [s] } = await client.query<{ last_value: number; is_called: boolean }>(`SELECT last_value, is_called FROM ${r.seq}`);
    out[r.table_name] = s.is_called ? Number(s.last_value) : Number(s.last_value) - 1;
  }
  return out;
}

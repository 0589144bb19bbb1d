import fs from 'node:fs';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { Database as Schema } from './schema.js';
import { migrationProvider } from './migrations/index.js';
import { SAFETY_AUTOCHECKPOINT_PAGES, startCheckpointer } from './sqlite-checkpointer.js';
import { preparingPool, withoutPreparedStatements } from './pg-prepared.js';

export type Db = Kysely<Schema>;
export type DbKind = 'sqlite' | 'postgres';

// int8 (bigint) columns hold epoch-ms timestamps: safe as JS numbers.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

export interface DbHandle {
  db: Db;
  kind: DbKind;
  close: () => Promise<void>;
  /** Opens the connections a serving process keeps (PostgreSQL; nothing to do on SQLite). */
  warm: () => Promise<void>;
}

/**
 * PostgreSQL connections of one process: at most `max`. A new connection costs a backend process
 * (about 12 ms on the development machine, plus a few ms for the catalog its first statements
 * read), and a contest's first burst would open them all at once on every server process: a
 * serving process opens `min` before it listens (warm) and keeps them while idle; idle ones above
 * that close after a minute.
 */
const PG_POOL = { max: 20, min: 8, idleTimeoutMillis: 60_000 };

export function openDatabase(opts: { databaseUrl?: string; dataDir: string }): DbHandle {
  if (opts.databaseUrl && /^postgres(ql)?:\/\//.test(opts.databaseUrl)) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, ...PG_POOL });
    // An idle client whose backend goes away (database restart, admin termination) emits 'error';
    // without a listener that would crash the process. The pool replaces the client on next use.
    pool.on('error', (err) => { process.emitWarning(`PostgreSQL idle client error: ${err.message}`); });
    // Plain statements run as named prepared statements (bounded per connection, see pg-prepared.ts).
    const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
    const warm = async () => {
      const clients = await Promise.all(Array.from({ length: PG_POOL.min }, () => pool.connect()));
      try {
        await Promise.all(clients.map((c) => c.query('SELECT 1')));
      } finally {
        for (const c of clients) c.release();
      }
    };
    return { db, kind: 'postgres', close: () => db.destroy(), warm };
  }
  const file = opts.databaseUrl?.startsWith('sqlite:') ? opts.databaseUrl.slice('sqlite:'.length) : path.join(opts.dataDir, 'verdict.db');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  // WAL lets readers run beside the single writer; busy_timeout waits instead of failing.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // Checkpoints run on a side thread (sqlite-checkpointer.ts); this is only the safety net.
  const checkpointer = file === ':memory:' ? null : startCheckpointer(file, (msg) => process.emitWarning(`SQLite checkpoint: ${msg}`));
  if (checkpointer) sqlite.pragma(`wal_autocheckpoint = ${SAFETY_AUTOCHECKPOINT_PAGES}`);
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  sqliteDataVersion.set(db, () => (sqlite.inTransaction ? null : (dataVersion.get() as number)));
  return { db, kind: 'sqlite', close: async () => { await checkpointer?.stop(); await db.destroy(); }, warm: async () => {} };
}

/**
 * SQLite only: the connection's PRAGMA data_version, which moves whenever another connection
 * (another process, another app on the same file) commits; null while a transaction is open on
 * this connection, where it may lag. Lets a cache skip a query while nobody else wrote.
 */
export const sqliteDataVersion = new WeakMap<Db, () => number | null>();

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  // A migration queries tables it has just altered: no statement of it is kept prepared.
  const { error, results } = await withoutPreparedStatements(() => migrator.migrateToLatest());
  for (const r of results ?? []) if (r.status === 'Error') throw new Error(`migration ${r.migrationName} failed`);
  if (error) throw error;
}

/**
 * Kysely prepares every query anew; preparing costs more than running most of our indexed
 * queries. Statements are kept per SQL text (the text carries no values, only placeholders), in
 * a bounded map. better-sqlite3 is synchronous, so a statement is never shared by two running
 * queries, except while one is streamed with iterate(): streams get their own statement.
 */
function withStatementCache(sqlite: Database.Database, max = 2000) {
  const cache = new Map<string, Database.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      let st = cache.get(sqlText);
      if (!st) {
        st = sqlite.prepare(sqlText);
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
        cache.set(sqlText, st);
      }
      const shared = st;
      return {
        get reader() { return shared.reader; },
        all: (params: readonly unknown[]) => shared.all(params),
        run: (params: readonly unknown[]) => shared.run(params),
        // A stream holds its statement until it ends: use a fresh one.
        iterate: (params: readonly unknown[]) => sqlite.prepare(sqlText).iterate(params),
      };
    },
  };
}


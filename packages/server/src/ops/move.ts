import crypto from 'node:crypto';
import { OpsError } from './errors.js';
import { silent, throttled, type Progress } from './progress.js';
import { isPostgresUrl, type SiteLocation } from './site.js';
import { openSnapshot, type Snapshot } from './snapshot.js';
import { checkMigrationLevel, ensureEmptyDatabase, knownMigrations, openTarget } from './target.js';
import { rowLine, type TableDef } from './tables.js';

export interface TableCheck { name: string; rows: number; sha256: string }

/**
 * Copies a site's database into another, empty one (SQLite to PostgreSQL or back), table by
 * table in batches, ids and sequences kept, then reads the target back and compares every
 * table's row count and checksum with the source's. The source is only read; DATA_DIR's files
 * stay where they are (both databases belong to the same DATA_DIR).
 */
export async function move(from: SiteLocation, to: SiteLocation, opts: { force?: boolean; progress?: Progress } = {}): Promise<TableCheck[]> {
  const progress = opts.progress ?? silent;
  if (isPostgresUrl(from.databaseUrl) === isPostgresUrl(to.databaseUrl)) throw new OpsError('A move goes from SQLite to PostgreSQL or from PostgreSQL to SQLite');
  const source = await openSnapshot(from);
  try {
    await checkMigrationLevel(source.migrations);
    const known = await knownMigrations();
    if (source.migrations.length !== known.length) throw new OpsError('The source database is at an older migration level: start this Verdict on it once (it migrates), then move');
    await ensureEmptyDatabase(to, !!opts.force);
    const target = await openTarget(to, source.migrations);
    const expected: TableCheck[] = [];
    try {
      await target.loadAll(async (load) => {
        for (const t of source.tables) {
          const check = await copyTable(source, t, (rows) => load(t.name, t.columns, rows), throttled(progress));
          expected.push(check);
          progress(`${t.name}: ${check.rows} rows copied`);
        }
      });
      await target.resetSequences(source.sequences);
    } finally {
      await target.handle.close();
    }
    await verify(to, source.tables, expected, progress);
    return expected;
  } finally {
    await source.close();
  }
}

/** Streams one table's rows to `sink`, returning their count and checksum (sha256 of their JSON lines). */
async function copyTable(snap: Snapshot, t: TableDef, sink: (rows: unknown[][]) => Promise<void>, tick: Progress): Promise<TableCheck> {
  const hash = crypto.createHash('sha256');
  let rows = 0;
  for await (const batch of snap.rows(t)) {
    for (const r of batch) hash.update(rowLine(r));
    await sink(batch);
    rows += batch.length;
    tick(`${t.name}: ${rows} rows`);
  }
  return { name: t.name, rows, sha256: hash.digest('hex') };
}

/** Reads the target back in the same order and compares every table with the source's count and checksum. */
async function verify(site: SiteLocation, sourceTables: TableDef[], expected: TableCheck[], progress: Progress): Promise<void> {
  const snap = await openSnapshot(site);
  try {
    const byName = new Map(snap.tables.map((t) => [t.name, t]));
    for (const [i, want] of expected.entries()) {
      const t = byName.get(want.name);
      if (!t) throw new OpsError(`Verification failed: table ${want.name} is missing in the target`);
      // Read in the source's column order, so a table whose columns sit in another order still compares.
      const got = await copyTable(snap, { ...t, columns: sourceTables[i].columns }, async () => {}, silent);
      if (got.rows !== want.rows || got.sha256 !== want.sha256) {
        throw new OpsError(`Verification failed on ${want.name}: source ${want.rows} rows (${want.sha256.slice(0, 12)}), target ${got.rows} rows (${got.sha256.slice(0, 12)})`);
      }
    }
    progress(`verified: ${expected.length} tables, row counts and checksums equal`);
  } finally {
    await snap.close();
  }
}

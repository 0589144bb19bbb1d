import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { isPlainFileName } from '@verdict/shared';
import { ArchiveReader, filePartName, tablePartName } from './archive.js';
import { OpsError } from './errors.js';
import { silent, throttled, type Progress } from './progress.js';
import { DATA_FOLDERS, SECRET_FILES, sqliteFile, type SiteLocation } from './site.js';
import { BATCH_ROWS } from './snapshot.js';
import { checkMigrationLevel, ensureEmptyDatabase, openTarget } from './target.js';

export interface RestoreOptions { force?: boolean; progress?: Progress }

/**
 * Restores an archive onto a site. In order, before anything is written: the manifest is read
 * (a newer Verdict's archive is refused), every path is checked, the target is checked empty
 * (unless `force`), and every part's checksum is verified. Then the database is loaded in one
 * transaction at the archive's migration level, migrated forward, and DATA_DIR's files written.
 */
export async function restore(site: SiteLocation, from: string, opts: RestoreOptions = {}): Promise<void> {
  const progress = opts.progress ?? silent;
  const archive = await ArchiveReader.open(path.resolve(from));
  try {
    const m = archive.manifest;
    await checkMigrationLevel(m.migrations);
    for (const f of m.files) checkDataPath(f.path);
    for (const t of m.tables) if (!/^[a-z_][a-z0-9_]*$/.test(t.name)) throw new OpsError(`The archive names an invalid table ${JSON.stringify(t.name)}: refused`);
    checkDataDirEmpty(site, !!opts.force);
    const tick = throttled(progress);
    await archive.verify((done, total) => tick(`verifying: ${done}/${total} parts`));
    progress('archive verified');
    await ensureEmptyDatabase(site, !!opts.force);
    if (opts.force) for (const folder of DATA_FOLDERS) fs.rmSync(path.join(site.dataDir, folder), { recursive: true, force: true });

    const target = await openTarget(site, m.migrations);
    try {
      await target.loadAll(async (load) => {
        for (const t of m.tables) {
          let rows = 0;
          for await (const batch of lineBatches(await archive.part(tablePartName(t.name)))) {
            await load(t.name, t.columns, batch);
            rows += batch.length;
            tick(`${t.name}: ${rows}/${t.rows} rows`);
          }
          progress(`${t.name}: ${rows} rows`);
        }
      });
      await target.resetSequences(m.sequences);
      await target.migrateForward();
    } finally {
      await target.handle.close();
    }
    for (const f of m.files) {
      const dest = path.join(site.dataDir, f.path);
      fs.mkdirSync(path.dirname(dest), { recursive: true });
      await pipeline(await archive.part(filePartName(f.path)), fs.createWriteStream(dest, { mode: SECRET_FILES.includes(f.path as never) ? 0o600 : 0o644 }));
    }
    progress(`files: ${m.files.length}`);
  } finally {
    archive.close();
  }
}

/** A DATA_DIR path from a manifest: a secret's name, or files/… or testcase/… made of plain names. */
function checkDataPath(rel: string): void {
  const parts = typeof rel === 'string' ? rel.split('/') : [];
  const ok = (parts.length === 1 && SECRET_FILES.includes(parts[0] as never))
    || (parts.length > 1 && DATA_FOLDERS.includes(parts[0] as never) && parts.every(isPlainFileName));
  if (!ok) throw new OpsError(`The archive names an unsafe path ${JSON.stringify(rel)}: refused`);
}

/** An empty DATA_DIR: missing, or holding nothing but the secrets a first start generates. */
function checkDataDirEmpty(site: SiteLocation, force: boolean): void {
  if (force) return;
  const db = sqliteFile(site);
  for (const name of fs.existsSync(site.dataDir) ? fs.readdirSync(site.dataDir) : []) {
    if (SECRET_FILES.includes(name as never)) continue;
    const full = path.join(site.dataDir, name);
    if (DATA_FOLDERS.includes(name as never) && fs.readdirSync(full).length === 0) continue;
    if (!site.databaseUrl && path.resolve(full) === db && fs.statSync(full).size === 0) continue;
    throw new OpsError(`DATA_DIR ${site.dataDir} is not empty (${name}): restore onto an empty one, or use --force to replace its contents`);
  }
}

/** The rows of a table part, parsed, in batches. */
async function* lineBatches(stream: NodeJS.ReadableStream): AsyncGenerator<unknown[][]> {
  let batch: unknown[][] = [];
  for await (const line of readline.createInterface({ input: stream, crlfDelay: Infinity })) {
    if (!line) continue;
    batch.push(JSON.parse(line) as unknown[]);
    if (batch.length >= BATCH_ROWS) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

import fs from 'node:fs';
import path from 'node:path';
import { ArchiveWriter, FORMAT, FORMAT_VERSION, filePartName, tablePartName, type FilePart, type Manifest, type TablePart } from './archive.js';
import { OpsError } from './errors.js';
import { silent, throttled, type Progress } from './progress.js';
import { SnapshotReferences } from './references.js';
import { DATA_FOLDERS, SECRET_FILES, type SiteLocation } from './site.js';
import { openSnapshot } from './snapshot.js';
import { rowLine } from './tables.js';
import { verdictVersion } from './version.js';

export interface BackupResult { file: string; bytes: number; manifest: Manifest }

export interface BackupOptions {
  progress?: Progress;
  /** Runs once the database snapshot is written, before the files are copied (tests change the site there). */
  afterSnapshot?: () => Promise<void>;
}

/** Attempts before a backup gives up on test data that keeps changing under it. */
const ATTEMPTS = 3;

class TestDataChanged extends OpsError {}

/**
 * Writes one archive of the site while it serves. The database snapshot is taken first, then
 * DATA_DIR's files are copied: a file is always written before the row that names it commits
 * (test data before its problem's case version, an upload before its file row), so every file
 * the snapshot references exists by then; files added later are harmless extras. Test data
 * replaced while the files were copied may have lost the files the snapshot names: then the whole
 * backup is taken again. The archive is written beside `out` and renamed into place only when
 * complete; referenced files that were missing are listed in the manifest.
 */
export async function backup(site: SiteLocation, out: string, opts: BackupOptions = {}): Promise<BackupResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await backupOnce(site, out, opts);
    } catch (err) {
      if (!(err instanceof TestDataChanged) || attempt >= ATTEMPTS) throw err;
      opts.progress?.(`${err.message}: taking the backup again`);
    }
  }
}

async function backupOnce(site: SiteLocation, out: string, opts: BackupOptions): Promise<BackupResult> {
  const progress = opts.progress ?? silent;
  const file = path.resolve(out);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  progress('database snapshot…');
  const snap = await openSnapshot(site, path.dirname(file));
  const writer = new ArchiveWriter(partial);
  const refs = new SnapshotReferences();
  try {
    const tables: TablePart[] = [];
    for (const t of snap.tables) {
      let rows = 0;
      const tick = throttled(progress);
      async function* lines() {
        for await (const batch of snap.rows(t)) {
          refs.see(t, batch);
          yield batch.map(rowLine).join('');
          rows += batch.length;
          tick(`${t.name}: ${rows} rows`);
        }
      }
      const { bytes, sha256 } = await writer.add(tablePartName(t.name), lines());
      tables.push({ name: t.name, columns: t.columns, rows, bytes, sha256 });
      progress(`${t.name}: ${rows} rows`);
    }
    const { migrations, sequences, kind } = snap;
    await snap.close();
    await opts.afterSnapshot?.();
    const files: FilePart[] = [];
    const tick = throttled(progress);
    for (const rel of dataFiles(site.dataDir)) {
      // Opened before its part is added: a file deleted since the listing is skipped, not half-added.
      const fd = await fs.promises.open(path.join(site.dataDir, rel)).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
      if (!fd) continue;
      const { bytes, sha256 } = await writer.add(filePartName(rel), fd.createReadStream());
      files.push({ path: rel, bytes, sha256 });
      tick(`files: ${files.length}`);
    }
    progress(`files: ${files.length}`);
    const changed = await refs.changedSince(site);
    if (changed.length) throw new TestDataChanged(`test data of problem ${changed.slice(0, 10).join(', ')} changed during the backup`);
    for (const f of files) refs.paths.delete(f.path);
    const missing = [...refs.paths].sort();
    if (missing.length) progress(`warning: ${missing.length} files the database names do not exist (listed in the manifest), e.g. ${missing[0]}`);
    const manifest: Manifest = {
      format: FORMAT, formatVersion: FORMAT_VERSION, verdictVersion: verdictVersion(), createdAt: new Date().toISOString(),
      source: kind, migrations, sequences, tables, files, missing,
    };
    await writer.finish(manifest);
    fs.renameSync(partial, file);
    return { file, bytes: fs.statSync(file).size, manifest };
  } catch (err) {
    await snap.close().catch(() => {});
    writer.abort();
    fs.rmSync(partial, { force: true });
    throw err;
  }
}

/** DATA_DIR paths an archive carries: the secrets, then every regular file under files/ and testcase/ (links are not followed). */
export function* dataFiles(dataDir: string): Generator<string> {
  for (const s of SECRET_FILES) if (fs.statSync(path.join(dataDir, s), { throwIfNoEntry: false })?.isFile()) yield s;
  for (const folder of DATA_FOLDERS) yield* walk(dataDir, folder);
}

function* walk(root: string, rel: string): Generator<string> {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(path.join(root, rel), { withFileTypes: true });
  } catch {
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    // Under testcase/ only problem folders: `.new-…` and `<pid>.old-…` are test data being swapped in or out.
    if (rel === 'testcase' && !/^\d+$/.test(e.name)) continue;
    const child = `${rel}/${e.name}`;
    if (e.isDirectory()) yield* walk(root, child);
    else if (e.isFile()) yield child;
  }
}

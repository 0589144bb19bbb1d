import fs from 'node:fs';
import path from 'node:path';
import { ArchiveWriter, FORMAT, FORMAT_VERSION, filePartName, tablePartName, type FilePart, type Manifest, type TablePart } from './archive.js';
import { silent, throttled, type Progress } from './progress.js';
import { DATA_FOLDERS, SECRET_FILES, type SiteLocation } from './site.js';
import { openSnapshot } from './snapshot.js';
import { rowLine } from './tables.js';
import { verdictVersion } from './version.js';

export interface BackupResult { file: string; bytes: number; manifest: Manifest }

/**
 * Writes one archive of the site while it serves. The database snapshot is taken first, then
 * DATA_DIR's files are copied: a file is always written before the row that names it commits
 * (test data before its problem's case version, an upload before its file row), so every file
 * the snapshot references exists by then; files added later are harmless extras. The archive is
 * written beside `out` and renamed into place only when complete.
 */
export async function backup(site: SiteLocation, out: string, progress: Progress = silent): Promise<BackupResult> {
  const file = path.resolve(out);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  progress('database snapshot…');
  const snap = await openSnapshot(site, path.dirname(file));
  const writer = new ArchiveWriter(partial);
  try {
    const tables: TablePart[] = [];
    for (const t of snap.tables) {
      let rows = 0;
      const tick = throttled(progress);
      async function* lines() {
        for await (const batch of snap.rows(t)) {
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
    const manifest: Manifest = {
      format: FORMAT, formatVersion: FORMAT_VERSION, verdictVersion: verdictVersion(), createdAt: new Date().toISOString(),
      source: kind, migrations, sequences, tables, files,
    };
    await writer.finish(manifest);
    fs.renameSync(partial, file);
    return { file, bytes: fs.statSync(file).size, manifest };
  } catch (err) {
    await snap.close().catch(() => {});
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
    const child = `${rel}/${e.name}`;
    if (e.isDirectory()) yield* walk(root, child);
    else if (e.isFile()) yield child;
  }
}

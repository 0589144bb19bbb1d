import Database from 'better-sqlite3';
import pg from 'pg';
import { isPostgresUrl, sqliteFile, type SiteLocation } from './site.js';
import type { TableDef } from './tables.js';

/**
 * What a snapshot's rows say DATA_DIR must hold, collected while its tables stream past: each
 * problem's test-data version and the files named by test cases and upload rows. Test data is
 * written before its rows commit, so files copied after the snapshot cover it, unless the data
 * was replaced (or the problem deleted) meanwhile: then the old files may be gone, which the
 * problems' live versions tell.
 */
export class SnapshotReferences {
  readonly caseVersions = new Map<number, string>();
  readonly paths = new Set<string>();

  see(t: TableDef, batch: unknown[][]): void {
    const col = (name: string) => t.columns.indexOf(name);
    if (t.name === 'problem') {
      const [id, version] = [col('id'), col('case_version')];
      for (const r of batch) this.caseVersions.set(r[id] as number, r[version] as string);
    } else if (t.name === 'problem_case') {
      const [pid, input, output] = [col('pid'), col('input'), col('output')];
      for (const r of batch) for (const name of [r[input], r[output]]) this.paths.add(`testcase/${r[pid]}/${name}`);
    } else if (t.name === 'file') {
      const key = col('storage_key');
      for (const r of batch) this.paths.add(`files/${r[key]}`);
    }
  }

  /** Problems whose test data changed since the snapshot (another version now, or deleted). */
  async changedSince(site: SiteLocation): Promise<number[]> {
    const live = new Map((await liveCaseVersions(site)).map((r) => [r.id, r.case_version]));
    return [...this.caseVersions].filter(([id, v]) => live.get(id) !== v).map(([id]) => id);
  }
}

/** The problems' test-data versions as they are now (outside any snapshot). */
async function liveCaseVersions(site: SiteLocation): Promise<{ id: number; case_version: string }[]> {
  const query = 'SELECT id, case_version FROM problem';
  if (isPostgresUrl(site.databaseUrl)) {
    const client = new pg.Client({ connectionString: site.databaseUrl });
    await client.connect();
    try {
      return (await client.query<{ id: number; case_version: string }>(query)).rows;
    } finally {
      await client.end();
    }
  }
  const db = new Database(sqliteFile(site), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(query).all() as { id: number; case_version: string }[];
  } finally {
    db.close();
  }
}

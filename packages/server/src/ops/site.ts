import path from 'node:path';

/**
 * Where a site keeps its data, read from the environment the way the server reads it (config.ts),
 * but without generating the secrets the server writes on its first start: operations must not
 * leave files in a directory they are about to check for emptiness.
 */
export interface SiteLocation {
  dataDir: string;
  /** A postgres:// URL, or undefined for the SQLite file in dataDir. */
  databaseUrl?: string;
}

export const isPostgresUrl = (url: string | undefined): url is string => !!url && /^postgres(ql)?:\/\//.test(url);

export function siteFromEnv(env: NodeJS.ProcessEnv = process.env): SiteLocation {
  return { dataDir: path.resolve(env.DATA_DIR ?? './data'), databaseUrl: env.DATABASE_URL || undefined };
}

export const sqliteFile = (site: SiteLocation) =>
  site.databaseUrl?.startsWith('sqlite:') ? path.resolve(site.databaseUrl.slice('sqlite:'.length)) : path.join(site.dataDir, 'verdict.db');

/** The folders of DATA_DIR an archive carries (uploads, test data, the judge library's headers), and the generated secrets (without the remote-judge key the stored pool passwords cannot be read). */
export const DATA_FOLDERS = ['files', 'testcase', 'judge-library'] as const;
export const SECRET_FILES = ['jwt-secret', 'judge-token', 'remote-judge-key'] as const;

/** A URL with its password replaced, for printing. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

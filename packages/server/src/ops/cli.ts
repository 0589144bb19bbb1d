#!/usr/bin/env node
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backup } from './backup.js';
import { OpsError } from './errors.js';
import { move } from './move.js';
import type { Progress } from './progress.js';
import { restore } from './restore.js';
import { isPostgresUrl, redactUrl, siteFromEnv } from './site.js';

/**
 * Operations from the command line (root package.json: npm run backup / restore /
 * move-to-postgres / move-to-sqlite). The site is found as the server finds it: DATA_DIR and
 * DATABASE_URL. Exit codes: 0 done, 1 refused or failed (the message says why), 2 a command
 * line it cannot read (with the usage).
 */
const USAGE = `usage:
  backup --out FILE                     archive the site (database, files, test data)
  restore --from FILE [--force]         restore an archive onto an empty DATA_DIR / database
  move-to-postgres --to postgres://… [--force]   copy a SQLite site into an empty PostgreSQL database
  move-to-sqlite --to FILE [--force]    copy a PostgreSQL site into a new SQLite file (default DATA_DIR/verdict.db)`;

/** A command line this tool cannot read (unknown command or option, a required option missing): the reason and the usage, exit code 2. */
class UsageError extends OpsError {}

function parse(rest: string[]) {
  try {
    return parseArgs({ args: rest, options: { out: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, force: { type: 'boolean' } } }).values;
  } catch (e) {
    throw new UsageError(`${(e as Error).message}\n${USAGE}`);
  }
}

const progress: Progress = (message) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${message}\n`);

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (!['backup', 'restore', 'move-to-postgres', 'move-to-sqlite'].includes(command)) throw new UsageError(command ? `unknown command ${command}\n${USAGE}` : USAGE);
  const values = parse(rest);
  const site = siteFromEnv();
  const started = Date.now();
  switch (command) {
    case 'backup': {
      if (!values.out) throw new UsageError(`--out FILE is required\n${USAGE}`);
      const r = await backup(site, values.out, { progress });
      const rows = r.manifest.tables.reduce((n, t) => n + t.rows, 0);
      console.log(`Backup written: ${r.file} (${r.bytes} bytes, ${rows} rows in ${r.manifest.tables.length} tables, ${r.manifest.files.length} files, ${secs(started)} s)`);
      return;
    }
    case 'restore': {
      if (!values.from) throw new UsageError(`--from FILE is required\n${USAGE}`);
      await restore(site, values.from, { force: values.force, progress });
      console.log(`Restored ${values.from} into ${site.databaseUrl ? redactUrl(site.databaseUrl) : site.dataDir} (${secs(started)} s)`);
      return;
    }
    case 'move-to-postgres': {
      if (!isPostgresUrl(values.to)) throw new UsageError(`--to postgres://… is required\n${USAGE}`);
      if (isPostgresUrl(site.databaseUrl)) throw new OpsError('DATABASE_URL already names PostgreSQL: this site is not on SQLite');
      await move(site, { dataDir: site.dataDir, databaseUrl: values.to }, { force: values.force, progress });
      console.log(`Moved in ${secs(started)} s; the SQLite file is untouched. Start the servers with:\n  DATABASE_URL=${values.to}`);
      return;
    }
    case 'move-to-sqlite': {
      if (!isPostgresUrl(site.databaseUrl)) throw new OpsError('Set DATABASE_URL to the PostgreSQL database to move from');
      const file = path.resolve(values.to ?? path.join(site.dataDir, 'verdict.db'));
      await move(site, { dataDir: site.dataDir, databaseUrl: `sqlite:${file}` }, { force: values.force, progress });
      const hint = file === path.join(site.dataDir, 'verdict.db') ? 'unset DATABASE_URL' : `DATABASE_URL=sqlite:${file}`;
      console.log(`Moved in ${secs(started)} s; PostgreSQL is untouched. Start the server with DATA_DIR=${site.dataDir} and ${hint}`);
      return;
    }
    default:
      throw new UsageError(USAGE);
  }
}

const secs = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (err: unknown) => {
    // Refusals and failures of the databases or files are read by an operator: the message, no stack (VERDICT_DEBUG=1 shows it).
    console.error(`Error: ${(err as Error).message ?? String(err)}`);
    if (process.env.VERDICT_DEBUG && !(err instanceof OpsError)) console.error(err);
    process.exit(err instanceof UsageError ? 2 : 1);
  },
);

import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_core.js';

/**
 * Every migration, in order. Each domain adds its own numbered file and one line here;
 * migrations are never edited once they have landed.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001_core': m0001,
};

export const migrationProvider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

import { PostgresAdapter, type Kysely, type CreateTableBuilder } from 'kysely';

export const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Auto-increment integer primary key on both databases. */
export function addId<T extends string>(db: Kysely<any>, t: CreateTableBuilder<T, any>, name = 'id') {
  return isPostgres(db)
    ? t.addColumn(name, 'serial', (c) => c.primaryKey())
    : t.addColumn(name, 'integer', (c) => c.primaryKey().autoIncrement());
}

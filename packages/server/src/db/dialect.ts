import { PostgresAdapter, sql, type Kysely, type CreateTableBuilder, type RawBuilder } from 'kysely';

export const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * `column IN (ids)` for the per-request reads of a page's rows (status marks, like marks). On
 * PostgreSQL it is `column = ANY($1)`: one array parameter keeps the statement's text the same for
 * any number of ids, so it stays prepared (pg-prepared.ts) instead of being planned every time.
 */
export function inIds(db: Kysely<any>, column: string, ids: readonly number[]): RawBuilder<boolean> {
  if (!ids.length) return sql<boolean>`1 = 0`;
  return isPostgres(db) ? sql<boolean>`${sql.ref(column)} = any(${[...ids]})` : sql<boolean>`${sql.ref(column)} in (${sql.join(ids)})`;
}

/** Auto-increment integer primary key on both databases. */
export function addId<T extends string>(db: Kysely<any>, t: CreateTableBuilder<T, any>, name = 'id') {
  return isPostgres(db)
    ? t.addColumn(name, 'serial', (c) => c.primaryKey())
    : t.addColumn(name, 'integer', (c) => c.primaryKey().autoIncrement());
}

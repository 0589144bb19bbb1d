import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../src/db/index.js';
import { preparingPool, statementName, withoutPreparedStatements } from '../src/db/pg-prepared.js';

/**
 * Named prepared statements on PostgreSQL (src/db/pg-prepared.ts): what the server keeps
 * prepared per connection, and that errors, types, transactions, schema changes and lost
 * backends behave as without them. PostgreSQL only.
 */
const PG_URL = process.env.TEST_PG_URL ?? 'postgres://root@127.0.0.1:5432/test';
const onPg = process.env.TEST_DB === 'postgres';

interface T { t: { id: number; name: string; n: string } }
let admin: pg.Client;
let url: string;
const name = `verdict_t_${crypto.randomBytes(6).toString('hex')}`;

/** Our statements prepared on the connection running this (a select of the view, prepared itself). */
const prepared = async (db: Kysely<any>) =>
  (await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements where name like 'vd!_%' escape '!'`.execute(db)).rows;

/** DDL from another session, as another server's migration would run it. */
const alter = async (ddl: string) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(ddl);
  await c.end();
};

/** One dedicated connection, as a request's statements run on whichever one the pool lends. */
const small = (max: number) => {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  pool.on('error', () => {});
  return new Kysely<T>({ dialect: new PostgresDialect({ pool: preparingPool(pool, { max }) }) });
};

describe.runIf(onPg)('PostgreSQL prepared statements', () => {
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    url = Object.assign(new URL(PG_URL), { pathname: `/${name}` }).toString();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query('CREATE TABLE t (id serial PRIMARY KEY, name text UNIQUE NOT NULL, n bigint NOT NULL DEFAULT 0)');
    await c.query(`INSERT INTO t (name, n) SELECT 'row' || i, i FROM generate_series(1, 20) AS s(i)`);
    await c.end();
  });
  afterAll(async () => {
    await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin?.end();
  });

  it('keeps at most `max` statements per connection, the most recently used ones, and names only fixed texts', async () => {
    const db = small(3);
    try {
      const byId = (id: number) => db.selectFrom('t').select('name').where('id', '=', id).executeTakeFirstOrThrow();
      expect((await byId(1)).name).toBe('row1');
      expect((await byId(2)).name).toBe('row2');
      // Ten distinct texts, then the first one again: evicted and prepared anew without error.
      for (let k = 1; k <= 10; k++) expect((await sql<{ k: number }>`select ${sql.raw(String(k))} as k from t where id = ${k}`.execute(db)).rows).toEqual([{ k }]);
      expect((await byId(3)).name).toBe('row3');
      // Statements sent at once on the one connection, outside and inside a transaction.
      const burst = (q: Kysely<any>, from: number) => Promise.all(Array.from({ length: 8 }, (_, i) =>
        sql<{ k: number }>`select ${sql.raw(String(from + i))} as k, name from t where id = ${i + 1}`.execute(q).then((r) => r.rows)));
      expect(await burst(db, 100)).toEqual(Array.from({ length: 8 }, (_, i) => [{ k: 100 + i, name: `row${i + 1}` }]));
      expect(await db.transaction().execute((trx) => burst(trx, 200))).toEqual(Array.from({ length: 8 }, (_, i) => [{ k: 200 + i, name: `row${i + 1}` }]));
      expect((await byId(3)).name).toBe('row3');
      const names = (await prepared(db)).map((r) => r.name);
      expect(names.length).toBeLessThanOrEqual(3);
      expect(names).toContain(statementName(db.selectFrom('t').select('name').where('id', '=', 1).compile().sql));
      // A list of ids makes a new text per length: never named, nor DDL, nor an insert of many rows.
      await db.selectFrom('t').select('id').where('id', 'in', [1, 2, 3]).execute();
      await db.insertInto('t').values([{ name: 'm1' }, { name: 'm2' }]).execute();
      await sql`create index if not exists t_n on t (n)`.execute(db);
      const texts = (await prepared(db)).map((r) => r.statement);
      expect(texts.some((s) => / in \(/.test(s) || /insert/i.test(s) || /create/i.test(s))).toBe(false);
      // Statements run inside withoutPreparedStatements (migrations) are not named either.
      const before = await prepared(db);
      await withoutPreparedStatements(() => db.selectFrom('t').select('id').where('name', '=', 'nowhere').execute());
      expect((await prepared(db)).map((r) => r.name).sort()).toEqual(before.map((r) => r.name).sort());
    } finally {
      await db.destroy();
    }
  });

  it('inside a transaction a full cache runs new texts unnamed and evicts nothing', async () => {
    const db = small(2);
    try {
      await db.selectFrom('t').select('id').where('id', '=', 1).execute();
      await db.selectFrom('t').select('name').where('id', '=', 1).execute();
      const kept = (await prepared(db)).map((r) => r.name).sort();
      expect(kept).toHaveLength(2);
      await db.transaction().execute(async (trx) => {
        for (let k = 1; k <= 5; k++) expect(await trx.selectFrom('t').select('n').where('n', '=', k).execute()).toEqual([{ n: k }]);
        await trx.updateTable('t').set({ n: sql`n + 100` }).where('id', '=', 20).execute();
      });
      // The statements kept before the transaction are still the ones kept.
      expect((await prepared(db)).map((r) => r.name).sort()).toEqual(kept);
      expect((await db.selectFrom('t').select('n').where('id', '=', 20).executeTakeFirstOrThrow()).n).toBe(120);
    } finally {
      await db.destroy();
    }
  });

  it('errors keep their PostgreSQL code and message; int8 still parses to a number', async () => {
    const h = openDatabase({ databaseUrl: url, dataDir: '/nonexistent' });
    const db = h.db as unknown as Kysely<T>;
    try {
      const add = () => db.insertInto('t').values({ name: 'dup', n: 7 }).returning(['id', 'n']).executeTakeFirstOrThrow();
      const first = await add();
      expect(first.n).toBe(7);
      // Twice more, so the failing insert runs as a prepared statement both times.
      for (let i = 0; i < 2; i++) {
        const err = await add().then(() => null, (e: unknown) => e as pg.DatabaseError);
        expect(err).toBeInstanceOf(pg.DatabaseError);
        expect(err?.code).toBe('23505');
        expect(err?.constraint).toBe('t_name_key');
        // The server's mapping of a unique index race tests this message.
        expect(String(err?.message)).toMatch(/unique|duplicate/i);
      }
      const count = await db.selectFrom('t').select((eb) => eb.fn.countAll<number>().as('c')).where('name', '=', 'dup').executeTakeFirstOrThrow();
      expect(count.c).toBe(1);
      const bad = await sql`select id from t where id = ${'not a number'}`.execute(db).then(() => null, (e: pg.DatabaseError) => e);
      expect(bad?.code).toBe('22P02');
    } finally {
      await h.close();
    }
  });

  it('a column added mid-run: retried unnamed outside a transaction, fails once inside one, then every connection re-prepares', async () => {
    const h = openDatabase({ databaseUrl: url, dataDir: '/nonexistent' });
    const db = h.db as unknown as Kysely<any>;
    try {
      const one = (q: Kysely<any>) => q.selectFrom('t').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
      const inTx = (c: Kysely<any>) => c.transaction().execute(async (trx) => ({ row: await one(trx), names: (await prepared(trx)).map((r) => r.name) }));
      const selectAll = statementName(db.selectFrom('t').selectAll().where('id', '=', 1).compile().sql);
      // Two connections held at once, both with `select *` prepared; then the schema changes under them.
      await db.connection().execute((c1) => db.connection().execute(async (c2) => {
        for (let i = 0; i < 3; i++) for (const c of [c1, c2]) expect(Object.keys(await one(c))).toEqual(['id', 'name', 'n']);
        await alter('ALTER TABLE t ADD COLUMN extra int NOT NULL DEFAULT 5');
        // Outside a transaction nothing fails: the new columns come back.
        expect(await one(c1)).toMatchObject({ id: 1, name: 'row1', extra: 5 });
        // The other connection drops its statements before its next transaction: it runs too.
        const other = await inTx(c2);
        expect(other.row).toMatchObject({ extra: 5 });
        expect(other.names).toContain(selectAll);

        // Inside a transaction the statement fails (the transaction is already aborted) ...
        await alter('ALTER TABLE t ADD COLUMN extra2 int NOT NULL DEFAULT 6');
        const failed = await inTx(c2).then(() => null, (e: pg.DatabaseError) => e);
        expect(failed?.message).toMatch(/cached plan must not change result type/);
        // ... and the next one runs, prepared again, on that connection and on the other.
        for (const c of [c2, c1]) {
          const again = await inTx(c);
          expect(again.row).toMatchObject({ extra: 5, extra2: 6 });
          expect(again.names).toContain(selectAll);
        }
      }));
    } finally {
      await h.close();
    }
  });

  it('connections lost to a backend restart are replaced and prepare again', async () => {
    const h = openDatabase({ databaseUrl: url, dataDir: '/nonexistent' });
    const db = h.db as unknown as Kysely<T>;
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    try {
      const byId = (id: number) => db.selectFrom('t').select('name').where('id', '=', id).executeTakeFirstOrThrow();
      await Promise.all([1, 2, 3, 4].map(byId));
      expect((await byId(2)).name).toBe('row2');
      const killed = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
      expect(killed.rowCount).toBeGreaterThan(0);
      // The idle clients see their backend go (the pool's error listener logs it) and are replaced.
      await new Promise((r) => setTimeout(r, 200));
      for (let i = 1; i <= 4; i++) expect((await byId(i)).name).toBe(`row${i}`);
      expect((await prepared(db)).length).toBeGreaterThan(0);
      expect(warnings.some((w) => /idle client error/.test(w))).toBe(true);
    } finally {
      process.off('warning', onWarning);
      await h.close();
    }
  });
});

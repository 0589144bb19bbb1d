/**
 * Where a benchmark keeps its data: a SQLite directory under /tmp or a PostgreSQL database of its
 * own on the test server (kept between runs, so the data is generated once).
 */
import crypto from 'node:crypto';
import pg from 'pg';

export type Kind = 'sqlite' | 'postgres';

export function benchDatabase(pgDb: string, sqliteDir: string) {
  const pgBase = process.env.BENCH_PG_URL ?? 'postgres://root@127.0.0.1:5432/test';
  const pgUrl = () => {
    const u = new URL(pgBase);
    u.pathname = `/${pgDb}`;
    return u.toString();
  };
  /**
   * The server's environment for one engine: no local judge, quiet logs, no Redis, and no flood
   * limit of public reads (a bench's client sends thousands a second from one address).
   */
  const envFor = (kind: Kind, port: number): NodeJS.ProcessEnv => ({
    ...process.env, DATA_DIR: sqliteDir + (kind === 'postgres' ? '-pg' : ''), PORT: String(port), HOST: '127.0.0.1',
    JUDGE_LOCAL_SLOTS: '0', LOG_LEVEL: 'error', DATABASE_URL: kind === 'postgres' ? pgUrl() : '', REDIS_URL: '', PUBLIC_READ_LIMIT: 'off',
  });
  const ensurePgDatabase = async () => {
    const admin = new pg.Client({ connectionString: pgBase });
    await admin.connect();
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [pgDb]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${pgDb}`);
    await admin.end();
  };
  return { pgUrl, envFor, ensurePgDatabase };
}

/** A new PostgreSQL database for one run (on BENCH_PG_URL's server), and how to drop it after. */
export async function throwawayPgDatabase(prefix: string): Promise<{ databaseUrl: string; drop: () => Promise<void> }> {
  const pgBase = process.env.BENCH_PG_URL ?? 'postgres://root@127.0.0.1:5432/test';
  const name = `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(pgBase);
  u.pathname = `/${name}`;
  const drop = async () => {
    const c = new pg.Client({ connectionString: pgBase });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
  return { databaseUrl: u.toString(), drop };
}

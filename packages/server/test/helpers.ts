import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type BuiltApp } from '../src/app.js';
import { loadConfig, type AppConfig } from '../src/config.js';

/**
 * A real server on a fresh database: SQLite in a temp dir by default, or a new PostgreSQL
 * database when TEST_DB=postgres (created on the server in TEST_PG_URL and dropped afterwards).
 */
export interface TestApp extends BuiltApp { dataDir: string; close: () => Promise<void> }

const PG_URL = process.env.TEST_PG_URL ?? 'postgres://root@127.0.0.1:5432/test';

export async function createTestApp(overrides: Partial<AppConfig> = {}, env: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-test-'));
  let databaseUrl: string | undefined;
  let dropDb: (() => Promise<void>) | undefined;
  if (process.env.TEST_DB === 'postgres') {
    const name = `verdict_t_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(PG_URL);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  // RESPONSE_CHECK: every answer is checked against its declared schema (http/response-check.ts).
  const config = loadConfig({ DATA_DIR: dataDir, JUDGE_LOCAL_SLOTS: '0', LOG_LEVEL: 'warn', RESPONSE_CHECK: '1', ...env }, { databaseUrl, ...overrides });
  const built = await buildApp(config, { logger: false });
  await built.app.ready();
  return {
    ...built,
    dataDir,
    close: async () => {
      await built.app.close();
      if (dropDb) await dropDb();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import crypto from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { move } from '../src/ops/move.js';
import type { SiteLocation } from '../src/ops/site.js';
import { openSnapshot } from '../src/ops/snapshot.js';
import { rowLine } from '../src/ops/tables.js';
import { createTestApp, type TestApp } from './helpers.js';
import { user } from './contest-fixtures.js';
import { emptyPostgres, pages, seedSite, serve, siteOf, type Seeded } from './ops-fixtures.js';

/**
 * One seeded site moved to the other database and back (SQLite → PostgreSQL → SQLite, or the
 * reverse under TEST_DB=postgres): every copy answers the same API pages, byte for byte.
 */
let t: TestApp;
let seeded: Seeded;
let before: Record<string, string>;
const drops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  t = await createTestApp();
  seeded = await seedSite(t);
  before = await pages(t, seeded);
});
afterAll(async () => {
  for (const d of drops) await d();
  await t?.close();
});

/** A fingerprint of every row of the source, read through a snapshot. */
async function sourceState(site: SiteLocation): Promise<string> {
  const snap = await openSnapshot(site);
  const hash = crypto.createHash('sha256');
  try {
    for (const table of snap.tables) for await (const batch of snap.rows(table)) for (const r of batch) hash.update(table.name + rowLine(r));
  } finally {
    await snap.close();
  }
  return hash.digest('hex');
}

describe('move between SQLite and PostgreSQL', () => {
  it('moves to the other database and back with equal pages, ids and sequences, the source untouched', async () => {
    const source = siteOf(t);
    const onPostgres = !!source.databaseUrl;
    const pgDb = await emptyPostgres();
    drops.push(pgDb.drop);
    const sqliteSite = (name: string): SiteLocation => ({ dataDir: t.dataDir, databaseUrl: `sqlite:${path.join(t.dataDir, name)}` });
    const other: SiteLocation = onPostgres ? sqliteSite('moved.db') : { dataDir: t.dataDir, databaseUrl: pgDb.url };
    const back: SiteLocation = onPostgres ? { dataDir: t.dataDir, databaseUrl: pgDb.url } : sqliteSite('back.db');

    const state = await sourceState(source);
    const progress: string[] = [];
    const checks = await move(source, other, { progress: (m) => progress.push(m) });
    expect(await sourceState(source)).toBe(state);
    expect(checks.find((c) => c.name === 'submission')?.rows).toBe(5);
    expect(progress.at(-1)).toMatch(/^verified: \d+ tables/);

    const moved = await serve(other);
    try {
      expect(await pages(moved, seeded)).toEqual(before);
    } finally {
      await moved.close();
    }
    await move(other, back);
    const home = await serve(back);
    try {
      expect(await pages(home, seeded)).toEqual(before);
      // Sequences continue past the copied ids on both databases.
      const newcomer = await user(home, 'newcomer');
      const maxBefore = (await t.ctx.db.selectFrom('user').select((e) => e.fn.max('id').as('m')).executeTakeFirstOrThrow()).m;
      expect(newcomer.uid).toBe(Number(maxBefore) + 1);
    } finally {
      await home.close();
    }
  });

  it('refuses a target database that is not empty', async () => {
    const source = siteOf(t);
    const target: SiteLocation = source.databaseUrl ? { dataDir: t.dataDir, databaseUrl: `sqlite:${path.join(t.dataDir, 'moved.db')}` } : { dataDir: t.dataDir, databaseUrl: (await emptyPostgres().then((d) => { drops.push(d.drop); return d; })).url };
    await move(source, target).catch(() => {});
    await expect(move(source, target)).rejects.toThrow(/not empty|already exists/);
  });
});

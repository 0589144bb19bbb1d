import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/index.js';
import { migrationProvider } from '../src/db/migrations/index.js';
import { applyTestData, prepareTestData } from '../src/modules/testcase/testdata.js';
import { backup } from '../src/ops/backup.js';
import { restore } from '../src/ops/restore.js';
import { checkMigrationLevel, knownMigrations } from '../src/ops/target.js';
import { createTestApp, type TestApp } from './helpers.js';
import { makeProblem } from './judge-fixtures.js';
import { emptySite, pages, seedSite, serve, siteOf, type EmptySite, type Seeded } from './ops-fixtures.js';

/** Backup and restore of a whole site (TEST_DB names the database of both). */
let t: TestApp;
let seeded: Seeded;
let archive: string;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-ops-archive-'));

beforeAll(async () => {
  t = await createTestApp();
  seeded = await seedSite(t);
  archive = (await backup(siteOf(t), path.join(work, 'site.zip'))).file;
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** Whether a restore target was left as it was: no database tables, nothing in DATA_DIR. */
async function untouched(e: EmptySite): Promise<boolean> {
  if (fs.existsSync(e.site.dataDir) && fs.readdirSync(e.site.dataDir).length) return false;
  if (!e.site.databaseUrl) return true;
  const c = new pg.Client({ connectionString: e.site.databaseUrl });
  await c.connect();
  const { rows } = await c.query(`SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema()`);
  await c.end();
  return rows.length === 0;
}

describe('backup and restore', () => {
  it('writes a manifest with the migration level, row counts and a checksum per part', async () => {
    const { manifest } = await backup(siteOf(t), path.join(work, 'again.zip'));
    expect(manifest.migrations).toEqual(await knownMigrations());
    const subs = manifest.tables.find((x) => x.name === 'submission')!;
    expect(subs.rows).toBe(Number((await t.ctx.db.selectFrom('submission').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n));
    expect(subs.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(manifest.files.map((f) => f.path)).toEqual(expect.arrayContaining(['files/avatar/ann.png', `testcase/${seeded.pids[0]}/1.in`, 'jwt-secret']));
  });

  it('takes the backup again when test data is replaced while the files are copied', async () => {
    const own = await createTestApp();
    try {
      const pid = await makeProblem(own, { problemId: 'SWAP' });
      let replaced = 0;
      const progress: string[] = [];
      const { manifest } = await backup(siteOf(own), path.join(work, 'changing.zip'), {
        progress: (m) => progress.push(m),
        // The snapshot holds the old rows; the old files are gone by the time they would be copied.
        afterSnapshot: async () => {
          if (replaced++) return;
          const p = prepareTestData(own.ctx, [{ input: '4 4\n', output: '8\n', inputName: 'fresh.in', outputName: 'fresh.out' }]);
          const swap = await own.ctx.db.transaction().execute((trx) => applyTestData(own.ctx, trx, pid, p));
          swap.finish();
        },
      });
      expect(replaced).toBe(2);
      expect(progress).toContain(`test data of problem ${pid} changed during the backup: taking the backup again`);
      const inArchive = manifest.files.map((f) => f.path).filter((p) => p.startsWith(`testcase/${pid}/`));
      expect(inArchive).toEqual([`testcase/${pid}/fresh.in`, `testcase/${pid}/fresh.out`]);
      expect(manifest.missing).toEqual([]);
    } finally {
      await own.close();
    }
  });

  it('restores onto an empty site that answers the same pages, files included', async () => {
    const target = await emptySite();
    try {
      await restore(target.site, archive);
      const copy = await serve(target.site);
      try {
        expect(await pages(copy, seeded)).toEqual(await pages(t, seeded));
        // Test data and uploads came back byte for byte, and new ids continue past the old ones.
        for (const rel of ['files/avatar/ann.png', `testcase/${seeded.pids[1]}/2.out`]) {
          expect(fs.readFileSync(path.join(target.site.dataDir, rel))).toEqual(fs.readFileSync(path.join(t.dataDir, rel)));
        }
        const maxId = (await t.ctx.db.selectFrom('submission').select((e) => e.fn.max('id').as('m')).executeTakeFirstOrThrow()).m as number;
        const next = await copy.ctx.db.insertInto('submission').values({
          pid: seeded.pids[0], display_pid: 'P1', uid: seeded.ann.uid, username: 'ann', cid: 0, cpid: 0, gid: 0, tid: 0, status: 5, score: null, oi_rank_score: null,
          time: null, memory: null, length: 1, language: 'C++17', code: 'x', share: 0, error_message: null, judger: null, is_manual: 0, case_done: 0, case_total: 0,
          ip: null, submit_time: Date.now(), judge_time: null, gmt_modified: Date.now(),
        }).returning('id').executeTakeFirstOrThrow();
        expect(next.id).toBe(maxId + 1);
      } finally {
        await copy.close();
      }
    } finally {
      await target.drop();
    }
  });

  it('refuses a site that is not empty unless forced', async () => {
    const target = await emptySite();
    try {
      await restore(target.site, archive);
      await expect(restore(target.site, archive)).rejects.toThrow(/not empty|already exists/);
      await restore(target.site, archive, { force: true });
      const copy = await serve(target.site);
      expect(await pages(copy, seeded)).toEqual(await pages(t, seeded));
      await copy.close();
    } finally {
      await target.drop();
    }
  });

  it('refuses a tampered archive before writing anything', async () => {
    const buf = fs.readFileSync(archive);
    // Stored (uncompressed) bytes of the uploaded avatar: flip one of them.
    const avatar = fs.readFileSync(path.join(t.dataDir, 'files/avatar/ann.png'));
    const at = buf.indexOf(avatar.subarray(100, 132));
    expect(at).toBeGreaterThan(0); // random bytes stay stored as they are inside the deflate stream
    const tampered = Buffer.from(buf);
    tampered[at + 5] ^= 0xff;
    const file = path.join(work, 'tampered.zip');
    fs.writeFileSync(file, tampered);
    const target = await emptySite();
    try {
      await expect(restore(target.site, file)).rejects.toThrow('Checksum mismatch in data/files/avatar/ann.png: the archive was altered or damaged');
      expect(await untouched(target)).toBe(true);
    } finally {
      await target.drop();
    }
  });

  it('refuses a truncated archive with a clear message and writes nothing', async () => {
    const file = path.join(work, 'truncated.zip');
    fs.writeFileSync(file, fs.readFileSync(archive).subarray(0, Math.floor(fs.statSync(archive).size * 0.7)));
    const target = await emptySite();
    try {
      await expect(restore(target.site, file)).rejects.toThrow(/The archive is damaged or truncated/);
      expect(await untouched(target)).toBe(true);
    } finally {
      await target.drop();
    }
  });

  it('restores an archive of an older Verdict and migrates it forward', async () => {
    const known = await knownMigrations();
    const old = await emptySite();
    const target = await emptySite();
    try {
      // A site at an older migration level: the schema as it stood at the fifth migration, with a user.
      const h = openDatabase({ dataDir: old.site.dataDir, databaseUrl: old.site.databaseUrl });
      const { error } = await new Migrator({ db: h.db, provider: migrationProvider }).migrateTo(known[4]);
      expect(error).toBeUndefined();
      await (h.db as Kysely<any>).insertInto('user').values({ username: 'veteran', password_hash: 'x', gender: 'secrecy', role: 1002, status: 0, gmt_create: 1, gmt_modified: 1 }).execute();
      await h.close();
      const { file, manifest } = await backup(old.site, path.join(work, 'old.zip'));
      expect(manifest.migrations).toEqual(known.slice(0, 5));
      await restore(target.site, file);
      const copy = await serve(target.site);
      try {
        expect((await copy.ctx.db.selectFrom('user').select('username').where('username', '=', 'veteran').execute())).toHaveLength(1);
        const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(copy.ctx.db);
        expect(applied.rows.map((r) => r.name)).toEqual(known);
      } finally {
        await copy.close();
      }
    } finally {
      await old.drop();
      await target.drop();
    }
  });

  it('refuses data from a newer Verdict and accepts an older migration level', async () => {
    const known = await knownMigrations();
    await expect(checkMigrationLevel([...known, '9999_future'])).rejects.toThrow(/newer Verdict/);
    await expect(checkMigrationLevel(known.slice(0, 5))).resolves.toBeUndefined();
  });
});

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/index.js';

/**
 * SQLite: the write-ahead log is copied back into the database by a side thread, not inside a
 * request's commit (db/sqlite-checkpointer.ts). What must hold: the log is checkpointed soon after
 * writes although the serving connection no longer does it (its autocheckpoint is only a far-off
 * safety net), every write is in the database file afterwards, and closing stops the thread.
 */
describe.skipIf(process.env.TEST_DB === 'postgres')('SQLite checkpoints off the serving thread', () => {
  it('copies a grown log into the database file shortly after writes, and closes cleanly', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-ckpt-'));
    const { db, close } = openDatabase({ dataDir: dir });
    const file = path.join(dir, 'verdict.db');
    try {
      await sql`create table filler (id integer primary key, body text)`.execute(db);
      // About 6 MB through the log in 300 commits: far below the safety net's 20,000 pages.
      for (let i = 0; i < 300; i++) await sql`insert into filler (body) values (${'x'.repeat(20_000)})`.execute(db);
      const wal = `${file}-wal`;
      expect(fs.statSync(wal).size).toBeGreaterThan(2 * 1024 * 1024);
      // The copy lands in the database file itself (the serving connection's own autocheckpoint
      // would not start before 20,000 pages, about 80 MB).
      let size = 0;
      for (let waited = 0; waited < 10_000 && size < 5 * 1024 * 1024; waited += 100) {
        await new Promise((r) => setTimeout(r, 100));
        size = fs.statSync(file).size;
      }
      expect(size).toBeGreaterThan(5 * 1024 * 1024);
    } finally {
      await close();
    }
    // Everything written is in the database file itself once the log is gone.
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const check = new Database(file, { readonly: true });
    expect(check.prepare('select count(*) from filler').pluck().get()).toBe(300);
    check.close();
  });

  it('a process whose last task is closing the database finishes the close (the thread is waited for)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-ckpt-exit-'));
    const child = spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'sqlite-close-child.ts'), dir], { encoding: 'utf8', timeout: 60_000 });
    expect({ status: child.status, out: child.stdout.trim(), err: child.stderr.trim() }).toEqual({ status: 0, out: 'closed', err: '' });
    expect(fs.existsSync(path.join(dir, 'verdict.db-wal'))).toBe(false);
  });
});

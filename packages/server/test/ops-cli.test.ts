import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { makeUser } from './problem-helpers.js';
import { emptySite, serve, type EmptySite } from './ops-fixtures.js';

/**
 * Issue 34: the operator's entry (`npm run backup / restore`, src/ops/cli.ts) run as the operator
 * runs it, as a child process: exit codes, the printed summary, and a command line it cannot read.
 * What backup and restore do is tested in ops-archive.test.ts; here only the command around them.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const CLI = path.resolve(here, '../src/ops/cli.ts');
let t: TestApp;
let target: EmptySite;
let tmp: string;

function cli(args: string[], env: Record<string, string | undefined>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
      cwd: path.resolve(here, '..'), env: { ...process.env, DATABASE_URL: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => { stdout += c.toString(); });
    child.stderr.on('data', (c: Buffer) => { stderr += c.toString(); });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

beforeAll(async () => {
  t = await createTestApp();
  await makeUser(t, 'cli-kept');
  target = await emptySite();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-cli-'));
});
afterAll(async () => {
  await target?.drop();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  await t?.close();
});

describe('ops command line', () => {
  it('backs up a live site and restores it onto an empty one, printing what it did; exit code 0', { timeout: 120_000 }, async () => {
    const archive = path.join(tmp, 'site.tar');
    const source = { DATA_DIR: t.dataDir, DATABASE_URL: t.ctx.config.databaseUrl };
    const b = await cli(['backup', '--out', archive], source);
    expect(b.stderr).not.toMatch(/^Error/m);
    expect(b.code).toBe(0);
    expect(b.stdout).toMatch(/^Backup written: .+ \(\d+ bytes, \d+ rows in \d+ tables, \d+ files, [\d.]+ s\)\n$/);
    expect(fs.statSync(archive).size).toBeGreaterThan(0);

    const into = { DATA_DIR: target.site.dataDir, DATABASE_URL: target.site.databaseUrl };
    const r = await cli(['restore', '--from', archive], into);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Restored .+site\.tar into .+ \([\d.]+ s\)\n$/);
    const restored = await serve(target.site);
    try {
      const user = await restored.ctx.db.selectFrom('user').select('username').where('username', '=', 'cli-kept').executeTakeFirst();
      expect(user).toEqual({ username: 'cli-kept' });
    } finally {
      await restored.close();
    }
    // The same restore again meets a site that is no longer empty: refused (exit 1), nothing written.
    const again = await cli(['restore', '--from', archive], into);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^Error: .*(not empty|--force)/m);
  });

  it('a command line it cannot read gets the reason and the usage, exit code 2', { timeout: 60_000 }, async () => {
    const env = { DATA_DIR: path.join(tmp, 'none') };
    const [typo, missing, unknown] = await Promise.all([
      cli(['backup', '--outt', 'x.tar'], env), cli(['restore'], env), cli(['backpu'], env),
    ]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/^Error: Unknown option '--outt'/);
    expect(typo.stderr).toContain('usage:\n  backup --out FILE');
    expect(missing).toMatchObject({ code: 2, stdout: '' });
    expect(missing.stderr).toMatch(/^Error: --from FILE is required\nusage:/);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^Error: unknown command backpu\nusage:/);
    // Nothing was created for any of them.
    expect(fs.existsSync(env.DATA_DIR)).toBe(false);
  });
});

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestDataManifest } from '@verdict/shared';
import { pathInside } from '../sandbox/box-files.js';
import type { JudgeClient } from './client.js';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * Test data cached on the worker's disk by problem and version; every file is checked against the
 * manifest's sha256 when downloaded. A new version is a new directory, so a running judge never
 * sees half-replaced data.
 */
export class TestDataCache {
  private pending = new Map<string, Promise<string>>();

  constructor(private readonly client: JudgeClient, private readonly dir: string) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  /** Directory holding every file of this version, downloading what is missing. */
  ensure(pid: number, version: string): Promise<string> {
    const key = `${pid}/${version}`;
    let p = this.pending.get(key);
    if (!p) {
      p = this.download(pid, version).finally(() => this.pending.delete(key));
      this.pending.set(key, p);
    }
    return p;
  }

  private async download(pid: number, version: string): Promise<string> {
    const safeVersion = version.replace(/[^\w.-]/g, '_');
    const target = join(this.dir, String(pid), safeVersion);
    if (existsSync(join(target, '.complete'))) return target;
    const q = `?version=${encodeURIComponent(version)}`;
    const manifest = await this.client.getJson<TestDataManifest>(`/api/judge/testdata/${pid}${q}`);
    const tmp = `${target}.tmp-${process.pid}-${Date.now()}`;
    mkdirSync(tmp, { recursive: true });
    try {
      for (const f of manifest.files) {
        const dest = pathInside(tmp, f.name, 'test data file');
        const bytes = await this.client.getBytes(`/api/judge/testdata/${pid}/file/${encodeURIComponent(f.name)}${q}`);
        if (sha256(bytes) !== f.sha256) throw new Error(`test data ${f.name} of problem ${pid} does not match its sha256`);
        writeFileSync(dest, bytes, { mode: 0o644 });
      }
      writeFileSync(join(tmp, '.complete'), JSON.stringify(manifest));
      rmSync(target, { recursive: true, force: true });
      renameSync(tmp, target);
    } catch (e) {
      rmSync(tmp, { recursive: true, force: true });
      throw e;
    }
    return target;
  }

  /** Verifies a cached version against its stored manifest (used by tests and after crashes). */
  verify(pid: number, version: string): boolean {
    const target = join(this.dir, String(pid), version.replace(/[^\w.-]/g, '_'));
    try {
      const manifest: TestDataManifest = JSON.parse(readFileSync(join(target, '.complete'), 'utf8'));
      return manifest.files.every((f) => sha256(readFileSync(pathInside(target, f.name, 'test data file'))) === f.sha256);
    } catch {
      return false;
    }
  }
}

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TestDataManifest } from '@verdict/shared';

/** Test data of problem `pid` lives in DATA_DIR/testcase/<pid>/ (written by the problem module). */
export const testDataDir = (dataDir: string, pid: number) => path.join(dataDir, 'testcase', String(pid));

/** A plain file name: no separators, no "..", no control characters. */
export function isSafeFileName(name: string): boolean {
  return name.length > 0 && name.length <= 255 && name !== '.' && name !== '..' && !/[/\\\0]/.test(name) && !/[\x00-\x1f]/.test(name);
}

function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const h = crypto.createHash('sha256');
    fs.createReadStream(file).on('data', (d) => h.update(d)).on('error', reject).on('end', () => resolve(h.digest('hex')));
  });
}

/**
 * Manifests by (pid, version): hashing is done once per version. An entry is also keyed by the
 * files' sizes and mtimes, so data rewritten without a version change is still hashed afresh.
 */
export class TestDataManifests {
  private cache = new Map<string, { stamp: string; manifest: TestDataManifest }>();

  constructor(private readonly dataDir: string) {}

  async manifest(pid: number, version: string): Promise<TestDataManifest> {
    const dir = testDataDir(this.dataDir, pid);
    let names: string[];
    try {
      names = (await fs.promises.readdir(dir, { withFileTypes: true })).filter((d) => d.isFile() && isSafeFileName(d.name)).map((d) => d.name).sort();
    } catch {
      names = [];
    }
    const stats = await Promise.all(names.map((n) => fs.promises.stat(path.join(dir, n))));
    const stamp = names.map((n, i) => `${n}:${stats[i].size}:${stats[i].mtimeMs}`).join('|');
    const key = `${pid}@${version}`;
    const hit = this.cache.get(key);
    if (hit && hit.stamp === stamp) return hit.manifest;
    const files = await Promise.all(names.map(async (name, i) => ({ name, size: stats[i].size, sha256: await sha256File(path.join(dir, name)) })));
    const manifest: TestDataManifest = { pid, version, files };
    if (this.cache.size > 500) this.cache.clear();
    this.cache.set(key, { stamp, manifest });
    return manifest;
  }

  /** Absolute path of one test-data file, or null if the name is unsafe or the file is absent. */
  filePath(pid: number, name: string): string | null {
    if (!isSafeFileName(name)) return null;
    const dir = path.resolve(testDataDir(this.dataDir, pid));
    const file = path.resolve(dir, name);
    if (path.dirname(file) !== dir) return null;
    try {
      return fs.statSync(file).isFile() ? file : null;
    } catch {
      return null;
    }
  }
}

import { chmodSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the judge keeps its runner binary, box directories and test-data cache. Box directories
 * must be reachable by the unprivileged slot uids, so parents are world-traversable (0711) while
 * each box directory is 0700 and owned by its slot's uid.
 */
export function judgeStateDir(): string {
  const dir = process.env.VERDICT_JUDGE_DIR ?? join(tmpdir(), 'verdict-judge');
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o711);
  return dir;
}

export function boxesDir(): string {
  const dir = join(judgeStateDir(), 'boxes');
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o711);
  return dir;
}

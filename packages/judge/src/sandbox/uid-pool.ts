import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { boxesDir } from './paths.js';

/** Box uids: each live box gets its own host uid, so boxes can never touch each other's files or processes. */
export const UID_FIRST = 61000;
export const UID_COUNT = 4000;

/** Whether a process exists (EPERM: it exists but belongs to another user). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

let next = 0;

/** Takes a free uid (mkdir is atomic across processes; a dead owner's lock is reclaimed). */
export function acquireUid(): number {
  for (let i = 0; i < UID_COUNT; i++) {
    const uid = UID_FIRST + ((next + i) % UID_COUNT);
    const lock = join(boxesDir(), `uid-${uid}.lock`);
    try {
      mkdirSync(lock);
    } catch {
      try {
        const owner = Number(readFileSync(join(lock, 'pid'), 'utf8'));
        if (owner && !alive(owner)) rmSync(lock, { recursive: true, force: true });
      } catch {}
      continue;
    }
    writeFileSync(join(lock, 'pid'), String(process.pid));
    next = (next + i + 1) % UID_COUNT;
    return uid;
  }
  throw new Error('no free box uid');
}

export function releaseUid(uid: number): void {
  rmSync(join(boxesDir(), `uid-${uid}.lock`), { recursive: true, force: true });
}

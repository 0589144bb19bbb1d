import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isPlainFileName } from '@verdict/shared';

/** A file name from problem data (or elsewhere) that is not a plain name: the problem's fault, never a file touched. */
export class UnsafeFileName extends Error {}

const printable = (name: unknown) => JSON.stringify(String(name)).slice(0, 80);

/**
 * The one place where the judge joins a name onto a box or data directory: the name must be a
 * plain file name (packages/shared's rule) and the resolved path must sit directly in `dir`.
 * `what` says in the error which name was bad ("file-IO input name", "user extra file", ...).
 */
export function pathInside(dir: string, name: string, what = 'file name'): string {
  if (!isPlainFileName(name)) throw new UnsafeFileName(`${what} ${printable(name)} is not a plain file name`);
  const base = resolve(dir);
  const path = resolve(base, name);
  if (dirname(path) !== base) throw new UnsafeFileName(`${what} ${printable(name)} leaves its directory`);
  return path;
}

/**
 * Reads a file the box's programs could have tampered with, as root, safely: never follows a
 * symlink (a program could point /w/.stdout at /etc/shadow), never blocks on a FIFO, reads only
 * regular files and at most `limit` bytes. Missing or unusable files read as null.
 */
export function readBoxFile(path: string, limit: number): Buffer | null {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return null;
    const size = Math.min(st.size, limit);
    const buf = Buffer.alloc(size);
    let off = 0;
    while (off < size) {
      const n = readSync(fd, buf, off, size - off, off);
      if (n <= 0) break;
      off += n;
    }
    return buf.subarray(0, off);
  } finally {
    closeSync(fd);
  }
}

export function readBoxText(path: string, limit: number): string {
  return readBoxFile(path, limit)?.toString('utf8') ?? '';
}

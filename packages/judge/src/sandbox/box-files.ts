import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

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

import fs from 'node:fs';

/**
 * Which of `pids` holds the server side of the loopback connection to `port` from `clientPort`,
 * read from /proc (Linux): how the cluster test and bench/surge.ts see which process served a
 * request or holds a stream.
 */
export function acceptedBy(port: number, clientPort: number, pids: number[]): number | null {
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
  let inode: string | null = null;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length > 9 && f[1].endsWith(`:${hex(port)}`) && f[2].endsWith(`:${hex(clientPort)}`)) inode = f[9];
    }
  }
  if (!inode) return null;
  for (const pid of pids) {
    try {
      for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) if (fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`) return pid;
    } catch { /* gone */ }
  }
  return null;
}
